import { siteUrls } from '../../contract/site/site-urls.ts';
import { catalogueApi } from '../api/catalogue-api.ts';
import { useResource } from '../api/use-resource.ts';
import { filtersFromSearch, listingFilters, searchFromFilters, type FilterState } from '../browse/filter-state.ts';
import { FilterPanel } from '../browse/filter-panel.tsx';
import { CardGrid } from '../components/content-card.tsx';
import { Pager } from '../components/pager.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { Link, navigate, useLocation } from '../router/navigation.tsx';

const PAGE_SIZE = 24;

/** A type's category (its 'all' for /movie), narrowed by the filters the address carries, paged. */
export function BrowsePage({ typeSlug, categorySlug }: { typeSlug: string; categorySlug: string }) {
  const { search } = useLocation();
  const state = filtersFromSearch(search);
  const query = searchFromFilters(state);
  const base = categorySlug === 'all' ? siteUrls.contentType(typeSlug) : siteUrls.category(typeSlug, categorySlug);
  const hrefOf = (next: FilterState) => {
    const text = searchFromFilters(next);
    return text ? `${base}?${text}` : base;
  };

  const heading = useResource(`${typeSlug}/${categorySlug}`, async (signal) => {
    const type = (await catalogueApi.types(signal)).find((item) => item.slug === typeSlug);
    if (!type) throw new Error(`no type ${typeSlug}`);
    const [category, tree] = await Promise.all([catalogueApi.category(type.id, categorySlug, signal), catalogueApi.categoryTree(type.id, signal)]);
    return { category, siblings: tree.flatMap((node) => [node, ...node.children]) };
  });
  const listing = useResource(`${typeSlug}/${categorySlug}?${query}`, (signal) =>
    catalogueApi.listing(typeSlug, categorySlug, { page: state.page, pageSize: PAGE_SIZE, ...listingFilters(state) }, signal), { keepPrevious: true });
  useTitle(heading.data?.category.title);

  if (heading.status === 'error') return <LoadError error={heading.error} retry={heading.reload} />;
  return (
    <div className="browse">
      <h1>{heading.data?.category.title ?? ' '}</h1>
      {heading.data ? (
        <nav className="chips" aria-label="Категории">
          {heading.data.siblings.map((category) => (
            <Link key={category.id} to={category.slug === 'all' ? siteUrls.contentType(typeSlug) : siteUrls.category(typeSlug, category.slug)}
              aria-current={category.slug === categorySlug ? 'page' : undefined}>
              {category.title}
            </Link>
          ))}
        </nav>
      ) : null}
      {listing.data ? <FilterPanel state={state} facets={listing.data.facets} apply={(next) => navigate(hrefOf(next), { replace: true, keepScroll: true })} /> : null}
      {listing.status === 'loading' && !listing.data ? <Loading /> : null}
      {listing.status === 'error' ? <LoadError error={listing.error} retry={listing.reload} /> : null}
      {listing.data ? (
        <>
          <p className="result-count">Найдено: {listing.data.total}</p>
          <CardGrid cards={listing.data.items} label="Результаты" />
          <Pager page={state.page} pageSize={PAGE_SIZE} total={listing.data.total} hrefOf={(page) => hrefOf({ ...state, page })} />
        </>
      ) : null}
    </div>
  );
}
