import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHostPage, PLAYER_ORIGIN, type FakeHostPage } from '../../../test/fakes/fake-host-page.ts';
import { HOST_COMMAND_NAMES } from '../../contract/embed/host-api.ts';
import { EMPTY_SNAPSHOT } from '../../contract/embed/player-snapshot.ts';
import { PlayerBinding } from '../player-binding.ts';
import { EVENT_PROPS, handleOf, KinoPlayer, optionsFromProps, type KinoPlayerHandle, type KinoPlayerProps } from './kino-player-component.ts';

// The component's parts without a browser: its markup (server rendering), the props it turns into
// the SDK's options, the callbacks the events reach and the ref's commands, on the fake host page.
// The mounted component in a browser is in e2e/host-element.spec.ts.

const fromPlayer = (type: string, payload: unknown) => ({ source: 'kino-player', version: 1, type, payload });
const READY = { ...EMPTY_SNAPSHOT, status: 'ready' as const, contentId: 2, title: 'Город без карты', duration: 1500 };

let page: FakeHostPage;
beforeEach(() => {
  page = fakeHostPage();
});
afterEach(() => vi.unstubAllGlobals());

/** A binding wired as the component wires it: each event to the callback prop of its name. */
function bindingWith(props: Partial<KinoPlayerProps>) {
  return new PlayerBinding((name, data) => (props[EVENT_PROPS[name]] as ((value: unknown) => void) | undefined)?.(data));
}

describe('KinoPlayer (kino-player/react)', () => {
  it('renders a 16:9 box with the host class and style, and no frame on the server', () => {
    const html = renderToStaticMarkup(createElement(KinoPlayer, { movieId: 2, className: 'wide', style: { maxWidth: 640 }, ref: createRef<KinoPlayerHandle>() }));
    expect(html).toBe('<div class="wide" style="display:block;aspect-ratio:16 / 9;max-width:640px"></div>');
  });

  it('passes every option prop to the SDK, and no callback, class or style', () => {
    const props: KinoPlayerProps = {
      movieId: 2, season: 1, episode: 3, loading: 'facade', playerOrigin: PLAYER_ORIGIN, autoPlay: true, langOrder: ['ru'],
      className: 'wide', style: { width: 300 }, onTimeUpdate: () => undefined, onReady: () => undefined, time: undefined,
    };
    expect(optionsFromProps(props)).toEqual({ movieId: 2, season: 1, episode: 3, loading: 'facade', playerOrigin: PLAYER_ORIGIN, autoPlay: true, langOrder: ['ru'] });
  });

  it('calls the on<Event> callbacks with the SDK events’ data', () => {
    const onReady = vi.fn();
    const onTimeUpdate = vi.fn();
    const onEpisodeChange = vi.fn();
    const binding = bindingWith({ onReady, onTimeUpdate, onEpisodeChange });
    binding.update(page.container as unknown as Element, { movieId: 2, playerOrigin: PLAYER_ORIGIN });
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    page.fromFrame(fromPlayer('event', { name: 'timeupdate', data: { currentTime: 4, duration: 1500 }, state: { currentTime: 4 } }));
    expect(onReady).toHaveBeenCalledWith({ state: expect.objectContaining({ title: 'Город без карты' }) });
    expect(onTimeUpdate).toHaveBeenCalledWith({ currentTime: 4, duration: 1500 });
    expect(onEpisodeChange).not.toHaveBeenCalled();
  });

  it('gives the SDK commands through the ref, asked before the player exists too, and state and ready()', async () => {
    const binding = bindingWith({});
    const handle = handleOf(binding);
    expect(handle.state).toBeUndefined();
    const seek = handle.seek(30);
    binding.update(page.container as unknown as Element, { movieId: 2, playerOrigin: PLAYER_ORIGIN });
    void handle.setVolume(0.5);
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    await expect(handle.ready()).resolves.toMatchObject({ title: 'Город без карты' });
    const commands = page.posted.map(({ message }) => message as { type: string; payload: { id: number; name: string; args: unknown[] } }).filter(({ type }) => type === 'command');
    expect(commands.map(({ payload }) => [payload.name, payload.args])).toEqual([['seek', [30]], ['setVolume', [0.5]]]);
    page.fromFrame(fromPlayer('result', { id: commands[0]!.payload.id, ok: true, value: 30, state: { currentTime: 30 } }));
    await expect(seek).resolves.toBe(30);
    expect(handle.state?.currentTime).toBe(30);
    expect(handle.player).toBe(binding.player);
  });

  it('follows a new episode by command and another content by a new frame; unmounting destroys the frame', () => {
    const binding = bindingWith({});
    const container = page.container as unknown as Element;
    binding.update(container, { movieId: 2, playerOrigin: PLAYER_ORIGIN, season: 1, episode: 1 });
    page.fromFrame(fromPlayer('ready', { protocol: 1, capabilities: [...HOST_COMMAND_NAMES], state: READY }));
    binding.update(container, { movieId: 2, playerOrigin: PLAYER_ORIGIN, season: 1, episode: 2 });
    const sent = page.posted.map(({ message }) => message as { type: string; payload: { name: string; args: unknown[] } }).filter(({ type }) => type === 'command');
    expect(sent.map(({ payload }) => [payload.name, payload.args])).toEqual([['setEpisode', [{ season: 1, episode: 2 }]]]);
    expect(page.container.children).toHaveLength(1);
    binding.update(container, { movieId: 3, playerOrigin: PLAYER_ORIGIN });
    expect(page.container.children).toHaveLength(2);
    expect(page.container.children[0]!.removed).toBe(true);
    binding.destroy();
    expect(page.container.children[1]!.removed).toBe(true);
    expect(binding.player).toBeUndefined();
  });
});
