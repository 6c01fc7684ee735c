import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  discordOutbox,
  discordWebhooks,
  oauthStates,
  passwordAuditEvents,
  rateLimitCounters,
  riotAccounts,
  riotCache,
  riotRateLimitSlots,
  type UserRow,
} from '../../src/db/schema.js';
import {
  ArchiveError,
  codeMigrationLevel,
  databaseMigrationLevel,
  type ArchiveHeader,
} from '../../src/services/backup/archive-format.js';
import {
  RestoreRefusedError,
  readArchiveHeader,
  restoreArchive,
} from '../../src/services/backup/restore-archive.js';
import { ARCHIVED_TABLES, SKIPPED_TABLES } from '../../src/services/backup/tables.js';
import {
  ANNOUNCEMENTS,
  sealToken,
  webhookAddress,
} from '../../src/services/discord-webhooks/webhook-setting.js';
import { writeArchive } from '../../src/services/backup/write-archive.js';
import { buildAdmin, buildMember, sessionCookieFor } from '../helpers/factories.js';
import { clientAs, sessionCookieFrom } from '../helpers/test-app.js';
import { engine, type Engine } from '../helpers/test-database.js';
import { emptyDatabase, openPortal, rowCounts, tableRows, type Portal } from './portal.js';

// The backup of one engine restored into the same engine; on the PostgreSQL project also the
// way from the embedded database to PostgreSQL.
const journeys: [Engine, Engine][] =
  engine === 'pglite'
    ? [['pglite', 'pglite']]
    : [
        ['postgres', 'postgres'],
        ['pglite', 'postgres'],
      ];

/** The announcements webhook's token: sealed, it never shows in an archive. */
const WEBHOOK_TOKEN = `tok_${randomBytes(30).toString('base64url')}`;

/** What the original portal holds, to ask both portals the same questions. */
interface Contents {
  admin: UserRow;
  /** In the team role the first entry's rule names: may reveal it. */
  player: UserRow;
  teamIds: string[];
  entries: { id: string; password: string }[];
  adminCookie: string;
}

