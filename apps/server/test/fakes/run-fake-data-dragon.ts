// Runs the fake Data Dragon on its own, for browser tests and offline development:
//   tsx apps/server/test/fakes/run-fake-data-dragon.ts 5194
// then start Guildhall with DATA_DRAGON_URL=http://127.0.0.1:5194. It knows a few champions
// (Wukong among them) and two items, all drawn as a 1×1 PNG.
import { startFakeDataDragon } from './fake-data-dragon.js';

const fake = await startFakeDataDragon(
  Number(process.argv[2] ?? process.env.FAKE_DATA_DRAGON_PORT ?? 0),
);
console.log(`fake Data Dragon listening at ${fake.url} (version ${fake.version})`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
