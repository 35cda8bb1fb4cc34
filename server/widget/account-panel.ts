/**
 * The demo page's account panel: sign up (with the code the service mails), confirm, log in — the
 * way a host site on this origin would, against /authenticator. A logged-in viewer's players then
 * send their catalogue calls with the bearer token (the authToken cookie of this origin), and
 * save where the viewer stopped on the server, so another site offers that place.
 * Logged in, the panel shows the viewer's favourites and history from /catalog-api (refreshed on
 * demand) and a «Выйти» that ends the session on the server, and each demo content gets a button to add it to the favourites or take it out.
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
    <div class="account__viewer" hidden>
      <button type="button" class="account__refresh">Обновить</button>
      <button type="button" class="account__logout">Выйти</button>
      <h3 id="account-favourites">Избранное</h3>
      <ul class="account__favourites" aria-labelledby="account-favourites"></ul>
      <h3 id="account-history">История</h3>
      <ul class="account__history" aria-labelledby="account-history"></ul>
    </div>
    <p class="account__error" role="alert"></p>
  </section>`;

/** The button each demo content gets beside its player; the panel's script shows and labels it. */
export function favouriteButtonHtml(contentId: number): string {
  return `<button type="button" class="favourite-toggle" data-content-id="${contentId}" hidden>В избранное</button>`;
}

export const ACCOUNT_PANEL_STYLE = `
    .account form { display: inline-flex; flex-direction: column; gap: 0.4rem; margin: 0 1.5rem 1rem 0; vertical-align: top; }
    /* The display above outranks the hidden attribute's: the confirmation waits for a code actually sent. */
    .account form[hidden] { display: none; }
    .account h3 { margin: 0 0 0.25rem; font-size: 1rem; }
    .account__error { color: #b91c1c; min-height: 1.2em; }
    .account__viewer ul { margin: 0 0 1rem; padding-left: 1.2rem; }
    .account__viewer ul:empty::before { content: 'Пусто'; color: #71717a; }
  `;

export const ACCOUNT_PANEL_SCRIPT = `
    (() => {
      const panel = document.querySelector('.account');
      const state = panel.querySelector('.account__state');
      const forms = panel.querySelector('.account__forms');
      const confirm = panel.querySelector('.account__confirm');
      const error = panel.querySelector('.account__error');
      const cookie = (name) => document.cookie.split('; ').find((part) => part.startsWith(name + '='))?.slice(name.length + 1);
      /** JSON's Content-Type when a body goes (an empty JSON body is refused), and the XSRF cookie echoed. */
      const headers = (json) => {
        const result = json ? { 'Content-Type': 'application/json' } : {};
        const xsrf = cookie('XSRF-TOKEN');
        if (xsrf) result['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
        return result;
      };
      const call = async (method, path, body) => {
        const response = await fetch('/authenticator' + path, { method, headers: headers(true), credentials: 'same-origin', body: body && JSON.stringify(body) });
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(answer.message || 'Ошибка ' + response.status);
        return answer;
      };
      const viewer = panel.querySelector('.account__viewer');
      const toggles = [...document.querySelectorAll('.favourite-toggle')];
      let favourites = new Set();
      /** The access token: the authToken cookie, or a refreshed one once it has gone (the authSession mark says a session remains). */
      const bearer = async () => {
        const token = cookie('authToken');
        if (token || !cookie('authSession')) return token;
        const response = await fetch('/authenticator/authentication/refresh', { method: 'POST', headers: headers(true), credentials: 'same-origin', body: '{}' });
        return response.ok ? response.headers.get('Authorization')?.slice(7) : undefined;
      };
      /** A call of the viewer's own under /catalog-api, with the bearer token. */
      const catalogue = async (method, path, body) => {
        const token = await bearer();
        const response = await fetch('/catalog-api' + path, {
          method, credentials: 'same-origin', body: body && JSON.stringify(body),
          headers: { ...headers(Boolean(body)), ...(token ? { Authorization: 'Bearer ' + token } : {}) },
        });
        const answer = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(answer.message || 'Ошибка ' + response.status);
        return answer;
      };
      const clock = (seconds) => {
        const whole = Math.floor(seconds);
        const pad = (value) => String(value).padStart(2, '0');
        return Math.floor(whole / 3600) + ':' + pad(Math.floor(whole / 60) % 60) + ':' + pad(whole % 60);
      };
      const list = (element, items, line) => element.replaceChildren(...items.map((entry) => {
        const item = document.createElement('li');
        item.textContent = line(entry);
        return item;
      }));
      const where = (entry) => [
        entry.content.title,
        entry.lastEpisode && entry.content.hasMultipleEpisodes ? entry.lastEpisode.season.order + ' сезон, ' + entry.lastEpisode.order + ' серия' : '',
        entry.time === null ? '' : 'остановились на ' + clock(entry.time),
      ].filter(Boolean).join(' · ');
      const labelToggles = () => {
        for (const toggle of toggles) {
          toggle.hidden = false;
          toggle.textContent = favourites.has(Number(toggle.dataset.contentId)) ? 'Убрать из избранного' : 'В избранное';
        }
      };
      /** Favourites and history as the server has them now. */
      const refresh = async () => {
        const [favourite, history] = await Promise.all([catalogue('POST', '/contents/favorites', {}), catalogue('POST', '/contents/history', {})]);
        favourites = new Set(favourite.items.map((card) => card.id));
        list(panel.querySelector('.account__favourites'), favourite.items, (card) => card.title);
        list(panel.querySelector('.account__history'), history.items, where);
        labelToggles();
      };
      const attempt = (action) => async () => {
        error.textContent = '';
        try {
          await action();
        } catch (failure) {
          error.textContent = failure.message;
        }
      };
      panel.querySelector('.account__refresh').addEventListener('click', attempt(refresh));
      for (const toggle of toggles) {
        toggle.addEventListener('click', attempt(async () => {
          const id = Number(toggle.dataset.contentId);
          await catalogue(favourites.has(id) ? 'DELETE' : 'POST', '/contents/favorites/' + id);
          await refresh();
        }));
      }
      const show = (user) => {
        forms.hidden = Boolean(user);
        viewer.hidden = !user;
        state.textContent = user ? 'Вы вошли как ' + (user.name || user.email) + ' (' + user.email + ')' : 'Вы не вошли.';
        if (user) attempt(refresh)();
        else for (const toggle of toggles) toggle.hidden = true;
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
      // The service ends the session and clears its cookies (the HttpOnly refresh one included);
      // the players then reload without a token.
      panel.querySelector('.account__logout').addEventListener('click', attempt(async () => {
        await call('POST', '/logout', {});
        show(undefined);
        for (const frame of document.querySelectorAll('iframe')) frame.src = frame.src;
      }));
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
