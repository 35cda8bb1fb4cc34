import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../bench/report/render-markdown.ts';
import { renderSvg } from '../../bench/report/render-svg.ts';
import { formatBandwidth, formatValue, type BenchResults, type BenchSample } from '../../bench/report/results.ts';
import { median, ratioToReference, spread, summarize, summarizeValues } from '../../bench/report/summarize.ts';
import { METRICS } from '../../bench/metrics.ts';
import { PROFILES } from '../../bench/profiles.ts';

/** Narrow no-break space, the digit separator of the report. */
const S = '\u202f';

function samples(profile: string, metric: string, subject: string, values: readonly (number | null)[]): BenchSample[] {
  return values.map((value, index) => ({ profile, metric, subject, run: index + 1, value }));
}

function fixture(): BenchResults {
  return {
    title: 'Player benchmark',
    startedAt: '2025-06-01T10:00:00.000Z',
    finishedAt: '2025-06-01T10:12:05.000Z',
    quick: true,
    environment: { chromium: '140.0', node: 'v20.19.0', cpus: 2, cpuModel: 'Test CPU', os: 'linux' },
    method: ['Fresh browser context per run', 'Runs interleaved across subjects'],
    profiles: [
      { id: 'slow', label: 'Slow 4G', rttMs: 150, downKbps: 4000, cpuSlowdown: 4 },
      { id: 'fast', label: 'Cable', rttMs: 20, downKbps: null, cpuSlowdown: 1 },
    ],
    subjects: [
      { id: 'ours', label: 'Kino engine', reference: true, description: 'Our MSE engine' },
      { id: 'hls', label: 'hls.js', reference: false, description: 'The same widget forced to hls.js' },
      { id: 'odd', label: 'A<b> & "c"', reference: false, description: 'A subject with markup in its name' },
    ],
    metrics: [
      { id: 'ttff', label: 'Time to first frame', unit: 'ms', headline: true, description: 'From navigation to the first painted frame' },
      { id: 'seek', label: 'Seek latency', unit: 'ms', headline: true, description: 'From seek to the next painted frame' },
      { id: 'heap', label: 'JS heap', unit: 'MB', headline: false, description: 'Peak JS heap' },
    ],
    samples: [
      ...samples('slow', 'ttff', 'ours', [1500, 1400, 1450, 1600, 1550]),
      ...samples('slow', 'ttff', 'hls', [2606, 2500, 2700, 2650, 2550]),
      ...samples('slow', 'ttff', 'odd', [3000, null, 3100, null, 2900]),
      ...samples('slow', 'seek', 'ours', [800, 900, 850, 700, 750]),
      ...samples('slow', 'seek', 'hls', [null, null, null, null, null]),
      ...samples('slow', 'seek', 'odd', [1000, 1100, 1200]),
      ...samples('slow', 'heap', 'ours', [12.34, 12.5, 12.4, 12.6, 12.2]),
      ...samples('slow', 'heap', 'hls', [20.04, 20, 20.1, 19.9, 20.2]),
      ...samples('fast', 'ttff', 'ours', [500, 520, 510]),
      ...samples('fast', 'ttff', 'hls', [900, 950, 920]),
      ...samples('fast', 'ttff', 'odd', [600, 610, 620]),
      ...samples('fast', 'seek', 'hls', [300, 310, 320]),
      ...samples('fast', 'seek', 'odd', [400, 410, 420]),
    ],
    bundles: [
      { name: 'hls.min', owner: 'hls.js', role: 'HLS library', gzipBytes: 160_000 },
      { name: 'embed', owner: 'ours', role: 'Widget shell', gzipBytes: 75_000 },
      { name: 'mse-adapter', owner: 'ours', role: 'Engine adapter', gzipBytes: 3_500 },
      { name: 'dash.all.min', owner: 'dash.js', role: 'DASH library', gzipBytes: 240_000 },
    ],
  };
}

/** The cells of the Markdown table row whose first cell is `label`, in the first table after `heading`. */
function row(markdown: string, heading: string, label: string, tableIndex = 0): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const section = markdown.slice(start + 1);
  const tables = section.split('\n## ')[0]!.split('\n\n').filter((block) => block.startsWith('|'));
  const line = tables[tableIndex]?.split('\n').find((candidate) => candidate.startsWith(`| ${label} |`));
  expect(line, `row ${label} under ${heading}`).toBeDefined();
  return line!.slice(2, -2).split(' | ');
}