const json = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** A portal with something in every archived table, made through the API where it can be. */
async function fillPortal(portal: Portal, vaultKey: Buffer): Promise<Contents> {
  const { db } = portal;
  const admin = await buildAdmin(db, { pseudo: 'Admin-Éloïse', name: 'Éloïse', town: 'Lyon' });
  const adminCookie = await sessionCookieFor(db, portal.config, admin);
  const asAdmin = clientAs(portal, { cookie: adminCookie });
  const call = async (options: InjectOptions, status = 200) => {
    const response = await asAdmin.inject(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ _id: string; roles?: { _id: string }[] }>();
  };

  // Members across three pages of the member list, with text that tests any encoding.
  const members: UserRow[] = [];
  for (let index = 0; index < 23; index++) {
    members.push(
      await buildMember(db, {
        pseudo: [`Zoé-${index}`, `🐉 dragon ${index}`, `O"Brien\\${index}`][index % 3]!,
        name: index % 2 ? `Name ${index}` : null,
        surname: `Surname\n${index}`,
        birthday: `${1980 + index}-02-${String(1 + index).padStart(2, '0')}`,
        email: `member${index}@example.org`,
        country: index % 4 ? 'France' : 'Belgique',
        adhesion: index % 3 === 0,
        role: index % 5 === 0 ? 'guest' : 'user',
        discordId: String(100_000_000_000 + index),
        discordTag: `member#${1000 + index}`,
        twitchLogin: index % 2 ? `twitch_${index}` : null,
        twitterLogin: index % 3 ? `twitter_${index}` : null,
        leagueoflegendsLogin: index % 2 ? [`Member${index}#EUW`, `Alt ${index}#EUW`] : [],
        valorantLogin: [`val-${index}`],
        createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
      }),
    );
  }
  const signIn = await clientAs(portal, 'anonymous').post('/auth/local', { pseudo: 'Newcomer' });
  expect(signIn.statusCode).toBe(200);
  expect(sessionCookieFrom(signIn)).toBeTruthy();

  const [player, coach, moderator, leaver] = members;
  const lol = await call(
    {
      method: 'POST',
      url: '/api/teams',
      payload: {
        name: 'Guildhall LoL',
        icon: 'swords',
        type: 'esport',
        game: 'leagueoflegends',
        roles: [
          { role: 'Players', members: [player!.id, leaver!.id, members[5]!.id] },
          { role: 'Coaches', members: [coach!.id] },
        ],
      },
    },
    201,
  );
  const staff = await call(
    {
      method: 'POST',
      url: '/api/teams',
      payload: {
        name: 'Staff',
        icon: 'shield',
        type: 'transversal',
        roles: [{ role: 'Modérateurs', members: [moderator!.id, player!.id] }],
      },
    },
    201,
  );

  const entries = [
    {
      password: `Pa$$-${randomBytes(8).toString('hex')}`,
      rules: [{ teamId: lol._id, roles: ['Players'] }],
    },
    {
      password: 'mot de passe « accentué » 🔑',
      rules: [{ teamId: staff._id, roles: ['Modérateurs'] }],
    },
    { password: 'admins only', rules: [] },
  ];
  const entryIds: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const created = await call(
      {
        method: 'POST',
        url: '/api/password',
        payload: {
          network: ['Discord', 'Twitch', 'Riot'][index],
          account: `team-account-${index}`,
          password: entry.password,
          accessRules: entry.rules,
        },
      },
      201,
    );
    entryIds.push(created._id);
  }
  await call({
    method: 'PUT',
    url: `/api/password/${entryIds[1]}`,
    payload: { network: 'Twitch', account: 'renamed', accessRules: entries[1]!.rules },
  });
  // Revealed by a member who then leaves the team: an exposure.
  for (const member of [player!, leaver!]) {
    const reveal = await clientAs(portal, member).post(`/api/password/${entryIds[0]}/reveal`);
    expect(reveal.statusCode).toBe(200);
  }
  await call({
    method: 'PUT',
    url: `/api/teams/${lol._id}`,
    payload: {
      name: 'Guildhall LoL',
      icon: 'swords',
      type: 'esport',
      game: 'leagueoflegends',
      roles: [
        { _id: lol.roles![0]!._id, role: 'Players', members: [player!.id, members[5]!.id] },
        { _id: lol.roles![1]!._id, role: 'Coaches', members: [coach!.id] },
      ],
    },
  });

  await call(
    {
      method: 'POST',
      url: '/api/alerts',
      payload: {
        type: 'infos',
        statut: 'active',
        condition: 'true',
        message: '<p>Bienvenue à <strong>tous</strong></p>',
      },
    },
    201,
  );
  await call(
    {
      method: 'POST',
      url: '/api/alerts',
      payload: {
        type: 'warn',
        statut: 'active',
        condition: '"Players" in team_roles',
        message: '<p>Scrim ce soir</p>',
      },
    },
    201,
  );
  await call(
    {
      method: 'POST',
      url: '/api/alerts',
      payload: {
        type: 'success',
        statut: 'inactive',
        condition: 'not adhesion',
        message: '<p>Adhérez</p>',
      },
    },
    201,
  );

  await call({
    method: 'PUT',
    url: '/api/organization',
    payload: {
      name: 'Les Chevaliers',
      email: 'contact@chevaliers.example',
      primary_color: '#aa3311',
      secondary_color: '#102030',
      background_color: '#fafafa',
      website: 'https://chevaliers.example',
      twitch: 'https://twitch.tv/chevaliers',
      twitter: 'https://x.com/chevaliers',
      instagram: 'https://instagram.com/chevaliers',
      facebook: 'https://facebook.com/chevaliers',
    },
  });
  // Random pixels: the logo weighs tens of kilobytes, every byte value in it.
  const logo = await sharp(randomBytes(96 * 96 * 3), {
    raw: { width: 96, height: 96, channels: 3 },
  })
    .png()
    .toBuffer();
  const boundary = 'backup-test-boundary';
  const upload = await asAdmin.post(
    '/api/organization/upload-logo',
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      logo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
  );
  expect(upload.statusCode, upload.body).toBe(200);

  // The announcements' webhook, its token sealed, and an alert's post waiting for it.
  await db.insert(discordWebhooks).values({
    id: ANNOUNCEMENTS,
    webhookId: '1180000000000000001',
    sealedToken: sealToken(vaultKey, WEBHOOK_TOKEN, ANNOUNCEMENTS),
    keyVersion: 1,
  });
  await call(
    {
      method: 'POST',
      url: '/api/alerts',
      payload: {
        type: 'infos',
        statut: 'active',
        condition: 'true',
        message: '<p>Match ce soir à <b>21 h</b> « 🎮 »</p>',
        post_to_discord: true,
      },
    },
    201,
  );

  // What League lookups leave behind; a time with microseconds, which must survive.
  await db.insert(riotAccounts).values([
    {
      riotIdKey: 'member1#euw',
      gameName: 'Member1',
      tagLine: 'EUW',
      puuid: randomBytes(39).toString('base64url'),
      resolvedAt: sql`'2025-03-04 05:06:07.123456+00'`,
    },
    { riotIdKey: 'alt 1#euw', gameName: 'Alt 1', tagLine: 'EUW' },
  ]);
  // Rows of the skipped tables: none of them may come back.
  const later = new Date(Date.now() + 60_000);
  await db
    .insert(riotCache)
    .values({ key: 'league:entries:x', body: { tier: 'GOLD' }, expiresAt: later });
  await db
    .insert(rateLimitCounters)
    .values({ key: 'backup-test:counter', count: 3, windowEndsAt: later });
  await db
    .insert(riotRateLimitSlots)
    .values({ windowKey: 'euw1:app:1', slotId: 's1', inFlight: false, expiresAt: later });
  await db.insert(oauthStates).values({
    stateHash: 'ab'.repeat(32),
    provider: 'twitch',
    codeVerifier: 'verifier',
    userId: admin.id,
    expiresAt: later,
  });

  return {
    admin,
    player: player!,
    teamIds: [lol._id, staff._id],
    entries: entryIds.map((id, index) => ({ id, password: entries[index]!.password })),
    adminCookie,
  };
}

