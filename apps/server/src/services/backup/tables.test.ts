import { getTableName } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ARCHIVED_TABLES, SCHEMA_TABLES, SKIPPED_TABLES, archivedTables } from './tables.js';

const schemaNames = SCHEMA_TABLES.map((table) => getTableName(table));
const archivedNames = ARCHIVED_TABLES.map((table) => table.name);

describe('the tables a backup holds', () => {
  it('archives every table of the schema unless it is skipped with a reason, never both', () => {
    for (const name of schemaNames) {
      const skipped = name in SKIPPED_TABLES;
      expect(archivedNames.includes(name), name).toBe(!skipped);
      if (skipped) expect(SKIPPED_TABLES[name]!.length, name).toBeGreaterThan(10);
    }
    expect(archivedNames.length + Object.keys(SKIPPED_TABLES).length).toBe(schemaNames.length);
  });

  it('skips only tables the schema has', () => {
    for (const name of Object.keys(SKIPPED_TABLES)) expect(schemaNames).toContain(name);
  });

  it('skips every table whose name says it is a cache, a counter or a rate limit', () => {
    // A new one must be added to SKIPPED_TABLES (or renamed): backups do not carry them.
    for (const name of schemaNames.filter((name) => /cache|counter|rate_limit/.test(name))) {
      expect(SKIPPED_TABLES, name).toHaveProperty(name);
    }
  });

  it('signs everyone out: sessions and sign-ins in flight are not archived', () => {
    expect(archivedNames).not.toContain('sessions');
    expect(archivedNames).not.toContain('oauth_states');
  });

  it('keeps the data of the portal, the vault and its key check', () => {
    expect(archivedNames).toEqual(
      expect.arrayContaining([
        'users',
        'organization',
        'organization_logo',
        'teams',
        'team_roles',
        'team_role_members',
        'alerts',
        'password_entries',
        'password_access_rules',
        'password_audit_events',
        'vault_keys',
        'riot_accounts',
        'discord_webhooks',
        'discord_outbox',
      ]),
    );
  });

  it('lists referenced tables first and references no skipped table', () => {
    for (const [index, table] of ARCHIVED_TABLES.entries()) {
      for (const name of table.references) {
        expect(archivedNames.indexOf(name), `${table.name} → ${name}`).toBeGreaterThanOrEqual(0);
        expect(archivedNames.indexOf(name), `${table.name} → ${name}`).toBeLessThan(index);
      }
    }
  });

  it('gives every archived table a primary key (rows are archived in its order)', () => {
    for (const table of ARCHIVED_TABLES) expect(table.primaryKey, table.name).not.toEqual([]);
  });

  it('orders tables declared before the tables they reference', () => {
    const child = pgTable('child', {
      id: text('id').primaryKey(),
      parentId: integer('parent_id').references(() => parent.id),
    });
    const parent = pgTable('parent', { id: integer('id').primaryKey() });
    const cache = pgTable('some_cache', { key: text('key').primaryKey() });
    expect(archivedTables([child, cache, parent], { some_cache: 'a cache' })).toMatchObject([
      { name: 'parent', primaryKey: ['id'], references: [] },
      { name: 'child', primaryKey: ['id'], references: ['parent'] },
    ]);
  });
});
