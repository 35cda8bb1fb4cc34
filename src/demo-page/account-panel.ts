// The demo page's account panel (markup: server/widget/account-panel.ts): sign up (with the code
// the service mails), confirm, log in — against /authenticator, the way a host site on this
// origin would. Logged in, it shows the viewer's favourites and history from /catalog-api
// (refreshed on demand) and a «Выйти» that ends the session on the server, and each demo
// content's button adds it to the favourites or takes it out. The players read the new cookies
// at their next load, so every login and logout reloads them.
import type { AccountCalls, Answer } from './account-calls.ts';
import { historyLine, type HistoryEntry } from './history-line.ts';

interface User {
  email: string;
  name?: string | null;
}

function part<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`the account panel has no ${selector}`);
  return element;
}

const itemsOf = <T>(answer: Answer): T[] => (Array.isArray(answer.items) ? (answer.items as T[]) : []);
/** Setting a frame's address again loads it again, with the cookies as they are now. */
const reloadPlayers = () => {
  for (const frame of document.querySelectorAll('iframe')) {
    const address = frame.src;
    frame.src = address;
  }
};

export function startAccountPanel(calls: AccountCalls): void {
  const panel = document.querySelector<HTMLElement>('.account');
  if (!panel) return;
  const state = part<HTMLElement>(panel, '.account__state');
  const forms = part<HTMLElement>(panel, '.account__forms');
  const confirm = part<HTMLFormElement>(panel, '.account__confirm');
  const error = part<HTMLElement>(panel, '.account__error');
  const viewer = part<HTMLElement>(panel, '.account__viewer');
  const toggles = [...document.querySelectorAll<HTMLButtonElement>('.favourite-toggle')];
  let favourites = new Set<number>();

  const list = <T>(element: HTMLElement, items: readonly T[], line: (entry: T) => string) =>
    element.replaceChildren(...items.map((entry) => {
      const item = document.createElement('li');
      item.textContent = line(entry);
      return item;
    }));
  const labelToggles = () => {
    for (const toggle of toggles) {
      toggle.hidden = false;
      toggle.textContent = favourites.has(Number(toggle.dataset.contentId)) ? 'Убрать из избранного' : 'В избранное';
    }
  };
  /** Favourites and history as the server has them now. */
  const refresh = async () => {
    const [favourite, history] = await Promise.all([calls.catalogue('POST', '/contents/favorites', {}), calls.catalogue('POST', '/contents/history', {})]);
    const cards = itemsOf<{ id: number; title: string }>(favourite);
    favourites = new Set(cards.map((card) => card.id));
    list(part(panel, '.account__favourites'), cards, (card) => card.title);
    list(part(panel, '.account__history'), itemsOf<HistoryEntry>(history), historyLine);
    labelToggles();
  };
  /** Runs an action, showing its failure's message under the panel. */
  const attempt = (action: () => Promise<void>) => async () => {
    error.textContent = '';
    try {
      await action();
    } catch (failure) {
      error.textContent = failure instanceof Error ? failure.message : String(failure);
    }
  };
  const show = (user: User | undefined) => {
    forms.hidden = Boolean(user);
    viewer.hidden = !user;
    state.textContent = user ? `Вы вошли как ${user.name || user.email} (${user.email})` : 'Вы не вошли.';
    if (user) void attempt(refresh)();
    else for (const toggle of toggles) toggle.hidden = true;
  };
  const loggedIn = (session: Answer) => {
    show(session.user as User);
    reloadPlayers();
  };
  const submit = (form: HTMLFormElement, action: (fields: Record<string, string>) => Promise<void>) =>
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const fields = Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));
      void attempt(() => action(fields))();
    });

  part(panel, '.account__refresh').addEventListener('click', attempt(refresh));
  for (const toggle of toggles) {
    toggle.addEventListener('click', attempt(async () => {
      const id = Number(toggle.dataset.contentId);
      await calls.catalogue(favourites.has(id) ? 'DELETE' : 'POST', `/contents/favorites/${id}`);
      await refresh();
    }));
  }
  // The service ends the session and clears its cookies (the HttpOnly refresh one included);
  // the players then reload without a token.
  part(panel, '.account__logout').addEventListener('click', attempt(async () => {
    await calls.account('POST', '/logout', {});
    show(undefined);
    reloadPlayers();
  }));
  submit(part(panel, '.account__login'), async ({ email, password }) => loggedIn(await calls.account('POST', '/authentication', { email, password })));
  submit(part(panel, '.account__signup'), async ({ email = '', password, name }) => {
    await calls.account('POST', '/signup', name ? { email, password, name } : { email, password });
    confirm.hidden = false;
    confirm.dataset.email = email;
    part(confirm, '.account__email').textContent = email;
    part<HTMLInputElement>(confirm, 'input').focus();
  });
  submit(confirm, async ({ code }) => {
    loggedIn(await calls.account('POST', '/signup/complete', { email: confirm.dataset.email, code }));
    confirm.hidden = true;
  });
  calls.account('GET', '/user/details').then((user) => show(user as unknown as User), () => show(undefined));
}
