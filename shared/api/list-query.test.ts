import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { dealListQuerySchema } from '../deals/list-api';
import { marketplaceListQuerySchema } from '../marketplace/api';
import { listQuerySchema } from './list-query';

const schema = listQuerySchema(
  { shelf: z.enum(['top', 'bottom'], 'Invalid shelf').default('top') },
  { pageSize: { default: 10, max: 20 }, searchMax: 30 },
);

/** The first message of a refused query. */
const refusal = (query: Record<string, string>) => {
  const result = schema.safeParse(query);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('listQuerySchema', () => {
  it("defaults to the list's own filter default and the first page of the default size", () => {
    expect(schema.parse({})).toEqual({ shelf: 'top', limit: 10 });
  });

  it('trims the make and the search, and reads blank ones as absent', () => {
    expect(schema.parse({ make: ' Toyota ', q: ' rav 4 ' })).toMatchObject({ make: 'Toyota', q: 'rav 4' });
    expect(schema.parse({ make: '   ', q: '' })).toEqual({ shelf: 'top', limit: 10 });
  });

  it('reads the limit from the query string as a whole number', () => {
    expect(schema.parse({ limit: '20' }).limit).toBe(20);
  });

  it.each([
    [{ shelf: 'middle' }, 'Invalid shelf'],
    [{ make: 'x'.repeat(51) }, 'Invalid make'],
    [{ q: 'x'.repeat(31) }, 'Search must be at most 30 characters'],
    [{ cursor: 'x'.repeat(2049) }, 'Invalid cursor'],
    [{ limit: '0' }, 'Invalid limit'],
    [{ limit: '21' }, 'Invalid limit'],
    [{ limit: '2.5' }, 'Invalid limit'],
    [{ limit: 'ten' }, 'Invalid limit'],
  ])('refuses %j with "%s"', (query, message) => {
    expect(refusal(query)).toBe(message);
  });

  it('accepts a make, a search and a cursor at their longest', () => {
    expect(refusal({ make: 'x'.repeat(50), q: 'x'.repeat(30), cursor: 'x'.repeat(2048) })).toBeNull();
  });
});

describe('the lists built with it', () => {
  it('default the deals list to every listed status, 24 a page, and the marketplace to the active tab, 24 a page', () => {
    expect(dealListQuerySchema.parse({})).toEqual({ status: 'all', limit: 24 });
    expect(marketplaceListQuerySchema.parse({})).toEqual({ tab: 'active', limit: 24 });
  });

  it('take at most 60 a page and searches of 100 characters', () => {
    for (const list of [dealListQuerySchema, marketplaceListQuerySchema]) {
      expect(list.safeParse({ limit: '60', q: 'x'.repeat(100) }).success).toBe(true);
      expect(list.safeParse({ limit: '61' }).error?.issues[0]?.message).toBe('Invalid limit');
      expect(list.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('Search must be at most 100 characters');
    }
  });

  it('refuse a filter value of the other list', () => {
    expect(dealListQuerySchema.safeParse({ status: 'archived' }).error?.issues[0]?.message).toBe('Invalid status');
    expect(marketplaceListQuerySchema.safeParse({ tab: 'closed' }).error?.issues[0]?.message).toBe('Invalid tab');
  });
});
