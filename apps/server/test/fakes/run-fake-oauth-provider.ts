// Runs a fake Twitch or Twitter on its own, for browser tests and offline development:
//   tsx apps/server/test/fakes/run-fake-oauth-provider.ts twitch 5197
import { startFakeOAuthProvider, type FakeOAuthKind } from './fake-oauth-provider.js';

const kinds: readonly FakeOAuthKind[] = ['twitch', 'twitter'];
const [kindArgument, portArgument] = process.argv.slice(2);
const kind = kinds.find((candidate) => candidate === kindArgument);
if (!kind) {
  console.error('usage: run-fake-oauth-provider.ts twitch|twitter [port]');
  process.exit(2);
}

const fake = await startFakeOAuthProvider(kind, Number(portArgument ?? 0));
console.log(`fake ${kind} listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
