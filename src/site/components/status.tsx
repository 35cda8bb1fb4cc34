import { useEffect } from 'react';
import { errorText, SiteRequestError } from '../api/site-request-error.ts';

export function Loading() {
  return <p className="status" role="status">Загрузка…</p>;
}

/** A failed load, with a retry; a 404 says the page is not there. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  if (error instanceof SiteRequestError && error.status === 404) return <NotFound />;
  return (
    <div className="status status--error" role="alert">
      <p>{errorText(error)}</p>
      {retry ? <button type="button" onClick={retry}>Повторить</button> : null}
    </div>
  );
}

export function NotFound() {
  useTitle('Страница не найдена');
  return (
    <section className="not-found">
      <h1>Страница не найдена</h1>
      <p>Такой страницы нет. Возможно, её удалили или в адресе опечатка.</p>
      <a href="/">На главную</a>
    </section>
  );
}

/** The tab's title: the page's, then the site's name. */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — Кино` : 'Кино — фильмы и сериалы онлайн';
  }, [title]);
}
