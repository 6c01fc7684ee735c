// The embedded database's first start, as `npm start` makes it on a fresh clone: the built server
// (`node apps/server/dist/main.js`, local mode, the demo organisation) on an empty DATA_DIR, then
// a later start on the same folder. Prints, for each: the time until the first page answers, the
// resident memory then, the peak (VmHWM) and the resident memory at rest. Prints; never fails on
// a figure.
//
//   npm run build && npm run bench:first-start -w @guildhall/server
//
// BENCH_REST_S (30) is how long to wait for "at rest"; BENCH_STARTS (1) how many first starts;
// BENCH_SERVER_NODE_OPTIONS sets the server's NODE_OPTIONS; BENCH_SERVER_MAIN another build.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { cleanUp, freePort, onCleanup, stopProcess } from './http/processes.js';

const REST_S = Number(process.env.BENCH_REST_S ?? 30);
const STARTS = Number(process.env.BENCH_STARTS ?? 1);
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? resolve(process.env.BENCH_SERVER_MAIN)
  : fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** VmRSS and VmHWM of a process, in MB, from /proc (0 once it is gone). */
function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS') / 1024, peak: field('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

interface Start {
  firstPageS: number;
  rssAtFirstPage: number;
  peak: number;
  rssAtRest: number;
  peakAtRest: number;
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS && {
        NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = () => stopProcess(child, exited);
  onCleanup(stop);
  const pid = child.pid ?? 0;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryMb(pid).peak);
  }, 20);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        async (response) => (await response.arrayBuffer(), response.ok),
        () => false,
      );
      if (answered) break;
      if (performance.now() - started > 180_000) throw new Error('no first page in 3 minutes');
      await sleep(50);
    }
    const firstPageS = (performance.now() - started) / 1000;
    const rssAtFirstPage = memoryMb(pid).rss;
    await sleep(REST_S * 1000);
    const atRest = memoryMb(pid);
    peak = Math.max(peak, atRest.peak);
    return { firstPageS, rssAtFirstPage, peak, rssAtRest: atRest.rss, peakAtRest: atRest.peak };
  } finally {
    clearInterval(sampler);
    await stop();
  }
}

const row = (name: string, s: Start) =>
  `| ${name.padEnd(22)} | ${s.firstPageS.toFixed(1).padStart(14)} | ${s.rssAtFirstPage
    .toFixed(0)
    .padStart(13)} | ${s.peak.toFixed(0).padStart(7)} | ${s.rssAtRest.toFixed(0).padStart(11)} |`;

try {
  console.log(
    `${cpus().length} cores, Node ${process.versions.node}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; at rest = ${REST_S} s after the first page`,
  );
  console.log(
    '| start                  | first page (s) | RSS then (MB) | peak MB | at rest, MB |',
  );
  console.log(
    '| ---------------------- | -------------: | ------------: | ------: | ----------: |',
  );
  for (let index = 0; index < STARTS; index += 1) {
    const work = mkdtempSync(join(tmpdir(), 'guildhall-first-start-'));
    onCleanup(() => rmSync(work, { recursive: true, force: true }));
    const dataDir = join(work, 'data');
    console.log(row('first (empty DATA_DIR)', await start(dataDir)));
    console.log(row('later (same folder)', await start(dataDir)));
  }
} finally {
  await cleanUp();
}
