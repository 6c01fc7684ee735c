// Writes the empty database cluster that a first start of the embedded database copies instead
// of running initdb (db/pglite-template.ts). Part of the server's build.
//
//   node apps/server/dist/cli/write-pglite-template.js
import { PGLITE_TEMPLATE, writePgliteTemplate } from '../db/pglite-template.js';

await writePgliteTemplate(PGLITE_TEMPLATE);
