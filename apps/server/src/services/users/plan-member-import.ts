import {
  MEMBER_CSV_TRUE,
  ZOD_ISSUE_CODES,
  memberCsvCellSchemas,
  type MemberImportChange,
  type MemberImportProblem,
  type MemberImportRow,
} from '@guildhall/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { issueFromZod } from '../../lib/http-error.js';
import { memberCsvCells } from './member-csv-cells.js';
import { foldPseudo, pseudoKey } from './pseudo-key.js';
import type { MemberCsvRow } from './read-member-csv.js';

/** The columns the import writes: every one but the export-only ones. */
export type ImportedColumn = keyof typeof memberCsvCellSchemas;
/** New values by column, as the CSV writes them (`true` for adhesion, the pseudo in NFC). */
export type ImportedValues = Partial<Record<ImportedColumn, string>>;

export interface MemberImportPlan {
  rows: MemberImportRow[];
  unchanged: number;
  problems: MemberImportProblem[];
  creations: { line: number; values: ImportedValues & { pseudo: string } }[];
  updates: { member: UserRow; values: ImportedValues }[];
}

const IMPORTED_COLUMNS = Object.keys(memberCsvCellSchemas) as ImportedColumn[];
/** One member per account, whatever the case: the import may not give one to two members. */
const UNIQUE_LOGINS = {
  twitch: users.twitchLogin,
  twitter: users.twitterLogin,
  riot: users.riotLogin,
  discord: users.discordTag,
} as const;
type UniqueLogin = keyof typeof UNIQUE_LOGINS;
const TAKEN = {
  twitch: 'twitch_taken',
  twitter: 'twitter_taken',
  riot: 'riot_taken',
  discord: 'discord_taken',
} as const satisfies Record<UniqueLogin, MemberImportProblem['code']>;
/** Keys per query: well under any bind-parameter limit. */
const LOOKUP_CHUNK = 1000;

/** A cell checked with its field's schema: the value to store, or why it is refused. */
function checkCell(
  column: ImportedColumn,
  cell: string,
): { value: string } | { problem: Pick<MemberImportProblem, 'code' | 'params'> } {
  // Spreadsheets capitalise words: `User`, `VRAI`.
  const input = column === 'role' || column === 'adhesion' ? cell.toLowerCase() : cell;
  const result = memberCsvCellSchemas[column].safeParse(input);
  if (!result.success) {
    const [first] = result.error.issues;
    if (!first) return { problem: { code: 'custom' } };
    const { path, code, message, ...details } = first;
    const { params } = issueFromZod(path.join('.'), code, message, details);
    const known = ZOD_ISSUE_CODES.find((zodCode) => zodCode === code) ?? 'custom';
    return { problem: { code: known, ...(params && { params }) } };
  }
  if (column === 'adhesion') {
    return { value: String((MEMBER_CSV_TRUE as readonly string[]).includes(input)) };
  }
  return { value: String(result.data) };
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += LOOKUP_CHUNK) {
    out.push(items.slice(start, start + LOOKUP_CHUNK));
  }
  return out;
}

async function membersByKey(tx: Db, keys: string[]): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  for (const chunk of chunks(keys)) {
    const rows = await tx.select().from(users).where(inArray(users.pseudoKey, chunk));
    for (const row of rows) found.set(row.pseudoKey, row);
  }
  return found;
}

/** Who holds each of these logins (lowercased), by login. */
async function holdersOf(
  tx: Db,
  login: UniqueLogin,
  values: string[],
): Promise<Map<string, string>> {
  const holders = new Map<string, string>();
  const column: SQL = sql`lower(${UNIQUE_LOGINS[login]})`;
  for (const chunk of chunks(values)) {
    const rows = await tx
      .select({ id: users.id, login: sql<string>`${column}` })
      .from(users)
      .where(inArray(column, chunk));
    for (const row of rows) holders.set(row.login, row.id);
  }
  return holders;
}

interface Claim {
  line: number;
  login: UniqueLogin;
  value: string;
  memberId: string | undefined;
}

/**
 * What importing these rows would do, read in `tx` (decision 035): each row's pseudo names a
 * member by its key, or a new one (invited unless the row says otherwise); a non-empty cell that
 * differs from the member's value is checked as the edit form checks it and becomes a change;
 * an empty cell changes nothing. Every problem of every row is reported.
 */
