import type { Content } from '../../contract/schemas/schema.ts';
import { siteUrls } from '../../contract/site/site-urls.ts';
import { Poster } from '../components/poster.tsx';
import { Link } from '../router/navigation.tsx';
import { ruRating } from '../format/ru-rating.ts';

/** Cast first, then the crew, each person once per role type, as the credits order them. */
function credits(content: Content): Array<{ title: string; persons: Content['persons'] }> {
  const groups = new Map<string, { title: string; persons: Content['persons'] }>();
  for (const person of content.persons) {
    const group = groups.get(person.type.slug) ?? { title: person.type.title, persons: [] };
    group.persons.push(person);
    groups.set(person.type.slug, group);
  }
  return [...groups.values()];
}

/** Poster, titles, year, countries, genres, rating: what shows above the player. */
export function ContentFacts({ content }: { content: Content }) {
  const facts = [
    String(content.year),
    content.countries.map((country) => country.title).join(', '),
    content.durationMinutes ? `${content.durationMinutes} мин` : '',
    content.ageRating !== null ? `${content.ageRating}+` : '',
  ].filter(Boolean);
  return (
    <header className="content__facts">
      <Poster src={content.posterUrl} alt={`Постер: ${content.title}`} sizes="(max-width: 600px) 40vw, 240px" eager />
      <div>
        <h1>{content.title}</h1>
        {content.originalTitle && content.originalTitle !== content.title ? <p className="content__original" lang="en">{content.originalTitle}</p> : null}
        <p className="content__meta">{facts.join(' · ')}</p>
        <p className="content__genres">
          {content.genres.map((genre) => <Link key={genre.slug} to={siteUrls.category(content.contentType.slug, genre.slug)}>{genre.title}</Link>)}
        </p>
        <p className="content__rating">
          {content.rating.kinopoisk ? <span>Кинопоиск: <b>{ruRating(content.rating.kinopoisk.value)}</b></span> : null}
          {content.rating.imdb ? <span>IMDb: <b>{ruRating(content.rating.imdb.value)}</b></span> : null}
        </p>
      </div>
    </header>
  );
}

/** The description, cast and crew (each a link to the person's page): below the player, so a phone shows the player first. */
export function ContentAbout({ content }: { content: Content }) {
  return (
    <section className="content__about" aria-label="О фильме">
      <p className="content__description">{content.description}</p>
      <dl className="credits">
        {credits(content).map((group) => (
          <div key={group.title}>
            <dt>{group.title}</dt>
            <dd>
              {group.persons.slice(0, 12).map((person, index) => (
                <span key={`${person.id}-${index}`}>
                  {index > 0 ? ', ' : ''}
                  <Link to={siteUrls.person(person.id)}>{person.name}</Link>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
