import { RequestError } from '../api/request-error.ts';
import { ru } from '../ui/i18n/ru.ts';
import { ManifestLoadError } from './episode-source.ts';

/** A failure as the viewer sees it (SPEC.md section 8). */
export interface ErrorView {
  status: 'error';
  message: string;
  /** Whether 'Перезагрузить страницу' is offered: only where starting over may help. */
  canReload: boolean;
}

/** The content cannot be watched in the viewer's country. */
export class ContentBlockedError extends Error {
  constructor() {
    super('The content is not available in this country');
    this.name = 'ContentBlockedError';
  }
}

/** The content has no episode to open: for the viewer, the same as a missing content. */
export class NoEpisodesError extends Error {
  constructor(movieId: number) {
    super(`Content ${movieId} has no episodes`);
    this.name = 'NoEpisodesError';
  }
}

/** Maps a failure to the viewer message of SPEC.md section 8; unexpected ones are logged with their id. */
export function errorView(error: unknown): ErrorView {
  if (error instanceof ContentBlockedError) return { status: 'error', message: ru.blockedInCountry, canReload: false };
  if (error instanceof ManifestLoadError) return { status: 'error', message: ru.manifestLoadFailed(error.url), canReload: false };
  if (error instanceof NoEpisodesError || (error instanceof RequestError && error.status === 404)) {
    return { status: 'error', message: ru.contentNotAvailable, canReload: false };
  }
  const id = newErrorId();
  console.error(`player error ${id}`, error);
  return { status: 'error', message: ru.genericError(id), canReload: true };
}

/** The short id a viewer can quote to support (SPEC.md section 8). */
export function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8);
}
