import type { AttendanceStatus, EventType, RankedQueue } from '@guildhall/contract';
import type { Db } from '../db/client.js';
import type { AlertRow } from '../db/schema.js';

/**
 * What a domain announces has happened, inside the transaction that made it happen, for the
 * domains above it to react to in that same transaction (decision 064). The source names what
 * happened and never knows who listens: which domains react, and how, is written once in
 * `src/reaction-catalogue.ts`. A listener's failure fails the source's transaction, so a
 * reaction is never half applied.
 */
export interface Happenings {
  /** Members' adhesion was ticked or unticked (an invited member is not among them). */
  adhesionChanged: {
    members: readonly { id: string; createdAt: Date; adhesion: boolean }[];
    at: Date;
  };
  /** A member is about to be deleted: what hangs off its row is still there to read. */
  memberLeaving: { userId: string };
  /** An alert was created or changed. */
  alertSaved: { alert: AlertRow };
  /** A team was deleted, with its roles and their members. */
  teamDeleted: { teamId: string };
  /** Some of a team's roles were deleted by a save of the team. */
  teamRolesDeleted: { teamId: string };
  /**
   * Attendance of an occurrence was marked (the marks just given), or the occurrence cancelled
   * or restored (every mark it has).
   */
  attendanceSettled: {
    occurrence: { id: string; startsAt: Date; cancelled: boolean };
    event: { type: EventType; title: string };
    marks: ReadonlyMap<string, AttendanceStatus>;
    at: Date;
  };
  /** A League snapshot was written: the account's rank in a queue on an organisation day. */
  leagueRankRecorded: {
    userId: string;
    puuid: string;
    queue: RankedQueue;
    day: string;
    tier: string;
    division: string | null;
    at: Date;
  };
}

export type HappeningName = keyof Happenings;

/** A reaction: runs in the source's transaction. */
export type Listener<Name extends HappeningName> = (
  tx: Db,
  happening: Happenings[Name],
) => Promise<void>;

/** Every happening with the reactions to it, in the order they run. */
export type Reactions = { readonly [Name in HappeningName]: readonly Listener<Name>[] };

let installed: Reactions | undefined;

/** Sets the reactions every announcement runs: `src/reaction-catalogue.ts` does, once. */
export function installReactions(reactions: Reactions): void {
  installed = reactions;
}

/** Runs the reactions to what happened, one after the other, in the caller's transaction. */
export async function announce<Name extends HappeningName>(
  tx: Db,
  name: Name,
  happening: Happenings[Name],
): Promise<void> {
  if (!installed) {
    throw new Error(`"${name}" was announced before the reactions were installed`);
  }
  for (const listener of installed[name]) await listener(tx, happening);
}
