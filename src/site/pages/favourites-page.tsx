import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { RequireLogin } from '../auth/require-login.tsx';
import { CardGrid } from '../components/content-card.tsx';
import { Pager } from '../components/pager.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { useLocation } from '../router/navigation.tsx';

const PAGE_SIZE = 24;

function Favourites() {
  const { search } = useLocation();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const favourites = useResource(String(page), (signal) => viewerApi.favourites(page, PAGE_SIZE, signal));
  if (favourites.status === 'loading') return <Loading />;
  if (favourites.status === 'error') return <LoadError error={favourites.error} retry={favourites.reload} />;
  if (!favourites.data.total) return <p>Здесь будут фильмы и сериалы, которые вы добавите в избранное.</p>;
  return (
    <>
      <CardGrid cards={favourites.data.items} label="Избранное" />
      <Pager page={page} pageSize={PAGE_SIZE} total={favourites.data.total} hrefOf={(next) => `/favourites${next > 1 ? `?page=${next}` : ''}`} />
    </>
  );
}

/** /favourites: the viewer's favourites, the newest added first. */
export function FavouritesPage() {
  useTitle('Избранное');
  return (
    <RequireLogin title="Избранное">
      <h1>Избранное</h1>
      <Favourites />
    </RequireLogin>
  );
}
