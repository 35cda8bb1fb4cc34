import { siteUrls } from '../../contract/site/site-urls.ts';
import { catalogueApi } from '../api/catalogue-api.ts';
import { useResource } from '../api/use-resource.ts';
import { CardRow } from '../components/content-card.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { Link } from '../router/navigation.tsx';
import { PromoSlider } from './promo-slider.tsx';
import { shelfTitle } from './shelf-title.ts';

const SHELF_CARDS = 12;

/** The home page: the promo slider, the most watched of late, and the editors' shelves (main mart). */
export function HomePage() {
  useTitle(undefined);
  const home = useResource('home', (signal) =>
    Promise.all([catalogueApi.promo(signal), catalogueApi.mostRelevant(SHELF_CARDS, signal), catalogueApi.mainMart(SHELF_CARDS, signal)]));
  if (home.status === 'loading') return <Loading />;
  if (home.status === 'error') return <LoadError error={home.error} retry={home.reload} />;
  const [slides, relevant, shelves] = home.data;
  return (
    <>
      <h1 className="visually-hidden">Кино — фильмы и сериалы онлайн</h1>
      <PromoSlider slides={slides} />
      <section className="shelf" aria-labelledby="shelf-relevant">
        <h2 id="shelf-relevant">Сейчас смотрят</h2>
        <CardRow cards={relevant} label="Сейчас смотрят" />
      </section>
      {shelves.filter((shelf) => shelf.items.length > 0).map((shelf) => {
        const title = shelfTitle(shelf.category);
        return (
          <section className="shelf" key={shelf.category.id} aria-labelledby={`shelf-${shelf.category.id}`}>
            <h2 id={`shelf-${shelf.category.id}`}>
              <Link to={siteUrls.category(shelf.category.contentType.slug, shelf.category.slug)}>{title}</Link>
              <span className="shelf__count">{shelf.total}</span>
            </h2>
            <CardRow cards={shelf.items} label={title} />
          </section>
        );
      })}
    </>
  );
}
