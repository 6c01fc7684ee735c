// The server's build: every module of src/ turned into JavaScript by esbuild, file for file, in
// dist/ (decision 065). Type checking is `npm run typecheck`'s, not the build's: a start must not
// wait for it.
import console from 'node:console';
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const entryPoints = readdirSync('src', { recursive: true })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => `src/${file}`);

rmSync('dist', { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server: ${entryPoints.length} modules in ${Date.now() - started} ms`);
