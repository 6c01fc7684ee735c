import type { UserRow } from '../../db/schema.js';

/** Who the demo seed (and the tests and benchmarks that write as it) acts as in audit trails. */
export const SEED_ACTOR: Pick<UserRow, 'id' | 'role' | 'pseudo'> = {
  id: '000000000000000000000000',
  role: 'admin',
  pseudo: 'Guildhall',
};
