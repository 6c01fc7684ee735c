/**
 * What a sealed secret is bound to (the cipher's associated data), so that a sealed value copied
 * onto another row does not open. A password entry is bound to its own id; a Discord webhook's
 * token to its destination.
 */
export const tokenBinding = (destination: string) => `discord-webhook:${destination}`;
