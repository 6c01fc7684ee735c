/**
 * The servers the browser tests run against (started by playwright.config.ts): Guildhall in
 * local mode (linking Twitch with a fake of Twitch), a fake of Discord, and Guildhall signing in
 * with that fake Discord.
 */
export const LOCAL_MODE_PORT = 5199;
export const FAKE_DISCORD_PORT = 5198;
export const DISCORD_MODE_PORT = 5197;
export const FAKE_TWITCH_PORT = 5196;
export const FAKE_RIOT_PORT = 5195;

export const LOCAL_MODE_URL = `http://localhost:${LOCAL_MODE_PORT}`;
export const FAKE_DISCORD_URL = `http://127.0.0.1:${FAKE_DISCORD_PORT}`;
export const DISCORD_MODE_URL = `http://localhost:${DISCORD_MODE_PORT}`;
export const FAKE_TWITCH_URL = `http://127.0.0.1:${FAKE_TWITCH_PORT}`;
export const FAKE_RIOT_URL = `http://127.0.0.1:${FAKE_RIOT_PORT}`;
