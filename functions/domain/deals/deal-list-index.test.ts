import { describe, expect, it } from 'vitest';
import {
  MAX_INDEX_OPERATIONS,
  SEARCH_TOKENS_MAX,
  countDeltas,
  groupCountSet,
  listEntries,
  listEntryChanges,
  listPosition,
  makeCountSet,
  newestFirst,
  searchText,
  searchToken,
  searchTokens,
  type ListedDeal,
} from './deal-list-index';

const deal = (overrides: Partial<ListedDeal> = {}): ListedDeal => ({
  id: 'D1',
  createdAt: '2026-03-02T12:00:00.000Z',
  status: 'pending',
  make: 'Toyota',
  model: 'RAV4 Hybrid',
  clientId: 'C1',
  clientName: 'Ann Lee',
  dealershipId: 'S1',
  ...overrides,
});

const sorted = (values: string[]) => [...values].sort();

describe('search tokens', () => {
  it('are every prefix of 3 to 6 characters of every make, model and client name word: client, model, make first', () => {
    expect(searchTokens(deal())).toEqual([
      'ann',
      'lee',
      'rav',
      'rav4',
      'toy',
      'toyo',
      'toyot',
      'toyota',
      'hyb',
      'hybr',
      'hybri',
      'hybrid',
    ]);
  });

  it('give a word of 2 characters itself, of 1 no listing, and stop at SEARCH_TOKENS_MAX per deal, whole words only', () => {
    expect(searchTokens(deal({ make: 'X', model: 'Q5', clientName: null }))).toEqual(['q5']);
    const long = searchTokens(
      deal({ make: 'Mercedes-Benz', model: 'Grand Cherokee Limited', clientName: 'Maria José Álvarez Ortega' }),
    );
    expect(long.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
    // First the client's first and last name, the model's and the make's first word (Maria 3, Ortega 4, Grand 3,
    // Mercedes 4), then what still fits whole of the rest: Cherokee (4), Limited (4), Benz (2), José (2); Álvarez
    // (4) does not.
    expect(long).toEqual(expect.arrayContaining(['maria', 'ortega', 'grand', 'merced', 'cherok', 'limite', 'benz', 'josé']));
    expect(long).toHaveLength(SEARCH_TOKENS_MAX);
    expect(long.filter((token) => token.startsWith('ál'))).toEqual([]);
  });

  it('look a search word up by itself, or its first 6 characters when longer; a one-letter word has no token', () => {
    expect(searchToken('toyota')).toBe('toyota');
    expect(searchToken('highlander')).toBe('highla');
    expect(searchToken('rav')).toBe('rav');
    expect(searchToken('x5')).toBe('x5');
    expect(searchToken('x')).toBeNull();
  });

  it('match word starts of make, model and client name through the text, in any alphabet', () => {
    expect(searchText(deal({ make: 'Škoda', model: 'Octavia RS', clientName: "Zoë O'Neil" }))).toBe(
      ' škoda octavia rs zoë o neil ',
    );
  });
});

describe('positions', () => {
  it('sort client groups by name without regard to case, with the unassigned group after every name', () => {
    const positions = [
      listPosition(deal({ id: 'U', clientId: null, clientName: null })),
      listPosition(deal({ id: 'Z', clientId: 'C3', clientName: 'zed Young' })),
      listPosition(deal({ id: 'A2', clientId: 'C2', clientName: 'Ann Lee' })),
      listPosition(deal({ id: 'A', clientId: 'C1', clientName: 'ann' })),
    ];

    expect(sorted(positions).map((position) => position.split('\t').at(-1))).toEqual(['A', 'A2', 'Z', 'U']);
  });

  it('sort newest first inside a group', () => {
    const older = listPosition(deal({ id: 'OLD', createdAt: '2025-12-31T23:59:59.999Z' }));
    const newer = listPosition(deal({ id: 'NEW', createdAt: '2026-01-01T00:00:00.000Z' }));

    expect(sorted([older, newer])).toEqual([newer, older]);
    expect(newestFirst('2026-01-01T00:00:00.000Z')).toBe('7973-98-98T99:99:99.999Z');
  });

  it('keep two clients who share a name in two groups', () => {
    const first = listPosition(deal({ id: 'D1', clientId: 'C1', createdAt: '2026-01-01T00:00:00.000Z' }));
    const second = listPosition(deal({ id: 'D2', clientId: 'C2', createdAt: '2026-02-01T00:00:00.000Z' }));
    const third = listPosition(deal({ id: 'D3', clientId: 'C1', createdAt: '2026-03-01T00:00:00.000Z' }));

    expect(sorted([first, second, third]).map((position) => position.split('\t').at(-1))).toEqual(['D3', 'D1', 'D2']);
  });
});

describe('listing entries', () => {
  it('put a listed deal in its scopes and status filters, its make listings and each token listing', () => {
    const listings = listEntries(deal()).map((entry) => entry.listing);

    expect(listings).toEqual([
      'all#all#*',
      'all#pending#*',
      'dealership#S1#all#*',
      'dealership#S1#pending#*',
      'all#all#make#toyota',
      'all#pending#make#toyota',
      ...searchTokens(deal()).map((token) => `all#all#tok#${token}`),
    ]);
    expect(listEntries(deal())[0]).toMatchObject({ dealId: 'D1', status: 'pending', makeKey: 'toyota', groupKey: 'C1' });
  });

  it('leave out deals the list does not show', () => {
    for (const status of ['finalized', 'expired', 'not_sold']) expect(listEntries(deal({ status }))).toEqual([]);
  });

  it('put an unassigned deal in the "unassigned" group', () => {
    expect(listEntries(deal({ clientId: null, clientName: null }))[0]?.groupKey).toBe('unassigned');
  });
});

describe('entry changes', () => {
  it('write nothing when nothing the list depends on changed', () => {
    expect(listEntryChanges(deal(), deal())).toEqual({ put: [], remove: [] });
  });

  it('move only the status listings on a status change, and rewrite the others with the new status', () => {
    const { put, remove } = listEntryChanges(deal(), deal({ status: 'active' }));

    expect(remove.map((entry) => entry.listing)).toEqual(['all#pending#*', 'dealership#S1#pending#*', 'all#pending#make#toyota']);
    expect(put.map((entry) => entry.listing)).toContain('all#active#*');
    expect(put.every((entry) => entry.status === 'active')).toBe(true);
  });

  it('move every entry when the client is renamed (the group position changes)', () => {
    const { put, remove } = listEntryChanges(deal(), deal({ clientName: 'Ann Brown' }));

    expect(remove.length).toBeGreaterThan(0);
    expect(put.every((entry) => entry.position.startsWith('1ann brown\t'))).toBe(true);
  });

  it('remove every entry when a deal leaves the listed statuses or is deleted', () => {
    expect(listEntryChanges(deal(), deal({ status: 'expired' })).remove).toHaveLength(listEntries(deal()).length);
    expect(listEntryChanges(deal(), undefined)).toEqual({ put: [], remove: listEntries(deal()) });
  });
});

describe('count deltas', () => {
  it('count a new deal in its group per scope, status and make (and every make), and in its make per scope', () => {
    expect(countDeltas(undefined, deal())).toEqual([
      { set: groupCountSet('all', 'pending', '*'), key: 'C1', change: 1 },
      { set: groupCountSet('all', 'pending', 'toyota'), key: 'C1', change: 1 },
      { set: makeCountSet('all'), key: 'toyota', label: 'Toyota', change: 1 },
      { set: groupCountSet('dealership#S1', 'pending', '*'), key: 'C1', change: 1 },
      { set: groupCountSet('dealership#S1', 'pending', 'toyota'), key: 'C1', change: 1 },
      { set: makeCountSet('dealership#S1'), key: 'toyota', label: 'Toyota', change: 1 },
    ]);
  });

  it('change nothing on an edit that keeps status, make, client and dealership (a rename keeps the group key)', () => {
    expect(countDeltas(deal(), deal({ model: 'Camry', clientName: 'Ann Brown' }))).toEqual([]);
  });

  it('move the group counts on a client change and leave the make counts alone', () => {
    const deltas = countDeltas(deal(), deal({ clientId: null, clientName: null }));

    expect(deltas.filter((delta) => delta.change < 0).map((delta) => delta.key)).toEqual(['C1', 'C1', 'C1', 'C1']);
    expect(deltas.filter((delta) => delta.change > 0).map((delta) => delta.key)).toEqual([
      'unassigned',
      'unassigned',
      'unassigned',
      'unassigned',
    ]);
  });

  it('take a deal out of every count when it leaves the listed statuses', () => {
    expect(countDeltas(deal(), deal({ status: 'finalized' })).every((delta) => delta.change === -1)).toBe(true);
    expect(countDeltas(deal(), deal({ status: 'finalized' }))).toHaveLength(6);
  });
});

describe("the broker's own-book listing", () => {
  it("puts a deal in its broker's all-statuses listing and make count, and moves both with the deal", () => {
    const mine = deal({ brokerId: 'B1' });

    expect(listEntries(mine).map((entry) => entry.listing)).toContain('broker#B1#all#*');
    expect(countDeltas(undefined, mine)).toContainEqual(
      expect.objectContaining({ set: 'make#broker#B1', key: 'toyota', change: 1 }),
    );

    const moved = listEntryChanges(mine, deal({ brokerId: 'B2' }));
    expect(moved.put.map((entry) => entry.listing)).toEqual(['broker#B2#all#*']);
    expect(moved.remove.map((entry) => entry.listing)).toEqual(['broker#B1#all#*']);
    expect(countDeltas(mine, deal({ brokerId: 'B2' }))).toEqual([
      expect.objectContaining({ set: 'make#broker#B1', change: -1 }),
      expect.objectContaining({ set: 'make#broker#B2', change: 1 }),
    ]);
  });
});

describe('transaction budget', () => {
  it('stays within MAX_INDEX_OPERATIONS when client, make, model, status and dealership all change', () => {
    const before = deal({
      make: 'Mercedes-Benz',
      model: 'Grand Cherokee Limited',
      clientName: 'Maria José Álvarez Ortega',
      brokerId: 'B1',
    });
    const after = deal({
      status: 'closed',
      make: 'Land Rover',
      model: 'Range Rover Sport',
      clientId: 'C9',
      clientName: 'Christopher Montgomery Jr',
      dealershipId: 'S2',
      brokerId: 'B2',
    });
    const { put, remove } = listEntryChanges(before, after);

    expect(put.length + remove.length + countDeltas(before, after).length).toBeLessThanOrEqual(MAX_INDEX_OPERATIONS);
    // 48 before the own-book listing (one entry and one make count per version, docs/security.md "Ownership"); 72
    // with the longer search prefixes (22 tokens a deal), 80 since the 3-character prefixes (26 tokens: docs/
    // data-model.md "Global search"). The whole write, with the deal's other items, is measured against DynamoDB's
    // 100 in functions/deals/transaction-budget.int.test.ts.
  });
});
