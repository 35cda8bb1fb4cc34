import { describe, expect, it } from 'vitest';
import { resolveVast, type LoadResult, type ResolveOptions } from './vast-chain.ts';
import { parseVastDocument } from './vast-document.ts';

const MP4 = '<MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[ https://cdn.example/ad.mp4 ]]></MediaFile>';

function inline(options: { id?: string; sequence?: number; media?: string; extra?: string; linearAttributes?: string; impression?: string } = {}): string {
  return `<Ad${options.id ? ` id="${options.id}"` : ''}${options.sequence ? ` sequence="${options.sequence}"` : ''}><InLine>
    <AdSystem>demo</AdSystem><AdTitle>Ad ${options.id ?? ''}</AdTitle>
    <Impression>${options.impression ?? `https://t.example/imp/${options.id ?? 'x'}`}</Impression>
    <Error>https://t.example/err/${options.id ?? 'x'}?c=[ERRORCODE]</Error>
    ${options.extra ?? ''}
    <Creatives><Creative><Linear${options.linearAttributes ?? ''}><Duration>00:00:15</Duration>
      <TrackingEvents><Tracking event="start">https://t.example/start/${options.id ?? 'x'}</Tracking></TrackingEvents>
      <VideoClicks><ClickThrough>https://advertiser.example/</ClickThrough><ClickTracking>https://t.example/click</ClickTracking></VideoClicks>
      <MediaFiles>${options.media ?? MP4}</MediaFiles>
    </Linear></Creative></Creatives>
  </InLine></Ad>`;
}

function wrapper(target: string, id: string, attributes = ''): string {
  return `<Ad id="${id}"><Wrapper${attributes}><AdSystem>demo</AdSystem><VASTAdTagURI>${target}</VASTAdTagURI>
    <Impression>https://t.example/imp/${id}</Impression><Error>https://t.example/err/${id}</Error>
    <Creatives><Creative><Linear><TrackingEvents><Tracking event="complete">https://t.example/complete/${id}</Tracking></TrackingEvents></Linear></Creative></Creatives>
  </Wrapper></Ad>`;
}

const vast = (...ads: string[]) => `<?xml version="1.0" encoding="UTF-8"?><VAST version="4.2">${ads.join('')}</VAST>`;

/** A fake ad server: path → document, or a failure. */
function server(documents: Record<string, string | LoadResult>): ResolveOptions & { requested: string[] } {
  const requested: string[] = [];
  return {
    requested,
    canPlay: (file) => file.type === 'video/mp4',
    async load(url) {
      requested.push(url);
      const answer = documents[new URL(url).pathname];
      if (answer === undefined) return { ok: false, timedOut: false, reason: 'HTTP 404' };
      return typeof answer === 'string' ? { ok: true, text: answer, url } : answer;
    },
  };
}

describe('resolveVast: wrappers', () => {
  /** /w1 → /w2 → … → /w{n} → /inline */
  const chain = (wrappers: number) => {
    const documents: Record<string, string> = { '/inline': vast(inline({ id: 'end' })) };
    for (let depth = 1; depth <= wrappers; depth += 1) documents[`/w${depth}`] = vast(wrapper(depth === wrappers ? '/inline' : `/w${depth + 1}`, `w${depth}`));
    return documents;
  };

  it('follows 5 wrappers (the IAB minimum) and fires every one\'s impression', async () => {
    const { ads, failures } = await resolveVast({ url: 'https://ads.example/w1' }, server(chain(5)));
    expect(failures).toEqual([]);
    expect(ads[0]?.wrapperDepth).toBe(5);
    expect(ads[0]?.impressions).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'end'].map((id) => `https://t.example/imp/${id}`));
    expect(ads[0]?.tracking.filter((item) => item.event === 'complete')).toHaveLength(5);
  });

  it('a 6th wrapper is 302, with the Error URLs of the whole chain', async () => {
    const ads = server(chain(6));
    const { failures } = await resolveVast({ url: 'https://ads.example/w1' }, ads);
    expect(failures).toEqual([{ code: 302, message: expect.stringContaining('Wrapper limit'), errorUrls: ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((id) => `https://t.example/err/${id}`) }]);
    expect(ads.requested).toHaveLength(6);
  });

  it('a wrapper whose target never answers is 301; the first document\'s timeout is 350, its HTTP error 303', async () => {
    const timedOut = { ok: false, timedOut: true, reason: 'timeout' } as const;
    const viaWrapper = await resolveVast({ url: 'https://ads.example/w' }, server({ '/w': vast(wrapper('/slow', 'w')), '/slow': timedOut }));
    expect(viaWrapper.failures.map((failure) => [failure.code, failure.errorUrls])).toEqual([[301, ['https://t.example/err/w']]]);
    expect((await resolveVast({ url: 'https://ads.example/slow' }, server({ '/slow': timedOut }))).failures[0]).toMatchObject({ code: 350, message: expect.stringContaining('Failed load VAST') });
    expect((await resolveVast({ url: 'https://ads.example/missing' }, server({}))).failures[0]).toMatchObject({ code: 303, message: 'Failed load VAST: HTTP 404' });
  });

  it('a wrapper chain ending in no ad is 303 with the root Error of the last document', async () => {
    const empty = '<VAST version="4.2"><Error>https://t.example/no-ad</Error></VAST>';
    const { failures } = await resolveVast({ url: 'https://ads.example/w' }, server({ '/w': vast(wrapper('/empty', 'w')), '/empty': empty }));
    expect(failures).toEqual([expect.objectContaining({ code: 303, errorUrls: ['https://t.example/err/w', 'https://t.example/no-ad'] })]);
  });

  it('followAdditionalWrappers="false" forbids a second wrapper (300)', async () => {
    const documents = { '/a': vast(wrapper('/b', 'a', ' followAdditionalWrappers="false"')), '/b': vast(wrapper('/c', 'b')), '/c': vast(inline()) };
    expect((await resolveVast({ url: 'https://ads.example/a' }, server(documents))).failures[0]?.code).toBe(300);
  });

  it('resolves relative tag URLs against the wrapper\'s own address', async () => {
    const ads = server({ '/vast/a.xml': vast(wrapper('b.xml', 'a')), '/vast/b.xml': vast(inline({ id: 'b' })) });
    const { ads: resolved } = await resolveVast({ url: 'https://ads.example/vast/a.xml' }, ads);
    expect(ads.requested).toEqual(['https://ads.example/vast/a.xml', 'https://ads.example/vast/b.xml']);
    expect(resolved).toHaveLength(1);
  });

  it('fills the cache buster in a tag URL before asking for it', async () => {
    const ads = server({ '/a': vast(wrapper('/b?cb=[CACHEBUSTING]', 'a')), '/b': vast(inline()) });
    await resolveVast({ url: 'https://ads.example/a' }, ads);
    expect(ads.requested[1]).toMatch(/^https:\/\/ads\.example\/b\?cb=\d{8}$/);
  });
});

