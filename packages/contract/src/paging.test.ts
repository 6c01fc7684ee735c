import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorKeyParts, cutPage, encodeCursor, pageOf, pageQueryFields } from './paging.js';

const query = z.strictObject(
  pageQueryFields(z.tuple([cursorKeyParts.instant, cursorKeyParts.id]), {
    defaultLimit: 20,
    maxLimit: 100,
  }),
);
const at = '2026-11-28T13:45:01.123456Z';
const id = '0123456789abcdef01234567';

describe('the paging query', () => {
  it('reads a cursor it handed out back into the sort key', () => {
    const cursor = encodeCursor([at, id]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(query.parse({ cursor })).toEqual({ cursor: [at, id], limit: 20 });
  });

  it('carries text past ASCII and null in a key, as the member list sorts by names', () => {
    const names = z.strictObject(
      pageQueryFields(z.tuple([z.string().nullable(), z.string(), cursorKeyParts.id]), {
        defaultLimit: 20,
        maxLimit: 100,
      }),
    );
    const key = ['zoé 💜 ñ', null, id] as const;
    const cursor = encodeCursor(['zoé 💜 ñ', 'x', id]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(names.parse({ cursor }).cursor).toEqual(['zoé 💜 ñ', 'x', id]);
    const withNull = z.strictObject(
      pageQueryFields(z.tuple([z.string(), z.null(), cursorKeyParts.id]), {
        defaultLimit: 20,
        maxLimit: 100,
      }),
    );
    expect(withNull.parse({ cursor: encodeCursor(key) }).cursor).toEqual(key);
  });

  it('asks the first page without a cursor, and takes a limit up to the maximum', () => {
    expect(query.parse({})).toEqual({ limit: 20 });
    expect(query.parse({ limit: '100' })).toEqual({ limit: 100 });
    expect(query.safeParse({ limit: '101' }).success).toBe(false);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
  });

  it.each([
    ['not base64url', 'a+b/c'],
    ['not JSON', encodeURIComponent('%%%')],
    ['another key', encodeCursor([id, at])],
    ['a key too short', encodeCursor([at])],
    ['an impossible date', encodeCursor(['2026-13-45T99:00:00.000Z', id])],
    ['far too long', 'A'.repeat(600)],
  ])('refuses a cursor that is %s, saying it must be a page cursor', (_case, cursor) => {
    const result = query.safeParse({ cursor });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['cursor'],
      message: 'must be a page cursor',
    });
  });
});

describe('a page', () => {
  const rows = [3, 2, 1].map((n) => ({ n }));
  const page = pageOf(z.object({ n: z.number() }));

  it('has a next cursor when more rows were read than the limit, naming the last one served', () => {
    const cut = cutPage(
      rows,
      2,
      (row) => row,
      (row) => [row.n],
    );
    expect(page.parse(cut)).toEqual({
      items: [{ n: 3 }, { n: 2 }],
      next_cursor: encodeCursor([2]),
    });
  });

  it('has none on the last page', () => {
    expect(
      cutPage(
        rows,
        3,
        (row) => row,
        (row) => [row.n],
      ),
    ).toEqual({
      items: rows,
      next_cursor: null,
    });
  });
});
