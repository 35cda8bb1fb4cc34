import { createStore, type Store } from '../../core/store.ts';
import type { PlayerEvents } from '../../core/events.ts';
import { decideDataSaver, type ConnectionHint, type DataSaverDecision } from '../../contract/data-saver.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

/** The data saver now: on or off, and why (src/contract/data-saver.ts). `dataSaver` is what the engines read. */
export interface DataSaverState {
  readonly dataSaver: boolean;
  readonly reason: DataSaverDecision['reason'];
}

export interface DataSaver {
  readonly store: Store<DataSaverState>;
  /** The viewer's switch in the settings menu: saved, and it wins over the browser's hint from now on. */
  setByViewer(on: boolean): void;
  /** The host's word (the SDK's option or setDataSaver): it wins over the viewer's and the browser's. */
  setByHost(on: boolean): void;
  stop(): void;
}

/** navigator.connection where the browser has it (Chromium): Save-Data and the effective type, and their changes. */
interface NetworkInformationLike extends ConnectionHint, EventTarget {}

export interface DataSaverOptions {
  storage: Pick<MediaStorage, 'get' | 'set'>;
  /** The host's option (configuration `dataSaver`, the SDK's `dataSaver`); undefined: the host says nothing. */
  host: boolean | undefined;
  /** Where the changes are reported ('data-saver' on the player event map). */
  events: Pick<PlayerEvents, 'emit'>;
  connection?: NetworkInformationLike | undefined;
}

/** The browser's connection object, when it offers one. */
export function browserConnection(): NetworkInformationLike | undefined {
  return (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)?.connection;
}

/**
 * Who decides the data saver, kept current: the host, the viewer's saved choice, the browser's
 * Save-Data or a 2g-class connection (followed as it changes). Each change is reported on the
 * player event map with its reason.
 */
export function startDataSaver({ storage, host: hostChoice, events, connection = browserConnection() }: DataSaverOptions): DataSaver {
  let host = hostChoice;
  const hint = (): ConnectionHint => ({ saveData: connection?.saveData, effectiveType: connection?.effectiveType });
  const decide = (): DataSaverState => {
    const decision = decideDataSaver({ host, viewer: storage.get('dataSaver'), browser: hint() });
    return { dataSaver: decision.on, reason: decision.reason };
  };
  const store = createStore<DataSaverState>(decide());
  const refresh = () => {
    const before = store.getState();
    const after = decide();
    if (after.dataSaver === before.dataSaver && after.reason === before.reason) return;
    store.update(after);
    if (after.dataSaver !== before.dataSaver) events.emit('data-saver', { on: after.dataSaver, reason: after.reason });
  };
  connection?.addEventListener('change', refresh);
  return {
    store,
    setByViewer(on) {
      storage.set('dataSaver', on);
      refresh();
    },
    setByHost(on) {
      host = on;
      refresh();
    },
    stop: () => connection?.removeEventListener('change', refresh),
  };
}
