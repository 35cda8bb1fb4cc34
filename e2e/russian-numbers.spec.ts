import { expect, test } from '@playwright/test';
import { chooseSetting, embed, expectPlaysPast, expectSettingValue } from './helpers.ts';

test.describe('numbers in the menus, written the Russian way', () => {
  test('speeds and bitrates have a decimal comma; "Обычная" stays as the spec writes it', async ({ page }) => {
    await embed(page, '?movie_id=1');
    await expectPlaysPast(page.locator('video'), 0.5);
    const rates = await chooseSetting(page, 'Скорость', '1,25');
    expect(rates).toEqual(['0,25', '0,5', '0,75', 'Обычная', '1,25', '1,5', '1,75', '2']);
    await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.25);
    await expectSettingValue(page, 'Скорость', '1,25');
    const qualities = await chooseSetting(page, 'Качество', 'Авто');
    expect(qualities.length).toBeGreaterThan(2);
    for (const name of qualities.slice(1)) expect(name).toMatch(/^\d+p \d+,\d\d Мбит\/с$/);
  });
});
