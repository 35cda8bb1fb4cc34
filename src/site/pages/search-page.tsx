import type { SearchHit } from '../../contract/schemas/search-schema.ts';
import { siteUrls } from '../../contract/site/site-urls.ts';
import { catalogueApi } from '../api/catalogue-api.ts';
import { useResource } from '../api/use-resource.ts';
import { Highlight } from '../components/highlight.tsx';
import { Pager } from '../components/pager.tsx';
import { Poster } from '../components/poster.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { Link, useLocation } from '../router/navigation.tsx';

const PAGE_SIZE = 20;

function Hit({ hit }: { hit: SearchHit }) {
  const href = siteUrls.content(hit.slug);
  return (
    <li className="hit">
      <Link to={href} tabIndex={-1} aria-hidden="true"><Poster src={hit.posterUrl} alt="" sizes="96px" /></Link>
      <div>
        <h2 className="hit__title"><Link to={href}><Highlight segments={hit.highlight.title} /></Link></h2>
        <p className="hit__meta">{[hit.originalTitle, String(hit.year), hit.genres.map((genre) => genre.title).join(', ')].filter(Boolean).join(' · ')}</p>
        {hit.highlight.snippet.length ? <p className="hit__snippet"><Highlight segments={hit.highlight.snippet} /></p> : null}
      </div>
    </li>
  );
}

/** /search?q=…: the search call's hits (it forgives typos and word forms), the matched words marked. */
export function SearchPage() {
  const { search } = useLocation();
  const query = (search.get('q') ?? '').trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number(search.get('page')) || 1));
  useTitle(query ? `Поиск: ${query}` : 'Поиск');
  const results = useResource(`${query}|${page}`, (signal) =>
    (query ? catalogueApi.search(query, page, PAGE_SIZE, signal) : Promise.resolve(undefined)));
  if (!query) return <h1>Введите запрос в строке поиска</h1>;
  return (
    <div className="search-results">
      <h1>Результаты поиска «{query}»</h1>
      {results.status === 'loading' ? <Loading /> : null}
      {results.status === 'error' ? <LoadError error={results.error} retry={results.reload} /> : null}
      {results.data ? (
        <>
          <p className="result-count">{results.data.total ? `Найдено: ${results.data.total}` : 'Ничего не нашлось. Попробуйте другие слова.'}</p>
          <ol className="hits" aria-label="Результаты поиска">
            {results.data.items.map((hit) => <Hit key={hit.id} hit={hit} />)}
          </ol>
          <Pager page={page} pageSize={PAGE_SIZE} total={results.data.total}
            hrefOf={(next) => `/search?q=${encodeURIComponent(query)}${next > 1 ? `&page=${next}` : ''}`} />
        </>
      ) : null}
    </div>
  );
}
