import { useState } from 'react';
import type { Review } from '../../contract/schemas/viewer-schema.ts';
import { errorText } from '../api/site-request-error.ts';
import { useResource } from '../api/use-resource.ts';
import { viewerApi, type ReviewSort } from '../api/viewer-api.ts';
import { useSession } from '../auth/session.tsx';
import { ReviewForm } from './review-form.tsx';

const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

function ReviewItem({ review, mine, contentId, changed }: { review: Review; mine: boolean; contentId: number; changed: () => void }) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const act = (action: () => Promise<unknown>, conflict = 'Вы уже голосовали') => async () => {
    setError('');
    try {
      await action();
      changed();
    } catch (failure) {
      setError(errorText(failure, { 409: conflict, 403: 'Нельзя голосовать за свой отзыв' }));
    }
  };
  if (editing) return <li><ReviewForm contentId={contentId} review={review} done={() => { setEditing(false); changed(); }} /></li>;
  return (
    <li className="review">
      <p className="review__head"><b>{review.author.name}</b> · {DATE.format(new Date(review.createdAt))} · оценка {review.rating}/10</p>
      {review.title ? <h3>{review.title}</h3> : null}
      <p className="review__text">{review.text}</p>
      <p className="review__actions">
        <span>Полезно: {review.score}</span>
        {mine ? (
          <>
            <button type="button" className="link-button" onClick={() => setEditing(true)}>Изменить</button>
            <button type="button" className="link-button" onClick={act(() => viewerApi.deleteReview(contentId, review.id))}>Удалить</button>
          </>
        ) : user ? (
          <>
            <button type="button" className="link-button" onClick={act(() => viewerApi.vote(contentId, review.id, 1))}>👍 Полезно</button>
            <button type="button" className="link-button" onClick={act(() => viewerApi.vote(contentId, review.id, -1))}>👎 Нет</button>
          </>
        ) : null}
      </p>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </li>
  );
}

/** The content's reviews (newest or most helpful first), the viewer's own to write, edit or delete, votes on others'. */
export function Reviews({ contentId }: { contentId: number }) {
  const { user } = useSession();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const reviews = useResource(`${contentId}|${sort}|${page}`, (signal) => viewerApi.reviews(contentId, page, sort, signal));
  const items = reviews.data?.items ?? [];
  const ownWritten = items.some((review) => review.author.id === user?.id);
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Отзывы {reviews.data ? <span className="shelf__count">{reviews.data.total}</span> : null}</h2>
      <div className="chips" role="group" aria-label="Порядок отзывов">
        <button type="button" aria-pressed={sort === 'newest'} onClick={() => { setSort('newest'); setPage(1); }}>Новые</button>
        <button type="button" aria-pressed={sort === 'helpful'} onClick={() => { setSort('helpful'); setPage(1); }}>Полезные</button>
      </div>
      {user && !ownWritten ? <ReviewForm contentId={contentId} done={reviews.reload} /> : null}
      {reviews.status === 'error' ? <p role="alert">{errorText(reviews.error)}</p> : null}
      <ul className="review-list">
        {items.map((review) => <ReviewItem key={review.id} review={review} mine={review.author.id === user?.id} contentId={contentId} changed={reviews.reload} />)}
      </ul>
      {reviews.data && reviews.data.total > page * reviews.data.pageSize ? (
        <button type="button" className="button button--quiet" onClick={() => setPage(page + 1)}>Следующие отзывы</button>
      ) : null}
    </section>
  );
}
