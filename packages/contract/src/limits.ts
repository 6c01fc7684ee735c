import type { z } from 'zod';

interface Wrapper {
  unwrap?: () => z.ZodType;
  in?: z.ZodType;
}

/**
 * The most characters a text field of the contract takes, read from its schema (through
 * optional, nullable, default and transform wrappers), so that a form's `maxLength` can never
 * drift from what the server accepts. Undefined for a field without a limit.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  for (let current: unknown = schema; current;) {
    const node = current as Wrapper & { maxLength?: number | null };
    if (typeof node.maxLength === 'number') return node.maxLength;
    current = node.unwrap?.() ?? node.in;
  }
  return undefined;
}
