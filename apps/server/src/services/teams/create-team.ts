import type { TeamFields } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { teams } from '../../db/schema.js';
import { assertMembersExist, teamColumns, withTeamNameUnique, writeRoles } from './team-fields.js';
import { assertTeamNameFree } from './team-name-key.js';
import { recordTeamRoleChanges, teamHoldings } from './team-role-history.js';

/** Creates a team with its roles and members, all or nothing. */
export async function createTeam({ db, fields }: { db: Db; fields: TeamFields }): Promise<string> {
  return withTeamNameUnique(() =>
    db.transaction(async (tx) => {
      await assertTeamNameFree(tx, fields.name);
      await assertMembersExist(tx, fields);
      const id = newId();
      await tx.insert(teams).values({ id, ...teamColumns(fields) });
      await writeRoles(tx, id, fields, new Set());
      await recordTeamRoleChanges(tx, id, new Map(), await teamHoldings(tx, id));
      return id;
    }),
  );
}
