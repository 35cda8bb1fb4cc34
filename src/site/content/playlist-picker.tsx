import { useState, type FormEvent } from 'react';
import { errorText } from '../api/site-request-error.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { useSession } from '../auth/session.tsx';
import { Link } from '../router/navigation.tsx';

/** «В плейлист»: one of the viewer's own playlists, chosen and added to; without one, a way to make one. */
export function PlaylistPicker({ contentId }: { contentId: number }) {
  const { user } = useSession();
  const own = useResource(`mine|${user?.id ?? 'nobody'}`, async (signal) => (user ? (await viewerApi.playlists(true, 1, signal)).items : []));
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  if (!user || !own.data) return null;
  if (!own.data.length) return <Link className="button button--quiet" to="/playlists">Создать плейлист</Link>;
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const playlist = own.data?.find((item) => String(item.id) === chosen);
    if (!playlist) return;
    try {
      await viewerApi.addToPlaylist(playlist.id, contentId);
      setNote(`Добавлено в «${playlist.title}»`);
    } catch (failure) {
      setNote(errorText(failure, { 409: 'Плейлист заполнен' }));
    }
  };
  return (
    <form className="playlist-picker" onSubmit={add}>
      <label>
        Плейлист{' '}
        <select value={chosen} onChange={(event) => setChosen(event.target.value)} required>
          <option value="">выберите</option>
          {own.data.map((playlist) => <option key={playlist.id} value={playlist.id}>{playlist.title}</option>)}
        </select>
      </label>
      <button type="submit" className="button button--quiet">В плейлист</button>
      <span role="status">{note}</span>
    </form>
  );
}
