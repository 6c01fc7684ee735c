// Builds what `npm start` runs, each part only when what it is built from changed since its last
// build (decision 065): a start on a checkout already built goes straight to the server.
//
//   node scripts/build-changed.mjs        (what `npm start` runs first)
//   npm run build                         (every part, always: CI, the container image)
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

/** Folders never read as inputs: what installs and builds write. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);

/** The file where a part's output keeps the digest of the inputs it was built from. */
export const DIGEST_FILE = '.inputs-digest';

const CONTRACT = ['packages/contract/src', 'packages/contract/package.json'];
const SHARED = ['package-lock.json', 'tsconfig.base.json'];

/**
 * The parts, in the order they build; each names its inputs, its output folder (where its digest
 * is kept), what else it writes, and its build.
 */
export const PARTS = [
  {
    name: 'contract',
    inputs: [...CONTRACT, 'packages/contract/tsconfig.build.json', ...SHARED],
    output: 'packages/contract/dist',
    command: ['npm', 'run', 'build', '-w', '@guildhall/contract'],
  },
  {
    name: 'web',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/scripts/precompress.mjs',
      'apps/web/package.json',
      ...CONTRACT,
      ...SHARED,
    ],
    output: 'apps/web/dist',
    command: ['npm', 'run', 'build', '-w', '@guildhall/web'],
  },
  {
    name: 'server',
    inputs: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/package.json',
      'apps/server/scripts/build.mjs',
      ...CONTRACT,
      ...SHARED,
    ],
    output: 'apps/server/dist',
    // The embedded database's empty cluster, which the server's build writes beside its output.
    alsoWrites: ['apps/server/pglite-template.tar.gz'],
    command: ['npm', 'run', 'build', '-w', '@guildhall/server'],
  },
];

/** Every file below the inputs (the inputs that exist), by path from the root, sorted. */
function filesOf(root, inputs) {
  const found = [];
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (!SKIPPED.has(entry)) visit(join(path, entry));
      }
    } else if (stat.isFile()) {
      found.push(path);
    }
  };
  for (const input of inputs) {
    const path = join(root, input);
    if (existsSync(path)) visit(path);
  }
  return found.map((path) => relative(root, path)).sort();
}

/** One digest of the inputs' paths and contents, and of the Node.js that builds them. */
export function inputsDigest(root, inputs) {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  for (const file of filesOf(root, inputs)) {
    hash
      .update(`${file}\n`)
      .update(readFileSync(join(root, file)))
      .update('\n');
  }
  return hash.digest('hex');
}

/**
 * Builds each part whose inputs changed since its output was built, in order; a part whose
 * build fails stops the rest, and keeps no digest, so the next start builds it again. Answers
 * the names of the parts built.
 */
export function buildChanged({ root, parts = PARTS, run = runCommand, log = console.log }) {
  const built = [];
  for (const part of parts) {
    const digestPath = join(root, part.output, DIGEST_FILE);
    const digest = inputsDigest(root, part.inputs);
    const kept = existsSync(digestPath) ? readFileSync(digestPath, 'utf8').trim() : undefined;
    const complete = (part.alsoWrites ?? []).every((path) => existsSync(join(root, path)));
    if (kept === digest && complete) {
      log(`${part.name}: unchanged since its last build`);
      continue;
    }
    log(`${part.name}: building`);
    run(part.command, root);
    writeFileSync(digestPath, `${digest}\n`);
    built.push(part.name);
  }
  return built;
}

function runCommand([command, ...args], cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (${result.status ?? result.signal})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildChanged({ root: fileURLToPath(new URL('..', import.meta.url)) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
