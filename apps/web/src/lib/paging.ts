import type { Page } from '@guildhall/contract';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * Every list the server pages answers `{ items, next_cursor }` (decision 061): the web asks the
 * next page with `cursor`, shows the pages one after the other, and offers the next with <Pager>.
 */

/** The query string of a paged list: its filters, and the cursor of the page asked. */
export function pageQuery(
  filters: Record<string, string | undefined>,
  cursor: string | undefined,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) query.set(name, value);
  }
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The options of `useInfiniteQuery` every paged list shares: where it starts, what comes next. */
export const pagedQuery = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: Page<unknown>) => page.next_cursor ?? undefined,
};

/** The items of the pages read so far, in the list's order. */
export function itemsOf<Item>(data: InfiniteData<Page<Item>> | undefined): Item[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** Every page, read one after the other: for a view that needs the whole range (a month). */
export async function allPages<Item>(
  read: (cursor: string | undefined) => Promise<Page<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}
