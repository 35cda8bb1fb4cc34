import { Link } from '../router/navigation.tsx';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The address of page n. */
  hrefOf: (page: number) => string;
}

/** Previous and next, and where we are: «Страница 2 из 14». */
export function Pager({ page, pageSize, total, hrefOf }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Страницы">
      {page > 1 ? <Link to={hrefOf(page - 1)} rel="prev">← Назад</Link> : <span />}
      <span>Страница {page} из {pages}</span>
      {page < pages ? <Link to={hrefOf(page + 1)} rel="next">Дальше →</Link> : <span />}
    </nav>
  );
}
