import { useState, type FormEvent } from 'react';
import { reviewBodySchema, type Review } from '../../contract/schemas/viewer-schema.ts';
import { errorText } from '../api/site-request-error.ts';
import { viewerApi } from '../api/viewer-api.ts';

/** Writes a review, or edits the viewer's own (`review`); checked with the shared schema before it goes. */
export function ReviewForm({ contentId, review, done }: { contentId: number; review?: Review; done: () => void }) {
  const [title, setTitle] = useState(review?.title ?? '');
  const [text, setText] = useState(review?.text ?? '');
  const [rating, setRating] = useState(review?.rating ?? 8);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = reviewBodySchema.safeParse({ title: title.trim() || null, text, rating });
    if (!body.success) {
      setError('Отзыв — не короче 10 символов, оценка от 1 до 10.');
      return;
    }
    try {
      if (review) await viewerApi.updateReview(contentId, review.id, body.data);
      else await viewerApi.createReview(contentId, body.data);
      setError('');
      if (!review) setText('');
      done();
    } catch (failure) {
      setError(errorText(failure, { 409: 'Вы уже написали отзыв на этот фильм' }));
    }
  };
  return (
    <form className="review-form" onSubmit={submit} aria-label={review ? 'Изменить отзыв' : 'Написать отзыв'}>
      <label>Заголовок <input value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} /></label>
      <label>Отзыв <textarea value={text} required minLength={10} maxLength={5000} rows={4} onChange={(event) => setText(event.target.value)} /></label>
      <label>Оценка
        <select value={rating} onChange={(event) => setRating(Number(event.target.value))}>
          {[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((value) => <option key={value} value={value}>{value}</option>)}
        </select>
      </label>
      <button type="submit" className="button">{review ? 'Сохранить' : 'Опубликовать'}</button>
      {review ? <button type="button" className="link-button" onClick={done}>Отмена</button> : null}
      {error ? <p role="alert" className="error">{error}</p> : null}
    </form>
  );
}
