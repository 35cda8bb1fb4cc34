const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'j', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** 'Северный маяк' → 'severnyj-mayak': the catalogue's slugs, as the demo contents have them. */
export function slugify(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => LETTERS[char] ?? char)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 'Анна Соколова' → 'Anna Sokolova': a person's name as foreign credits spell it. */
export function romanize(text: string): string {
  return text
    .split(' ')
    .map((word) => {
      const latin = [...word.toLowerCase()].map((char) => LETTERS[char] ?? char).join('');
      return latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join(' ');
}
