import { createHash } from 'node:crypto';
import type { LeagueChampions } from '@guildhall/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leagueAssets } from '../../db/schema.js';
import { RiotUnavailableError } from '../../integrations/riot/errors.js';
import type { DataDragonClient, PictureKind } from '../../integrations/riot/data-dragon.js';
import { HttpError } from '../../lib/http-error.js';

export interface LeaguePicture {
  bytes: Buffer;
  etag: string;
}

const notFound = () => new HttpError(404, 'not_found', 'Data Dragon has no such picture');

/**
 * A champion's or item's picture: as kept in the database when it is of the current Data Dragon
 * version, else fetched from Data Dragon (first request, or a new version) and kept. When Data
 * Dragon cannot be reached, the picture kept from an older version, else 503 riot_unavailable:
 * the tab then draws its neutral tile. 404 for a champion champion.json does not list, or what
 * Data Dragon does not have (never asked again and again for an unknown champion).
 */
export async function getLeaguePicture({
  db,
  dataDragon,
  champions,
  kind,
  id,
}: {
  db: Db;
  dataDragon: DataDragonClient;
  champions: () => Promise<LeagueChampions>;
  kind: PictureKind;
  /** Already checked against its pattern (the route's schema). */
  id: string;
}): Promise<LeaguePicture> {
  const { version, champions: known } = await champions();
  if (kind === 'champion' && version !== null && !known.some((champion) => champion.id === id)) {
    throw notFound();
  }
  const [kept] = await db
    .select({ version: leagueAssets.version, bytes: leagueAssets.bytes, etag: leagueAssets.etag })
    .from(leagueAssets)
    .where(and(eq(leagueAssets.kind, kind), eq(leagueAssets.assetId, id)))
    .limit(1);
  if (kept && (version === null || kept.version === version)) return kept;
  if (version === null) throw new RiotUnavailableError('network', 'Data Dragon: no version known');

  let bytes: Buffer | undefined;
  try {
    bytes = await dataDragon.picture(version, kind, id);
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (!bytes) {
    if (kept) return kept;
    throw notFound();
  }
  const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  await db
    .insert(leagueAssets)
    .values({ kind, assetId: id, version, bytes, etag })
    .onConflictDoUpdate({
      target: [leagueAssets.kind, leagueAssets.assetId],
      set: { version, bytes, etag, fetchedAt: new Date() },
    });
  return { bytes, etag };
}
