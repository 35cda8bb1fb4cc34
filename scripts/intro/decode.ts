// Decodes an episode's audio for fingerprinting: ffmpeg reads its playlist or file (local or
// over HTTP) and writes mono 16-bit PCM at the fingerprint's rate, which is read as samples.
import { runBuffer } from '../media/run.ts';
import { FINGERPRINT_SAMPLE_RATE } from './fingerprint.ts';

/**
 * The first `seconds` of the input's first audio stream as samples in [-1, 1]. Intros sit near
 * the start: the rest of a long episode is not decoded.
 */
export async function decodeAudio(input: string, seconds: number): Promise<Float32Array> {
  const pcm = await runBuffer('ffmpeg', [
    '-hide_banner', '-nostdin', '-loglevel', 'error',
    '-i', input, '-map', '0:a:0', '-t', String(seconds), '-ac', '1', '-ar', String(FINGERPRINT_SAMPLE_RATE), '-f', 's16le', '-',
  ]);
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  return samples;
}
