// Fails when the JavaScript a visitor downloads before the first paint exceeds the budget: the
// entry script and every module it preloads, as listed in the built index.html.
import console from 'node:console';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(`${dist}index.html`, 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, path]) => path);
if (scripts.length === 0) throw new Error('No script found in dist/index.html: build first.');

let totalKb = 0;
for (const script of new Set(scripts)) {
  const kb = gzipSync(readFileSync(dist + script)).length / 1024;
  totalKb += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${script}`);
}
console.log(
  `${totalKb.toFixed(1).padStart(7)} KB  gzip before first paint (budget ${BUDGET_KB} KB)`,
);
if (totalKb > BUDGET_KB) process.exit(1);
