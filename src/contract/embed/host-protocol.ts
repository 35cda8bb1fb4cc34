/**
 * The messages between the player's iframe and the host page (SPEC.md sections 4 and 7), shared
 * by the iframe and the host-side loader, so it stays free of DOM and library code.
 *
 * Every message is one versioned envelope. Both sides validate what they receive with the
 * guards below: a message is data from another origin, never trusted by its shape alone.
 */

import { HOST_COMMAND_NAMES, HOST_ERROR_NAMES, HOST_EVENT_NAMES, type HostCommandName, type HostErrorName, type HostEventName } from './host-api.ts';
import type { PlayerSnapshot } from './player-snapshot.ts';

/** The envelope's `source` of messages from the player to the host page. */
export const PLAYER_MESSAGE_SOURCE = 'kino-player';
/** The envelope's `source` of commands from the host page to the player. */
export const HOST_COMMAND_SOURCE = 'kino-player-host';
/**
 * The envelope's version. Raised only for changes an older host library could not read: new
 * commands, events and state fields are additions, announced in `ready`'s capabilities.
 */
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
  /** The handshake's answer (and the frame's own announcement once it can take commands). */
  ready: { protocol: number; capabilities: HostCommandName[]; state: PlayerSnapshot };
  /** A command's answer, by its request id; `state` holds what changed, so the mirror is current. */
  result: ({ id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: HostErrorName; message: string } }) & {
    state: Partial<PlayerSnapshot>;
  };
  /** An SDK event, with the state fields that changed since the last message. */
  event: { name: HostEventName; data: Record<string, unknown>; state: Partial<PlayerSnapshot> };
  /** The frame refused to show the player on this site (the operator's allowlist). */
  embedRefused: { code: 'NotAllowedError'; message: string };
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

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.some((known) => known === value);
const isRequestId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * A state object is passed on as it came: the SDK keeps only the snapshot's own fields with
 * the right types (player-snapshot.ts applySnapshotChanges).
 */
const readState = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

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
  ready: (value) => {
    if (!isRecord(value) || !isInteger(value.protocol) || !Array.isArray(value.capabilities)) return undefined;
    const state = readState(value.state);
    const capabilities = value.capabilities.filter((name): name is HostCommandName => isOneOf(HOST_COMMAND_NAMES, name));
    return state && { protocol: value.protocol, capabilities, state: state as unknown as PlayerSnapshot };
  },
  result: (value) => {
    if (!isRecord(value) || !isRequestId(value.id)) return undefined;
    const state = (readState(value.state) ?? {}) as Partial<PlayerSnapshot>;
    if (value.ok === true) return { id: value.id, ok: true, value: value.value, state };
    const error = value.error;
    if (value.ok !== false || !isRecord(error) || !isOneOf(HOST_ERROR_NAMES, error.name) || typeof error.message !== 'string') return undefined;
    return { id: value.id, ok: false, error: { name: error.name, message: error.message }, state };
  },
  event: (value) => {
    if (!isRecord(value) || !isOneOf(HOST_EVENT_NAMES, value.name) || !isRecord(value.data)) return undefined;
    return { name: value.name, data: value.data, state: (readState(value.state) ?? {}) as Partial<PlayerSnapshot> };
  },
  embedRefused: (value) =>
    isRecord(value) && value.code === 'NotAllowedError' && typeof value.message === 'string' ? { code: 'NotAllowedError', message: value.message } : undefined,
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
  if (!isRecord(data) || data.source !== PLAYER_MESSAGE_SOURCE) return undefined;
  if (data.version !== HOST_PROTOCOL_VERSION) {
    // Another version's ready still says which one the frame speaks, so the SDK can say so.
    if (data.type !== 'ready' || !isInteger(data.version)) return undefined;
    return { source: PLAYER_MESSAGE_SOURCE, version: HOST_PROTOCOL_VERSION, type: 'ready', payload: { protocol: data.version, capabilities: [], state: {} as PlayerSnapshot } };
  }
  const { type } = data;
  if (!isMessageType(type)) return undefined;
  const payload = payloadReaders[type](data.payload);
  return payload && ({ source: PLAYER_MESSAGE_SOURCE, version: HOST_PROTOCOL_VERSION, type, payload } as HostMessage);
}

/** The host page's messages to the player, by type. */
export interface HostCommandPayloads {
  /**
   * The SDK's handshake: the protocol it speaks and how often it wants timeupdate. The frame
   * answers with `ready` once it can take commands, whatever `protocol` says: the SDK decides.
   */
  hello: { protocol: number; timeupdateInterval: number };
  /** A command with its request id; the frame answers with `result` under the same id. */
  command: { id: number; name: HostCommandName; args: unknown[] };
  /** The host page left stretched fullscreen itself (its own close button, say). */
  exitFullScreen: Record<string, never>;
}

export type HostCommandType = keyof HostCommandPayloads;

export type HostCommand = {
  [T in HostCommandType]: { source: typeof HOST_COMMAND_SOURCE; version: typeof HOST_PROTOCOL_VERSION; type: T; payload: HostCommandPayloads[T] };
}[HostCommandType];

export type HostCommandOf<T extends HostCommandType> = Extract<HostCommand, { type: T }>;

/** timeupdate's rate bounds (milliseconds): a host may ask for 10 a second at most, and one every 5 s at least. */
export const TIMEUPDATE_INTERVAL = { min: 100, max: 5000, default: 250 } as const;

const commandReaders: { [T in HostCommandType]: Reader<HostCommandPayloads[T]> } = {
  hello: (value) => {
    if (!isRecord(value) || !isInteger(value.protocol)) return undefined;
    const asked = typeof value.timeupdateInterval === 'number' && Number.isFinite(value.timeupdateInterval) ? value.timeupdateInterval : TIMEUPDATE_INTERVAL.default;
    return { protocol: value.protocol, timeupdateInterval: Math.min(TIMEUPDATE_INTERVAL.max, Math.max(TIMEUPDATE_INTERVAL.min, asked)) };
  },
  command: (value) => {
    if (!isRecord(value) || !isRequestId(value.id) || typeof value.name !== 'string') return undefined;
    // An unknown name still gets an answer (UnsupportedError) from the frame, so it is let through here.
    const args = Array.isArray(value.args) ? value.args.slice(0, 4) : [];
    return { id: value.id, name: value.name as HostCommandName, args };
  },
  exitFullScreen: readEmpty,
};

/** Builds a command envelope (the host side's half). */
export function createHostCommand<T extends HostCommandType>(type: T, payload: HostCommandPayloads[T]): HostCommandOf<T> {
  return { source: HOST_COMMAND_SOURCE, version: HOST_PROTOCOL_VERSION, type, payload } as HostCommandOf<T>;
}

/**
 * The host page's message in `data`, validated; else undefined. A `hello` of any envelope
 * version is read, so a host speaking another version still learns which one the frame speaks.
 */
export function parseHostCommand(data: unknown): HostCommand | undefined {
  if (!isRecord(data) || data.source !== HOST_COMMAND_SOURCE) return undefined;
  const { type } = data;
  if (typeof type !== 'string' || !Object.hasOwn(commandReaders, type)) return undefined;
  if (data.version !== HOST_PROTOCOL_VERSION && type !== 'hello') return undefined;
  const payload = commandReaders[type as HostCommandType](data.payload ?? {});
  return payload && ({ source: HOST_COMMAND_SOURCE, version: HOST_PROTOCOL_VERSION, type, payload } as HostCommand);
}
