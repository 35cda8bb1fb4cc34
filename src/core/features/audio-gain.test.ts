import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_GAINS, createAudioGain } from './audio-gain.ts';

/** An AudioContext that records the graph built on it. */
class FakeContext {
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  readonly destination = { name: 'destination' };
  readonly links: string[] = [];
  readonly gainNode = { gain: { value: 1 }, connect: (node: unknown) => this.link('gain', node) };
  sources: unknown[] = [];
  failSource = false;

  createGain() {
    return this.gainNode;
  }
  createMediaElementSource(element: unknown) {
    if (this.failSource) throw new DOMException('already connected', 'InvalidStateError');
    this.sources.push(element);
    return { connect: (node: unknown) => this.link('source', node) };
  }
  async resume(): Promise<void> {
    this.state = 'running';
  }
  async close(): Promise<void> {
    this.state = 'closed';
  }
  private link(from: string, node: unknown) {
    this.links.push(`${from}->${node === this.destination ? 'destination' : 'gain'}`);
    return node;
  }
}

function setUp() {
  const video = {} as HTMLMediaElement;
  const contexts: FakeContext[] = [];
  const createContext = () => {
    const context = new FakeContext();
    contexts.push(context);
    return context as unknown as AudioContext;
  };
  return { video, contexts, createContext };
}

afterEach(() => vi.restoreAllMocks());

describe('createAudioGain', () => {
  it('offers the boosts of SPEC.md section 9', () => {
    expect(AUDIO_GAINS).toEqual([1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4]);
  });

  it('builds nothing until the viewer asks for a boost, then routes the video through one gain node', () => {
    const { video, contexts, createContext } = setUp();
    const boost = createAudioGain({ video, createContext });
    boost.setGain(1);
    expect(contexts).toEqual([]);

    boost.setGain(2);
    const [context] = contexts;
    expect(context?.sources).toEqual([video]);
    expect(context?.links).toEqual(['source->gain', 'gain->destination']);
    expect(context?.gainNode.gain.value).toBe(2);
    expect(context?.state).toBe('running');
    expect(boost.store.getState()).toEqual({ supported: true, gain: 2 });

    boost.setGain(1.5);
    expect(contexts).toHaveLength(1);
    expect(context?.gainNode.gain.value).toBe(1.5);
  });

  it.each([[10, 4], [0.5, 1], [Number.NaN, 1]])('clamps %s to %s', (requested, applied) => {
    const { video, contexts, createContext } = setUp();
    const boost = createAudioGain({ video, createContext });
    boost.setGain(2);
    boost.setGain(requested);
    expect(contexts[0]?.gainNode.gain.value).toBe(applied);
    expect(boost.store.getState().gain).toBe(applied);
  });

  it('logs a failure only, and keeps the sound as it was', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { video, contexts, createContext } = setUp();
    const boost = createAudioGain({
      video,
      createContext: () => {
        const context = createContext();
        (context as unknown as FakeContext).failSource = true;
        return context;
      },
    });
    boost.setGain(3);
    expect(warn).toHaveBeenCalledOnce();
    expect(boost.store.getState()).toEqual({ supported: false, gain: 1 });
    expect(contexts[0]?.state).toBe('closed');
    boost.setGain(3);
    expect(contexts).toHaveLength(1);
  });

  it('is unsupported where no AudioContext exists', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(createAudioGain({ video: {} as HTMLMediaElement }).store.getState().supported).toBe(false);
    const boost = createAudioGain({ video: {} as HTMLMediaElement, createContext: () => undefined });
    boost.setGain(2);
    expect(boost.store.getState()).toEqual({ supported: false, gain: 1 });
  });

  it('returns to unity on destroy(), ignores later calls, and lets the next controller reuse the graph', () => {
    const { video, contexts, createContext } = setUp();
    const boost = createAudioGain({ video, createContext });
    boost.setGain(4);
    boost.destroy();
    boost.destroy();
    expect(contexts[0]?.gainNode.gain.value).toBe(1);
    boost.setGain(2);
    expect(contexts[0]?.gainNode.gain.value).toBe(1);

    // An element can be routed into Web Audio only once; a restarted session keeps the element.
    const next = createAudioGain({ video, createContext });
    next.setGain(2.5);
    expect(contexts).toHaveLength(1);
    expect(contexts[0]?.gainNode.gain.value).toBe(2.5);
  });
});
