import { describe, expect, it } from 'vitest';
import { dealCountLabel, groupByClient, parseDealsView, statusBadge } from './deal-list';

describe('status badge', () => {
  it('gives each listed status its own look', () => {
    const variants = (['available', 'pending', 'active', 'closed'] as const).map((status) => statusBadge(status).variant);
    expect(new Set(variants).size).toBe(4);
  });

  it("reads the status's label", () => {
    expect(statusBadge('not_sold')).toEqual({ label: 'Not Sold', variant: 'destructive' });
    expect(statusBadge('available').label).toBe('Available');
  });
});

describe('group header count', () => {
  it.each([
    [1, '1 Deal'],
    [0, '0 Deals'],
    [2, '2 Deals'],
    [12, '12 Deals'],
  ])('%s reads "%s"', (count, label) => {
    expect(dealCountLabel(count)).toBe(label);
  });
});

describe('grouping by client', () => {
  const deals = [
    { id: '1', clientId: 'c-ann', clientName: 'Ann Lee' },
    { id: '2', clientId: 'c-ann', clientName: 'Ann Lee' },
    { id: '3', clientId: 'c-ann-2', clientName: 'Ann Lee' },
    { id: '4', clientId: null, clientName: null },
  ];

  it('keeps the API order, puts deals without a client under "Unassigned", and keeps namesakes apart', () => {
    expect(groupByClient(deals)).toEqual([
      { key: 'c-ann', name: 'Ann Lee', count: 2, deals: [deals[0], deals[1]] },
      { key: 'c-ann-2', name: 'Ann Lee', count: 1, deals: [deals[2]] },
      { key: 'unassigned', name: 'Unassigned', count: 1, deals: [deals[3]] },
    ]);
  });

  it("counts a group with the API's exact count, which covers pages not loaded yet", () => {
    const counts: Record<string, number> = { 'c-ann': 9, unassigned: 30 };
    expect(groupByClient(deals, (key) => counts[key]).map((group) => group.count)).toEqual([9, 1, 30]);
  });

  it('never counts fewer than the deals it shows', () => {
    expect(groupByClient(deals, () => 0).map((group) => group.count)).toEqual([2, 1, 1]);
  });
});

describe('remembered view', () => {
  it('reads a stored tile or list choice', () => {
    expect(parseDealsView('list')).toBe('list');
    expect(parseDealsView('tile')).toBe('tile');
  });

  it('falls back to tiles for nothing stored or anything else', () => {
    expect(parseDealsView(null)).toBe('tile');
    expect(parseDealsView('grid')).toBe('tile');
  });
});
