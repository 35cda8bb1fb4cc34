// drawtext filter builders. Text always comes from a UTF-8 file (textfile=),
// so Cyrillic, «», commas and colons in titles need no filtergraph escaping.
import { FONTS, filterSafePath, type FontName, type Workspace } from './workspace.ts';

export interface TextStyle {
  font: FontName;
  size: number;
  /** drawtext x/y expressions; must not contain ':' or ','. */
  x: string;
  y: string;
  color?: string;
  /** Semi-transparent box behind the text, for readability over busy patterns. */
  box?: boolean;
  /** Expand %{...} functions (time code, countdown); off for plain titles. */
  expand?: boolean;
  shadow?: boolean;
  /** Only from..to seconds of the picture (a title card); always when absent. */
  during?: { from: number; to: number };
}

export async function drawtext(ws: Workspace, text: string, style: TextStyle): Promise<string> {
  const file = await ws.text(text);
  const opts = [
    `fontfile=${filterSafePath(FONTS[style.font])}`,
    `textfile=${file}`,
    `expansion=${style.expand ? 'normal' : 'none'}`,
    `fontsize=${Math.round(style.size)}`,
    `fontcolor=${style.color ?? 'white'}`,
    `x=${style.x}`,
    `y=${style.y}`,
  ];
  if (style.box) opts.push('box=1', 'boxcolor=black@0.55', `boxborderw=${Math.max(2, Math.round(style.size / 5))}`);
  if (style.shadow) opts.push('shadowcolor=black@0.6', `shadowx=${Math.max(1, Math.round(style.size / 20))}`, `shadowy=${Math.max(1, Math.round(style.size / 20))}`);
  for (const o of opts) if (/[,;[\]']/.test(o)) throw new Error(`unexpected character in drawtext option: ${o}`);
  return `drawtext=${opts.join(':')}${style.during ? `:${enableBetween(style.during.from, style.during.to)}` : ''}`;
}

/** A filter's timeline option: on from `from` to `to` seconds; quoted, so its commas stay inside the filter. */
export function enableBetween(from: number, to: number): string {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error(`not a time span: ${from}..${to}`);
  return `enable='between(t,${from},${to})'`;
}

/**
 * Running time code. In a textfile the expansion syntax needs no filtergraph
 * escaping: only the colons inside the strftime format are backslashed, for
 * drawtext's own argument splitter.
 *  - 'hms'     → 00:01:23.440 (changes every frame; fine for short clips)
 *  - 'seconds' → 00:01:23 (changes once a second, so most frames of the long
 *                film are empty P-frames and cost almost nothing)
 */
export function clockText(kind: 'hms' | 'seconds'): string {
  return kind === 'hms' ? '%{pts:hms}' : '%{pts:gmtime:0:%H\\:%M\\:%S}';
}

/** Splits a title onto at most two lines, as balanced as the words allow. */
export function wrapTitle(title: string, maxOneLine: number): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  if (title.length <= maxOneLine || words.length < 2) return [title];
  let best: string[] = [title];
  let bestLongest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  return best;
}
