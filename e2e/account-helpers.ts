import { expect, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './playwright.config.ts';

/** A password the service accepts. */
export const PASSWORD = 'верный конь батарея скрепка';

/** The signup code the service mailed to `email`, read from the operator's outbox. */
export async function mailedCode(page: Page, email: string): Promise<string> {
  let code = '';
  await expect.poll(async () => {
    const response = await page.request.get(`/admin/outbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const { messages } = (await response.json()) as { messages: { subject: string }[] };
    code = /\d{6}/.exec(messages[0]?.subject ?? '')?.[0] ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  return code;
}

/** Signs up on the demo host page already open in `page`, with the mailed code, as 'Зритель'. */
export async function signUpOnHostPage(page: Page, email: string): Promise<void> {
  const panel = page.locator('.account');
  await expect(panel.getByRole('status')).toHaveText('Вы не вошли.');
  const signup = panel.locator('form.account__signup');
  await signup.getByLabel('Имя').fill('Зритель');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Пароль').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const confirm = panel.locator('form.account__confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Код из письма').fill(await mailedCode(page, email));
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Вы вошли как Зритель (${email})`);
}

/** Logs in on the demo host page already open in `page`. */
export async function logInOnHostPage(page: Page, email: string): Promise<void> {
  const panel = page.locator('.account');
  await expect(panel.getByRole('status')).toHaveText('Вы не вошли.');
  const login = panel.locator('form.account__login');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Пароль').fill(PASSWORD);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Вы вошли как Зритель (${email})`);
}
