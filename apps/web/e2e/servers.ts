/**
 * The servers the browser tests run against (started by playwright.config.ts): Guildhall in
 * local mode (linking Twitch with a fake of Twitch, League data from fakes of Riot and Data Dragon), a fake of Discord, and Guildhall signing in
 * with that fake Discord.
 */
/** The highest of the six ports; `E2E_PORT_BASE` moves them, so that two checkouts can run at once. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 5199);

export const LOCAL_MODE_PORT = BASE;
export const FAKE_DISCORD_PORT = BASE - 1;
export const DISCORD_MODE_PORT = BASE - 2;
export const FAKE_TWITCH_PORT = BASE - 3;
export const FAKE_RIOT_PORT = BASE - 4;
export const FAKE_DATA_DRAGON_PORT = BASE - 5;

export const LOCAL_MODE_URL = `http://localhost:${LOCAL_MODE_PORT}`;
export const FAKE_DISCORD_URL = `http://127.0.0.1:${FAKE_DISCORD_PORT}`;
export const DISCORD_MODE_URL = `http://localhost:${DISCORD_MODE_PORT}`;
export const FAKE_TWITCH_URL = `http://127.0.0.1:${FAKE_TWITCH_PORT}`;
export const FAKE_RIOT_URL = `http://127.0.0.1:${FAKE_RIOT_PORT}`;
export const FAKE_DATA_DRAGON_URL = `http://127.0.0.1:${FAKE_DATA_DRAGON_PORT}`;
