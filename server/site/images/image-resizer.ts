import sharp from 'sharp';
import type { ImageFormat } from '../../../src/contract/schemas/site-schema.ts';
import { HttpError } from '../../http/http-error.ts';

export interface ResizeRequest {
  file: string;
  width: number;
  height: number | undefined;
  fit: 'cover' | 'inside';
  format: ImageFormat;
}

/** Our sources are posters and stills; a larger one is a mistake, not a reason to use gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Quality settings that keep a poster sharp at a fraction of the JPEG's size. */
const OUTPUT = {
  jpeg: { quality: 80, mozjpeg: true },
  webp: { quality: 75 },
  avif: { quality: 50, effort: 3 },
} as const;

/**
 * Resizes with sharp, at most `concurrency` at a time and `maxWaiting` more in line: a burst of
 * cache misses queues instead of taking every core, and past the line the answer is 503 with
 * Retry-After rather than an ever longer wait.
 */
export class ImageResizer {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly maxWaiting: number;

  constructor(options: { concurrency: number; maxWaiting: number }) {
    this.concurrency = options.concurrency;
    this.maxWaiting = options.maxWaiting;
  }

  async resize(request: ResizeRequest): Promise<Buffer> {
    await this.turn();
    try {
      const { file, width, height, fit, format } = request;
      return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, height, fit, withoutEnlargement: true })
        .toFormat(format, OUTPUT[format])
        .toBuffer();
    } catch (error) {
      // A damaged or oversized source file: say so, as the one error shape, not as a crash.
      throw new HttpError(422, `the source image cannot be read: ${error instanceof Error ? error.message.split('\n')[0] : 'unknown error'}`);
    } finally {
      // The slot goes straight to the next in line (running stays the same), else it is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Resizes running now and waiting, for tests and the log. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private async turn(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.maxWaiting) {
      throw Object.assign(new HttpError(503, 'too many images are being resized; try again in a moment'), { headers: { 'retry-after': '1' } });
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
