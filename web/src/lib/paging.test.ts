import { describe, expect, it, vi } from 'vitest';
import { collectPages, type CursorPage } from './paging';

/** Pages of a searched list: some short or empty, each pointing to the next. */
function pages(...contents: number[][]): (cursor: string | undefined) => Promise<CursorPage<number>> {
  return (cursor) => {
    const index = cursor ? Number(cursor) : 0;
    return Promise.resolve({ items: contents[index], nextCursor: index + 1 < contents.length ? String(index + 1) : null });
  };
}

describe('collectPages', () => {
  it('asks past short and empty pages until it has what it wants', async () => {
    const fetchPage = vi.fn(pages([1], [], [2, 3], [4, 5, 6], [7]));

    const found = await collectPages(fetchPage, { want: 4, maxPages: 10 });

    expect(found).toEqual({ items: [1, 2, 3, 4], nextCursor: '4' });
    expect(fetchPage).toHaveBeenCalledTimes(4);
  });

  it('stops at the end of the list and after maxPages', async () => {
    await expect(collectPages(pages([1], [], [2]), { want: 10, maxPages: 10 })).resolves.toEqual({
      items: [1, 2],
      nextCursor: null,
    });
    await expect(collectPages(pages([], [], [], [9]), { want: 10, maxPages: 2 })).resolves.toEqual({
      items: [],
      nextCursor: '2',
    });
  });

  it('stops between pages once aborted', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn((cursor: string | undefined) => {
      controller.abort();
      return pages([1], [2])(cursor);
    });

    await expect(collectPages(fetchPage, { want: 5, maxPages: 5, signal: controller.signal })).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
