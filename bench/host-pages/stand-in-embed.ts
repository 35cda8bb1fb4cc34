/**
 * A stand-in for a YouTube embed: a page of its own with a YouTube embed's published weight per
 * embed (about 950 kB and 27 requests, beleaf.au's measurements), generated here, deterministic,
 * copying nothing of YouTube's: mostly script that the page really parses and runs (as a video
 * site's player script is), two stylesheets, two fonts, a poster and small images, a JSON
 * configuration call and a few pings. Each embed has its own addresses and its own scripts, so
 * six embeds cost six times one (no cache or compiled-code sharing between them).
 */
import { deflateSync, gzipSync } from 'node:zlib';

export type StandInType = 'html' | 'css' | 'js' | 'json' | 'png' | 'woff2' | 'ping';

export interface StandInResource {
  /** Path under /stand-in/<embed>/, or '' for the embed's document (/stand-in/<embed>/). */
  name: string;
  type: StandInType;
  /** Bytes as transferred (gzip for text; images and fonts as they are), roughly. */
  targetBytes: number;
}

/** One embed's resources: 27 requests, about 950 kB with headers. */
export const STAND_IN_RESOURCES: readonly StandInResource[] = [
  { name: '', type: 'html', targetBytes: 18_000 },
  { name: 'player.css', type: 'css', targetBytes: 42_000 },
  { name: 'embed.css', type: 'css', targetBytes: 6_000 },
  { name: 'player-base.js', type: 'js', targetBytes: 600_000 },
  { name: 'embed-player.js', type: 'js', targetBytes: 95_000 },
  ...['remote', 'captions', 'annotations', 'endscreen', 'ads', 'offline'].map((module): StandInResource => ({ name: `${module}.js`, type: 'js', targetBytes: 10_000 })),
  { name: 'poster.png', type: 'png', targetBytes: 35_000 },
  { name: 'sans-400.woff2', type: 'woff2', targetBytes: 16_000 },
  { name: 'sans-500.woff2', type: 'woff2', targetBytes: 16_000 },
  { name: 'config.json', type: 'json', targetBytes: 45_000 },
  ...['logo', 'avatar', 'watermark', 'share'].map((image): StandInResource => ({ name: `${image}.png`, type: 'png', targetBytes: 3_000 })),
  ...Array.from({ length: 8 }, (_, index): StandInResource => ({ name: `ping/${index}`, type: 'ping', targetBytes: 0 })),
];

/** A small deterministic generator (mulberry32): the same bytes on every run and machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string) => [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = (random: () => number, length: number) => Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
const int = (random: () => number, below: number) => Math.floor(random() * below);

/** Pieces from `piece` joined until the whole, gzipped, is about `targetBytes` (two passes: estimate, then correct). */
function fillToGzip(targetBytes: number, piece: (index: number) => string, wrap: (body: string) => string): string {
  const sample = Array.from({ length: 200 }, (_, index) => piece(index)).join('');
  let count = Math.max(1, Math.round((targetBytes / gzipSync(sample).length) * 200));
  let text = wrap(Array.from({ length: count }, (_, index) => piece(index)).join(''));
  count = Math.max(1, Math.round(count * (targetBytes / gzipSync(text).length)));
  text = wrap(Array.from({ length: count }, (_, index) => piece(index)).join(''));
  return text;
}

/**
 * Script that is parsed, compiled and run: every generated function is called once at the end,
 * so none stays lazily pre-parsed, as a player script's start-up runs most of its code.
 */
function script(name: string, targetBytes: number): string {
  const random = seededRandom(seedOf(name));
  const functions: string[] = [];
  const piece = (index: number) => {
    const id = `${word(random, 3)}${index}`;
    functions[index] = id;
    const a = int(random, 65536);
    const b = int(random, 997);
    return `function ${id}(a,b){var x=(a*${a}+b)^${b},s="${word(random, 6 + int(random, 8))}",o={${word(random, 4)}:x,${word(random, 5)}:s.length};`
      + `for(var i=0;i<${2 + int(random, 4)};i++){x=(x*31+i+s.charCodeAt(i%s.length))%1000003}o.v=x;return o}\n`;
  };
  return fillToGzip(targetBytes, piece, (body) => {
    const calls = functions.slice(0, body.split('\nfunction').length).join(',');
    return `(function(){"use strict";\n${body}var t=[${calls}],r=0;for(var i=0;i<t.length;i++)r^=t[i](i,r&255).v;window.__standIn=(window.__standIn|0)^r})();\n`;
  });
}

function stylesheet(key: string, name: string, targetBytes: number, fontBase: string): string {
  const random = seededRandom(seedOf(key));
  const fonts = `@font-face{font-family:StandInSans;font-weight:400;src:url(${fontBase}sans-400.woff2) format("woff2")}`
    + `@font-face{font-family:StandInSans;font-weight:500;src:url(${fontBase}sans-500.woff2) format("woff2")}\n`;
  const piece = () => `.${word(random, 4)}-${word(random, 5)}{margin:${int(random, 40)}px ${int(random, 40)}px;color:#${int(random, 0xffffff).toString(16).padStart(6, '0')};`
    + `transform:translate(${int(random, 100)}%,${int(random, 100)}%);transition:opacity ${int(random, 900)}ms}\n`;
  return fillToGzip(targetBytes, piece, (body) => `${name === 'embed.css' ? fonts : ''}${body}`);
}

