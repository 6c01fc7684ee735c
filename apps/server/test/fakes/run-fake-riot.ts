// Runs the fake Riot API on its own, for browser tests and offline development:
//   tsx apps/server/test/fakes/run-fake-riot.ts 5199
// then start Guildhall with RIOT_API_KEY=RGAPI-fake-0000-0000-0000-000000000000,
// RIOT_PLATFORM_URL=http://127.0.0.1:5199/platform, RIOT_REGIONAL_URL=http://127.0.0.1:5199/regional.
// It knows the Riot IDs of the demo organisation (src/services/seed/seed-demo.ts).
// POST /__control {"behaviour": {"failure": "slow"}} changes how it answers; GET /__control counts.
import { FAKE_RIOT_API_KEY, seedFakeRiotDemo, startFakeRiot } from './fake-riot.js';

const DEMO_RIOT_IDS = [
  'Kaelith#EUW',
  'Nyra#EUW',
  'NyraSmurf#EUW',
  'Mistral#FR1',
  'Ember#EUW',
  'Tempest#CH1',
  'Zephyr#EUW',
  'Iris#BE1',
  'JinxMain#EUW',
  'Oracle#EUW',
];

const fake = await startFakeRiot(Number(process.argv[2] ?? process.env.FAKE_RIOT_PORT ?? 0));
seedFakeRiotDemo(fake, DEMO_RIOT_IDS);
console.log(`fake Riot API listening at ${fake.url} (key ${FAKE_RIOT_API_KEY})`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
