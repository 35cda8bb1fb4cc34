import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { articleBody, renderArticle, type ArticleOptions } from '../../bench/host-pages/article-page.ts';
import { HOST_METRICS, HOST_SUBJECTS } from '../../bench/host-pages/host-metrics.ts';
import {
  cumulativeLayoutShift,
  ranInAFrame,
  requestKind,
  requestOwner,
  tallyRequests,
  totalBlockingTime,
  unexpectedBeforeIntent,
} from '../../bench/host-pages/page-costs.ts';
import { STAND_IN_RESOURCES, standInBody } from '../../bench/host-pages/stand-in-embed.ts';
import { goalRows } from '../../bench/report/render-goals.ts';
import { describeRequests, hostGoalRows, hostPagesSection } from '../../bench/report/render-host-pages.ts';
import { renderMarkdown, escapeMarkdown } from '../../bench/report/render-markdown.ts';
import { renderSvg } from '../../bench/report/render-svg.ts';
import type { BenchResults, HostPageResults, HostPageSample } from '../../bench/report/results.ts';
import { summarize } from '../../bench/report/summarize.ts';

const ORIGINS = { host: 'http://127.0.0.1:1001', player: 'http://127.0.0.1:1002', thirdParty: 'http://127.0.0.1:1003' };

describe('total blocking time', () => {
  it('sums each long task\'s part over 50 ms, for the tasks that started in the window', () => {
    const tasks = [
      { start: 1000, duration: 120 },
      { start: 1500, duration: 50 },
      { start: 2000, duration: 51 },
      // Before navigation and after the page was quiet: not counted.
      { start: 900, duration: 300 },
      { start: 9001, duration: 300 },
    ];
    expect(totalBlockingTime(tasks, 1000, 9000)).toBe(70 + 0 + 1);
    expect(totalBlockingTime([], 0, 1)).toBe(0);
  });

  it('tells the iframes\' tasks from the page\'s own by the name the browser gives them', () => {
    expect(ranInAFrame({ start: 0, duration: 60, name: 'cross-origin-descendant' })).toBe(true);
    expect(ranInAFrame({ start: 0, duration: 60, name: 'self' })).toBe(false);
    expect(ranInAFrame({ start: 0, duration: 60, name: 'unknown' })).toBe(false);
  });
});

describe('cumulative layout shift', () => {
  it('is 0 without shifts, and leaves out shifts right after input', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    expect(cumulativeLayoutShift([{ at: 100, value: 0.3, hadRecentInput: true }])).toBe(0);
  });

  it('takes the largest session window: gaps under 1 s, at most 5 s long', () => {
    const shifts = [
      { at: 0, value: 0.1, hadRecentInput: false },
      { at: 900, value: 0.1, hadRecentInput: false },
      // A gap of 1 s opens a new window.
      { at: 1900, value: 0.05, hadRecentInput: false },
      { at: 2500, value: 0.05, hadRecentInput: false },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.2);
    const long = Array.from({ length: 12 }, (_, index) => ({ at: index * 600, value: 0.01, hadRecentInput: false }));
    // 0, 600 … 4800 in the first window (9 shifts), 5400 … 6600 in the next.
    expect(cumulativeLayoutShift(long)).toBeCloseTo(0.09);
  });
});

