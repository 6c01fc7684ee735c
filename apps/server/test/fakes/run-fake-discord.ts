// Runs the fake Discord provider on its own, for browser tests and offline development:
//   tsx apps/server/test/fakes/run-fake-discord.ts 5198
import { startFakeDiscord } from './fake-discord.js';

const fake = await startFakeDiscord(Number(process.argv[2] ?? process.env.FAKE_DISCORD_PORT ?? 0));
console.log(`fake Discord listening at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
