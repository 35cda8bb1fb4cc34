import type { ReactNode } from 'react';
import { Loading } from '../components/status.tsx';
import { Link, useLocation } from '../router/navigation.tsx';
import { useSession } from './session.tsx';

/** A viewer's own page: its content once someone is logged in, else a way to log in and come back. */
export function RequireLogin({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user === undefined) return <Loading />;
  if (!user) {
    return (
      <section className="auth">
        <h1>{title}</h1>
        <p><Link to={`/login?next=${encodeURIComponent(pathname)}`}>Войдите</Link> или <Link to="/signup">зарегистрируйтесь</Link>, чтобы увидеть эту страницу.</p>
      </section>
    );
  }
  return <>{children}</>;
}