describe('requests by origin and kind', () => {
  it('says whose a request was by its origin', () => {
    expect(requestOwner(`${ORIGINS.player}/embed?movie_id=1`, ORIGINS)).toBe('player');
    expect(requestOwner(`${ORIGINS.host}/hero.png`, ORIGINS)).toBe('host');
    expect(requestOwner(`${ORIGINS.thirdParty}/stand-in/1/`, ORIGINS)).toBe('third-party');
    expect(requestOwner('data:,', ORIGINS)).toBe('other');
  });

  it('names what the player\'s origin served', () => {
    expect(requestKind(`${ORIGINS.player}/catalog-api/lib.js`, 'script')).toBe('sdk');
    expect(requestKind(`${ORIGINS.player}/catalog-api/media/posters/content-1.jpg`, 'image')).toBe('poster');
    expect(requestKind(`${ORIGINS.player}/embed?movie_id=1`, 'document')).toBe('player-document');
    expect(requestKind(`${ORIGINS.player}/catalog-api/contents/1`, 'fetch')).toBe('catalogue');
    expect(requestKind(`${ORIGINS.player}/catalog-api/media/films/1/720p/seg-0.ts`, 'fetch')).toBe('media');
    expect(requestKind(`${ORIGINS.player}/assets/embed-abc.js`, 'script')).toBe('script');
    expect(requestKind(`${ORIGINS.thirdParty}/stand-in/1/sans-400.woff2`, 'font')).toBe('font');
  });

  it('tallies requests and bytes per owner, and lists the player origin\'s in order', () => {
    const tally = tallyRequests([
      { url: `${ORIGINS.host}/article?variant=facade`, resourceType: 'document', bytes: 5000 },
      { url: `${ORIGINS.player}/catalog-api/lib.js`, resourceType: 'script', bytes: 6000 },
      { url: `${ORIGINS.player}/catalog-api/media/posters/content-1.jpg`, resourceType: 'image', bytes: 20000 },
    ], ORIGINS);
    expect(tally).toMatchObject({ requests: 3, bytes: 31000, byOwner: { host: { requests: 1, bytes: 5000 }, player: { requests: 2, bytes: 26000 } } });
    expect(tally.player).toEqual(['sdk /catalog-api/lib.js', 'poster /catalog-api/media/posters/content-1.jpg']);
  });

  it('flags what a facade should not have fetched before intent', () => {
    expect(unexpectedBeforeIntent(['sdk /catalog-api/lib.js', 'poster /p.jpg'])).toEqual([]);
    expect(unexpectedBeforeIntent(['sdk /catalog-api/lib.js', 'player-document /embed', 'catalogue /catalog-api/contents/1'])).toEqual(['player-document /embed', 'catalogue /catalog-api/contents/1']);
    expect(describeRequests(['sdk /catalog-api/lib.js', 'poster /a.jpg', 'poster /b.jpg', 'player-document /embed'])).toBe('sdk, poster ×2, player-document');
  });
});

describe('the article page', () => {
  const contents = [1, 3, 4, 6, 7, 8].map((movieId) => ({ movieId, title: `Фильм «${movieId}» & co`, poster: `${ORIGINS.player}/catalog-api/media/posters/content-${movieId}.jpg` }));
  const options = (variant: ArticleOptions['variant'], layout: ArticleOptions['layout'] = 'article'): ArticleOptions => ({ variant, layout, contents, player: ORIGINS.player, thirdParty: ORIGINS.thirdParty });
  const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

  it('has six slots in every variant, filled by the variant only', () => {
    expect(count(articleBody(options('none')), /class="player-slot"/g)).toBe(6);
    expect(count(articleBody(options('none')), /data-kino-player|<iframe/g)).toBe(0);
    const facade = articleBody(options('facade'));
    expect(count(facade, /data-kino-player data-movie-id="\d+" data-loading="facade" data-title="[^"]+" data-poster="http[^"]+"/g)).toBe(6);
    expect(facade).toContain('data-title="Фильм «1» &#38; co"');
    expect(count(articleBody(options('eager')), /data-loading="eager"/g)).toBe(6);
    expect(count(articleBody(options('youtube-style')), new RegExp(`<iframe src="${ORIGINS.thirdParty}/stand-in/\\d/"`, 'g'))).toBe(6);
  });

  it('loads lib.js from the player\'s origin only where there are players of ours, and keeps the hero', () => {
    const template = '<main><img class="hero" src="/hero.png"><!--article--></main><!--scripts-->';
    expect(renderArticle(template, options('facade'))).toContain(`<script src="${ORIGINS.player}/catalog-api/lib.js" async></script>`);
    expect(renderArticle(template, options('none'))).not.toContain('lib.js');
    expect(renderArticle(template, options('youtube-style'))).not.toContain('lib.js');
    expect(renderArticle(template, options('facade'))).toContain('class="hero"');
    const single = renderArticle(template, options('eager', 'single'));
    expect(count(single, /class="player-slot" data-kino-player/g)).toBe(1);
    expect(single).toContain('window.__playerReady = true');
    expect(single).not.toContain('class="hero"');
  });
});