function json(name: string, targetBytes: number): string {
  const random = seededRandom(seedOf(name));
  const piece = () => `{"${word(random, 5)}":"${word(random, 12)}","n":${int(random, 1e6)},"f":${random() < 0.5}},`;
  return fillToGzip(targetBytes, piece, (body) => `{"items":[${body.slice(0, -1)}]}`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of `width`×`height`: a gradient with deterministic noise in its first rows, as many
 * rows as bring the file to about `targetBytes` (noise does not compress, the gradient does).
 */
export function png(seed: string, width: number, height: number, targetBytes: number): Buffer {
  const encode = (noisyRows: number) => {
    const random = seededRandom(seedOf(seed));
    const raw = Buffer.alloc((width * 3 + 1) * height);
    for (let y = 0; y < height; y += 1) {
      const row = y * (width * 3 + 1);
      for (let x = 0; x < width; x += 1) {
        const at = row + 1 + x * 3;
        const noise = y < noisyRows ? int(random, 256) : 0;
        raw[at] = (x * 255) / width ^ noise;
        // Bands of 16 rows: a row repeats the one above it, which deflate stores in a few bytes.
        raw[at + 1] = Math.floor((y * 16) / height) * 16;
        raw[at + 2] = 128 ^ (noise >> 1);
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlibDeflate(raw)), chunk('IEND', Buffer.alloc(0))]);
  };
  // Bytes per noisy row, from an encoding with none and one with every row noisy.
  const plain = encode(0).length;
  const perRow = (encode(height).length - plain) / height;
  return encode(Math.max(0, Math.min(height, Math.round((targetBytes - plain) / perRow))));
}

/** zlib (deflate with its header), as PNG wants. */
const zlibDeflate = (raw: Buffer) => deflateSync(raw, { level: 9 });

/** Bytes that do not compress: the fonts' weight (the browser will not decode them, and says so). */
function opaque(name: string, bytes: number): Buffer {
  const random = seededRandom(seedOf(name));
  return Buffer.from(Array.from({ length: bytes }, () => int(random, 256)));
}

function documentFor(embed: number, base: string, title: string, targetBytes: number): string {
  const scripts = STAND_IN_RESOURCES.filter((resource) => resource.type === 'js').map((resource) => `<script src="${base}${resource.name}"></script>`).join('\n');
  const images = ['logo', 'avatar', 'watermark', 'share'].map((image) => `<img src="${base}${image}.png" width="24" height="24" alt="">`).join('');
  const pings = STAND_IN_RESOURCES.filter((resource) => resource.type === 'ping').map((resource) => `${base}${resource.name}`);
  const random = seededRandom(seedOf(`document-${embed}`));
  const shell = (config: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}player.css"><link rel="stylesheet" href="${base}embed.css">
<style>html,body{margin:0;height:100%;background:#000;overflow:hidden;font-family:StandInSans,sans-serif;color:#fff}
.poster{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}.bar{position:absolute;left:8px;top:8px;display:flex;gap:6px;align-items:center}
.play{position:absolute;left:50%;top:50%;width:68px;height:48px;margin:-24px 0 0 -34px;border-radius:12px;background:#f00;border:0}</style>
</head><body>
<img class="poster" src="${base}poster.png" alt="">
<div class="bar">${images}<span>${title}</span><b style="font-weight:500">Stand-in channel</b></div><button class="play" aria-label="Play"></button>
<script type="application/json" id="config">${config}</script>
${scripts}
<script>fetch(${JSON.stringify(`${base}config.json`)}).then((r)=>r.json()).then(()=>{for(const p of ${JSON.stringify(pings)})fetch(p,{method:'POST',body:'1'})});</script>
</body></html>`;
  const piece = () => `"${word(random, 8)}":"${word(random, 16)}",`;
  return fillToGzip(targetBytes, piece, (body) => shell(`{${body}"embed":${embed}}`));
}

export interface StandInBody {
  type: string;
  /** Already compressed with gzip when `gzip` is true (text); sent as is otherwise. */
  body: Buffer;
  gzip: boolean;
}

const TEXT_TYPES: Record<'html' | 'css' | 'js' | 'json', string> = {
  html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', json: 'application/json',
};

/** The body of one of embed `embed`'s resources; `base` is /stand-in/<embed>/ on the stand-in's origin. */
export function standInBody(embed: number, resource: StandInResource, base: string): StandInBody {
  const key = `${embed}:${resource.name}`;
  switch (resource.type) {
    case 'html':
      return { type: TEXT_TYPES.html, body: gzipSync(documentFor(embed, base, `Stand-in video ${embed}`, resource.targetBytes)), gzip: true };
    case 'css':
      return { type: TEXT_TYPES.css, body: gzipSync(stylesheet(key, resource.name, resource.targetBytes, base)), gzip: true };
    case 'js':
      return { type: TEXT_TYPES.js, body: gzipSync(script(key, resource.targetBytes)), gzip: true };
    case 'json':
      return { type: TEXT_TYPES.json, body: gzipSync(json(key, resource.targetBytes)), gzip: true };
    case 'png':
      return { type: 'image/png', body: resource.name === 'poster.png' ? png(key, 480, 270, resource.targetBytes) : png(key, 48, 48, resource.targetBytes), gzip: false };
    case 'woff2':
      return { type: 'font/woff2', body: opaque(key, resource.targetBytes), gzip: false };
    case 'ping':
      return { type: 'text/plain', body: Buffer.alloc(0), gzip: false };
  }
}
