/**
 * The film after a preroll: from the moment the ad ends (the viewer's 'Пропустить' once it is
 * allowed, 5 s in) to the film's first frame presented while playing. Ours plays the ad over the
 * film, which loads and buffers paused behind it; the peer is hls.js in an IMA-style page
 * (bench/pages/hls-ad.html), where the film is loaded only once the ad is over.
 */
import type { Browser, Frame } from 'playwright';
import type { Profile } from './profiles.ts';
import type { Origins, Subject } from './subjects.ts';
import { widgetFrame, type SessionOutcome } from './session.ts';

/** The subjects measured with a preroll, and how each one's page is opened. */
export const AFTER_AD_SUBJECTS = new Set(['ours', 'hlsjs']);

function pageUrl(subject: Subject, origins: Origins): string {
  if (subject.id === 'ours') {
    const embed = `${origins.widget}/embed?movie_id=1&auto_play`;
    return `${origins.reference}/host.html?widget=${encodeURIComponent(embed)}`;
  }
  const src = `${origins.widget}/catalog-api/media/films/1/master.m3u8`;
  const ad = `${origins.widget}/catalog-api/media/ads/creative-1.mp4`;
  return `${origins.reference}/hls-ad.html?src=${encodeURIComponent(src)}&ad=${encodeURIComponent(ad)}`;
}

/** Ends the ad as a viewer's skip would, and resolves with the ms to the film's first frame presented while playing. */
const END_AND_TIME = `(ours) => new Promise((resolve) => {
  const film = document.querySelector(ours ? 'video.player__video' : '#film');
  const started = performance.now();
  if (ours) document.querySelector('.ad-overlay__skip').click();
  else window.__endAd();
  const onFrame = (now) => {
    if (!film.paused && now >= started) resolve(now - started);
    else film.requestVideoFrameCallback(onFrame);
  };
  film.requestVideoFrameCallback(onFrame);
  setTimeout(() => resolve(null), 30000);
})`;

export async function measureFilmAfterAd(browser: Browser, subject: Subject, profile: Profile, origins: Origins): Promise<SessionOutcome> {
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  const notes: string[] = [];
  try {
    const page = await context.newPage();
    // Our widget reads its ad list from the page global (the bench's server has none by default).
    if (subject.id === 'ours') {
      await page.addInitScript(`window.__KINO_PLAYER_CONFIG__ = { adListUrl: '/catalog-api/ad-list.json' };`);
    }
    const cdp = await context.newCDPSession(page);
    if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.goto(pageUrl(subject, origins), { waitUntil: 'commit' });
    const frame = subject.id === 'ours' ? await widgetFrame(page) : page.mainFrame();
    const ready = await waitUntilSkippable(frame, subject.id === 'ours');
    if (ready) {
      notes.push(ready);
      return { values: { 'film-after-ad': null }, notes };
    }
    const ms = (await frame.evaluate(`(${END_AND_TIME})(${subject.id === 'ours'})`)) as number | null;
    if (ms === null) notes.push('no film frame within 30 s of the ad\'s end');
    return { values: { 'film-after-ad': ms }, notes };
  } finally {
    await context.close();
  }
}

/**
 * Resolves in the page when the ad may be skipped (5 s in). Watched from inside the page (a
 * MutationObserver, the ad's timeupdate), not polled from here: polling the iframe while it
 * boots held its start-up back.
 */
const SKIPPABLE = `(ours) => new Promise((resolve) => {
  setTimeout(() => resolve(window.__benchError ? 'error: ' + window.__benchError : 'the ad never became skippable'), 60000);
  if (ours) {
    const check = () => {
      const skip = document.querySelector('.ad-overlay__skip');
      if (!skip || skip.disabled) return false;
      resolve(null);
      return true;
    };
    if (!check()) new MutationObserver((_, observer) => { if (check()) observer.disconnect(); }).observe(document, { subtree: true, childList: true, attributes: true });
    return;
  }
  const ad = document.getElementById('ad');
  const check = () => { if (ad.currentTime >= 5) resolve(null); };
  ad.addEventListener('timeupdate', check);
  check();
})`;

async function waitUntilSkippable(frame: Frame, ours: boolean): Promise<string | undefined> {
  await frame.waitForLoadState('domcontentloaded');
  const failure = (await frame.evaluate(`(${SKIPPABLE})(${ours})`)) as string | null;
  return failure ?? undefined;
}
