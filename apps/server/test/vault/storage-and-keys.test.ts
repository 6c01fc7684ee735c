import type { PasswordEntry } from '@guildhall/contract';
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connectPostgres, openPglite, type Database } from '../../src/db/client.js';
import { passwordAuditEvents, passwordEntries, vaultKeys } from '../../src/db/schema.js';
import { VaultDecryptionError } from '../../src/services/vault/crypto.js';
import { createPassword } from '../../src/services/passwords/create-password.js';
import { SEED_ACTOR } from '../../src/services/seed/seed-actor.js';
import {
  VaultKeyError,
  decodeKey,
  localKeyFile,
  unlockVault,
  type Vault,
} from '../../src/services/vault/keyring.js';
import { rotateVaultKey } from '../../src/services/vault/rotate-key.js';
import { buildAdmin } from '../helpers/factories.js';
import {
  type Client,
  clientAs,
  createTestContext,
  testConfig,
  type TestContext,
} from '../helpers/test-app.js';
import { engine } from '../helpers/test-database.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ROTATE_CLI = join('apps', 'server', 'src', 'cli', 'rotate-vault-key.ts');
const CONTRACT_SOURCE = join(REPO_ROOT, 'packages', 'contract', 'src', 'index.ts');
const PROCESS_TIMEOUT_MS = 60_000;

const secretFor = (label: string) => `Vault-${label}-${randomBytes(8).toString('hex')}`;

/** The app on a database and a vault, as main.ts builds it, with an admin to drive it. */
async function appOn(database: Database, vault: Vault) {
  const config = testConfig();
  const app = await buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent' });
  await app.ready();
  return { app, admin: clientAs({ app, db: database.db, config }, await buildAdmin(database.db)) };
}