/** Everything a client reads of the portal, asked as the admin and as a member. */
async function clientView(portal: Portal, contents: Contents) {
  const admin = clientAs(portal, contents.admin);
  const player = clientAs(portal, contents.player);
  const get = async (url: string, client = admin) => json(await client.get(url));

  const users = [];
  let cursor: string | null = null;
  do {
    const page = (await get(`/api/users?limit=10${cursor ? `&cursor=${cursor}` : ''}`)) as {
      next_cursor: string | null;
    };
    users.push(page);
    cursor = page.next_cursor;
  } while (cursor);
  const logo = await clientAs(portal, 'anonymous').get('/api/organization/logo');
  expect(logo.statusCode).toBe(200);
  return {
    users,
    usersByJoinDate: await get('/api/users?sort=-created_at&limit=50'),
    latest: await get('/api/users/latest'),
    account: await get('/api/user', player),
    teams: await get('/api/teams'),
    teamDetails: await Promise.all(contents.teamIds.map((id) => get(`/api/teams/${id}`))),
    playerRoles: await get(`/api/teams/check-all-roles/${contents.player.id}`),
    alerts: await get('/api/alerts?all=1'),
    playerAlerts: await get('/api/alerts', player),
    organization: json(await clientAs(portal, 'anonymous').get('/api/organization')),
    logo: {
      type: logo.headers['content-type'],
      etag: logo.headers.etag,
      bytes: logo.rawPayload.toString('base64'),
    },
    passwords: await get('/api/password'),
    playerPasswords: await get('/api/password', player),
    audits: await Promise.all(contents.entries.map(({ id }) => get(`/api/password/${id}/audit`))),
    exposures: await get('/api/password/exposures'),
  };
}

const reveal = async (portal: Portal, member: UserRow, id: string) => {
  const response = await clientAs(portal, member).post(`/api/password/${id}/reveal`);
  return (json(response) as { password: string }).password;
};

/** Every archived table's rows, printed by PostgreSQL. */
const allRows = async (database: Database) =>
  Object.fromEntries(
    await Promise.all(
      ARCHIVED_TABLES.map(async (table) => [table.name, await tableRows(database.db, table)]),
    ),
  );

/** A valid member row, as a hand edit of an archive would add it. */
const INTRUDER = {
  id: '0'.repeat(24),
  pseudo: 'Intrus',
  role: 'user',
  adhesion: false,
  leagueoflegends_login: [],
  valorant_login: [],
  fortnite_login: [],
  created_at: '2024-01-01T00:00:00+00:00',
  updated_at: '2024-01-01T00:00:00+00:00',
};

/** A copy of the archive with its lines changed, gzip'd again. */
function rewritten(file: string, folder: string, change: (lines: string[]) => string[]): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const copy = join(folder, `edited-${randomBytes(4).toString('hex')}.gz`);
  writeFileSync(copy, gzipSync(change(lines).join('\n')));
  return copy;
}

