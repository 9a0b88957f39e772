/**
 * Reading a cursor-paged list until enough is found. A searched page of some lists (GET /dealerships?search=) reads
 * a fixed number of index items and may hold few or no matches while a `nextCursor` says there are more to read:
 * a pick list asks page after page until it has `want` matches, the list ends, or `maxPages` were asked (so one
 * search costs a bounded number of requests). The signal stops it between pages too.
 */
export interface CursorPage<Item> {
  items: readonly Item[];
  nextCursor: string | null;
}

export async function collectPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<Item>>,
  { want, maxPages, signal }: { want: number; maxPages: number; signal?: AbortSignal },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let asked = 0; asked < maxPages; asked++) {
    signal?.throwIfAborted();
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (!page.nextCursor || items.length >= want) return { items: items.slice(0, want), nextCursor: page.nextCursor };
    cursor = page.nextCursor;
  }
  return { items: items.slice(0, want), nextCursor: cursor ?? null };
}
