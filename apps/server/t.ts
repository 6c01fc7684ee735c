import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './src/db/client.js';
let t = Date.now();
const p = await PGlite.create(); console.log('create', Date.now()-t); t=Date.now();
const p2 = await PGlite.create(); console.log('create2', Date.now()-t); t=Date.now();
const d = await openPglite(undefined); console.log('open', Date.now()-t); t=Date.now();
await d.migrate(); console.log('migrate', Date.now()-t); t=Date.now();
const blob = await (d as any).db.$client?.dumpDataDir?.('none'); console.log('dump', Date.now()-t, blob?.size); t=Date.now();
if (blob) { const p3 = await PGlite.create({ loadDataDir: blob }); console.log('load', Date.now()-t); }
