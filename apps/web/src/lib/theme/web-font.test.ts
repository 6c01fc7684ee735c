import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettled } from '@/lib/when-page-settled';
import { FONT_CACHE, FONT_FACES, FONT_FAMILY, loadWebFont } from './web-font';

vi.mock('@/lib/when-page-settled', () => ({ whenPageSettled: vi.fn() }));

/** A Cache Storage of one store, kept in memory, whose addAll fetches as the browser's does. */
class MemoryStore {
  readonly entries = new Map<string, Response>();
  match(url: string) {
    return Promise.resolve(this.entries.get(absolute(url))?.clone());
  }
  async addAll(urls: string[]) {
    for (const url of urls) this.entries.set(absolute(url), await fetch(url));
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
  delete(request: Request) {
    return Promise.resolve(this.entries.delete(request.url));
  }
}

const absolute = (url: string) => new URL(url, window.location.href).href;
const fontBytes = (url: string) => new TextEncoder().encode(`font of ${url}`).buffer;

let store: MemoryStore;
const opened: string[] = [];
const declared: Array<{ family: string; source: ArrayBuffer; descriptors: FontFaceDescriptors }> =
  [];
const fetchFont = vi.fn((url: string) => Promise.resolve(new Response(fontBytes(url))));

beforeEach(() => {
  store = new MemoryStore();
  opened.length = 0;
  declared.length = 0;
  vi.stubGlobal('caches', {
    open: (name: string) => {
      opened.push(name);
      return Promise.resolve(store);
    },
  });
  vi.stubGlobal(
    'FontFace',
    vi.fn(function (family: string, source: ArrayBuffer, descriptors: FontFaceDescriptors) {
      declared.push({ family, source, descriptors });
    }),
  );
  Object.defineProperty(document, 'fonts', { value: { add: vi.fn() }, configurable: true });
  vi.stubGlobal('fetch', fetchFont);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(whenPageSettled).mockReset();
  fetchFont.mockClear();
});

/** Runs what loadWebFont left for once the page has settled, and waits for it. */
async function settle() {
  for (const [task] of vi.mocked(whenPageSettled).mock.calls) task();
  await vi.waitFor(() => expect(store.entries.size).toBe(FONT_FACES.length));
}

describe('loadWebFont', () => {
  it('on a first visit shows the device font and fetches Inter into the store only once the page has settled', async () => {
    await loadWebFont();

    expect(declared).toEqual([]);
    expect(fetchFont).not.toHaveBeenCalled();
    expect(opened).toEqual([FONT_CACHE]);

    await settle();
    expect(fetchFont.mock.calls.map(([url]) => url)).toEqual(FONT_FACES.map(({ url }) => url));
    // Stored for the next visit, not drawn now: the page is never redrawn in another font.
    expect(declared).toEqual([]);
  });

  it('on a later visit declares both subsets from the store at once, without the network', async () => {
    await loadWebFont();
    await settle();
    fetchFont.mockClear();
    vi.mocked(whenPageSettled).mockReset();

    await loadWebFont();

    expect(fetchFont).not.toHaveBeenCalled();
    expect(whenPageSettled).not.toHaveBeenCalled();
    expect(
      declared.map(({ family, source, descriptors }) => ({ family, source, descriptors })),
    ).toEqual(
      FONT_FACES.map(({ url, unicodeRange }) => ({
        family: FONT_FAMILY,
        source: fontBytes(url),
        descriptors: { weight: '100 900', style: 'normal', display: 'optional', unicodeRange },
      })),
    );
    expect(document.fonts.add).toHaveBeenCalledTimes(FONT_FACES.length);
  });

  it('waits for the next visit when a subset is missing from the store, and drops the files of an older build', async () => {
    store.entries.set(absolute(FONT_FACES[0].url), new Response(fontBytes(FONT_FACES[0].url)));
    store.entries.set(absolute('/assets/inter-latin-wght-normal-older.woff2'), new Response('old'));

    await loadWebFont();
    expect(declared).toEqual([]);

    await settle();
    await vi.waitFor(() =>
      expect([...store.entries.keys()].sort()).toEqual(
        FONT_FACES.map(({ url }) => absolute(url)).sort(),
      ),
    );
  });

  it('leaves the device font when the browser has no Cache Storage (plain HTTP) or refuses it', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(loadWebFont()).resolves.toBeUndefined();

    vi.stubGlobal('caches', {
      open: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    });
    await expect(loadWebFont()).resolves.toBeUndefined();

    expect(declared).toEqual([]);
    expect(fetchFont).not.toHaveBeenCalled();
  });
});
