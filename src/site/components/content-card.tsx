import type { ContentCard as Card } from '../../contract/schemas/catalogue-schema.ts';
import { siteUrls } from '../../contract/site/site-urls.ts';
import { Link } from '../router/navigation.tsx';
import { Poster } from './poster.tsx';
import { ruRating } from '../format/ru-rating.ts';

const CARD_SIZES = '(max-width: 600px) 45vw, 180px';

/** A poster tile with its title, year and rating, linking to the content's page. */
export function ContentCard({ card, href, children }: { card: Card; href?: string; children?: React.ReactNode }) {
  const rating = card.rating.kinopoisk ?? card.rating.imdb;
  return (
    <article className="card">
      <Link to={href ?? siteUrls.content(card.slug)} className="card__link">
        <Poster src={card.posterUrl} alt="" sizes={CARD_SIZES} />
        <span className="card__title">{card.title}</span>
      </Link>
      <span className="card__meta">
        {card.year}
        {card.genres[0] ? ` · ${card.genres[0].title}` : ''}
        {rating !== null ? <span className="card__rating" aria-label={`Рейтинг ${ruRating(rating)}`}> ★ {ruRating(rating)}</span> : null}
      </span>
      {children}
    </article>
  );
}

/** Cards in a grid that wraps: two columns on a phone, as many as fit on a desktop. */
export function CardGrid({ cards, label }: { cards: readonly Card[]; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <ContentCard card={card} />
        </li>
      ))}
    </ul>
  );
}

/** One row that scrolls sideways (a home page shelf). */
export function CardRow({ cards, label }: { cards: readonly Card[]; label: string }) {
  return (
    <ul className="card-row" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <ContentCard card={card} />
        </li>
      ))}
    </ul>
  );
}
