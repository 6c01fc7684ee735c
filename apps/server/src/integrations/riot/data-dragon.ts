import { z } from 'zod';
import { RiotUnavailableError } from './errors.js';

/** Data Dragon's versions: digits and dots only, since they go into addresses. */
export const DATA_DRAGON_VERSION_PATTERN = /^\d+(\.\d+){1,3}$/;
/** A champion's id (its picture's name): `MonkeyKing`, `Fiddlesticks`, `KSante`. */
export const CHAMPION_ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;
/** An item's id: `3031`. */
export const ITEM_ID_PATTERN = /^\d{1,6}$/;
/** A square icon weighs a few kilobytes: anything much bigger is not one. */
export const PICTURE_MAX_BYTES = 256 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Data Dragon's language folders for ours. */
export const DATA_DRAGON_LOCALES = { fr: 'fr_FR', en: 'en_US' } as const;
export type DataDragonLanguage = keyof typeof DATA_DRAGON_LOCALES;

export type PictureKind = 'champion' | 'item';

/** One champion of champion.json, as far as it is read. */
export interface DataDragonChampion {
  /** match-v5's `championId`. */
  key: number;
  /** The picture's name without `.png`. */
  id: string;
  name: string;
}

const versionsSchema = z.array(z.string()).min(1);
const championFileSchema = z.object({
  data: z.record(
    z.string(),
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      image: z.object({ full: z.string() }).optional(),
    }),
  ),
});

export interface DataDragonClient {
  /** The newest version. */
  currentVersion(): Promise<string>;
  /** champion.json of `version` in `language`; entries that do not fit are left out. */
  champions(version: string, language: DataDragonLanguage): Promise<DataDragonChampion[]>;
  /** A PNG, or undefined when Data Dragon has no such picture (404). */
  picture(version: string, kind: PictureKind, id: string): Promise<Buffer | undefined>;
}

/**
 * Riot's Data Dragon, a static CDN that needs no key: asked by the server only, so that the
 * member's browser talks to Guildhall alone (decision 026). Every failure (timeout, network,
 * an answer of the wrong shape) is a RiotUnavailableError: the callers fall back on what they
 * keep, or on Riot's internal names.
 */
export function createDataDragonClient({
  url,
  timeoutMs,
  fetchImpl = fetch,
}: {
  url: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): DataDragonClient {
  async function get(path: string): Promise<Response | undefined> {
    let response: Response;
    try {
      response = await fetchImpl(`${url}${path}`, {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new RiotUnavailableError(timedOut ? 'timeout' : 'network', `Data Dragon ${path}`);
    }
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RiotUnavailableError('upstream_error', `Data Dragon ${path}: ${response.status}`);
    }
    return response;
  }

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await get(path);
    const parsed = schema.safeParse(response ? await response.json().catch(() => null) : null);
    if (!parsed.success) throw new RiotUnavailableError('unexpected_answer', `Data Dragon ${path}`);
    return parsed.data;
  }

  return {
    async currentVersion() {
      const [current] = await getJson('/api/versions.json', versionsSchema);
      if (current === undefined || !DATA_DRAGON_VERSION_PATTERN.test(current)) {
        throw new RiotUnavailableError('unexpected_answer', 'Data Dragon versions.json');
      }
      return current;
    },

    async champions(version, language) {
      const file = await getJson(
        `/cdn/${version}/data/${DATA_DRAGON_LOCALES[language]}/champion.json`,
        championFileSchema,
      );
      return Object.values(file.data).flatMap((entry) => {
        const key = Number(entry.key);
        // The picture's name, which is not always match-v5's (`Fiddlesticks`, `FiddleSticks`).
        const id = entry.image?.full.replace(/\.png$/, '') ?? entry.id;
        return Number.isInteger(key) && CHAMPION_ID_PATTERN.test(id)
          ? [{ key, id, name: entry.name.slice(0, 100) }]
          : [];
      });
    },

    async picture(version, kind, id) {
      const response = await get(`/cdn/${version}/img/${kind}/${id}.png`);
      if (!response) return undefined;
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > PICTURE_MAX_BYTES) {
        await response.body?.cancel();
        throw new RiotUnavailableError('unexpected_answer', `Data Dragon ${kind} ${id}: too big`);
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > PICTURE_MAX_BYTES || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
        throw new RiotUnavailableError('unexpected_answer', `Data Dragon ${kind} ${id}: not a PNG`);
      }
      return bytes;
    },
  };
}
