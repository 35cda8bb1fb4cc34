import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api.ts';
import { errorText } from '../api/site-request-error.ts';
import { useTitle } from '../components/status.tsx';
import { Link, navigate, useLocation } from '../router/navigation.tsx';
import { safeNext } from './safe-next.ts';
import { useSession } from './session.tsx';

/** /login: email and password; then back where the viewer came from (?next=, same site only). */
export function LoginPage() {
  useTitle('Вход');
  const { search } = useLocation();
  const { loggedIn } = useSession();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const session = await authApi.login(String(form.get('email')), String(form.get('password')));
      loggedIn(session.user);
      navigate(safeNext(search.get('next')));
    } catch (failure) {
      setError(errorText(failure, { 401: 'Неверный email или пароль.', 400: 'Проверьте email и пароль.' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="auth">
      <h1>Вход</h1>
      <form onSubmit={submit}>
        <label>Email <input name="email" type="email" autoComplete="username" required /></label>
        <label>Пароль <input name="password" type="password" autoComplete="current-password" required /></label>
        <button type="submit" className="button" disabled={busy}>Войти</button>
        {error ? <p role="alert" className="error">{error}</p> : null}
      </form>
      <p><Link to="/signup">Регистрация</Link> · <Link to="/restore">Забыли пароль?</Link></p>
    </section>
  );
}