describe('the YouTube-weight stand-in', () => {
  it('weighs about 950 kB in 27 requests per embed, deterministically', () => {
    expect(STAND_IN_RESOURCES).toHaveLength(27);
    const bodies = STAND_IN_RESOURCES.map((resource) => standInBody(2, resource, '/stand-in/2/'));
    const total = bodies.reduce((sum, body) => sum + body.body.length, 0);
    // Bodies only: the 27 responses' headers bring it to about 950 kB.
    expect(total).toBeGreaterThan(900_000);
    expect(total).toBeLessThan(960_000);
    const script = STAND_IN_RESOURCES.filter((resource) => resource.type === 'js').reduce((sum, resource) => sum + standInBody(2, resource, '/stand-in/2/').body.length, 0);
    expect(script / total).toBeGreaterThan(0.7);
    expect(standInBody(2, STAND_IN_RESOURCES[4]!, '/stand-in/2/').body.equals(bodies[4]!.body)).toBe(true);
  }, 30_000);

  it('asks for every one of its resources: the document and its stylesheet name them, the script pings', () => {
    const text = (name: string) => gunzipSync(standInBody(3, STAND_IN_RESOURCES.find((resource) => resource.name === name)!, '/stand-in/3/').body).toString();
    const named = text('') + text('embed.css');
    for (const resource of STAND_IN_RESOURCES.filter((candidate) => candidate.name !== '')) expect(named).toContain(`/stand-in/3/${resource.name}`);
  });

  it('gives each embed its own script, which runs every function it defines', () => {
    const resource = STAND_IN_RESOURCES.find((candidate) => candidate.name === 'remote.js')!;
    const one = standInBody(1, resource, '/stand-in/1/').body;
    const two = standInBody(2, resource, '/stand-in/2/').body;
    expect(one.equals(two)).toBe(false);
    const source = gunzipSync(one).toString();
    const defined = source.match(/function (\w+)\(/g)!.map((match) => match.slice(9, -1));
    const called = /var t=\[([^\]]*)\]/.exec(source)![1]!.split(',');
    expect(called).toEqual(defined);
  });
});

function hostFixture(): HostPageResults {
  const samples: HostPageSample[] = [];
  const add = (variant: string, metric: string, values: number[]) => values.forEach((value, run) => samples.push({ variant, profile: 'mobile-4g', metric, run, value }));
  add('none', 'lcp', [1000, 1010, 990]);
  add('facade', 'lcp', [1020, 1030, 1040]);
  add('none', 'tbt', [0, 0, 0]);
  add('facade', 'tbt', [0, 10, 0]);
  add('none', 'bytes', [200, 200, 200]);
  add('facade', 'bytes', [330, 330, 330]);
  add('eager', 'lcp', [3000, 3100, 3200]);
  add('click-facade', 'click-to-first-frame', [1200, 1300, 1250]);
  add('click-eager', 'click-to-first-frame', [1000, 1000, 1000]);
  add('click-facade', 'click-unmuted', [1, 1, 0]);
  return {
    method: ['How it was measured.'],
    subjects: HOST_SUBJECTS.map((subject) => ({ ...subject })),
    metrics: [...HOST_METRICS],
    profiles: ['mobile-4g'],
    samples,
    beforeIntent: [
      { profile: 'mobile-4g', variant: 'facade', run: 0, requests: ['sdk /catalog-api/lib.js', 'poster /a.jpg', 'poster /b.jpg'] },
      { profile: 'mobile-4g', variant: 'eager', run: 0, requests: ['sdk /catalog-api/lib.js', 'player-document /embed'] },
    ],
    durationMs: 330_000,
  };
}

