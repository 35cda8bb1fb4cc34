import { expect, test, type Page, type Request } from '@playwright/test';
import { PASSWORD, signUpOnHostPage } from './account-helpers.ts';
import { useApiElsewhere } from './helpers.ts';
import { expectRefreshCookieCleared, jarRefreshToken } from './site-helpers.ts';

/**
 * Accounts as a viewer meets them on the demo host page: sign up, confirm with the mailed code,
 * and then the players' catalogue calls carry the bearer token; an access token that has expired
 * is refreshed once, before the player's first calls.
 */

/** The access token's `exp` from the page's authToken cookie. */
async function tokenExpiry(page: Page): Promise<number> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'authToken')?.value ?? '';
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/demo');
  await signUpOnHostPage(page, email);
}

test('sign up, confirm with the mailed code, and the players\' calls carry the bearer token', async ({ page }) => {
  const email = `viewer-${Date.now()}@kino.example`;
  const catalogueCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/catalog-api/contents/') && request.frame() !== page.mainFrame()) catalogueCalls.push(request);
  });
  await signUp(page, email);
  // The page's players reload with the new cookies.
  await expect.poll(() => catalogueCalls.filter((request) => request.headers().authorization).length).toBeGreaterThan(0);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'authToken')?.value;
  expect(token).toBeTruthy();
  for (const request of catalogueCalls.filter((call) => call.headers().authorization)) expect(request.headers().authorization).toBe(`Bearer ${token}`);

  // Another browser: a wrong password is refused with the service's message and the forms stay; the right one logs in.
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  await stranger.goto(page.url());
  const login = stranger.locator('form.account__login');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Пароль').fill('не тот пароль');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(stranger.locator('.account__error')).not.toBeEmpty();
  await expect(stranger.locator('.account').getByRole('status')).toHaveText('Вы не вошли.');
  await login.getByLabel('Пароль').fill(PASSWORD);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(stranger.locator('.account').getByRole('status')).toHaveText(`Вы вошли как Зритель (${email})`);
  await other.close();
});

test('an access token that has expired is refreshed once while the player loads, and its calls go with the new one', async ({ page, baseURL }) => {
  // The e2e server issues one-minute access tokens (AUTH_ACCESS_TOKEN_MINUTES=1).
  test.setTimeout(150_000);
  const email = `refresh-${Date.now()}@kino.example`;
  await signUp(page, email);
  const expiry = await tokenExpiry(page);
  // Wait on the token itself: until its expiry has passed by the page's own clock (the browser
  // then drops the authToken cookie; the authSession mark stays).
  await expect.poll(() => page.evaluate(() => Date.now() / 1000), { timeout: 90_000, intervals: [2000] }).toBeGreaterThan(expiry + 1);

  const refreshes: Request[] = [];
  const catalogueCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/authenticator/authentication/refresh')) refreshes.push(request);
    // The secure calls: the catalogue's and the manifests (the ad list and the media carry no token).
    if (/\/catalog-api\/(contents|episodes|manifests)\b/.test(request.url())) catalogueCalls.push(request);
  });
  // Every call on the network (the API elsewhere): the document's answers carry no token to check.
  await useApiElsewhere(page, baseURL);
  await page.goto('/embed?movie_id=1');
  await expect.poll(() => catalogueCalls.length).toBeGreaterThanOrEqual(5);
  expect(refreshes).toHaveLength(1);
  const fresh = (await refreshes[0]!.response())!.headers().authorization;
  expect(fresh).toMatch(/^Bearer /);
  for (const call of catalogueCalls) expect(call.headers().authorization).toBe(fresh);
});

test('before anyone signs up, /demo shows no confirmation step; after a signup it names the address the code went to', async ({ page }) => {
  await page.goto('/demo');
  const panel = page.locator('.account');
  await expect(panel.getByRole('status')).toHaveText('Вы не вошли.');
  await expect(panel.locator('form.account__login')).toBeVisible();
  await expect(panel.locator('form.account__confirm')).toBeHidden();
  await expect(panel.getByText('Мы отправили код на')).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'Подтверждение' })).toBeHidden();

  const email = `confirm-${Date.now()}@kino.example`;
  const signup = panel.locator('form.account__signup');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Пароль').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(panel.getByText(`Мы отправили код на ${email}.`)).toBeVisible();
});

test('«Выйти» on the demo page ends the session on the server: a copy of the refresh cookie no longer refreshes', async ({ page, request }) => {
  await signUp(page, `demo-logout-${Date.now()}@kino.example`);
  const copied = await jarRefreshToken(page);
  const panel = page.locator('.account');
  await panel.getByRole('button', { name: 'Выйти' }).click();
  await expect(panel.getByRole('status')).toHaveText('Вы не вошли.');
  await expectRefreshCookieCleared(page);
  expect((await request.post('/authenticator/authentication/refresh', { data: { refreshToken: copied } })).status()).toBe(401);
});
