import { useState } from 'react';
import { errorText } from '../api/site-request-error.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { useSession } from '../auth/session.tsx';
import { Link } from '../router/navigation.tsx';

/** «В избранное» / «Убрать из избранного»; a viewer who is not logged in is asked to log in. */
export function FavouriteButton({ contentId }: { contentId: number }) {
  const { user } = useSession();
  // The server is asked about this content itself: a favourite far down a long list is still one.
  const known = useResource(`${user?.id ?? 'nobody'}|${contentId}`, async (signal) =>
    (user ? (await viewerApi.favouriteMark(contentId, signal)).isFavorite : false));
  const [favourite, setFavourite] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!user) return <Link className="button button--quiet" to={`/login?next=${encodeURIComponent(location.pathname)}`}>Войдите, чтобы добавить в избранное</Link>;
  const isFavourite = favourite ?? known.data ?? false;
  const toggle = async () => {
    setBusy(true);
    setError('');
    try {
      setFavourite((await viewerApi.setFavourite(contentId, !isFavourite)).isFavorite);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span>
      <button type="button" className="button" aria-pressed={isFavourite} disabled={busy || known.status === 'loading'} onClick={toggle}>
        {isFavourite ? '★ В избранном' : '☆ В избранное'}
      </button>
      {error ? <span role="alert" className="error">{error}</span> : null}
    </span>
  );
}
