import { z } from 'zod';
import type { RiotClient } from '../../integrations/riot/client.js';

/**
 * The last forced refresh of a member's League data is kept in the Riot cache, which every
 * instance shares: the cooldown holds whichever instance answers, and no table is needed.
 */
const markerSchema = z.object({ at: z.number() });
const markerKey = (userId: string) => `league-refresh:v1:${userId}`;

/**
 * When the member's League data was last refreshed on demand (epoch ms), while that still
 * matters: cached answers older than that are not used.
 */
export async function readForcedRefresh(
  riot: RiotClient,
  userId: string,
): Promise<number | undefined> {
  const marker = markerSchema.safeParse(await riot.cache.read(markerKey(userId)));
  return marker.success ? marker.data.at : undefined;
}

export function writeForcedRefresh(
  riot: RiotClient,
  userId: string,
  at: number,
  keepForMs: number,
): Promise<void> {
  return riot.cache.write(markerKey(userId), { at }, keepForMs);
}
