import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api.ts';
import { errorText } from '../api/site-request-error.ts';
import { useResource } from '../api/use-resource.ts';
import { useTitle } from '../components/status.tsx';
import { Link, useLocation } from '../router/navigation.tsx';

const TOKEN_HASH = '#restore-token=';

/** The mailed link's second step: the link is checked, then a new password set (every session ends). */
function NewPassword({ token }: { token: string }) {
  const link = useResource(token, () => authApi.restoreVisit(token));
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  if (link.status === 'loading') return <p role="status">Проверяем ссылку…</p>;
  if (link.status === 'error') return <p role="alert" className="error">Ссылка устарела или уже использована. <Link to="/restore">Запросить новую</Link></p>;
  if (done) return <p role="status">Пароль изменён. <Link to="/login">Войти</Link></p>;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await authApi.restore(token, String(new FormData(event.currentTarget).get('password')));
      setDone(true);
    } catch (failure) {
      setError(errorText(failure, { 400: 'Пароль — не короче 8 символов.' }));
    }
  };
  return (
    <form onSubmit={submit}>
      <p>Новый пароль для {link.data.email}</p>
      <label>Новый пароль <input name="password" type="password" autoComplete="new-password" minLength={8} required /></label>
      <button type="submit" className="button">Сохранить пароль</button>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </form>
  );
}

/** /restore: asks for the email and mails a link; the link (/#restore-token=…) comes back here to set the password. */
export function RestorePage() {
  useTitle('Восстановление пароля');
  const { hash } = useLocation();
  const token = hash.startsWith(TOKEN_HASH) ? hash.slice(TOKEN_HASH.length) : '';
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await authApi.restoreInit(String(new FormData(event.currentTarget).get('email')));
      setSent(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <section className="auth">
      <h1>Восстановление пароля</h1>
      {token ? <NewPassword token={token} /> : sent ? (
        <p role="status">Если такой аккаунт есть, мы отправили на почту ссылку для нового пароля. Она действует час.</p>
      ) : (
        <form onSubmit={submit}>
          <label>Email <input name="email" type="email" autoComplete="email" required /></label>
          <button type="submit" className="button">Прислать ссылку</button>
          {error ? <p role="alert" className="error">{error}</p> : null}
        </form>
      )}
    </section>
  );
}
