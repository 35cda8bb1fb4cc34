import { Suspense } from 'react';
import { SessionProvider } from './auth/session.tsx';
import { Loading } from './components/status.tsx';
import { SiteFooter, SiteHeader } from './layout/site-header.tsx';
import { PageSwitch } from './router/page-switch.tsx';

/** The site: header (menu, search, account), the page the address names, footer. */
export function App() {
  return (
    <SessionProvider>
      <SiteHeader />
      <main className="page" id="main">
        <Suspense fallback={<Loading />}>
          <PageSwitch />
        </Suspense>
      </main>
      <SiteFooter />
    </SessionProvider>
  );
}
