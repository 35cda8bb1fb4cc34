import { describe, expect, it } from 'vitest';
import { createFakeSchedule } from '../../../../test/fakes/fake-schedule.ts';
import { initialPlayerState } from '../../../core/player-state.ts';
import { createStore } from '../../../core/store.ts';
import type { ControlsHost } from './controls-host.ts';
import { createActionPerformer } from './perform-action.ts';

/** A host whose element starts seeking at each request and has not arrived yet. */
function setUp() {
  const store = createStore({ ...initialPlayerState(), currentTime: 100, duration: 600 });
  const seeks: number[] = [];
  const hints: number[] = [];
  const host = {
    store,
    seek: (time: number) => {
      seeks.push(time);
      store.update({ seeking: true });
    },
    prefetch: (time: number) => hints.push(time),
  } as unknown as ControlsHost;
  return { store, seeks, hints, perform: createActionPerformer(host, createFakeSchedule().schedule) };
}

describe('held seek keys', () => {
  it('a single press seeks without a hint; held, each accumulated target is hinted', () => {
    const { seeks, hints, perform } = setUp();
    perform({ type: 'seek-by', seconds: 5 });
    expect(seeks).toEqual([105]);
    expect(hints).toEqual([]);
    perform({ type: 'seek-by', seconds: 5 });
    perform({ type: 'seek-by', seconds: 5 });
    expect(seeks).toEqual([105, 110, 115]);
    expect(hints).toEqual([110, 115]);
  });

  it('once the element has arrived, the next press counts from there and is not a hold', () => {
    const { store, seeks, hints, perform } = setUp();
    perform({ type: 'seek-by', seconds: 5 });
    store.update({ seeking: false, currentTime: 105 });
    perform({ type: 'seek-by', seconds: -5 });
    expect(seeks).toEqual([105, 100]);
    expect(hints).toEqual([]);
  });
});