describe('resolveVast: the document and its media', () => {
  it('an inline XML string works like a URL (creative data, SPEC.md section 3)', async () => {
    const { ads } = await resolveVast({ xml: vast(inline({ id: 'x' })) }, server({}));
    expect(ads[0]).toMatchObject({ id: 'x', duration: 15, clickThrough: 'https://advertiser.example/', mediaFile: { url: 'https://cdn.example/ad.mp4', type: 'video/mp4' } });
  });

  it('no <Ad> is 901 "Empty vast"; broken XML is 100 "Failed parsing xml"', async () => {
    expect((await resolveVast({ xml: '<VAST version="4.2"></VAST>' }, server({}))).failures[0]).toMatchObject({ code: 901, message: 'Empty vast' });
    expect((await resolveVast({ xml: '<VAST><Ad>' }, server({}))).failures[0]).toMatchObject({ code: 100, message: 'Failed parsing xml' });
  });

  it('media files missing a width, height, type or URL do not count: 401 "Not found mediaFiles in VAST"', async () => {
    const media = '<MediaFile type="video/mp4" width="640">https://cdn.example/a.mp4</MediaFile><MediaFile width="640" height="360">https://cdn.example/b.mp4</MediaFile><MediaFile type="video/mp4" width="640" height="360"> </MediaFile>';
    const { failures } = await resolveVast({ xml: vast(inline({ id: 'm', media })) }, server({}));
    expect(failures).toEqual([{ code: 401, message: 'Not found mediaFiles in VAST', errorUrls: ['https://t.example/err/m?c=[ERRORCODE]'] }]);
  });

  it('the first playable media file is chosen; none playable is 403 "Not found supported mediaFile"', async () => {
    const webm = '<MediaFile type="video/webm" width="1280" height="720">https://cdn.example/a.webm</MediaFile>';
    const both = `${webm}${MP4.replace('ad.mp4', 'second.mp4')}${MP4}`;
    expect((await resolveVast({ xml: vast(inline({ media: both })) }, server({}))).ads[0]?.mediaFile.url).toBe('https://cdn.example/second.mp4');
    expect((await resolveVast({ xml: vast(inline({ media: webm })) }, server({}))).failures[0]).toMatchObject({ code: 403, message: 'Not found supported mediaFile' });
  });

  it('a VPAID file is never chosen, even with a video type', async () => {
    const vpaid = '<MediaFile apiFramework="VPAID" type="video/mp4" width="640" height="360">https://cdn.example/vpaid.mp4</MediaFile>';
    expect((await resolveVast({ xml: vast(inline({ media: vpaid })) }, server({}))).failures[0]?.code).toBe(401);
  });

  it('reads skipoffset as a time or a percentage', async () => {
    const at = async (value: string) => (await resolveVast({ xml: vast(inline({ linearAttributes: ` skipoffset="${value}"` })) }, server({}))).ads[0]?.skipOffset;
    expect(await at('00:00:05')).toEqual({ seconds: 5 });
    expect(await at('00:00:05.500')).toEqual({ seconds: 5.5 });
    expect(await at('25%')).toEqual({ percent: 25 });
    expect(await at('soon')).toBeUndefined();
  });
});

