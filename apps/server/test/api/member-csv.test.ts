import {
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_MAX_ROWS,
  type MemberImportRefusal,
  type MemberImportReport,
} from '@guildhall/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipEvents, teamRoleMembers, users, type UserRow } from '../../src/db/schema.js';
import { pseudoKey } from '../../src/services/users/pseudo-key.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = clientAs(ctx, await buildAdmin(ctx.db));
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const csv = (lines: string[], separator = ',') =>
  lines.map((line) => line.replaceAll('|', separator)).join('\r\n') + '\r\n';
const importFile = (body: string | Buffer, dryRun: boolean) =>
  admin.post(`/api/users/import?dry_run=${dryRun}`, body, {
    headers: { 'content-type': 'text/csv; charset=utf-8' },
  });
const stored = async (pseudo: string): Promise<UserRow | undefined> =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(eq(users.pseudoKey, pseudoKey(pseudo)))
  )[0];

/** Every member, team role held and membership event, as they are stored. */
async function snapshot(): Promise<string> {
  const rows = [
    ...(await ctx.db.select().from(users)).map((row) => JSON.stringify(row)),
    ...(await ctx.db.select().from(teamRoleMembers)).map((row) => JSON.stringify(row)),
    ...(await ctx.db.select().from(membershipEvents)).map((row) => JSON.stringify(row)),
  ];
  return rows.sort().join('\n');
}

