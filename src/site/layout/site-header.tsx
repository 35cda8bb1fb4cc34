import { useState, type FormEvent } from 'react';
import { useSession } from '../auth/session.tsx';
import { Link, navigate, useLocation } from '../router/navigation.tsx';

const SECTIONS = [
  ['/movie', 'Фильмы'],
  ['/series', 'Сериалы'],
  ['/cartoon', 'Мультфильмы'],
  ['/playlists', 'Подборки'],
] as const;

/** The search box: it opens the results page, which asks the search call. */
function SearchBox() {
  const location = useLocation();
  const [text, setText] = useState(location.pathname === '/search' ? (location.search.get('q') ?? '') : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <input
        type="search"
        name="q"
        aria-label="Поиск фильмов и сериалов"
        placeholder="Фильм, сериал, актёр"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Найти</button>
    </form>
  );
}

function AccountLinks() {
  const { user, logout } = useSession();
  if (user === undefined) return <span className="account-links" />;
  if (!user) {
    return (
      <span className="account-links">
        <Link to="/login">Войти</Link>
      </span>
    );
  }
  return (
    <span className="account-links">
      <Link to="/favourites">Избранное</Link>
      <Link to="/history">История</Link>
      <button type="button" className="link-button" onClick={() => { void logout(); navigate('/'); }} title={user.email}>
        Выйти
      </button>
    </span>
  );
}

export function SiteHeader() {
  const { pathname, search } = useLocation();
  // A new results page (or leaving it) resets the box to what that page searched.
  const query = pathname === '/search' ? (search.get('q') ?? '') : '';
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">К содержанию</a>
      <Link to="/" className="logo">Кино</Link>
      <nav className="sections" aria-label="Разделы">
        {SECTIONS.map(([to, label]) => (
          <Link key={to} to={to} aria-current={pathname === to || pathname.startsWith(`${to}/`) ? 'page' : undefined}>{label}</Link>
        ))}
      </nav>
      <SearchBox key={query} />
      <AccountLinks />
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>Кино — демонстрационный каталог плеера. <a href="/demo">Демо-страница плеера</a> · <a href="/docs">API</a></p>
    </footer>
  );
}
