import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api.ts';
import { errorText } from '../api/site-request-error.ts';
import { useTitle } from '../components/status.tsx';
import { Link, navigate } from '../router/navigation.tsx';
import { useSession } from './session.tsx';

/** /signup: name, email, password; then the six-digit code the service mailed, which logs the viewer in. */
export function SignupPage() {
  useTitle('Регистрация');
  const { loggedIn } = useSession();
  const [email, setEmail] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const attempt = (action: (form: FormData) => Promise<void>, overrides: Record<number, string>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    try {
      await action(new FormData(event.currentTarget));
    } catch (failure) {
      setError(errorText(failure, overrides));
    }
  };
  const signup = attempt(async (form) => {
    const name = String(form.get('name') ?? '').trim();
    const result = await authApi.signup(String(form.get('email')), String(form.get('password')), name || undefined);
    setEmail(result.email);
  }, { 400: 'Проверьте email; пароль — не короче 8 символов.' });
  const confirm = attempt(async (form) => {
    if (!email) return;
    loggedIn((await authApi.completeSignup(email, String(form.get('code')))).user);
    navigate('/');
  }, { 400: 'Неверный код.', 401: 'Неверный код.', 404: 'Неверный код.' });

  return (
    <section className="auth">
      <h1>Регистрация</h1>
      {email === undefined ? (
        <form onSubmit={signup}>
          <label>Имя <input name="name" autoComplete="name" maxLength={100} /></label>
          <label>Email <input name="email" type="email" autoComplete="email" required /></label>
          <label>Пароль <input name="password" type="password" autoComplete="new-password" minLength={8} required /></label>
          <button type="submit" className="button">Зарегистрироваться</button>
        </form>
      ) : (
        <form onSubmit={confirm}>
          <p>Мы отправили код на {email}. Введите его, чтобы закончить регистрацию.</p>
          <label>Код из письма <input name="code" inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="one-time-code" required /></label>
          <button type="submit" className="button">Подтвердить</button>
        </form>
      )}
      {error ? <p role="alert" className="error">{error}</p> : null}
      <p>Уже есть аккаунт? <Link to="/login">Войти</Link></p>
    </section>
  );
}
