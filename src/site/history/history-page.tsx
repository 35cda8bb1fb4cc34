import type { TimeProgress } from '../../contract/schemas/viewer-schema.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi } from '../api/viewer-api.ts';
import { RequireLogin } from '../auth/require-login.tsx';
import { CardGrid } from '../components/content-card.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { ContinueShelf } from './continue-shelf.tsx';
import { continueWatching } from './continue-watching.ts';

const HISTORY_PAGE = 48;

/**
 * The history (newest first) and, above it, what to continue: each candidate's saved times are
 * read too, so the place shown is the newest the player saved for that episode.
 */
function History() {
  const history = useResource('history', async (signal) => {
    const page = await viewerApi.history(1, HISTORY_PAGE, signal);
    const candidates = continueWatching(page.items);
    const saved = await Promise.all(candidates.map((item) => viewerApi.timeProgress(item.content.id, signal).then((answer) => answer.items, () => [] as TimeProgress[])));
    return { page, continuing: continueWatching(page.items, new Map(candidates.map((item, index) => [item.content.id, saved[index] ?? []]))) };
  });
  if (history.status === 'loading') return <Loading />;
  if (history.status === 'error') return <LoadError error={history.error} retry={history.reload} />;
  const { page, continuing } = history.data;
  if (!page.total) return <p>Здесь появится то, что вы смотрели.</p>;
  return (
    <>
      {continuing.length ? <ContinueShelf items={continuing} /> : null}
      <section aria-labelledby="history-all">
        <h2 id="history-all">Вы смотрели</h2>
        <CardGrid cards={page.items.map((entry) => entry.content)} label="Вы смотрели" />
      </section>
    </>
  );
}

/** /history: «Продолжить просмотр» and everything the viewer opened. */
export function HistoryPage() {
  useTitle('История');
  return (
    <RequireLogin title="История">
      <h1>История</h1>
      <History />
    </RequireLogin>
  );
}
