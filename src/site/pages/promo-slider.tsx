import { useState } from 'react';
import type { PromoSlide } from '../../contract/schemas/browse-schema.ts';
import { siteUrls } from '../../contract/site/site-urls.ts';
import { Poster } from '../components/poster.tsx';
import { Link } from '../router/navigation.tsx';

/** The promo slider: one slide at a time, with arrows and dots; nothing moves by itself (it would steal the reader's place). */
export function PromoSlider({ slides }: { slides: readonly PromoSlide[] }) {
  const [index, setIndex] = useState(0);
  const slide = slides[index];
  if (!slide) return null;
  // A content without a wide still sends its poster: shown as a poster beside the text, not blown up.
  const backdrop = slide.imageUrl !== slide.content.posterUrl;
  const go = (step: number) => setIndex((current) => (current + step + slides.length) % slides.length);
  return (
    <section className="promo" aria-roledescription="карусель" aria-label="Рекомендуем">
      <div className={backdrop ? 'promo__slide' : 'promo__slide promo__slide--poster'} aria-live="polite">
        {backdrop
          ? <Poster src={slide.imageUrl} alt="" sizes="(max-width: 1100px) 100vw, 1100px" eager wide />
          : <Poster src={slide.imageUrl} alt="" sizes="(max-width: 700px) 40vw, 220px" eager />}
        <div className="promo__text">
          <h2><Link to={siteUrls.content(slide.content.slug)}>{slide.content.title}</Link></h2>
          <p>{slide.description}</p>
          <Link className="button" to={siteUrls.content(slide.content.slug)}>Смотреть</Link>
        </div>
      </div>
      {slides.length > 1 ? (
        <div className="promo__controls">
          <button type="button" onClick={() => go(-1)} aria-label="Предыдущий слайд">‹</button>
          {slides.map((item, position) => (
            <button
              type="button"
              key={item.content.id}
              className="promo__dot"
              aria-label={`Слайд ${position + 1}: ${item.content.title}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
          <button type="button" onClick={() => go(1)} aria-label="Следующий слайд">›</button>
        </div>
      ) : null}
    </section>
  );
}