describe('GET /api/users/export.csv', () => {
  it('writes every member as Excel reads it: BOM, header, CRLF, quoting, formulas defused', async () => {
    const pseudo = `csv-${unique()}`;
    const member = await buildMember(ctx.db, {
      pseudo,
      name: 'Martin, "Léa"',
      surname: '=HYPERLINK("http://evil")',
      address: '1 rue du Port\nBâtiment B',
      birthday: '1999-04-12',
      adhesion: true,
    });
    const team = `-Main roster ${unique()}`;
    await buildTeam(ctx.db, { name: team, roles: [{ role: 'Joueurs', members: [member] }] });
    const response = await admin.get('/api/users/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(MEMBER_CSV_COLUMNS.join(','));
    // The first name under its own name: `surname` read as a family name in English.
    expect(lines[0]).toMatch(/^pseudo,last_name,first_name,email,/);
    expect(lines.at(-1)).toBe('');
    const row = text.slice(text.indexOf(`\r\n${pseudo},`) + 2);
    expect(row).toMatch(
      new RegExp(
        `^${pseudo},"Martin, ""Léa""","'=HYPERLINK\\(""http://evil""\\)",,1999-04-12,user,true,'${team},`,
      ),
    );
    expect(row).toContain('"1 rue du Port\nBâtiment B"');
  });

  it('reads the members a page at a time, none missed or repeated', async () => {
    const prefix = `page-${unique()}`;
    for (let index = 0; index < 3; index++)
      await buildMember(ctx.db, { pseudo: `${prefix}-${index}` });
    const text = (await admin.get('/api/users/export.csv')).body;
    const exported = text
      .slice(1)
      .split('\r\n')
      .slice(1)
      .filter((line) => line.startsWith(prefix));
    expect(exported).toHaveLength(3);
    const [counted] = await ctx.db.select({ total: count() }).from(users);
    expect(text.slice(1).split('\r\n').length).toBe(counted!.total + 2);
  });

  it('names the teams the member holds a role in, which the list shows too', async () => {
    const member = await buildMember(ctx.db, { pseudo: `teams-${unique()}`, team: 'free text' });
    const suffix = unique();
    await buildTeam(ctx.db, {
      name: `Hiboux ${suffix}`,
      roles: [
        { role: 'Joueurs', members: [member] },
        { role: 'Coachs', members: [member] },
      ],
    });
    await buildTeam(ctx.db, {
      name: `Bureau ${suffix}`,
      roles: [{ role: 'Trésorerie', members: [member] }],
    });
    const text = (await admin.get('/api/users/export.csv')).body;
    const row = text.slice(text.indexOf(`\r\n${member.pseudo},`) + 2).split('\r\n')[0] ?? '';
    expect(row.split(',')[MEMBER_CSV_COLUMNS.indexOf('team')]).toBe(
      `Bureau ${suffix}; Hiboux ${suffix}`,
    );
  });

  it('comes back as unchanged: export then import changes nothing', async () => {
    const member = await buildMember(ctx.db, { pseudo: `round-${unique()}`, name: '+33 6 12' });
    await buildTeam(ctx.db, {
      name: `@home ${unique()}`,
      roles: [{ role: 'Joueurs', members: [member] }],
    });
    const exported = (await admin.get('/api/users/export.csv')).rawPayload;
    const before = await snapshot();
    const response = await importFile(exported, false);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<MemberImportReport>();
    expect(report).toMatchObject({ created: 0, updated: 0, rows: [], refused: [], written: true });
    expect(report.unchanged).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
  });
});

describe('POST /api/users/import', () => {
  it("takes no team from the file: a member's teams change in the Teams tab only", async () => {
    const member = await buildMember(ctx.db, { pseudo: `team-${unique()}` });
    await buildTeam(ctx.db, { roles: [{ role: 'Joueurs', members: [member] }] });
    const before = await snapshot();
    const response = await importFile(csv(['pseudo|team', `${member.pseudo}|Autre équipe`]), false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberImportReport>()).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await snapshot()).toBe(before);
  });

  it('dry run: reports what would change, and writes nothing', async () => {
    const member = await buildMember(ctx.db, { pseudo: `dry-${unique()}`, town: 'Lyon' });
    const newcomer = `new-${unique()}`;
    const before = await snapshot();
    const response = await importFile(
      csv(['pseudo|town|first_name', `${member.pseudo}|Paris|`, `${newcomer}||Camille`]),
      true,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberImportReport>()).toEqual({
      dry_run: true,
      written: false,
      created: 1,
      updated: 1,
      unchanged: 0,
      rows: [
        {
          line: 2,
          pseudo: member.pseudo,
          outcome: 'updated',
          changes: [{ column: 'town', from: 'Lyon', to: 'Paris' }],
        },
        {
          line: 3,
          pseudo: newcomer,
          outcome: 'created',
          changes: [
            { column: 'pseudo', from: null, to: newcomer },
            { column: 'first_name', from: null, to: 'Camille' },
          ],
        },
      ],
      refused: [],
    });
    expect(await snapshot()).toBe(before);
  });

  it('reads the first and last names under their names, and under the older ones', async () => {
    const older = `old-${unique()}`;
    const newer = `new-${unique()}`;
    const response = await importFile(csv(['pseudo,name,surname', `${older},Martin,Léa`]), false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberImportReport>().rows[0]?.changes).toEqual([
      { column: 'pseudo', from: null, to: older },
      { column: 'last_name', from: null, to: 'Martin' },
      { column: 'first_name', from: null, to: 'Léa' },
    ]);
    expect(await stored(older)).toMatchObject({ name: 'Martin', surname: 'Léa' });

    const renamed = await importFile(
      csv(['First_Name;pseudo;LAST_NAME', `Max;${newer};Petit`]),
      false,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stored(newer)).toMatchObject({ name: 'Petit', surname: 'Max' });

    // An older name and a newer one of the same column: one column given twice.
    const twice = await importFile(csv(['pseudo,surname,first_name', `${newer},A,B`]), true);
    expect(twice.json<MemberImportRefusal>().report?.refused).toEqual([
      { line: 1, column: 'first_name', code: 'duplicate_column' },
    ]);
  });

  it('is a dry run unless told otherwise', async () => {
    const before = await snapshot();
    const response = await admin.post('/api/users/import', csv(['pseudo', `x-${unique()}`]), {
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.json<MemberImportReport>()).toMatchObject({ dry_run: true, created: 1 });
    expect(await snapshot()).toBe(before);
  });

  it('imports a French Excel file: BOM, `;`, CRLF; empty cells leave fields as they are', async () => {
    const member = await buildMember(ctx.db, {
      pseudo: `fr-${unique()}`,
      name: 'Dupont',
      email: 'old@example.com',
      role: 'guest',
    });
    const newcomer = `Recrue-${unique()}`;
    const file = Buffer.from(
      '\uFEFF' +
        csv(
          [
            'Pseudo|name|email|role|adhesion|birthday|twitch',
            `${member.pseudo}||new@example.com|User|VRAI||`,
            `${newcomer}|Camille|camille@example.com||faux|2001-02-03|camille_tv`,
          ],
          ';',
        ),
      'utf8',
    );
    const response = await importFile(file, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberImportReport>()).toMatchObject({
      written: true,
      created: 1,
      updated: 1,
      rows: [
        {
          outcome: 'updated',
          changes: [
            { column: 'email', from: 'old@example.com', to: 'new@example.com' },
            { column: 'role', from: 'guest', to: 'user' },
            { column: 'adhesion', from: 'false', to: 'true' },
          ],
        },
        { outcome: 'created' },
      ],
    });
    expect(await stored(member.pseudo)).toMatchObject({
      name: 'Dupont',
      email: 'new@example.com',
      role: 'user',
      adhesion: true,
      roleSource: 'manual',
    });
    expect(await stored(newcomer)).toMatchObject({
      pseudo: newcomer,
      name: 'Camille',
      role: 'invited',
      adhesion: false,
      birthday: '2001-02-03',
      twitchLogin: 'camille_tv',
    });
    const events = await ctx.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.userId, member.id));
    expect(events).toMatchObject([{ kind: 'role_granted', detail: 'user', source: 'admin' }]);
  });

  it('refuses a file with one bad row among good ones, says where and why, writes nothing', async () => {
    const member = await buildMember(ctx.db, { pseudo: `bad-${unique()}` });
    const before = await snapshot();
    const response = await importFile(
      csv([
        'pseudo,email,birthday,role',
        `${member.pseudo},fine@example.com,,`,
        `ok-${unique()},,,`,
        `oops-${unique()},not-an-email,1999-02-30,boss`,
        ' ,someone@example.com,,',
        `x,,,`,
      ]),
      false,
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<MemberImportRefusal>();
    expect(body.error.code).toBe('import_refused');
    expect(body.report?.written).toBe(false);
    expect(body.report?.refused).toEqual([
      {
        line: 4,
        column: 'email',
        code: 'invalid_format',
        params: { format: 'email', origin: 'string' },
      },
      { line: 4, column: 'birthday', code: 'custom' },
      expect.objectContaining({ line: 4, column: 'role', code: 'invalid_value' }),
      { line: 5, column: 'pseudo', code: 'required' },
      {
        line: 6,
        column: 'pseudo',
        code: 'too_small',
        params: { minimum: 2, inclusive: true, origin: 'string' },
      },
    ]);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [
      'an unknown column',
      csv(['pseudo,nickname', 'someone,x']),
      [{ line: 1, column: 'nickname', code: 'unknown_column' }],
    ],
    [
      'no pseudo column',
      csv(['name', 'Léa']),
      [{ line: 1, column: null, code: 'missing_pseudo_column' }],
    ],
    [
      'a column twice',
      csv(['pseudo,name,Name', 'someone,a,b']),
      [{ line: 1, column: 'Name', code: 'duplicate_column' }],
    ],
    [
      'an unclosed quote',
      csv(['pseudo,name', 'someone,"Léa']),
      [{ line: null, column: null, code: 'malformed_csv' }],
    ],
    [
      'too many cells',
      csv(['pseudo,name', 'someone,Léa,extra']),
      [{ line: 2, column: null, code: 'malformed_csv' }],
    ],
    ['an empty file', '\uFEFF\r\n', [{ line: null, column: null, code: 'empty_file' }]],
    [
      'Latin-1 rather than UTF-8',
      Buffer.from('pseudo,name\r\nsomeone,L\xe9a\r\n', 'latin1'),
      [{ line: null, column: null, code: 'not_utf8' }],
    ],
    [
      'too many rows',
      csv([
        'pseudo',
        ...Array.from({ length: MEMBER_CSV_MAX_ROWS + 1 }, (_, index) => `r-${index}`),
      ]),
      [
        {
          line: null,
          column: null,
          code: 'too_many_rows',
          params: { maximum: MEMBER_CSV_MAX_ROWS },
        },
      ],
    ],
  ])('refuses %s and changes nothing', async (_name, file, refused) => {
    const before = await snapshot();
    const response = await importFile(file, false);
    expect(response.statusCode).toBe(400);
    expect(response.json<MemberImportRefusal>().report?.refused).toEqual(refused);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a file over 2 MiB with 413', async () => {
    const before = await snapshot();
    const response = await importFile(
      `pseudo,name\r\nsomeone,${'x'.repeat(2 * 1024 * 1024)}\r\n`,
      false,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a body that is not text/csv with 415', async () => {
    const response = await admin.post('/api/users/import', { pseudo: 'someone' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses duplicates: a pseudo twice, accounts another member or another row holds', async () => {
    const holder = await buildMember(ctx.db, {
      twitchLogin: `Tw_${unique()}`,
      twitterLogin: `tt_${unique()}`,
      riotLogin: `Holder#${unique().slice(0, 4)}`,
    });
    const pseudo = `dup-${unique()}`;
    const before = await snapshot();
    const response = await importFile(
      csv([
        'pseudo,twitch,twitter,riot',
        `${pseudo},,,`,
        `${pseudo.toUpperCase()},,,`,
        `a-${unique()},${holder.twitchLogin!.toLowerCase()},${holder.twitterLogin},${holder.riotLogin!.toUpperCase()}`,
        `b-${unique()},same_stream,,`,
        `c-${unique()},SAME_STREAM,,`,
      ]),
      true,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<MemberImportRefusal>().report?.refused).toEqual([
      { line: 3, column: 'pseudo', code: 'duplicate_pseudo', params: { line: 2 } },
      { line: 4, column: 'twitch', code: 'twitch_taken' },
      { line: 4, column: 'twitter', code: 'twitter_taken' },
      { line: 4, column: 'riot', code: 'riot_taken' },
      { line: 6, column: 'twitch', code: 'twitch_taken', params: { line: 5 } },
    ]);
    expect(await snapshot()).toBe(before);
  });

  it('keeps the Discord name of a member not yet on Discord, never of one signed in with it', async () => {
    const linked = await buildMember(ctx.db, {
      discordId: `4${Date.now()}`.padEnd(18, '0'),
      discordTag: `linked.${unique()}`,
    });
    const holder = await buildMember(ctx.db, { discordTag: `held.${unique()}` });
    const before = await snapshot();
    const refused = await importFile(
      csv([
        'pseudo,discord',
        `${linked.pseudo},other.${unique()}`,
        `${linked.pseudo.toUpperCase()}x,${holder.discordTag!.toUpperCase()}`,
        `n-${unique()},not a name!`,
      ]),
      true,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<MemberImportRefusal>().report?.refused).toEqual([
      { line: 2, column: 'discord', code: 'discord_linked' },
      { line: 3, column: 'discord', code: 'discord_taken' },
      {
        line: 4,
        column: 'discord',
        code: 'invalid_format',
        params: { format: 'regex', origin: 'string' },
      },
    ]);
    expect(await snapshot()).toBe(before);

    const newcomer = `n-${unique()}`;
    const name = `fresh.${unique()}`;
    const written = await importFile(
      csv(['pseudo,discord', `${newcomer},${name}`, `${linked.pseudo},${linked.discordTag}`]),
      false,
    );
    expect(written.statusCode, written.body).toBe(200);
    expect(await stored(newcomer)).toMatchObject({ discordTag: name, discordId: null });
  });

  it('refuses a pseudo that only looks like a member’s, rather than updating that member', async () => {
    const base = `noel${unique().replace(/[^a-z]/g, 'x')}`;
    const member = await buildMember(ctx.db, { pseudo: base });
    // A Cyrillic о in place of the Latin o: the same key, another pseudo.
    const lookAlike = base.replace('o', '\u043e');
    const response = await importFile(csv(['pseudo,town', `${lookAlike},Paris`]), false);
    expect(response.statusCode).toBe(400);
    expect(response.json<MemberImportRefusal>().report?.refused).toEqual([
      { line: 2, column: 'pseudo', code: 'pseudo_look_alike' },
    ]);
    expect((await stored(member.pseudo))?.town).toBeNull();
  });

  it('never gives nor takes admin: the last admin stays admin', async () => {
    const [only] = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    const before = await snapshot();
    const response = await importFile(
      csv(['pseudo,role', `${only!.pseudo},user`, `boss-${unique()},admin`]),
      false,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<MemberImportRefusal>().report?.refused).toEqual([
      { line: 2, column: 'role', code: 'admin_role' },
      { line: 3, column: 'role', code: 'admin_role' },
    ]);
    expect(await snapshot()).toBe(before);
    expect((await stored(only!.pseudo))?.role).toBe('admin');
  });
});
