import type { LeagueChampion, LeagueChampions } from '@guildhall/contract';
import { z } from 'zod';
import type { RiotCache } from '../../integrations/riot/cache.js';
import type { DataDragonClient } from '../../integrations/riot/data-dragon.js';

/** Where the champions are kept, in the Riot cache that every instance shares. */
const CACHE_KEY = 'ddragon:champions:v1';
/** A version comes out every two weeks or so: versions.json is asked at most this often. */
export const CHAMPIONS_CHECK_EVERY_MS = 6 * 60 * 60_000;
/**
 * After a failure, Data Dragon is not asked again before this (every view would wait for it):
 * the kept champions are marked as checked that much before the next check is due.
 */
export const CHAMPIONS_RETRY_AFTER_MS = 5 * 60_000;

const keptSchema = z.object({
  version: z.string(),
  /** When versions.json was last read, or last failed (epoch milliseconds). */
  checkedAt: z.number(),
  champions: z.array(
    z.object({
      key: z.number(),
      id: z.string(),
      name: z.object({ fr: z.string(), en: z.string() }),
    }),
  ),
});
type Kept = z.infer<typeof keptSchema>;

const NOTHING: LeagueChampions = { version: null, champions: [] };

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * The champions of Data Dragon's current version, in both languages (the web switches language
 * without asking again): kept in the database, asked of Data Dragon again when the version
 * changes. Never fails: without Data Dragon, what was kept, or nothing (the tab then shows
 * Riot's internal names).
 */
export function leagueChampions({
  cache,
  dataDragon,
  log,
  now = Date.now,
}: {
  cache: RiotCache;
  dataDragon: DataDragonClient;
  log: Logger;
  now?: () => number;
}): () => Promise<LeagueChampions> {
  // Concurrent views of the tab wait for one check, not one each.
  let checking: Promise<LeagueChampions> | undefined;

  async function fetchFresh(kept: Kept | undefined): Promise<LeagueChampions> {
    try {
      const version = await dataDragon.currentVersion();
      let champions = kept?.champions;
      if (kept?.version !== version || !champions) {
        const [fr, en] = await Promise.all([
          dataDragon.champions(version, 'fr'),
          dataDragon.champions(version, 'en'),
        ]);
        const english = new Map(en.map((champion) => [champion.key, champion.name]));
        champions = fr.map(({ key, id, name }): LeagueChampion => ({
          key,
          id,
          name: { fr: name, en: english.get(key) ?? name },
        }));
      }
      await cache.write(CACHE_KEY, { version, checkedAt: now(), champions }, null);
      return { version, champions };
    } catch (error) {
      log.warn({ err: error }, 'Data Dragon could not be read: champions kept as they were');
      if (!kept) return NOTHING;
      const retryAt = now() - CHAMPIONS_CHECK_EVERY_MS + CHAMPIONS_RETRY_AFTER_MS;
      await cache.write(CACHE_KEY, { ...kept, checkedAt: retryAt }, null).catch(() => undefined);
      return { version: kept.version, champions: kept.champions };
    }
  }

  return async () => {
    const parsed = keptSchema.safeParse(await cache.read(CACHE_KEY));
    const kept = parsed.success ? parsed.data : undefined;
    if (kept && now() - kept.checkedAt < CHAMPIONS_CHECK_EVERY_MS)
      return { version: kept.version, champions: kept.champions };
    checking ??= fetchFresh(kept).finally(() => {
      checking = undefined;
    });
    return checking;
  };
}
