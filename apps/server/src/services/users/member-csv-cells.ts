import type { MemberCsvColumn, MemberTeam } from '@guildhall/contract';
import type { UserRow } from '../../db/schema.js';

/** Between two teams of the `team` column: a comma would read as the CSV's own separator. */
const TEAM_SEPARATOR = '; ';

/**
 * A member's columns as the CSV writes them: empty for a field left blank, `true`/`false` for
 * adhesion, dates as YYYY-MM-DD, the teams it holds a role in by name. The import compares its
 * cells with these, so that an exported file reads back as unchanged.
 */
export function memberCsvCells(
  row: UserRow,
  teams: readonly MemberTeam[],
): Record<MemberCsvColumn, string> {
  return {
    pseudo: row.pseudo,
    last_name: row.name ?? '',
    first_name: row.surname ?? '',
    email: row.email ?? '',
    birthday: row.birthday ?? '',
    role: row.role,
    adhesion: String(row.adhesion),
    team: teams.map((team) => team.name).join(TEAM_SEPARATOR),
    discord: row.discordTag ?? '',
    twitter: row.twitterLogin ?? '',
    twitch: row.twitchLogin ?? '',
    riot: row.riotLogin ?? '',
    epic: row.epicLogin ?? '',
    address: row.address ?? '',
    zip_code: row.zipCode ?? '',
    town: row.town ?? '',
    country: row.country ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * What a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one): the export writes such a cell after an apostrophe, which the import takes off
 * again (OWASP's "CSV injection"; decision 035).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const guardFormula = (cell: string): string =>
  FORMULA_START.test(cell) ? `'${cell}` : cell;

export const unguardFormula = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