describe('statistics', () => {
  it('takes the middle value for odd n and the mean of the two middle ones for even n', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });

  it('gives min and max always and quartiles only from four values on', () => {
    expect(spread([5, 1, 3])).toEqual({ min: 1, max: 5 });
    expect(spread([1, 2, 3, 4, 5])).toEqual({ min: 1, max: 5, q1: 2, q3: 4 });
  });

  it('counts nulls as missing and leaves them out of the statistics', () => {
    const summary = summarizeValues([10, null, 30, null, 20]);
    expect(summary).toMatchObject({ n: 3, median: 20, min: 10, max: 30, missing: 2 });
    expect(summarizeValues([null, null])).toMatchObject({ n: 0, median: undefined, missing: 2 });
  });

  it('divides the peer median by the reference median', () => {
    const summaries = summarize(fixture());
    expect(summaries.ratio('slow', 'ttff', 'hls')).toBeCloseTo(2606 / 1500);
    expect(summaries.ratio('slow', 'ttff', 'ours')).toBe(1);
  });

  it('has no ratio when the reference or the peer has no median, or the reference is 0', () => {
    const summaries = summarize(fixture());
    expect(summaries.ratio('fast', 'seek', 'hls')).toBeUndefined(); // no reference samples
    expect(summaries.ratio('slow', 'seek', 'hls')).toBeUndefined(); // all peer samples null
    expect(ratioToReference(summarizeValues([5]), summarizeValues([0]))).toBeUndefined();
    const withoutReference = fixture();
    withoutReference.subjects = withoutReference.subjects.map((subject) => ({ ...subject, reference: false }));
    expect(summarize(withoutReference).ratio('slow', 'ttff', 'hls')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('formats values by unit', () => {
    expect(formatValue(2606.4, 'ms')).toBe(`2${S}606`);
    expect(formatValue(12.34, 'MB')).toBe('12.3');
    expect(formatValue(1234.56, 'kB')).toBe(`1${S}234.6`);
    expect(formatValue(3, 'count')).toBe('3');
    expect(formatValue(2.5, 'count')).toBe('2.5');
  });

  it('formats bandwidth', () => {
    expect(formatBandwidth(4000)).toBe('4 Mbit/s');
    expect(formatBandwidth(1500)).toBe('1.5 Mbit/s');
    expect(formatBandwidth(750)).toBe('750 kbit/s');
    expect(formatBandwidth(null)).toBe('unthrottled');
  });
});

describe('renderMarkdown', () => {
  const markdown = renderMarkdown(fixture());

  it('opens with the title, the duration and the quick-run mark', () => {
    expect(markdown.startsWith('# Player benchmark\n')).toBe(true);
    expect(markdown).toContain('took 12 min 5 s');
    expect(markdown).toContain('quick run');
  });

  it('describes the set-up: method, reference subject and profiles', () => {
    expect(markdown).toContain('- Fresh browser context per run');
    expect(markdown).toContain('- **Kino engine** (reference) — Our MSE engine');
    expect(row(markdown, 'Method', 'Slow 4G')).toEqual(['Slow 4G', '150 ms', '4 Mbit/s', '4×', '5']);
    expect(row(markdown, 'Method', 'Cable')).toEqual(['Cable', '20 ms', 'unthrottled', '1×', '3']);
  });

  it('puts each subject median and spread in its cell', () => {
    const ttff = row(markdown, 'Slow 4G', 'Time to first frame (ms)');
    expect(ttff[1]).toBe(`1${S}500 [1${S}400–1${S}600]`);
    expect(ttff[2]).toBe(`2${S}606 [2${S}500–2${S}700]`);
    expect(ttff[3]).toBe(`3${S}000 [2${S}900–3${S}100] (n=3, 2 missing)`);
    expect(row(markdown, 'Slow 4G', 'JS heap (MB)')[2]).toBe('20.0 [19.9–20.2]');
  });

  it('shows absent runs as n, missing values as a count and no value as —', () => {
    const seek = row(markdown, 'Slow 4G', 'Seek latency (ms)');
    expect(seek[2]).toBe('— (5 missing)');
    expect(seek[3]).toBe(`1${S}100 [1${S}000–1${S}200] (n=3)`);
    expect(row(markdown, 'Cable', 'Seek latency (ms)')[1]).toBe('—');
  });

  it('leaves out a metric nobody measured under a profile', () => {
    const cable = markdown.split('\n## ').find((section) => section.startsWith('Cable'))!;
    expect(cable).not.toContain('JS heap (MB)');
    expect(cable).toContain('Seek latency (ms)');
  });

  it('lists ratios to the reference for the other subjects only', () => {
    const header = markdown.split('\n').filter((line) => line.startsWith('| Metric | hls.js |'));
    expect(header).toHaveLength(2); // one ratio table per profile, without the reference column
    expect(row(markdown, 'Slow 4G', 'Time to first frame', 1)).toEqual(['Time to first frame', '1.74×', '2.00×']);
    expect(row(markdown, 'Slow 4G', 'Seek latency', 1)).toEqual(['Seek latency', '—', '1.38×']);
    expect(row(markdown, 'Cable', 'Seek latency', 1)).toEqual(['Seek latency', '—', '—']);
    expect(markdown).toContain('above 1× is slower or larger');
  });

  it('escapes labels so they cannot break tables or turn into HTML', () => {
    expect(markdown).toContain('A\\<b\\> \\& "c"');
    expect(markdown).not.toContain('A<b>');
  });

  it('sorts bundles by owner, ours first, then by size', () => {
    const section = markdown.slice(markdown.indexOf('## Bundle sizes (gzip)'));
    const names = section.split('\n').filter((line) => /^\| [^-B]/.test(line)).map((line) => line.split(' | ')[0]!.slice(2));
    expect(names).toEqual(['mse-adapter', 'embed', 'hls.min', 'dash.all.min']);
    expect(row(markdown, 'Bundle sizes (gzip)', 'embed')).toEqual(['embed', 'ours', 'Widget shell', '75.0']);
  });

  it('ends with the metric definitions', () => {
    expect(markdown.trimEnd().endsWith('- **JS heap** (MB) — Peak JS heap')).toBe(true);
  });

  it('keeps table rows the same width as their header', () => {
    const tableLines = markdown.split('\n').filter((line) => line.startsWith('|'));
    const blocks = markdown.split('\n\n').filter((block) => block.startsWith('|'));
    expect(tableLines.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const widths = block.split('\n').map((line) => line.split(/(?<!\\)\|/).length);
      expect(new Set(widths).size, block).toBe(1);
    }
  });
});

describe('renderSvg', () => {
  const results = fixture();
  const svg = renderSvg(results);

  it('is a self-contained SVG on a white background', () => {
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).not.toMatch(/<script|<style|@import|href=/);
  });

  it('draws one panel per profile and headline metric, and one bar per subject with a median', () => {
    const panels = svg.split('<g class="panel"').slice(1);
    expect(panels).toHaveLength(results.profiles.length * 2);
    const slowTtff = panels.find((panel) => panel.includes('data-profile="slow" data-metric="ttff"'))!;
    expect(slowTtff.match(/<rect class="bar/g)).toHaveLength(3);
    expect(slowTtff.match(/<rect class="bar reference"/g)).toHaveLength(1);
    expect(slowTtff).toContain(`>2${S}606 ms</text>`);
    expect(svg).not.toContain('data-metric="heap"');
  });

  it('says so instead of drawing a bar when a subject has no value', () => {
    const slowSeek = svg.split('<g class="panel"').find((panel) => panel.includes('data-profile="slow" data-metric="seek"'))!;
    expect(slowSeek.match(/<rect class="bar/g)).toHaveLength(2);
    expect(slowSeek).toContain('no data (5 missing)');
  });

  it('escapes text for XML', () => {
    expect(svg).toContain('A&lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).not.toContain('A<b>');
    // Every & starts an entity.
    expect(svg.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();
  });

  it('gives the tags a matching close', () => {
    const opened = (tag: string): number => svg.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
    for (const tag of ['g', 'text', 'title', 'tspan']) expect(svg.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0, tag).toBe(opened(tag));
  });
});

describe('the bench\'s own metrics and profiles in the report', () => {
  // The metric list of bench/metrics.ts and every profile of bench/profiles.ts, ours and one peer.
  const profiles = PROFILES.map(({ link: _link, cpus: _cpus, maxRuns: _maxRuns, ...profile }) => profile);
  const results: BenchResults = {
    ...fixture(),
    profiles,
    metrics: [...METRICS],
    samples: profiles.flatMap((profile) => METRICS.flatMap((metric) => [
      ...samples(profile.id, metric.id, 'ours', [1000, 1100, 1200]),
      ...samples(profile.id, metric.id, 'hls', [1500, null, 1600]),
    ])),
  };
  const headline = METRICS.filter((metric) => metric.headline);

  it('has a headline panel for each seek moment and film 8\'s seek', () => {
    for (const id of ['seek-unbuffered', 'seek-far-1s', 'seek-far-10s', 'seek-far-full', 'seek-cmaf']) {
      expect(headline.map((metric) => metric.id)).toContain(id);
    }
    const svg = renderSvg(results);
    expect(svg.split('<g class="panel"').slice(1)).toHaveLength(profiles.length * headline.length);
    expect(svg).toContain('data-profile="phone-1core" data-metric="seek-cmaf"');
  });

  it('lays the panels out in rows of at most three', () => {
    const svg = renderSvg(results);
    const xs = new Set([...svg.matchAll(/<g class="panel"[^>]*>\s*<text x="([\d.]+)"/g)].map((match) => match[1]));
    expect(xs.size).toBe(3);
  });

  it('lists the one-core phone with its link and slowdown, and every metric with its unit', () => {
    const markdown = renderMarkdown(results);
    expect(markdown).toContain('## phone-1core (browser on 1 core, page CPU 4× slower, 150 ms, 4 Mbit/s)');
    expect(markdown).toContain('| far seek, buffer full (film 4 → 1500 s) (ms) |');
    expect(markdown).toContain('| seek into a segment (film 8 → 18 s) (ms) |');
  });
});

describe('the goals and the seek floors in the report', () => {
  const profiles = PROFILES.map(({ link: _link, cpus: _cpus, maxRuns: _maxRuns, ...profile }) => profile);
  const value = (metric: string, subject: string): number => {
    if (metric === 'our-long-tasks') return subject === 'ours' ? 0 : 3;
    if (metric === 'host-long-tasks') return 1;
    if (metric === 'seek-buffered-1s') return subject === 'ours' ? 40 : 20;
    if (metric.startsWith('seek-buffered')) return subject === 'ours' ? 20 : 25;
    if (metric === 'seek-unbuffered') return subject === 'ours' ? 660 : 2000;
    if (metric === 'seek-far-1s') return subject === 'ours' ? 300 : 450;
    return 100;
  };
  const results: BenchResults = {
    ...fixture(),
    profiles,
    subjects: [
      { id: 'ours', label: 'ours', reference: true, description: 'our widget' },
      { id: 'hlsjs', label: 'hls.js', reference: false, description: 'plain page' },
    ],
    metrics: [...METRICS],
    samples: profiles.flatMap((profile) => METRICS.flatMap((metric) => [
      ...samples(profile.id, metric.id, 'ours', [value(metric.id, 'ours')]),
      ...(metric.id === 'host-long-tasks' ? [] : samples(profile.id, metric.id, 'hlsjs', [value(metric.id, 'hlsjs')])),
    ])),
    bundles: [{ name: 'embed', owner: 'ours', role: 'entry', gzipBytes: 21_000 }],
    entryBudgetBytes: 21_250,
    baseline: { entryGzipBytes: 21_000, jsBeforeFirstFrameKb: 100 },
    floors: profiles.filter((profile) => profile.downKbps !== null).flatMap((profile) => [
      { profile: profile.id, metric: 'seek-unbuffered', bytes: 234_060, ms: 618 },
      { profile: profile.id, metric: 'seek-far-1s', bytes: 28_200, ms: 206 },
    ]),
  };
  const markdown = renderMarkdown(results);
  /** The cells of the goals table's row for this goal and profile (the goal's first row must exist). */
  const goal = (text: string, profile: string): string[] | undefined => {
    row(markdown, 'Goals', text);
    return markdown.split('\n').find((line) => line.startsWith(`| ${text} | ${profile} |`))?.split(' | ');
  };

  it('prints each unbuffered seek\'s floor beside its figure on shaped links only', () => {
    expect(markdown).toContain(`| unbuffered seek (film 1 → 50 s) (ms), floor 618 ms | 660 | 2${S}000 |`);
    expect(row(markdown, 'fast (no throttling)', 'unbuffered seek (film 1 → 50 s) (ms)')).toHaveLength(3);
  });

  it('says whether there was a long task of ours, with the host page\'s apart, on mobile-4g and phone-1core', () => {
    const text = 'no task of ours of 50 ms or more, from the iframe\'s navigation to the end of the steady window';
    expect(goal(text, 'phone-1core')).toEqual([`| ${text}`, 'phone-1core', 'ours 0; the host page\'s 1 apart; hls.js 3', 'met |']);
    expect(goal(text, 'mobile-4g')?.[3]).toBe('met |');
    expect(goal(text, 'fast')).toBeUndefined();
  });

  it('holds the seek inside the buffer at each moment to hls.js, as ours ÷ hls.js', () => {
    expect(goal('seek inside the buffer, 1 s in: at most 1.0× hls.js', 'mobile-3g')?.slice(2)).toEqual(['ours 40 ms ÷ hls.js 20 ms = 2.00×', 'not met |']);
    expect(goal('seek inside the buffer, buffer full: at most 1.0× hls.js', 'phone-1core')?.slice(2)).toEqual(['ours 20 ms ÷ hls.js 25 ms = 0.80×', 'met |']);
  });

  it('holds unbuffered seeks to hls.js unshaped and to their floor plus 50 ms on shaped links', () => {
    expect(goal('far seek 1 s in (film 4 → 1500 s): at most 1.0× hls.js', 'fast')?.slice(2)).toEqual(['ours 300 ms ÷ hls.js 450 ms = 0.67×', 'met |']);
    expect(goal('unbuffered seek (film 1 → 50 s): within 50 ms of its floor', 'mobile-4g')?.slice(2)).toEqual(['ours 660 ms, floor 618 ms (+42 ms)', 'met |']);
    expect(goal('far seek 1 s in (film 4 → 1500 s): within 50 ms of its floor', 'phone-1core')?.slice(2)).toEqual(['ours 300 ms, floor 206 ms (+94 ms)', 'not met |']);
    expect(goal('seek into a segment (film 8 → 18 s): within 50 ms of its floor', 'mobile-3g')?.slice(2)).toEqual(['—', 'not measured |']);
  });

  it('leaves out the goals of what the run did not set out to measure (the quick run\'s later moments)', () => {
    const quick = { ...results, samples: results.samples.filter((sample) => !/-(10s|full)$/.test(sample.metric)) };
    const text = renderMarkdown(quick).split('\n## ').find((section) => section.startsWith('Goals'))!;
    expect(text).toContain('| seek inside the buffer, 1 s in: at most 1.0× hls.js | mobile-4g |');
    expect(text).not.toContain('10 s in');
    expect(text).not.toContain('buffer full: at most');
  });

  it('checks the entry and the JavaScript before the first frame against the recorded baseline', () => {
    expect(goal('JavaScript before the first frame and the entry do not grow', 'all')?.slice(2)).toEqual([`100.0 kB before the first frame (baseline 100.0 kB); entry 21${S}000 B (baseline 21${S}000 B)`, 'met |']);
    // An entry a byte past its baseline has grown, however far it stays under its budget.
    const grown = renderMarkdown({ ...results, baseline: { entryGzipBytes: 20_999, jsBeforeFirstFrameKb: 100 } });
    expect(grown.split('\n').find((line) => line.startsWith('| JavaScript before the first frame and the entry do not grow | all |'))).toContain('| not met |');
  });

  it('has no goals section for a results file without the bench\'s own metrics', () => {
    expect(renderMarkdown(fixture())).not.toContain('## Goals');
  });
});
