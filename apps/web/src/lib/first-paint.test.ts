import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A PerformanceObserver that reports paint entries when the test says so. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static latest: FakePaintObserver | undefined;
  disconnected = false;
  constructor(
    private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void,
  ) {
    FakePaintObserver.latest = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.resetModules();
    FakePaintObserver.latest = undefined;
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint, not for any paint', async () => {
    const { afterFirstPaint } = await import('./first-paint');
    const firstPaint = afterFirstPaint();

    FakePaintObserver.latest?.paint('first-paint');
    expect(await settled(firstPaint)).toBe(false);

    FakePaintObserver.latest?.paint('first-contentful-paint');
    expect(await settled(firstPaint)).toBe(true);
    expect(FakePaintObserver.latest?.disconnected).toBe(true);
    // Later callers go on at once.
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('goes on at once in a hidden tab, which paints nothing, and when the tab is hidden while waiting', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled((await import('./first-paint')).afterFirstPaint())).toBe(true);

    vi.resetModules();
    visibility.mockReturnValue('visible');
    const firstPaint = (await import('./first-paint')).afterFirstPaint();
    expect(await settled(firstPaint)).toBe(false);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(firstPaint)).toBe(true);
  });

  it('goes on at once in a browser without paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['mark', 'measure'] });
    const { afterFirstPaint } = await import('./first-paint');

    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
