import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIGEST_FILE, PARTS, buildChanged } from './build-changed.mjs';

/*
 * A checkout of two parts: `lib` and `app`, the app built from its own sources and lib's. Each
 * build writes its output and is counted, as `npm run build -w …` would.
 */
let root;
let runs;
const parts = [
  { name: 'lib', inputs: ['lib/src'], output: 'lib/dist', command: ['lib'] },
  {
    name: 'app',
    inputs: ['app/src', 'lib/src'],
    output: 'app/dist',
    alsoWrites: ['app/template.bin'],
    command: ['app'],
  },
];
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const run = ([name]) => {
  runs.push(name);
  mkdirSync(join(root, name, 'dist'), { recursive: true });
  if (name === 'app') write('app/template.bin', 'cluster');
};
const build = () => buildChanged({ root, parts, run, log: () => {} });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-changed-'));
  runs = [];
  write('lib/src/index.ts', 'export const a = 1;');
  write('app/src/main.ts', 'console.log(1);');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a start builds only what changed', () => {
  it('builds every part the first time, and none when nothing changed', () => {
    expect(build()).toEqual(['lib', 'app']);
    expect(build()).toEqual([]);
    expect(runs).toEqual(['lib', 'app']);
  });

  it('builds a part again when one of its inputs changes, and the parts built from it', () => {
    build();
    write('app/src/main.ts', 'console.log(2);');
    expect(build()).toEqual(['app']);
    write('lib/src/index.ts', 'export const a = 2;');
    expect(build()).toEqual(['lib', 'app']);
    write('lib/src/extra.ts', 'export const b = 1;');
    expect(build()).toEqual(['lib', 'app']);
  });

  it('ignores what installs and builds write among the inputs', () => {
    build();
    write('app/src/node_modules/x/index.js', 'x');
    write('app/src/dist/old.js', 'x');
    expect(build()).toEqual([]);
  });

  it('builds a part again when its output or what else it writes is gone', () => {
    build();
    rmSync(join(root, 'app/dist'), { recursive: true });
    expect(build()).toEqual(['app']);
    rmSync(join(root, 'app/template.bin'));
    expect(build()).toEqual(['app']);
  });

  it('keeps no digest of a build that failed, and stops there', () => {
    const failing = ([name]) => {
      runs.push(name);
      if (name === 'lib') throw new Error('lib failed');
    };
    expect(() => buildChanged({ root, parts, run: failing, log: () => {} })).toThrow('lib failed');
    expect(runs).toEqual(['lib']);
    expect(build()).toEqual(['lib', 'app']);
  });

  it('keeps the digest in each output folder', () => {
    build();
    expect(readFileSync(join(root, 'lib/dist', DIGEST_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  });
});

describe("Guildhall's parts", () => {
  it('build the contract first, and build the web app and the server from its sources', () => {
    expect(PARTS.map((part) => part.name)).toEqual(['contract', 'web', 'server']);
    for (const part of PARTS.slice(1)) {
      expect(part.inputs).toContain('packages/contract/src');
      expect(part.inputs).toContain('package-lock.json');
    }
  });
});
