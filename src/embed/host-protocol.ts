/**
 * The messages between the player's iframe and the host page (SPEC.md sections 4 and 7), shared
 * by the iframe and the host-side loader, so it stays free of DOM and library code.
 *
 * Every message is one versioned envelope. Both sides validate what they receive with the
 * guards below: a message is data from another origin, never trusted by its shape alone.
 */

/** The envelope's `source` of messages from the player to the host page. */
export const PLAYER_MESSAGE_SOURCE = 'kino-player';
/** The envelope's `source` of commands from the host page to the player. */
export const HOST_COMMAND_SOURCE = 'kino-player-host';
/** Raised only for changes an older host library could not read. */
export const HOST_PROTOCOL_VERSION = 1;

/** The episode as the host page sees it: a few fields, not the catalogue's whole object. */
export interface HostEpisode {
  id: number;
  contentId: number;
  order: number;
  title: string;
  season: { id: number; order: number };
}

/** The chosen episode variant (audio version); its manifest path stays in the player. */
export interface HostEpisodeVariant {
  id: number;
  title: string;
}

/** Playback position and length, in seconds, both finite. */
export interface HostTimeProgress {
  currentTime: number;
  duration: number;
}

/** Each outgoing message type (SPEC.md section 7) and its payload. */
export interface HostMessagePayloads {
  /** Each change of episode (SPEC.md section 4). */
  episodeChanged: { episode: HostEpisode };
  episodeVariantChanged: { episodeVariant: HostEpisodeVariant };
  timeProgressChanged: HostTimeProgress;
  /** Stretched fullscreen on iOS inside a frame (SPEC.md section 4): the host enlarges the frame. */
  enterFullScreen: Record<string, never>;
  exitFullScreen: Record<string, never>;
}

export type HostMessageType = keyof HostMessagePayloads;

/** A message from the player to the host page, discriminated by `type`. */
export type HostMessage = {
  [T in HostMessageType]: {
    source: typeof PLAYER_MESSAGE_SOURCE;
    version: typeof HOST_PROTOCOL_VERSION;
    type: T;
    payload: HostMessagePayloads[T];
  };
}[HostMessageType];

export type HostMessageOf<T extends HostMessageType> = Extract<HostMessage, { type: T }>;

type Reader<T> = (value: unknown) => T | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

const readEpisode: Reader<HostEpisode> = (value) => {
  if (!isRecord(value) || !isRecord(value.season)) return undefined;
  const { id, contentId, order, title, season } = value;
  if (!isInteger(id) || !isInteger(contentId) || !isInteger(order) || typeof title !== 'string') return undefined;
  if (!isInteger(season.id) || !isInteger(season.order)) return undefined;
  return { id, contentId, order, title, season: { id: season.id, order: season.order } };
};

const readVariant: Reader<HostEpisodeVariant> = (value) =>
  isRecord(value) && isInteger(value.id) && typeof value.title === 'string' ? { id: value.id, title: value.title } : undefined;

const readEmpty: Reader<Record<string, never>> = (value) => (isRecord(value) ? {} : undefined);

/**
 * Per type: validates a payload and returns a fresh copy holding only the protocol's fields, so
 * neither side passes on more than the protocol says (the whole catalogue episode, say).
 */
const payloadReaders: { [T in HostMessageType]: Reader<HostMessagePayloads[T]> } = {
  episodeChanged: (value) => {
    const episode = isRecord(value) ? readEpisode(value.episode) : undefined;
    return episode && { episode };
  },
  episodeVariantChanged: (value) => {
    const episodeVariant = isRecord(value) ? readVariant(value.episodeVariant) : undefined;
    return episodeVariant && { episodeVariant };
  },
  timeProgressChanged: (value) =>
    isRecord(value) && isSeconds(value.currentTime) && isSeconds(value.duration)
      ? { currentTime: value.currentTime, duration: value.duration }
      : undefined,
  enterFullScreen: readEmpty,
  exitFullScreen: readEmpty,
};

const isMessageType = (value: unknown): value is HostMessageType =>
  typeof value === 'string' && Object.hasOwn(payloadReaders, value);

/**
 * Builds the envelope for `type`. The payload is copied down to the protocol's fields, so a
 * catalogue episode may be passed as it is.
 *
 * @throws TypeError when the payload does not fit the type (a non-finite time, say): callers
 *   check what they cannot vouch for, e.g. a duration before metadata is known.
 */
export function createHostMessage<T extends HostMessageType>(type: T, payload: HostMessagePayloads[T]): HostMessageOf<T> {
  const reader = payloadReaders[type] as Reader<HostMessagePayloads[T]>;
  const trimmed = reader(payload);
  if (trimmed === undefined) throw new TypeError(`invalid ${type} payload`);
  return { source: PLAYER_MESSAGE_SOURCE, version: HOST_PROTOCOL_VERSION, type, payload: trimmed } as HostMessageOf<T>;
}

/** The player's message in `data` (a message event's), validated and trimmed; else undefined. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  if (!isRecord(data) || data.source !== PLAYER_MESSAGE_SOURCE || data.version !== HOST_PROTOCOL_VERSION) return undefined;
  const { type } = data;
  if (!isMessageType(type)) return undefined;
  const payload = payloadReaders[type](data.payload);
  return payload && ({ source: PLAYER_MESSAGE_SOURCE, version: HOST_PROTOCOL_VERSION, type, payload } as HostMessage);
}

/** The host page's commands to the player; kept minimal until the host API grows. */
export const HOST_COMMAND_TYPES = [
  /** The host page left stretched fullscreen itself (its own close button, say). */
  'exitFullScreen',
] as const;

export type HostCommandType = (typeof HOST_COMMAND_TYPES)[number];

export interface HostCommand {
  source: typeof HOST_COMMAND_SOURCE;
  version: typeof HOST_PROTOCOL_VERSION;
  type: HostCommandType;
}

/** Builds a command envelope (the host side's half). */
export function createHostCommand(type: HostCommandType): HostCommand {
  return { source: HOST_COMMAND_SOURCE, version: HOST_PROTOCOL_VERSION, type };
}

/** The host page's command in `data`, validated; else undefined. */
export function parseHostCommand(data: unknown): HostCommand | undefined {
  if (!isRecord(data) || data.source !== HOST_COMMAND_SOURCE || data.version !== HOST_PROTOCOL_VERSION) return undefined;
  const { type } = data;
  return HOST_COMMAND_TYPES.some((known) => known === type) ? createHostCommand(type as HostCommandType) : undefined;
}