describe('the host page goals and report', () => {
  it('holds the facade to 5 % of the page without players, and its click to 1.3× the eager one', () => {
    const rows = hostGoalRows(hostFixture());
    const verdict = (start: string) => rows.find((row) => row.goal.includes(start))?.verdict;
    expect(verdict('largest contentful paint')).toBe('met');
    // Medians: 0 ms and 0 ms (one facade run's 10 ms is its spread).
    expect(verdict('total blocking time')).toBe('met');
    expect(verdict('bytes transferred')).toBe('not met');
    expect(verdict('only lib.js and the posters')).toBe('met');
    const click = rows.find((row) => row.goal.includes('click on a facade'))!;
    expect(click.verdict).toBe('met');
    expect(click.figure).toContain('1.25×');
    expect(click.figure).toContain('with sound in 2 of 3');
  });

  it('fails the facade whose page blocked where the page without players did not', () => {
    const host = hostFixture();
    host.samples = host.samples.map((sample) => (sample.variant === 'facade' && sample.metric === 'tbt' ? { ...sample, value: 40 } : sample));
    expect(hostGoalRows(host).find((row) => row.goal.includes('total blocking time'))?.verdict).toBe('not met');
  });

  it('holds our first frame from the host page to 0.45× hls.js on the phones and 0.9× on fast', () => {
    const results = {
      profiles: [{ id: 'mobile-4g', label: 'mobile-4g', rttMs: 150, downKbps: 4000, cpuSlowdown: 4 }, { id: 'fast', label: 'fast', rttMs: 0, downKbps: null, cpuSlowdown: 1 }],
      subjects: [{ id: 'ours', label: 'ours', reference: true, description: '' }, { id: 'hlsjs', label: 'hls.js', reference: false, description: '' }],
      metrics: [{ id: 'first-frame', label: 'first frame', unit: 'ms', headline: true, description: '' }],
      samples: [
        { subject: 'ours', profile: 'mobile-4g', metric: 'first-frame', run: 0, value: 900 },
        { subject: 'hlsjs', profile: 'mobile-4g', metric: 'first-frame', run: 0, value: 2000 },
        { subject: 'ours', profile: 'fast', metric: 'first-frame', run: 0, value: 500 },
        { subject: 'hlsjs', profile: 'fast', metric: 'first-frame', run: 0, value: 520 },
      ],
      bundles: [],
    } as unknown as BenchResults;
    const rows = goalRows(results, summarize(results)).filter((row) => row.goal.startsWith('first frame from the host page'));
    expect(rows.map((row) => [row.profile, row.verdict])).toEqual([['mobile-4g', 'met'], ['fast', 'not met']]);
    expect(rows[0]!.goal).toContain('0.45×');
  });

  it('prints a section of its own with every variant, the requests before intent and the time it took', () => {
    const results = { profiles: [], subjects: [], metrics: [], samples: [], hostPages: hostFixture() } as unknown as BenchResults;
    const section = hostPagesSection(results, escapeMarkdown);
    expect(section).toContain('## What the embed costs a host page');
    expect(section).toContain('| largest contentful paint (ms) | 1\u202f000 [990–1\u202f010] | 1\u202f030 [1\u202f020–1\u202f040] | 3\u202f100 [3\u202f000–3\u202f200] | — | 1.03× |');
    expect(section).toContain('- facade: sdk, poster ×2');
    expect(section).toContain('5.5 min');
    expect(section).toContain('not YouTube');
  });

  it('goes into the report and the chart of a run that measured it', () => {
    const results: BenchResults = {
      title: 'Bench', startedAt: '2025-06-01T10:00:00.000Z', finishedAt: '2025-06-01T10:10:00.000Z', quick: false,
      environment: { chromium: '1', node: 'v22', cpus: 2, cpuModel: 'x', os: 'linux' }, method: [],
      profiles: [{ id: 'mobile-4g', label: 'mobile-4g', rttMs: 150, downKbps: 4000, cpuSlowdown: 4 }],
      subjects: [{ id: 'ours', label: 'ours', reference: true, description: '' }], metrics: [], samples: [], bundles: [], hostPages: hostFixture(),
    };
    expect(renderMarkdown(results)).toContain('## What the embed costs a host page');
    const svg = renderSvg(results);
    expect(svg).toContain('Host page with six players');
    expect(svg).toContain('Click to first frame');
  });
});
