import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { CardGrid } from '../components/content-card.tsx';
import { Pager } from '../components/pager.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { useLocation } from '../router/navigation.tsx';

/** /playlists/{slug}: a playlist (an editors' one, a public one, or the viewer's own) and its contents in order. */
export function PlaylistPage({ slug }: { slug: string }) {
  const { search } = useLocation();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const playlist = useResource(`${slug}|${page}`, async (signal) => {
    const found = await viewerApi.playlistBySlug(slug, signal);
    return { playlist: found, contents: await viewerApi.playlistContents(found.id, page, signal) };
  });
  useTitle(playlist.data?.playlist.title);
  if (playlist.status === 'loading') return <Loading />;
  if (playlist.status === 'error') return <LoadError error={playlist.error} retry={playlist.reload} />;
  const { playlist: found, contents } = playlist.data;
  return (
    <div>
      <h1>{found.title}</h1>
      {found.description ? <p>{found.description}</p> : null}
      <CardGrid cards={contents.items} label={found.title} />
      <Pager page={page} pageSize={contents.pageSize} total={contents.total} hrefOf={(next) => `/playlists/${encodeURIComponent(slug)}${next > 1 ? `?page=${next}` : ''}`} />
    </div>
  );
}
