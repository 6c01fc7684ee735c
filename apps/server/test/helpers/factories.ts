import type { Role } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { createSession } from '../../src/auth/sessions.js';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { newId } from '../../src/db/ids.js';
import { users, type UserRow } from '../../src/db/schema.js';

/** A member with a unique pseudo; any column can be given. */
export async function buildMember(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const [member] = await db
    .insert(users)
    .values({
      id: newId(),
      pseudo: `member-${randomBytes(4).toString('hex')}`,
      role: 'user',
      ...overrides,
    })
    .returning();
  return member!;
}

export const buildAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildMember(db, { role: 'admin', ...overrides });

/** A session for the member, as the Cookie header a browser would send. */
export async function sessionCookieFor(db: Db, config: Config, member: UserRow): Promise<string> {
  const { token } = await createSession(db, member.id, config.session);
  return `guildhall_session=${token}`;
}

/** A signed-in member of the given role, with its cookie. */
export async function signedInAs(
  db: Db,
  config: Config,
  role: Role,
): Promise<{ member: UserRow; cookie: string }> {
  const member = await buildMember(db, { role });
  return { member, cookie: await sessionCookieFor(db, config, member) };
}
