import { sha256Hex } from '../../lib/tokens.js';

/** What a dismissal remembers of the message: a new message (its hash differs) shows again. */
export const alertMessageHash = (message: string) => sha256Hex(message);
