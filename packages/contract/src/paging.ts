import { z } from 'zod';
import { ID_PATTERN } from './ids.js';

/*
 * The one paging shape (decision 061). A list answers `{ items, next_cursor }`; the caller asks
 * the next page with `?cursor=<next_cursor>` and may say how many it wants with `limit`.
 * The cursor is opaque to the client: base64url of the JSON array of the last item's sort key,
 * which the contract decodes and checks, so that a cursor that is not one of the list's answers
 * is a 400 with the contract's error shape before the server reads anything.
 */

/** The longest cursor any list hands out is far below this; longer is not one of ours. */
export const PAGE_CURSOR_MAX_LENGTH = 2048;

type CursorKey = readonly (string | number | null)[];

function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
  try {
    return atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
}

/** The cursor of the page after the item whose sort key this is. Keys are ASCII, or escaped. */
export function encodeCursor(key: CursorKey): string {
  // Past ASCII (a pseudo's accent), JSON's own escapes: base64 takes one byte a character.
  const json = JSON.stringify(key).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return toBase64Url(json);
}

function decodeCursor(cursor: string): unknown {
  const json = fromBase64Url(cursor);
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** A cursor that decodes to the list's sort key, checked by `key`. */
export function cursorSchema<Key extends z.ZodType<CursorKey>>(key: Key) {
  return z
    .string()
    .max(PAGE_CURSOR_MAX_LENGTH, 'must be a page cursor')
    .transform((cursor, ctx): z.output<Key> => {
      const parsed = key.safeParse(decodeCursor(cursor));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'must be a page cursor' });
      return z.NEVER;
    });
}

/** Sort key parts most lists use. */
export const cursorKeyParts = {
  /** An instant as the server writes it, to the millisecond or the microsecond. */
  instant: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:\d{3})?Z$/)
    .refine((at) => !Number.isNaN(Date.parse(at.slice(0, 23) + 'Z'))),
  id: z.string().regex(ID_PATTERN),
  /** A row's position in an identity sequence, or an offset into a ranking. */
  position: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
};

/**
 * The query fields of a paged list, to spread into its query schema beside its filters:
 * `cursor` (the `next_cursor` of the page before; absent for the first) and `limit`.
 */
export function pageQueryFields<Key extends z.ZodType<CursorKey>>(
  key: Key,
  { defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number },
) {
  return {
    cursor: cursorSchema(key).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

/** A page of a list: its items in the list's order, and the cursor of the next; null on the last. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** Ask it as `cursor` for the next page; null when this page is the last. */
    next_cursor: z.string().nullable(),
  });
}

export interface Page<Item> {
  items: Item[];
  next_cursor: string | null;
}

/**
 * Cuts a page from rows read with `limit + 1` (one more than the page, to know whether another
 * follows) and names its next cursor by the last item's key.
 */
export function cutPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  present: (row: Row) => Item,
  keyOf: (row: Row) => CursorKey,
): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(present),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
