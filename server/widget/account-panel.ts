/**
 * The demo page's account panel: sign up (with the code the service mails), confirm, log in — the
 * way a host site on this origin would, against /authenticator. A logged-in viewer's players then
 * send their catalogue calls with the bearer token (the authToken cookie of this origin).
 */
export const ACCOUNT_PANEL_HTML = `
  <section class="account" aria-labelledby="account-title">
    <h2 id="account-title">Аккаунт</h2>
    <p class="account__state" role="status">Проверяем вход…</p>
    <div class="account__forms" hidden>
      <form class="account__login">
        <h3>Вход</h3>
        <label>Email <input name="email" type="email" autocomplete="username" required></label>
        <label>Пароль <input name="password" type="password" autocomplete="current-password" required minlength="1"></label>
        <button type="submit">Войти</button>
      </form>
      <form class="account__signup">
        <h3>Регистрация</h3>
        <label>Имя <input name="name" autocomplete="name" maxlength="100"></label>
        <label>Email <input name="email" type="email" autocomplete="email" required></label>
        <label>Пароль <input name="password" type="password" autocomplete="new-password" required minlength="8"></label>
        <button type="submit">Зарегистрироваться</button>
      </form>
      <form class="account__confirm" hidden>
        <h3>Подтверждение</h3>
        <p>Мы отправили код на <span class="account__email"></span>. Письма демо-сервера видны оператору в <code>/admin/outbox</code>.</p>
        <label>Код из письма <input name="code" inputmode="numeric" pattern="\\d{6}" maxlength="6" required></label>
        <button type="submit">Подтвердить</button>
      </form>
    </div>
    <p class="account__error" role="alert"></p>
  </section>`;

export const ACCOUNT_PANEL_STYLE = `
    .account form { display: inline-flex; flex-direction: column; gap: 0.4rem; margin: 0 1.5rem 1rem 0; vertical-align: top; }
    .account h3 { margin: 0 0 0.25rem; font-size: 1rem; }
    .account__error { color: #b91c1c; min-height: 1.2em; }
  `;

export const ACCOUNT_PANEL_SCRIPT = `
    (() => {
      const panel = document.querySelector('.account');
      const state = panel.querySelector('.account__state');
      const forms = panel.querySelector('.account__forms');
      const confirm = panel.querySelector('.account__confirm');
      const error = panel.querySelector('.account__error');
      const cookie = (name) => document.cookie.split('; ').find((part) => part.startsWith(name + '='))?.slice(name.length + 1);
      const call = async (method, path, body) => {
        const headers = { 'Content-Type': 'application/json' };
        const xsrf = cookie('XSRF-TOKEN');
        if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
        const response = await fetch('/authenticator' + path, { method, headers, credentials: 'same-origin', body: body && JSON.stringify(body) });
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(answer.message || 'Ошибка ' + response.status);
        return answer;
      };
      const show = (user) => {
        forms.hidden = Boolean(user);
        state.textContent = user ? 'Вы вошли как ' + (user.name || user.email) + ' (' + user.email + ')' : 'Вы не вошли.';
      };
      // The players read the new cookies at their next load.
      const loggedIn = (session) => {
        show(session.user);
        for (const frame of document.querySelectorAll('iframe')) frame.src = frame.src;
      };
      const submit = (form, action) => form.addEventListener('submit', async (event) => {
        event.preventDefault();
        error.textContent = '';
        try {
          await action(Object.fromEntries(new FormData(form)));
        } catch (failure) {
          error.textContent = failure.message;
        }
      });
      submit(panel.querySelector('.account__login'), async ({ email, password }) => loggedIn(await call('POST', '/authentication', { email, password })));
      submit(panel.querySelector('.account__signup'), async ({ email, password, name }) => {
        await call('POST', '/signup', name ? { email, password, name } : { email, password });
        confirm.hidden = false;
        confirm.dataset.email = email;
        confirm.querySelector('.account__email').textContent = email;
        confirm.querySelector('input').focus();
      });
      submit(confirm, async ({ code }) => {
        loggedIn(await call('POST', '/signup/complete', { email: confirm.dataset.email, code }));
        confirm.hidden = true;
      });
      call('GET', '/user/details').then(show, () => show(undefined));
    })();
  `;
