/** What Discord says of an account, as the sign-in and the bot both read it. */
interface DiscordAccount {
  id: string;
  username: string;
  discriminator?: string | null;
  avatar?: string | null;
}

/** The account's name on Discord: `name`, or `name#1234` for the few legacy tags left. */
export const discordTag = ({ username, discriminator }: DiscordAccount): string =>
  discriminator && discriminator !== '0' ? `${username}#${discriminator}` : username;

/** The account's picture on Discord's CDN (allowed by the Content-Security-Policy), if any. */
export const discordAvatarUrl = ({ id, avatar }: DiscordAccount): string | null =>
  avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null;
