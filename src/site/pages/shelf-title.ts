import type { Category } from '../../contract/schemas/browse-schema.ts';

/** The editors' selections every type has, as a phrase that names the type (`Популярные сериалы`). */
const SELECTION_PHRASES: Readonly<Record<string, (typeNoun: string) => string>> = {
  populyarnoe: (typeNoun) => `Популярные ${typeNoun}`,
  novinki: (typeNoun) => `Новые ${typeNoun}`,
};

/**
 * A home-page shelf's heading. The categories are titled within their type ('Популярное' on
 * /series), but the home page mixes types, so each shelf names its type too; a category this
 * table does not know gets the type after its own title ('Комедия: фильмы').
 */
export function shelfTitle(category: Pick<Category, 'slug' | 'title' | 'kind' | 'contentType'>): string {
  // 'Все фильмы' already says it.
  if (category.kind === 'all') return category.title;
  const typeNoun = category.contentType.title.toLocaleLowerCase('ru');
  const phrase = category.kind === 'selection' ? SELECTION_PHRASES[category.slug] : undefined;
  return phrase ? phrase(typeNoun) : `${category.title}: ${typeNoun}`;
}
