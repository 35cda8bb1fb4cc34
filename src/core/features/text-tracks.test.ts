import { describe, expect, it } from 'vitest';
import { createTextTracks, type TextTrackLike, type TextTrackListLike } from './text-tracks.ts';

class FakeTextTrackList extends EventTarget implements TextTrackListLike {
  [index: number]: TextTrackLike;
  length = 0;

  add(kind: string, label: string, language: string, mode: TextTrackMode = 'disabled'): TextTrackLike {
    const track = { kind, label, language, mode };
    this[this.length] = track;
    this.length += 1;
    this.dispatchEvent(new Event('addtrack'));
    return track;
  }
}

describe('subtitle tracks', () => {
  it('lists the subtitle tracks as they are added, with none showing', () => {
    const list = new FakeTextTrackList();
    const tracks = createTextTracks(list);
    list.add('subtitles', 'Русские', 'ru');
    list.add('metadata', '', '');
    list.add('captions', '', 'en');
    expect(tracks.store.getState()).toEqual({
      tracks: [{ id: '0', label: 'Русские', language: 'ru' }, { id: '2', label: 'en', language: 'en' }],
      activeId: undefined,
    });
  });

  it('shows one track at a time and turns them off', () => {
    const list = new FakeTextTrackList();
    const ru = list.add('subtitles', 'Русские', 'ru');
    const en = list.add('subtitles', 'English', 'en');
    const tracks = createTextTracks(list);
    tracks.select('1');
    expect([ru.mode, en.mode]).toEqual(['disabled', 'showing']);
    expect(tracks.store.getState().activeId).toBe('1');
    tracks.select('0');
    expect([ru.mode, en.mode]).toEqual(['showing', 'hidden']);
    tracks.select(undefined);
    expect(tracks.store.getState().activeId).toBeUndefined();
    expect(ru.mode).toBe('hidden');
  });

  it('toggles back to the track shown last, or the first', () => {
    const list = new FakeTextTrackList();
    list.add('subtitles', 'Русские', 'ru');
    list.add('subtitles', 'English', 'en');
    const tracks = createTextTracks(list);
    tracks.toggle();
    expect(tracks.store.getState().activeId).toBe('0');
    tracks.select('1');
    tracks.toggle();
    expect(tracks.store.getState().activeId).toBeUndefined();
    tracks.toggle();
    expect(tracks.store.getState().activeId).toBe('1');
  });

  it('follows the element after destroy no more', () => {
    const list = new FakeTextTrackList();
    const tracks = createTextTracks(list);
    tracks.destroy();
    list.add('subtitles', 'Русские', 'ru');
    expect(tracks.store.getState().tracks).toEqual([]);
  });
});
