import { expect, type Page } from '@playwright/test';
import { mailedCode, PASSWORD } from './account-helpers.ts';

/** Signs up on the catalogue site with the mailed code, as 'Зритель'; the page is then logged in. */
export async function signUpOnSite(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Имя').fill('Зритель');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByLabel('Код из письма').fill(await mailedCode(page, email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

/** The Authorization header of the page's session (its authToken cookie), for calls made by the test itself. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'authToken')?.value;
  expect(token, 'the page is logged in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** The refresh token in the page's cookie jar: what anyone with a copy of the device's jar holds. */
export async function jarRefreshToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'refreshToken')?.value ?? '';
  expect(token, 'the page has a refresh cookie').toBeTruthy();
  return token;
}

/** Waits until the service has cleared the page's refresh cookie (its logout answer arrived). */
export async function expectRefreshCookieCleared(page: Page): Promise<void> {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'refreshToken')).toBe(false);
}