export async function planMemberImport(tx: Db, rows: MemberCsvRow[]): Promise<MemberImportPlan> {
  const plan: MemberImportPlan = {
    rows: [],
    unchanged: 0,
    problems: [],
    creations: [],
    updates: [],
  };
  const refuse = (problem: MemberImportProblem) => plan.problems.push(problem);

  const firstLineOfKey = new Map<string, number>();
  const keyed: { row: MemberCsvRow; pseudo: string; key: string }[] = [];
  for (const row of rows) {
    const pseudo = row.cells.pseudo ?? '';
    if (pseudo === '') {
      refuse({ line: row.line, column: 'pseudo', code: 'required' });
      continue;
    }
    const key = pseudoKey(pseudo);
    const first = firstLineOfKey.get(key);
    if (first !== undefined) {
      refuse({
        line: row.line,
        column: 'pseudo',
        code: 'duplicate_pseudo',
        params: { line: first },
      });
      continue;
    }
    firstLineOfKey.set(key, row.line);
    keyed.push({ row, pseudo, key });
  }
  const members = await membersByKey(tx, [...firstLineOfKey.keys()]);

  const claims: Claim[] = [];
  for (const { row, pseudo, key } of keyed) {
    const { line } = row;
    const member = members.get(key);
    // Teams are never imported (MEMBER_CSV_EXPORT_ONLY): the member's are not read here.
    const stored = member && memberCsvCells(member, []);
    const values: ImportedValues = {};
    const changes: MemberImportChange[] = [];
    const before = plan.problems.length;
    if (member && foldPseudo(pseudo) !== foldPseudo(member.pseudo)) {
      refuse({ line, column: 'pseudo', code: 'pseudo_look_alike' });
    } else if (!member) {
      const checked = checkCell('pseudo', pseudo);
      if ('problem' in checked) refuse({ line, column: 'pseudo', ...checked.problem });
      else changes.push({ column: 'pseudo', from: null, to: checked.value });
      values.pseudo = 'value' in checked ? checked.value : pseudo;
    }
    for (const column of IMPORTED_COLUMNS) {
      const cell = row.cells[column];
      if (column === 'pseudo' || !cell || cell === stored?.[column]) continue;
      const checked = checkCell(column, cell);
      if ('problem' in checked) {
        refuse({ line, column, ...checked.problem });
        continue;
      }
      if (checked.value === stored?.[column]) continue;
      if (column === 'discord' && member?.discordId) {
        refuse({ line, column, code: 'discord_linked' });
        continue;
      }
      values[column] = checked.value;
      changes.push({ column, from: stored?.[column] || null, to: checked.value });
    }
    const role = values.role ?? member?.role ?? 'invited';
    if ((role === 'admin') !== (member?.role === 'admin')) {
      refuse({ line, column: 'role', code: 'admin_role' });
    }
    for (const login of Object.keys(UNIQUE_LOGINS) as UniqueLogin[]) {
      const value = values[login];
      if (value) claims.push({ line, login, value: value.toLowerCase(), memberId: member?.id });
    }
    if (plan.problems.length > before) continue;
    if (!member) {
      plan.creations.push({ line, values: { ...values, pseudo: values.pseudo ?? pseudo } });
      plan.rows.push({ line, pseudo: values.pseudo ?? pseudo, outcome: 'created', changes });
    } else if (changes.length > 0) {
      plan.updates.push({ member, values });
      plan.rows.push({ line, pseudo: member.pseudo, outcome: 'updated', changes });
    } else {
      plan.unchanged++;
    }
  }

  await refuseTakenLogins(tx, claims, refuse);
  plan.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return plan;
}

/** A login claimed twice in the file, or held by a member other than the row's. */
async function refuseTakenLogins(
  tx: Db,
  claims: Claim[],
  refuse: (problem: MemberImportProblem) => void,
): Promise<void> {
  for (const login of Object.keys(UNIQUE_LOGINS) as UniqueLogin[]) {
    const mine = claims.filter((claim) => claim.login === login);
    if (mine.length === 0) continue;
    const holders = await holdersOf(tx, login, [...new Set(mine.map((claim) => claim.value))]);
    const firstLine = new Map<string, number>();
    for (const claim of mine) {
      const first = firstLine.get(claim.value);
      const holder = holders.get(claim.value);
      if (first !== undefined) {
        refuse({ line: claim.line, column: login, code: TAKEN[login], params: { line: first } });
      } else if (holder !== undefined && holder !== claim.memberId) {
        refuse({ line: claim.line, column: login, code: TAKEN[login] });
      }
      if (first === undefined) firstLine.set(claim.value, claim.line);
    }
  }
}
