import { lazy, useEffect } from 'react';
import { NotFound } from '../components/status.tsx';
import { HomePage } from '../pages/home-page.tsx';
import { matchSitePath } from '../../contract/site/site-pages.ts';
import { navigate, useLocation } from './navigation.tsx';

// The home page is in the entry chunk (most visits start there); every other page is its own chunk.
const BrowsePage = lazy(() => import('../pages/browse-page.tsx').then((module) => ({ default: module.BrowsePage })));
const SearchPage = lazy(() => import('../pages/search-page.tsx').then((module) => ({ default: module.SearchPage })));
const ContentPage = lazy(() => import('../content/content-page.tsx').then((module) => ({ default: module.ContentPage })));
const PersonPage = lazy(() => import('../pages/person-page.tsx').then((module) => ({ default: module.PersonPage })));
const LoginPage = lazy(() => import('../auth/login-page.tsx').then((module) => ({ default: module.LoginPage })));
const SignupPage = lazy(() => import('../auth/signup-page.tsx').then((module) => ({ default: module.SignupPage })));
const RestorePage = lazy(() => import('../auth/restore-page.tsx').then((module) => ({ default: module.RestorePage })));
const FavouritesPage = lazy(() => import('../pages/favourites-page.tsx').then((module) => ({ default: module.FavouritesPage })));
const HistoryPage = lazy(() => import('../history/history-page.tsx').then((module) => ({ default: module.HistoryPage })));
const PlaylistsPage = lazy(() => import('../playlists/playlists-page.tsx').then((module) => ({ default: module.PlaylistsPage })));
const PlaylistPage = lazy(() => import('../playlists/playlist-page.tsx').then((module) => ({ default: module.PlaylistPage })));

/** The mailed restore link opens the site's root with its token after '#' (server/auth/mail-messages.ts). */
const RESTORE_HASH = '#restore-token=';

export function PageSwitch() {
  const location = useLocation();
  const { page, params } = matchSitePath(location.pathname);
  const restoreLink = page === 'home' && location.hash.startsWith(RESTORE_HASH);
  useEffect(() => {
    if (restoreLink) navigate(`/restore${location.hash}`, { replace: true });
  }, [restoreLink, location.hash]);
  const p = (name: string) => params[name] ?? '';

  switch (page) {
    case 'home':
      return restoreLink ? null : <HomePage />;
    case 'contentType':
      return <BrowsePage key={p('type')} typeSlug={p('type')} categorySlug="all" />;
    case 'category':
      return <BrowsePage key={`${p('type')}/${p('category')}`} typeSlug={p('type')} categorySlug={p('category')} />;
    case 'search':
      return <SearchPage />;
    case 'content':
      return <ContentPage key={p('slug')} slug={p('slug')} />;
    case 'person':
      return <PersonPage key={p('id')} id={Number(p('id'))} />;
    case 'login':
      return <LoginPage />;
    case 'signup':
      return <SignupPage />;
    case 'restore':
      return <RestorePage />;
    case 'favourites':
      return <FavouritesPage />;
    case 'history':
      return <HistoryPage />;
    case 'playlists':
      return <PlaylistsPage />;
    case 'playlist':
      return <PlaylistPage key={p('slug')} slug={p('slug')} />;
    default:
      return <NotFound />;
  }
}
