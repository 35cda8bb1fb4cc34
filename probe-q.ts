import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--disable-background-networking','--autoplay-policy=no-user-gesture-required'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
page.on('console', (m) => console.log('console:', m.text()));
await page.goto(base + '/embed?movie_id=1&debug&auto_play');
const video = page.locator('video');
for (let i = 0; i < 6; i++) {
  await page.waitForTimeout(1000);
  console.log(await video.evaluate((v: HTMLVideoElement) => `${v.currentTime.toFixed(1)} ${v.videoHeight}`), await page.getByTestId('engine').locator('..').textContent().catch(() => '?'));
}
await page.mouse.move(600, 300);
await page.getByRole('button', { name: 'Настройки' }).click();
await page.getByRole('menuitem', { name: /^Качество/ }).click();
await page.getByRole('menuitemradio', { name: /^240p/ }).click();
await page.waitForTimeout(300);
console.log('after 240p:', await page.getByRole('menuitem', { name: /^Качество/ }).textContent());
await page.getByRole('menuitem', { name: /^Аудио/ }).click();
await page.getByRole('menuitemradio', { name: /English/ }).click();
for (let i = 0; i < 6; i++) {
  await page.waitForTimeout(700);
  console.log('after en:', await page.getByRole('menuitem', { name: /^Качество/ }).textContent(), await page.getByRole('menuitem', { name: /^Аудио/ }).textContent());
}
await browser.close();