describe('resolveVast: pods and the buffet', () => {
  it('plays a pod in sequence order, whatever the document order', async () => {
    const { ads } = await resolveVast({ xml: vast(inline({ id: 'b', sequence: 2 }), inline({ id: 'a', sequence: 1 })) }, server({}));
    expect(ads.map((ad) => ad.id)).toEqual(['a', 'b']);
  });

  it('replaces a failed pod ad from the buffet, and reports the failure', async () => {
    const broken = inline({ id: 'bad', sequence: 1, media: '<MediaFile type="video/webm" width="1" height="1">https://cdn.example/x.webm</MediaFile>' });
    const { ads, failures } = await resolveVast({ xml: vast(broken, inline({ id: 'good', sequence: 2 }), inline({ id: 'spare' })) }, server({}));
    expect(ads.map((ad) => ad.id)).toEqual(['spare', 'good']);
    expect(failures.map((failure) => failure.code)).toEqual([403]);
  });

  it('without a pod, the first stand-alone ad that resolves plays, alone', async () => {
    const { ads } = await resolveVast({ xml: vast(inline({ id: 'one' }), inline({ id: 'two' })) }, server({}));
    expect(ads.map((ad) => ad.id)).toEqual(['one']);
  });
});

describe('parseVastDocument: the Russian ad marking and text handling', () => {
  it('reads <Advertiser> and the erid extension, entities and CDATA decoded, namespaces ignored', () => {
    const extra = '<Advertiser>ООО &#171;Ромашка&#187; &amp; Ко</Advertiser><Extensions><Extension type="ERID"><![CDATA[ 2VtzqxYz1Ab ]]></Extension></Extensions>';
    const parsed = parseVastDocument(vast(inline({ id: 'ru', extra })).replace(/<(\/?)InLine>/g, '<$1vast:InLine>').replace('<VAST ', '<VAST xmlns:vast="http://www.iab.com/VAST" '));
    expect(parsed.ok && parsed.document.ads[0]).toMatchObject({ kind: 'inline', advertiser: 'ООО «Ромашка» & Ко', erid: '2VtzqxYz1Ab' });
  });

  it('falls back to an advertiser extension', () => {
    const parsed = parseVastDocument(vast(inline({ extra: '<Extensions><Extension type="advertiser">ИП Иванов</Extension></Extensions>' })));
    expect(parsed.ok && parsed.document.ads[0]).toMatchObject({ advertiser: 'ИП Иванов', erid: undefined });
  });
});