async function createThroughApi(
  admin: Client,
  fields: { network: string; password: string },
): Promise<PasswordEntry> {
  const response = await admin.post('/api/password', {
    account: 'team-account',
    accessRules: [],
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json<PasswordEntry>();
}

const revealThroughApi = (admin: Client, id: string) => admin.post(`/api/password/${id}/reveal`);

/** Every file under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => {
    const path = join(item.parentPath, item.name);
    if (item.isDirectory()) return filesUnder(path);
    return item.isFile() ? [path] : [];
  });
}

/** The files under `folder` whose bytes contain `text` in UTF-8. */
function filesContaining(folder: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return filesUnder(folder).filter((file) => readFileSync(file).includes(needle));
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('nothing in storage is clear text', () => {
  /** Creates an entry, then changes its password: neither value may be stored in clear. */
  async function storeSecrets(database: Database) {
    await database.migrate();
    const vault = await unlockVault(database.db, randomBytes(32));
    const { app, admin } = await appOn(database, vault);
    const network = `Storage-Network-${randomBytes(6).toString('hex')}`;
    const [first, second] = [secretFor('stored-first'), secretFor('stored-second')];
    const entry = await createThroughApi(admin, { network, password: first });
    const edit = await admin.put(`/api/password/${entry._id}`, {
      network,
      account: 'team-account',
      password: second,
      accessRules: [],
    });
    expect(edit.statusCode).toBe(200);
    const reveal = await revealThroughApi(admin, entry._id);
    expect(reveal.json()).toEqual({ password: second });
    await app.close();
    await database.close();
    return { network, secrets: [first, second] };
  }

  if (engine === 'pglite') {
    it(
      'leaves no password in any file of the PGlite data folder',
      async () => {
        const folder = mkdtempSync(join(tmpdir(), 'guildhall-vault-storage-'));
        try {
          const { network, secrets } = await storeSecrets(await openPglite(folder));

          expect(filesUnder(folder).length).toBeGreaterThan(10);
          // The search works: what is stored in clear is found.
          expect(filesContaining(folder, network)).not.toEqual([]);
          for (const secret of secrets) expect(filesContaining(folder, secret)).toEqual([]);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
      PROCESS_TIMEOUT_MS,
    );
  }

  if (engine === 'postgres') {
    it(
      'leaves no password in a pg_dump of the PostgreSQL database',
      async () => {
        const adminUrl = process.env.TEST_DATABASE_URL;
        if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
        const name = `guildhall_dump_${randomBytes(6).toString('hex')}`;
        await asAdmin(adminUrl, `create database ${name}`);
        try {
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          const { network, secrets } = await storeSecrets(connectPostgres(url.toString()));

          const dump = execFileSync('pg_dump', [url.toString()], {
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
          });
          expect(dump).toContain('password_entries');
          expect(dump).toContain(network);
          for (const secret of secrets) {
            expect(dump).not.toContain(secret);
            // A bytea column is dumped in hex: the value stored as bytes would show so.
            expect(dump).not.toContain(Buffer.from(secret, 'utf8').toString('hex'));
          }
        } finally {
          await asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
        }
      },
      PROCESS_TIMEOUT_MS,
    );
  }
});

describe('sealed values fail closed', () => {
  let ctx: TestContext;
  let admin: Client;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = clientAs(ctx, await buildAdmin(ctx.db));
  });
  afterAll(() => ctx.close());

  const sealedOf = async (id: string) =>
    (await ctx.db.select().from(passwordEntries).where(eq(passwordEntries.id, id)))[0]!.sealed;
  const setSealed = (id: string, sealed: Buffer) =>
    ctx.db.update(passwordEntries).set({ sealed }).where(eq(passwordEntries.id, id));
  const revealsOf = async (id: string) =>
    ctx.db
      .select()
      .from(passwordAuditEvents)
      .where(and(eq(passwordAuditEvents.entryId, id), eq(passwordAuditEvents.action, 'reveal')));

  it('refuses a value moved onto another entry’s row: an error, never the other value', async () => {
    const [xSecret, ySecret] = [secretFor('x'), secretFor('y')];
    const x = await createThroughApi(admin, { network: 'X', password: xSecret });
    const y = await createThroughApi(admin, { network: 'Y', password: ySecret });

    await setSealed(y._id, await sealedOf(x._id));

    const response = await revealThroughApi(admin, y._id);
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(response.body).not.toContain(xSecret);
    expect(response.body).not.toContain(ySecret);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: expect.any(String) },
    });
    // Nothing was revealed, so nothing is recorded as revealed.
    expect(await revealsOf(y._id)).toEqual([]);
    // The value still opens where it belongs.
    expect((await revealThroughApi(admin, x._id)).json()).toEqual({ password: xSecret });
  });

  it.each([
    ['the nonce', 0],
    ['the tag', 12],
    ['the ciphertext', 28],
    ['the last byte', -1],
  ])('refuses a stored value with a byte changed in %s', async (_part, index) => {
    const secret = secretFor('tampered');
    const entry = await createThroughApi(admin, {
      network: 'Tampered',
      password: secret,
    });
    const original = await sealedOf(entry._id);
    const tampered = Buffer.from(original);
    const at = index < 0 ? tampered.length + index : index;
    tampered[at] = tampered[at]! ^ 0x01;
    await setSealed(entry._id, tampered);

    const response = await revealThroughApi(admin, entry._id);
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('"password"');
    expect(await revealsOf(entry._id)).toEqual([]);

    await setSealed(entry._id, original);
    expect((await revealThroughApi(admin, entry._id)).json()).toEqual({
      password: secret,
    });
  });

  it('stops on a key that is not the vault’s, and opens with the right one', async () => {
    await expect(unlockVault(ctx.db, randomBytes(32))).rejects.toBeInstanceOf(VaultKeyError);
    await expect(unlockVault(ctx.db, randomBytes(32))).rejects.toThrow(/not the key of this vault/);
    expect(await unlockVault(ctx.db, ctx.vault.key)).toEqual(ctx.vault);
    expect(ctx.vault.version).toBe(1);
  });
});

