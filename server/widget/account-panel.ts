/**
 * The demo page's account panel's markup; its script and style are src/demo-page (built, linked
 * by the page). Sign up (with the code the service mails), confirm, log in — the
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

/** The button each demo content gets beside its player; the panel's script (src/demo-page/account-panel.ts) shows and labels it. */
export function favouriteButtonHtml(contentId: number): string {
  return `<button type="button" class="favourite-toggle" data-content-id="${contentId}" hidden>В избранное</button>`;
}
