import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { FindMember, RequireAbility, RequireMember } from '../plugins/authenticate.js';

/** What every route plugin is registered with. */
export interface RouteDeps {
  db: Db;
  config: Config;
  requireMember: RequireMember;
  requireAbility: RequireAbility;
  findMember: FindMember;
}
