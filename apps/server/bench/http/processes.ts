import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Work to undo at the end, newest first: run on success, failure, Ctrl-C and SIGTERM alike. */
const cleanups: (() => Promise<void> | void)[] = [];

export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error instanceof Error ? error.message : error);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing what the bench made`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Server {
  name: string;
  pid: number;
  url: string;
  /** Resident memory of the process, in MB, from /proc. */
  rssMb(): number;
  /** CPU time the process has used so far (user and system), in ms, from /proc. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Starts a node process that serves HTTP on `port`, its output in `logFile`, and resolves once
 * `readyPath` answers 200. The process is stopped at clean-up if the caller has not done it.
 */
export async function startServer(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  logFile: string;
}): Promise<Server> {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, options.args, {
    env: options.env,
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => stopProcess(child, exited);
  onCleanup(stop);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited at start:\n${tail(options.logFile)}`);
    }
    const ready = await fetch(`${url}${options.readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      throw new Error(`${options.name} did not answer within 60 s:\n${tail(options.logFile)}`);
    }
    await sleep(100);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} has no pid`);
  return {
    name: options.name,
    pid,
    url,
    rssMb: () => rssMb(pid),
    cpuMs: () => processCpuMs(pid),
    stop,
  };
}

/** SIGTERM, then SIGKILL if the process is still there after 15 s. */
export async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killed);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) / 1024;
}

/** Linux counts process times in ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const TICK_MS = 10;

/** CPU time a process has used so far (user and system), in ms; 0 once it has exited. */
export function processCpuMs(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return 0;
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) * TICK_MS;
}

/** The end of a log, to say why a server did not start. */
function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
}
