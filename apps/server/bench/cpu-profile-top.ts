// The functions a CPU profile (node --cpu-prof) spends its own time in, and the packages they
// belong to, most first: what to read before optimising anything.
//   npx tsx bench/cpu-profile-top.ts <file.cpuprofile>... [count]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const count = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 25;
if (args.length === 0) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile>... [count]');

/** `node_modules/<package>` (scoped or not), `node:` internals, or the app's own file. */
function origin(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  return url.replace(/^file:\/\//, '').replace(/^.*\/apps\//, 'apps/');
}

for (const file of args) summarise(file);

function summarise(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const name = `${frame.functionName || '(anonymous)'} ${origin(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOrigin.set(origin(frame.url), (byOrigin.get(origin(frame.url)) ?? 0) + micros);
  }

  const print = (title: string, entries: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(
        `${((100 * micros) / total).toFixed(1).padStart(6)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      );
    }
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print('self time by package', byOrigin);
  print('self time by function', byFunction);
}
