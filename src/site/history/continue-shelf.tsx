import { siteUrls } from '../../contract/site/site-urls.ts';
import { Poster } from '../components/poster.tsx';
import { Link } from '../router/navigation.tsx';
import { placeText, type ContinueItem } from './continue-watching.ts';

/** The content's page at the episode where the viewer stopped; the player's resume window offers the place. */
function hrefOf(item: ContinueItem): string {
  const page = siteUrls.content(item.content.slug);
  return item.episode && item.time !== null ? `${page}?episode=${item.episode.id}` : page;
}

/** «Продолжить просмотр»: each content with where the viewer stopped and how far that is. */
export function ContinueShelf({ items }: { items: readonly ContinueItem[] }) {
  return (
    <section className="continue" aria-labelledby="continue-title">
      <h2 id="continue-title">Продолжить просмотр</h2>
      <ul className="card-row" aria-label="Продолжить просмотр">
        {items.map((item) => (
          <li key={item.content.id}>
            <article className="card">
              <Link to={hrefOf(item)} className="card__link">
                <Poster src={item.content.posterUrl} alt="" sizes="(max-width: 600px) 45vw, 180px" />
                <span className="card__title">{item.content.title}</span>
              </Link>
              <span className="card__place">{placeText(item)}</span>
              {item.time !== null && item.duration ? (
                <progress className="card__progress" max={item.duration} value={item.time} aria-label="Просмотрено" />
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
