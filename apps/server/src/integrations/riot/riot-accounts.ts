import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { riotAccounts } from '../../db/schema.js';
import type { RiotClient } from './client.js';
import { accountSchema, type RiotAccount } from './dto.js';
import { RiotUnavailableError } from './errors.js';
import { HttpError } from '../../lib/http-error.js';

export type RiotAccountRow = typeof riotAccounts.$inferInsert;

/** A League login of a member, with its PUUID once Riot has told it. */
export interface MemberRiotAccount {
  gameName: string;
  tagLine: string;
  /** Null: not resolved yet (no key when it was saved), or Riot knows no such player. */
  puuid: string | null;
}

interface Logger {
  warn(details: object, message: string): void;
}

/** Riot IDs are case-insensitive: one row per lower-cased 'gamename#tagline'. */
export const riotIdKey = (riotId: string) => riotId.trim().toLowerCase();

export function splitRiotId(riotId: string): { gameName: string; tagLine: string } {
  const separator = riotId.lastIndexOf('#');
  return { gameName: riotId.slice(0, separator).trim(), tagLine: riotId.slice(separator + 1) };
}

/** An unknown Riot ID is asked again at most this often when a member's League data is read. */
const UNKNOWN_RECHECK_MS = 10 * 60_000;

/** account-v1: the account of a Riot ID, or null when Riot knows no such player. */
function lookUpRiotId(riot: RiotClient, riotId: string): Promise<RiotAccount | null> {
  const { gameName, tagLine } = splitRiotId(riotId);
  return riot.get({
    host: 'account',
    method: 'account-v1.by-riot-id',
    path: `/riot/account/v1/accounts/by-riot-id/${encodeURIComponent(gameName)}/${encodeURIComponent(tagLine)}`,
    schema: accountSchema,
  });
}

function resolvedRow(riotId: string, account: RiotAccount): RiotAccountRow {
  const typed = splitRiotId(riotId);
  return {
    riotIdKey: riotIdKey(riotId),
    // Riot's spelling, which is the one players see in game.
    gameName: account.gameName ?? typed.gameName,
    tagLine: account.tagLine ?? typed.tagLine,
    puuid: account.puuid,
    resolvedAt: new Date(),
  };
}

function unresolvedRow(riotId: string, checkedAt: Date | null): RiotAccountRow {
  return {
    riotIdKey: riotIdKey(riotId),
    ...splitRiotId(riotId),
    puuid: null,
    resolvedAt: checkedAt,
  };
}

/**
 * When League logins are saved: every Riot ID not resolved yet is asked to account-v1, and the
 * rows to store are returned (the caller writes them with the member). A Riot ID Riot does not
 * know refuses the whole save: 400 riot_id_not_found naming its place in the list.
 *
 * Without RIOT_API_KEY, or when Riot is down or slow, the IDs are stored unresolved and the save
 * goes through: a member's profile must not depend on Riot's availability, and an unresolved ID
 * is resolved on first use (ranks, games). The price is that a mistyped ID saved then is only
 * noticed on the League tab.
 */
export async function resolveRiotIdsForSave(
  db: Db,
  riot: RiotClient,
  logins: readonly string[],
  log?: Logger,
): Promise<RiotAccountRow[]> {
  if (logins.length === 0) return [];
  const known = await storedAccounts(db, logins);
  const pending = logins
    .map((riotId, index) => ({ riotId, index }))
    .filter(({ riotId }) => !known.get(riotIdKey(riotId))?.puuid);
  if (!riot.configured) {
    return pending
      .filter(({ riotId }) => !known.has(riotIdKey(riotId)))
      .map(({ riotId }) => unresolvedRow(riotId, null));
  }
  const answers = await Promise.all(
    pending.map(async ({ riotId, index }) => {
      try {
        return { riotId, index, account: await lookUpRiotId(riot, riotId) };
      } catch (error) {
        if (error instanceof RiotUnavailableError) return { riotId, index, unavailable: true };
        throw error;
      }
    }),
  );
  const unknown = answers.filter((answer) => answer.account === null);
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      'riot_id_not_found',
      `Riot knows no player named ${unknown.map((answer) => answer.riotId).join(', ')}`,
      unknown.map((answer) => ({
        path: `body.leagueoflegends_login.${answer.index}`,
        message: 'Riot knows no player with this Riot ID',
        code: 'riot_id_not_found',
      })),
    );
  }
  if (answers.some((answer) => 'unavailable' in answer)) {
    log?.warn({ riot: { logins: logins.length } }, 'Riot IDs saved unresolved: Riot unavailable');
  }
  return answers.flatMap((answer) => {
    if (answer.account) return [resolvedRow(answer.riotId, answer.account)];
    return known.has(riotIdKey(answer.riotId)) ? [] : [unresolvedRow(answer.riotId, null)];
  });
}

/** Writes resolved rows over older ones; unresolved rows never replace a stored one. */
export async function storeRiotAccounts(db: Db, rows: readonly RiotAccountRow[]): Promise<void> {
  const resolved = rows.filter((row) => row.puuid);
  const unresolved = rows.filter((row) => !row.puuid);
  if (resolved.length > 0) {
    await db
      .insert(riotAccounts)
      .values(resolved)
      .onConflictDoUpdate({
        target: riotAccounts.riotIdKey,
        set: {
          gameName: sql`excluded.game_name`,
          tagLine: sql`excluded.tag_line`,
          puuid: sql`excluded.puuid`,
          resolvedAt: sql`excluded.resolved_at`,
        },
      });
  }
  if (unresolved.length > 0) {
    await db.insert(riotAccounts).values(unresolved).onConflictDoNothing();
  }
}

/**
 * The accounts of a member's League logins, in list order. A Riot ID still unresolved is asked
 * to Riot now (Riot unavailable: RiotUnavailableError); one Riot does not know comes back with a
 * null PUUID, and is asked again after UNKNOWN_RECHECK_MS.
 */
export async function memberRiotAccounts(
  db: Db,
  riot: RiotClient,
  logins: readonly string[],
): Promise<MemberRiotAccount[]> {
  const known = await storedAccounts(db, logins);
  const now = Date.now();
  return Promise.all(
    logins.map(async (riotId) => {
      const row = known.get(riotIdKey(riotId));
      if (row?.puuid) return { gameName: row.gameName, tagLine: row.tagLine, puuid: row.puuid };
      const checkedRecently =
        row?.resolvedAt && now - row.resolvedAt.getTime() < UNKNOWN_RECHECK_MS;
      if (checkedRecently) return { ...splitRiotId(riotId), puuid: null };
      const account = await lookUpRiotId(riot, riotId);
      const fresh = account ? resolvedRow(riotId, account) : unresolvedRow(riotId, new Date());
      await db
        .insert(riotAccounts)
        .values(fresh)
        .onConflictDoUpdate({
          target: riotAccounts.riotIdKey,
          set: {
            gameName: fresh.gameName,
            tagLine: fresh.tagLine,
            puuid: fresh.puuid,
            resolvedAt: fresh.resolvedAt,
          },
        });
      return { gameName: fresh.gameName, tagLine: fresh.tagLine, puuid: fresh.puuid ?? null };
    }),
  );
}

async function storedAccounts(db: Db, logins: readonly string[]) {
  if (logins.length === 0) return new Map<string, typeof riotAccounts.$inferSelect>();
  const rows = await db
    .select()
    .from(riotAccounts)
    .where(inArray(riotAccounts.riotIdKey, logins.map(riotIdKey)));
  return new Map(rows.map((row) => [row.riotIdKey, row]));
}
