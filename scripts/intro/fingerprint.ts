// An audio fingerprint in the manner of chromaprint and Haitsma–Kalker: the sound is cut into
// overlapping frames every HOP_SECONDS, each frame's spectrum into BANDS log-spaced bands, and
// each frame gives 32 bits, one per pair of neighbouring bands: whether the energy difference
// between the two grew or shrank since the previous frame. The same sound gives the same bits
// whatever its loudness and whichever episode it sits in; different sounds differ in about half.

/** The rate the audio is decoded at: enough for the bands below, cheap to transform. */
export const FINGERPRINT_SAMPLE_RATE = 8_000;
/** 2048 samples, 0.256 s: long enough to resolve a note, short enough to place it. */
const FRAME_SAMPLES = 2_048;
/** A frame every 0.1 s. */
const HOP_SAMPLES = 800;
export const HOP_SECONDS = HOP_SAMPLES / FINGERPRINT_SAMPLE_RATE;
export const FRAME_SECONDS = FRAME_SAMPLES / FINGERPRINT_SAMPLE_RATE;
/** 33 bands give the 32 bits of a frame. */
const BANDS = 33;
const LOWEST_HZ = 150;
const HIGHEST_HZ = 3_800;
/** A frame quieter than this (RMS, full scale 1) is silence: silence matches silence anywhere, so it never counts. */
const SILENCE_RMS = 0.003;

export interface Fingerprint {
  /** 32 bits per frame; frame i starts at i × HOP_SECONDS. */
  bits: Uint32Array;
  /** 1 where the frame is too quiet for its bits to mean anything. */
  silent: Uint8Array;
}

/** The fingerprint of mono samples in [-1, 1] at FINGERPRINT_SAMPLE_RATE. */
export function fingerprint(samples: Float32Array): Fingerprint {
  const frames = samples.length < FRAME_SAMPLES ? 0 : Math.floor((samples.length - FRAME_SAMPLES) / HOP_SAMPLES) + 1;
  const bits = new Uint32Array(frames);
  const silent = new Uint8Array(frames);
  const window = hann(FRAME_SAMPLES);
  const edges = bandEdges();
  const re = new Float64Array(FRAME_SAMPLES);
  const im = new Float64Array(FRAME_SAMPLES);
  let previous: Float64Array | null = null;
  for (let frame = 0; frame < frames; frame++) {
    const offset = frame * HOP_SAMPLES;
    let power = 0;
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sample = samples[offset + i] ?? 0;
      power += sample * sample;
      re[i] = sample * (window[i] ?? 0);
      im[i] = 0;
    }
    fft(re, im);
    const energies = new Float64Array(BANDS);
    for (let band = 0; band < BANDS; band++) {
      let sum = 0;
      for (let bin = edges[band] ?? 0; bin < (edges[band + 1] ?? 0); bin++) sum += (re[bin] ?? 0) ** 2 + (im[bin] ?? 0) ** 2;
      energies[band] = sum;
    }
    silent[frame] = Math.sqrt(power / FRAME_SAMPLES) < SILENCE_RMS ? 1 : 0;
    let word = 0;
    if (previous) {
      for (let band = 0; band < BANDS - 1; band++) {
        const now = (energies[band] ?? 0) - (energies[band + 1] ?? 0);
        const before = (previous[band] ?? 0) - (previous[band + 1] ?? 0);
        if (now - before > 0) word |= 1 << band;
      }
    } else {
      // The first frame has nothing to differ from: it cannot match.
      silent[frame] = 1;
    }
    bits[frame] = word >>> 0;
    previous = energies;
  }
  return { bits, silent };
}

/** The set bits of a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function hann(size: number): Float64Array {
  const window = new Float64Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
  return window;
}

/** FFT bin where each band starts; the last entry ends the last band. Bands are equal on a log scale. */
function bandEdges(): number[] {
  const binHz = FINGERPRINT_SAMPLE_RATE / FRAME_SAMPLES;
  const edges: number[] = [];
  for (let band = 0; band <= BANDS; band++) {
    const hz = LOWEST_HZ * (HIGHEST_HZ / LOWEST_HZ) ** (band / BANDS);
    edges.push(Math.max(edges.at(-1) ?? 0, Math.round(hz / binHz)));
  }
  // Every band at least one bin wide.
  for (let band = 1; band <= BANDS; band++) edges[band] = Math.max(edges[band] ?? 0, (edges[band - 1] ?? 0) + 1);
  return edges;
}

/** In-place radix-2 FFT; the length is a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = (re[b] ?? 0) * wRe - (im[b] ?? 0) * wIm;
        const tIm = (re[b] ?? 0) * wIm + (im[b] ?? 0) * wRe;
        re[b] = (re[a] ?? 0) - tRe;
        im[b] = (im[a] ?? 0) - tIm;
        re[a] = (re[a] ?? 0) + tRe;
        im[a] = (im[a] ?? 0) + tIm;
        const nextRe = wRe * stepRe - wIm * stepIm;
        wIm = wRe * stepIm + wIm * stepRe;
        wRe = nextRe;
      }
    }
  }
}