describe('vault keys', () => {
  it('refuses a key that is not 32 bytes in base64', () => {
    expect(() => decodeKey(randomBytes(16).toString('base64'))).toThrow(VaultKeyError);
    expect(() => decodeKey('')).toThrow(VaultKeyError);
    expect(decodeKey(randomBytes(32).toString('base64'))).toHaveLength(32);
  });

  it('creates the local key file once, readable by its owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'guildhall-vault-keyfile-'));
    try {
      const key = localKeyFile(dataDir);
      expect(decodeKey(key)).toHaveLength(32);
      expect(statSync(join(dataDir, 'vault.key')).mode & 0o777).toBe(0o600);
      expect(localKeyFile(dataDir)).toBe(key);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('key rotation', () => {
  let ctx: TestContext;
  let admin: Client;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = clientAs(ctx, await buildAdmin(ctx.db));
  });
  afterAll(() => ctx.close());

  const storedEntries = () =>
    ctx.db.select().from(passwordEntries).orderBy(asc(passwordEntries.id));
  const storedKeys = () => ctx.db.select().from(vaultKeys).orderBy(asc(vaultKeys.version));

  it('re-encrypts every entry under the new key; the old key no longer opens the vault', async () => {
    const secrets = [secretFor('one'), secretFor('two'), 'ünïcödé ✓ 🔑', ' spaces around '];
    const entries = [];
    for (const [index, password] of secrets.entries()) {
      entries.push(await createThroughApi(admin, { network: `Rotated ${index}`, password }));
    }
    const oldKey = ctx.vault.key;
    const before = await storedEntries();
    expect(before.map((row) => row.keyVersion)).toEqual(secrets.map(() => 1));

    // A value that does not open stops the rotation, and nothing changes.
    const broken = Buffer.from(before[0]!.sealed);
    broken[broken.length - 1] = broken[broken.length - 1]! ^ 0x01;
    await ctx.db
      .update(passwordEntries)
      .set({ sealed: broken })
      .where(eq(passwordEntries.id, before[0]!.id));
    await expect(
      rotateVaultKey({ db: ctx.db, oldKey: oldKey, newKey: randomBytes(32) }),
    ).rejects.toBeInstanceOf(VaultDecryptionError);
    await ctx.db
      .update(passwordEntries)
      .set({ sealed: before[0]!.sealed })
      .where(eq(passwordEntries.id, before[0]!.id));
    expect(await storedEntries()).toEqual(before);
    expect(await unlockVault(ctx.db, oldKey)).toEqual({ key: oldKey, version: 1 });

    const newKey = randomBytes(32);
    expect(await rotateVaultKey({ db: ctx.db, oldKey: oldKey, newKey: newKey })).toEqual({
      version: 2,
      entries: secrets.length,
      webhooks: 0,
    });

    await expect(unlockVault(ctx.db, oldKey)).rejects.toBeInstanceOf(VaultKeyError);
    const vault = await unlockVault(ctx.db, newKey);
    expect(vault).toEqual({ key: newKey, version: 2 });
    expect((await storedKeys()).map((row) => row.version)).toEqual([2]);

    const after = await storedEntries();
    expect(after.map((row) => row.keyVersion)).toEqual(secrets.map(() => 2));
    for (const [index, row] of after.entries()) {
      expect(row.sealed.equals(before[index]!.sealed)).toBe(false);
      expect(row.passwordChangedAt).toEqual(before[index]!.passwordChangedAt);
    }

    // A server started with the new key reveals every original value...
    const rotated = await appOn(ctx.database, vault);
    try {
      for (const [index, entry] of entries.entries()) {
        const response = await revealThroughApi(rotated.admin, entry._id);
        expect(response.json()).toEqual({ password: secrets[index] });
      }
      // ...and seals new entries under the new version.
      const fresh = await createThroughApi(rotated.admin, {
        network: 'After rotation',
        password: 'sealed-with-v2',
      });
      const [freshRow] = await ctx.db
        .select()
        .from(passwordEntries)
        .where(eq(passwordEntries.id, fresh._id));
      expect(freshRow?.keyVersion).toBe(2);
    } finally {
      await rotated.app.close();
    }
    // One still holding the old key fails closed.
    const stale = await revealThroughApi(admin, entries[0]!._id);
    expect(stale.statusCode).toBeGreaterThanOrEqual(500);
    expect(stale.body).not.toContain(secrets[0]);

    // Refused: the same key again, or an old key that is not the vault's; nothing changes.
    const settled = await storedEntries();
    await expect(
      rotateVaultKey({ db: ctx.db, oldKey: newKey, newKey: Buffer.from(newKey) }),
    ).rejects.toBeInstanceOf(VaultKeyError);
    await expect(
      rotateVaultKey({ db: ctx.db, oldKey: oldKey, newKey: randomBytes(32) }),
    ).rejects.toBeInstanceOf(VaultKeyError);
    expect(await storedEntries()).toEqual(settled);
    expect(await unlockVault(ctx.db, newKey)).toEqual(vault);

    // And the next rotation goes on from version 2.
    const newerKey = randomBytes(32);
    expect(await rotateVaultKey({ db: ctx.db, oldKey: newKey, newKey: newerKey })).toEqual({
      version: 3,
      entries: secrets.length + 1,
      webhooks: 0,
    });
    expect((await storedKeys()).map((row) => row.version)).toEqual([3]);
  });

  if (engine === 'pglite') {
    it(
      'the vault:rotate command replaces the local key file and re-encrypts every entry',
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'guildhall-vault-rotate-'));
        try {
          // The contract comes from its sources, as in the rest of the suite (no build first).
          const tsconfig = join(dataDir, 'tsconfig.json');
          writeFileSync(
            tsconfig,
            JSON.stringify({
              compilerOptions: { paths: { '@guildhall/contract': [CONTRACT_SOURCE] } },
            }),
          );
          const keyFile = join(dataDir, 'vault.key');
          const oldKeyText = localKeyFile(dataDir);
          const secrets = [secretFor('cli-one'), secretFor('cli-two')];

          const before = await openPglite(dataDir);
          await before.migrate();
          const oldVault = await unlockVault(before.db, decodeKey(oldKeyText));
          const ids: string[] = [];
          for (const [index, password] of secrets.entries()) {
            const entry = await createPassword({
              db: before.db,
              vault: oldVault,
              actor: SEED_ACTOR,
              fields: {
                network: `CLI ${index}`,
                account: 'team-account',
                password,
                accessRules: [],
              },
            });
            ids.push(entry._id);
          }
          await before.close();

          const { stdout } = await promisify(execFile)(
            process.execPath,
            ['--import', 'tsx', ROTATE_CLI],
            {
              cwd: REPO_ROOT,
              env: {
                PATH: process.env.PATH ?? '',
                HOME: process.env.HOME ?? dataDir,
                TMPDIR: tmpdir(),
                TSX_TSCONFIG_PATH: tsconfig,
                NODE_ENV: 'test',
                DATA_DIR: dataDir,
              },
              timeout: PROCESS_TIMEOUT_MS - 10_000,
            },
          );
          expect(stdout).toContain(
            'Re-encrypted 2 entries and 0 Discord webhooks under key version 2',
          );

          const newKeyText = readFileSync(keyFile, 'utf8').trim();
          expect(newKeyText).not.toBe(oldKeyText);
          expect(statSync(keyFile).mode & 0o777).toBe(0o600);
          expect(existsSync(`${keyFile}.next`)).toBe(false);

          const after = await openPglite(dataDir);
          try {
            await expect(unlockVault(after.db, decodeKey(oldKeyText))).rejects.toBeInstanceOf(
              VaultKeyError,
            );
            const vault = await unlockVault(after.db, decodeKey(newKeyText));
            expect(vault.version).toBe(2);
            const { app, admin } = await appOn(after, vault);
            try {
              for (const [index, id] of ids.entries()) {
                expect((await revealThroughApi(admin, id)).json()).toEqual({
                  password: secrets[index],
                });
              }
            } finally {
              await app.close();
            }
          } finally {
            await after.close();
          }
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      PROCESS_TIMEOUT_MS,
    );
  }
});

describe('a server started before a key rotation', () => {
  it('refuses to seal with the old key, and reveals nothing wrong', async () => {
    const ctx = await createTestContext();
    try {
      const admin = clientAs(ctx, await buildAdmin(ctx.db));
      const newKey = randomBytes(32);
      await rotateVaultKey({ db: ctx.db, oldKey: ctx.vault.key, newKey: newKey });
      const response = await admin.post('/api/password', {
        network: 'Late',
        account: 'writer',
        password: 'sealed-with-old-key',
        accessRules: [],
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('vault_key_rotated');
      expect(await ctx.db.select().from(passwordEntries)).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});
