// Writes the database cluster that a first start of the embedded database unpacks instead of
// running initdb, with every migration applied (db/pglite-template.ts). Part of the server's build.
//
//   node apps/server/dist/cli/write-pglite-template.js
import { migratePgliteCluster } from '../db/client.js';
import { PGLITE_TEMPLATE, writePgliteTemplate } from '../db/pglite-template.js';

await writePgliteTemplate(PGLITE_TEMPLATE, (cluster) => migratePgliteCluster(cluster));
