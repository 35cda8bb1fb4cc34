import { useState, type FormEvent } from 'react';
import type { Playlist } from '../../contract/schemas/viewer-schema.ts';
import { errorText } from '../api/site-request-error.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { useSession } from '../auth/session.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { Link } from '../router/navigation.tsx';

function PlaylistLinks({ playlists, label }: { playlists: readonly Playlist[]; label: string }) {
  return (
    <ul className="playlist-list" aria-label={label}>
      {playlists.map((playlist) => (
        <li key={playlist.id}>
          <Link to={`/playlists/${encodeURIComponent(playlist.slug)}`}>{playlist.title}</Link>
          <span className="count"> {playlist.contentsCount}</span>
          {playlist.description ? <p>{playlist.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function CreatePlaylist({ created }: { created: () => void }) {
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    try {
      await viewerApi.createPlaylist({ title: String(data.get('title')), isPublic: data.get('public') === 'on' });
      form.reset();
      setError('');
      created();
    } catch (failure) {
      setError(errorText(failure, { 409: 'Плейлистов слишком много' }));
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Новый плейлист">
      <label>Название <input name="title" required maxLength={100} /></label>
      <label className="check"><input type="checkbox" name="public" /> виден всем</label>
      <button type="submit" className="button">Создать</button>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </form>
  );
}

/** /playlists: the editors' selections, and a logged-in viewer's own with a form for a new one. */
export function PlaylistsPage() {
  useTitle('Подборки');
  const { user } = useSession();
  const lists = useResource(`playlists|${user?.id ?? 'nobody'}`, async (signal) => {
    const [all, mine] = await Promise.all([viewerApi.playlists(false, 1, signal), user ? viewerApi.playlists(true, 1, signal) : undefined]);
    return { editorial: all.items.filter((playlist) => playlist.owner === null), mine: mine?.items ?? [] };
  });
  if (lists.status === 'loading') return <Loading />;
  if (lists.status === 'error') return <LoadError error={lists.error} retry={lists.reload} />;
  return (
    <div className="playlists">
      <h1>Подборки</h1>
      <PlaylistLinks playlists={lists.data.editorial} label="Подборки редакции" />
      {user ? (
        <section aria-labelledby="own-playlists">
          <h2 id="own-playlists">Мои плейлисты</h2>
          <PlaylistLinks playlists={lists.data.mine} label="Мои плейлисты" />
          <CreatePlaylist created={lists.reload} />
        </section>
      ) : null}
    </div>
  );
}