describe.each(journeys)('a backup made on %s, restored into %s', (from, to) => {
  const vaultKey = randomBytes(32);
  let folder: string;
  /** Damaged and edited copies of the archive. */
  let scratch: string;
  let file: string;
  let source: Portal;
  let contents: Contents;
  let header: ArchiveHeader;
  let target: Database;
  let restored: Portal | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'guildhall-backup-'));
    scratch = mkdtempSync(join(tmpdir(), 'guildhall-backup-copies-'));
    file = join(folder, 'guildhall.jsonl.gz');
    source = await openPortal(await emptyDatabase(from), vaultKey);
    contents = await fillPortal(source, vaultKey);
    header = await writeArchive({ database: source.database, file });
    target = await emptyDatabase(to);
  });
  afterAll(async () => {
    await source?.close();
    await (restored ?? target)?.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes one file of mode 0600 whose header names the format, migration, time and counts', async () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['guildhall.jsonl.gz']);
    expect(await readArchiveHeader(file)).toEqual(header);
    expect(header).toMatchObject({
      format: 'guildhall-backup',
      version: 1,
      engine: from,
      migration: codeMigrationLevel(),
    });
    expect(Date.parse(header.createdAt)).not.toBeNaN();
    const counts = await rowCounts(source.db);
    expect(header.tables).toEqual(
      ARCHIVED_TABLES.map(({ name }) => ({ name, rows: counts[name] })),
    );
    expect(header.tables.find((table) => table.name === 'users')?.rows).toBe(25);
    expect(header.skipped.map((table) => table.name).sort()).toEqual(
      Object.keys(SKIPPED_TABLES).sort(),
    );
    expect(header.vaultKey).toMatch(/VAULT_KEY is not in this archive/);
  });

  it('leaves out no table of the migrated database: each is archived or skipped by name', async () => {
    const { rows } = (await source.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { name: string }[] };
    const covered = [...ARCHIVED_TABLES.map((table) => table.name), ...Object.keys(SKIPPED_TABLES)];
    expect(rows.map((row) => row.name).sort()).toEqual(covered.sort());
  });

  it('holds neither the vault key nor a password in clear', () => {
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).not.toContain(vaultKey.toString('base64'));
    expect(text).not.toContain(vaultKey.toString('hex'));
    for (const { password } of contents.entries) expect(text).not.toContain(password);
    expect(text).not.toContain(WEBHOOK_TOKEN);
    expect(text).toContain('Admin-Éloïse');
  });

  it('refuses a backup of another migration level, and leaves the database as it was', async () => {
    const before = await databaseMigrationLevel(target.db);
    const other = rewritten(file, scratch, ([first, ...rest]) => [
      JSON.stringify({ ...JSON.parse(first!), migration: { tag: '0001_members', when: 1 } }),
      ...rest,
    ]);
    await expect(restoreArchive({ database: target, file: other })).rejects.toThrow(
      /made at migration 0001_members/,
    );
    expect(await databaseMigrationLevel(target.db)).toEqual(before);
    expect(Object.values(await rowCounts(target.db)).every((rows) => rows === 0)).toBe(true);
  });

  it.each<[string, (bytes: Buffer) => Buffer]>([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6))],
    // Wherever the damage is: rows read before the stream fails must not outlive the rollback.
    ...[0.3, 0.5, 0.7, 0.9].map(
      (at) =>
        [
          `with a damaged byte at ${at * 100}%`,
          (bytes: Buffer) => {
            const copy = Buffer.from(bytes);
            copy[Math.floor(copy.length * at)]! ^= 0xff;
            return copy;
          },
        ] satisfies [string, (bytes: Buffer) => Buffer],
    ),
  ])('restores nothing from an archive %s', async (_case, damage) => {
    const damaged = join(scratch, `damaged-${randomBytes(4).toString('hex')}.gz`);
    writeFileSync(damaged, damage(readFileSync(file)));
    await expect(restoreArchive({ database: target, file: damaged })).rejects.toThrow(ArchiveError);
    expect(Object.values(await rowCounts(target.db)).every((rows) => rows === 0)).toBe(true);
  });

  it.each([
    ['a row removed', (lines: string[]) => lines.filter((line) => !line.includes('Zoé-3'))],
    [
      'a row added',
      (lines: string[]) =>
        lines.flatMap((line) =>
          line.includes('Zoé-3') ? [line, JSON.stringify(INTRUDER)] : [line],
        ),
    ],
    [
      'a row that is not a row',
      (lines: string[]) => lines.map((line) => (line.includes('Zoé-3') ? '{"nope": true}' : line)),
    ],
    ['its end missing', (lines: string[]) => lines.filter((line) => !line.startsWith('{"end"'))],
  ])('restores nothing from an archive with %s', async (_case, change) => {
    const edited = rewritten(file, scratch, change);
    await expect(restoreArchive({ database: target, file: edited })).rejects.toThrow(ArchiveError);
    expect(Object.values(await rowCounts(target.db)).every((rows) => rows === 0)).toBe(true);
  });

  it('refuses to restore into a database that holds data, and changes nothing', async () => {
    const before = await allRows(source.database);
    const error = await restoreArchive({ database: source.database, file }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toMatch(/already holds data \(.*users.*\)/);
    expect(await allRows(source.database)).toEqual(before);
  });

  it('restores every archived row into an empty database, and none of the skipped tables', async () => {
    const result = await restoreArchive({ database: target, file, vaultKey });
    expect(result.vaultKey).toBe('matches');
    expect(await allRows(target)).toEqual(await allRows(source.database));
    const counts = await rowCounts(target.db);
    for (const name of Object.keys(SKIPPED_TABLES)) expect(counts[name], name).toBe(0);
    expect(await databaseMigrationLevel(target.db)).toEqual(codeMigrationLevel());
  });

  it('starts with the same VAULT_KEY and answers clients as the original did', async () => {
    restored = await openPortal(target, vaultKey);
    expect(await clientView(restored, contents)).toEqual(await clientView(source, contents));
  });

  it('reveals the same passwords, and records the reveal after the restored events', async () => {
    const [first, second] = contents.entries;
    expect(await reveal(restored!, contents.player, first!.id)).toBe(first!.password);
    expect(await reveal(restored!, contents.admin, second!.id)).toBe(second!.password);
    expect(await reveal(source, contents.player, first!.id)).toBe(first!.password);
    // The audit order's sequence goes on from the restored events, it does not start again.
    const sequences = await restored!.db
      .select({ sequence: passwordAuditEvents.sequence })
      .from(passwordAuditEvents)
      .orderBy(passwordAuditEvents.sequence);
    expect(new Set(sequences.map((row) => row.sequence)).size).toBe(sequences.length);
    const audit = json(
      await clientAs(restored!, contents.admin).get(`/api/password/${first!.id}/audit`),
    ) as { items: { action: string; member: { pseudo: string } }[] };
    expect(audit.items[0]).toMatchObject({
      action: 'reveal',
      member: { pseudo: contents.player.pseudo },
    });
  });

  it('opens the Discord webhook token with the same key, its post still waiting', async () => {
    const [webhook] = await restored!.db.select().from(discordWebhooks);
    expect(webhookAddress({ key: vaultKey, version: 1 }, webhook!).token).toBe(WEBHOOK_TOKEN);
    const [post] = await restored!.db.select().from(discordOutbox);
    expect(post).toMatchObject({
      status: 'pending',
      payload: { content: 'Match ce soir à **21 h** « 🎮 »', allowed_mentions: { parse: [] } },
    });
  });

  it('signs everyone out: a session of the original portal is unknown to the restored one', async () => {
    const account = (portal: Portal) =>
      clientAs(portal, { cookie: contents.adminCookie }).get('/api/user');
    expect((await account(source)).statusCode).toBe(200);
    expect((await account(restored!)).statusCode).toBe(401);
  });

  it('warns of another vault key: the restored vault refuses it as the server start would', async () => {
    const another = await emptyDatabase(to);
    try {
      const result = await restoreArchive({ database: another, file, vaultKey: randomBytes(32) });
      expect(result.vaultKey).toBe('differs');
    } finally {
      await another.close();
    }
  });
});

describe('an archive that is not one', () => {
  it.each([
    ['a missing file', null, /No file/],
    ['a file that is not gzip', Buffer.from('users,pseudo\n1,alice\n'), /not a Guildhall backup/],
    ['gzip that is not a backup', gzipSync('{"hello":"world"}\n'), /not a Guildhall backup/],
    [
      'a backup of a newer format',
      gzipSync(`${JSON.stringify({ format: 'guildhall-backup', version: 2 })}\n`),
      /format version 2/,
    ],
  ])('refuses %s before touching the database', async (_case, bytes, message) => {
    const folder = mkdtempSync(join(tmpdir(), 'guildhall-backup-'));
    const file = join(folder, 'archive.gz');
    if (bytes) writeFileSync(file, bytes);
    try {
      await expect(readArchiveHeader(file)).rejects.toThrow(message);
      await expect(readArchiveHeader(file)).rejects.toBeInstanceOf(RestoreRefusedError);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
