import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, openPglite } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzip'd PGlite cluster with every migration applied, for the PGlite project. */
    migratedPglite: string;
    /** A migrated PostgreSQL database that each test database is copied from. */
    migratedPostgres: string;
  }
}

/**
 * Migrates one database before any test file runs, and hands it to every file of the project:
 * a PGlite file copies it instead of running initdb and the migrations (seconds each), a
 * PostgreSQL test database is created from it as a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_ENGINE === 'postgres') return migratedPostgres(project);
  return migratedPglite(project);
}

async function migratedPglite(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'guildhall-pglite-template-'));
  const file = join(folder, 'migrated.tar.gz');
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    const archive = await database.client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('migratedPglite', file);
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function migratedPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `guildhall_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('migratedPostgres', name);
  return async () => {
    await withAdmin(adminUrl, (admin) =>
      admin.query(`drop database if exists ${name} with (force)`),
    );
  };
}

export async function withAdmin<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
