/** The global search's pure rules: who sees which kind, where each kind is read, and what a result shows. */
import { describe, expect, it } from 'vitest';
import type { Deal } from '@functions/domain/deals/deals';
import type { Client } from '@functions/domain/clients/clients';
import type { Lead } from '@functions/domain/leads/leads';
import { SEARCH_HITS_PER_KIND } from '@shared/search/api';
import {
  DEALERSHIP_BUDGET,
  EXACT_BUDGET,
  NEXT_WORD_BUDGET,
  TOKEN_BUDGET,
  clientHit,
  dealHit,
  searchPlan,
  stockNumberQuery,
} from './search';
import { clientSearchScope, dealSearchScope, leadSearchScope, vehicleSearchScope, type Searcher } from './visibility';

const admin: Searcher = { userId: 'A1', role: 'admin', dealershipId: null, licensed: false, ownBook: false };
const broker: Searcher = { userId: 'B1', role: 'broker', dealershipId: null, licensed: true, ownBook: false };
const unlicensed: Searcher = { ...broker, userId: 'B2', licensed: false, ownBook: false };
const dealer: Searcher = { userId: 'S1', role: 'dealer', dealershipId: 'D1', licensed: false, ownBook: false };
const dealerWithoutDealership: Searcher = { ...dealer, dealershipId: null };
const consumer: Searcher = { userId: 'C1', role: 'consumer', dealershipId: null, licensed: false, ownBook: false };

const deal = (overrides: Partial<Deal> = {}) =>
  ({ id: 'X1', year: 2026, make: 'Toyota', model: 'RAV4', status: 'pending', isArchived: false, ...overrides }) as Deal;
const lead = (overrides: Partial<Lead> = {}) => ({ id: 'L1', status: 'new', ...overrides }) as Lead;
const mayOpen = <R>(scope: { read: string; mayOpen?: (record: R) => boolean }, record: R) =>
  scope.read !== 'nothing' && scope.mayOpen!(record);

describe('who sees which kind', () => {
  it('gives admins every client, deal, lead and vehicle', () => {
    expect(clientSearchScope(admin).read).toBe('everyone');
    expect(mayOpen(dealSearchScope(admin), deal({ dealershipId: 'D9' }))).toBe(true);
    expect(mayOpen(leadSearchScope(admin), lead({ assignedBrokerId: 'B9' }))).toBe(true);
    expect(mayOpen(vehicleSearchScope(admin), deal({ status: 'available' }))).toBe(true);
  });

  it('gives brokers the shared book of clients and deals, and only the leads their inbox shows', () => {
    expect(mayOpen(clientSearchScope(broker), { id: 'K1', profileId: 'B9' } as Client)).toBe(true);
    expect(mayOpen(dealSearchScope(broker), deal({ dealershipId: 'D9', brokerId: 'B9' }))).toBe(true);
    expect(mayOpen(leadSearchScope(broker), lead())).toBe(true); // the open pool
    expect(mayOpen(leadSearchScope(broker), lead({ assignedBrokerId: 'B1' }))).toBe(true);
    expect(mayOpen(leadSearchScope(broker), lead({ brokerId: 'B1' }))).toBe(true);
    expect(mayOpen(leadSearchScope(broker), lead({ assignedBrokerId: 'B9' }))).toBe(false);
    expect(mayOpen(leadSearchScope(broker), lead({ brokerId: 'B9' }))).toBe(false);
  });

  it('gives a broker in own book only their own clients, deals and leads, and no open pool', () => {
    const own: Searcher = { ...broker, ownBook: true };
    expect(mayOpen(clientSearchScope(own), { id: 'K1', profileId: 'B1' } as Client)).toBe(true);
    expect(mayOpen(clientSearchScope(own), { id: 'K2', profileId: 'B9' } as Client)).toBe(false);
    expect(mayOpen(dealSearchScope(own), deal({ brokerId: 'B1' }))).toBe(true);
    expect(mayOpen(dealSearchScope(own), deal({ brokerId: 'B9' }))).toBe(false);
    expect(mayOpen(leadSearchScope(own), lead({ assignedBrokerId: 'B1' }))).toBe(true);
    expect(mayOpen(leadSearchScope(own), lead())).toBe(false);
  });

  it('gives a broker without a licence no leads (the inbox needs one)', () => {
    expect(leadSearchScope(unlicensed).read).toBe('nothing');
    expect(clientSearchScope(unlicensed).read).toBe('everyone');
  });

  it("reads a dealer's deals and vehicles from their own dealership only, and gives them no clients or leads", () => {
    expect(dealSearchScope(dealer)).toMatchObject({ read: 'dealership', dealershipId: 'D1' });
    expect(vehicleSearchScope(dealer)).toMatchObject({ read: 'dealership', dealershipId: 'D1' });
    expect(mayOpen(dealSearchScope(dealer), deal({ dealershipId: 'D1' }))).toBe(true);
    expect(mayOpen(dealSearchScope(dealer), deal({ dealershipId: 'D2' }))).toBe(false);
    expect(mayOpen(vehicleSearchScope(dealer), deal({ dealershipId: 'D2' }))).toBe(false);
    expect(clientSearchScope(dealer).read).toBe('nothing');
    expect(leadSearchScope(dealer).read).toBe('nothing');
    expect(dealSearchScope(dealerWithoutDealership).read).toBe('nothing');
    expect(vehicleSearchScope(dealerWithoutDealership).read).toBe('nothing');
  });

  it('never shows an archived vehicle, and gives consumers nothing', () => {
    expect(mayOpen(vehicleSearchScope(broker), deal({ isArchived: true }))).toBe(false);
    for (const scope of [clientSearchScope, dealSearchScope, leadSearchScope, vehicleSearchScope]) {
      expect(scope(consumer).read).toBe('nothing');
    }
  });
});

describe('where each kind is read', () => {
  const scopesOf = (searcher: Searcher) => ({
    clients: clientSearchScope(searcher),
    deals: dealSearchScope(searcher),
    leads: leadSearchScope(searcher),
    vehicles: vehicleSearchScope(searcher),
  });

  it("reads each index's listing of the longest word, with the token budget when other words filter it, then the next word's", () => {
    // The next-longest word's listing is read only if the first finds too few (a record whose cap left the longest
    // word out of its listings is in the other's).
    expect(searchPlan(['ann', 'okafor'], scopesOf(admin))).toEqual({
      clients: { listing: 'okafor', budget: TOKEN_BUDGET, then: { listing: 'ann', budget: NEXT_WORD_BUDGET } },
      deals: {
        listing: 'all#all#tok#okafor',
        budget: TOKEN_BUDGET,
        then: { listing: 'all#all#tok#ann', budget: NEXT_WORD_BUDGET },
      },
      leads: { listing: 'okafor', budget: TOKEN_BUDGET, then: { listing: 'ann', budget: NEXT_WORD_BUDGET } },
      vehicles: {
        listing: 'all#active#tok#okafor',
        budget: TOKEN_BUDGET,
        then: { listing: 'all#active#tok#ann', budget: NEXT_WORD_BUDGET },
      },
    });
    // No second listing for a second word of the same token (or, in deals, of one letter).
    // (A deal word longer than 6 reads its last 6's listing next: a VIN's last 8.)
    expect(searchPlan(['highlander', 'highlands'], scopesOf(admin)).deals?.then).toEqual({
      listing: 'all#all#tok#lander',
      budget: NEXT_WORD_BUDGET,
    });
    expect(searchPlan(['bmw', 'x'], scopesOf(admin)).deals?.then).toBeUndefined();
  });

  it("reads one word of at most the index's longest prefix as exactly its listing: only the matches wanted", () => {
    expect(searchPlan(['model'], scopesOf(admin))).toEqual({
      clients: { listing: 'model', budget: EXACT_BUDGET },
      deals: { listing: 'all#all#tok#model', budget: EXACT_BUDGET },
      leads: { listing: 'model', budget: EXACT_BUDGET },
      vehicles: { listing: 'all#active#tok#model', budget: EXACT_BUDGET },
    });
    // Longer than 6 (clients, deals, leads) or 8 (vehicles): the first characters' listing, checked by the filter.
    const long = searchPlan(['highlander'], scopesOf(admin));
    expect(long.clients).toEqual({ listing: 'highla', budget: TOKEN_BUDGET });
    expect(long.vehicles).toEqual({ listing: 'all#active#tok#highland', budget: TOKEN_BUDGET });
    expect(searchPlan(['mustang'], scopesOf(admin)).vehicles).toEqual({
      listing: 'all#active#tok#mustang',
      budget: EXACT_BUDGET,
    });
    expect(EXACT_BUDGET).toEqual({ limits: [2 * SEARCH_HITS_PER_KIND], want: 2 * SEARCH_HITS_PER_KIND });
  });

  it('looks a VIN up by its first 6 characters in the deals, its first 8 in the marketplace', () => {
    const plan = searchPlan(['1hgcm82633a004352'], scopesOf(broker));
    expect(plan.deals?.listing).toBe('all#all#tok#1hgcm8');
    expect(plan.vehicles?.listing).toBe('all#active#tok#1hgcm826');
    // The last 4 and the last 6 of a VIN: each is a listing a deal with that VIN is in (deal-list-index.ts
    // VIN_LISTED_TAILS); the last 8 is read through its last 6's listing, after its own.
    expect(searchPlan(['4352'], scopesOf(broker)).deals).toEqual({ listing: 'all#all#tok#4352', budget: EXACT_BUDGET });
    expect(searchPlan(['004352'], scopesOf(broker)).deals).toEqual({ listing: 'all#all#tok#004352', budget: EXACT_BUDGET });
    expect(searchPlan(['3a004352'], scopesOf(broker)).deals).toEqual({
      listing: 'all#all#tok#3a0043',
      budget: TOKEN_BUDGET,
      then: { listing: 'all#all#tok#004352', budget: NEXT_WORD_BUDGET },
    });
  });

  it("reads a stock number's start from its own listing first, then the split words' with one Query of 10", () => {
    expect(searchPlan(['ld', '10'], scopesOf(broker), 'ld10').deals).toEqual({
      listing: 'all#all#tok#ld10',
      budget: EXACT_BUDGET,
      words: ['ld10'],
      then: {
        listing: 'all#all#tok#ld',
        budget: NEXT_WORD_BUDGET,
        then: { listing: 'all#all#tok#10', budget: NEXT_WORD_BUDGET },
      },
    });
    // A dealer reads their own dealership's listing, as for any search.
    expect(searchPlan(['ld', '10'], scopesOf(dealer), 'ld10').deals).toEqual({
      listing: 'dealership#D1#all#*',
      budget: DEALERSHIP_BUDGET,
    });
  });

  it("reads a dealer's own listings, never a token listing of everyone's", () => {
    expect(searchPlan(['rav4'], scopesOf(dealer))).toEqual({
      clients: null,
      deals: { listing: 'dealership#D1#all#*', budget: DEALERSHIP_BUDGET },
      leads: null,
      vehicles: { listing: 'dealership#D1#active#*', budget: DEALERSHIP_BUDGET },
    });
  });

  it('skips a kind whose index has no token for the words (one letter in the deals list)', () => {
    const plan = searchPlan(['a'], scopesOf(admin));
    expect(plan.deals).toBeNull();
    expect(plan.clients?.listing).toBe('a');
    expect(searchPlan([], scopesOf(admin)).clients).toBeNull();
  });

  it('reads the listing of a 2-character word in the deals (the deals with that word), none for one letter', () => {
    expect(searchPlan(['x5'], scopesOf(broker)).deals).toEqual({ listing: 'all#all#tok#x5', budget: EXACT_BUDGET });
    expect(searchPlan(['x5', 'm'], scopesOf(admin)).deals).toEqual({ listing: 'all#all#tok#x5', budget: TOKEN_BUDGET });
    expect(searchPlan(['m'], scopesOf(admin)).deals).toBeNull();
    // A longer word is read first, the 2-character one filters it (then its own listing, if too few are found).
    expect(searchPlan(['bmw', 'x5'], scopesOf(broker)).deals).toEqual({
      listing: 'all#all#tok#bmw',
      budget: TOKEN_BUDGET,
      then: { listing: 'all#all#tok#x5', budget: NEXT_WORD_BUDGET },
    });
    // A dealer still reads only their own dealership's listing.
    expect(searchPlan(['x5'], scopesOf(dealer)).deals).toEqual({ listing: 'dealership#D1#all#*', budget: DEALERSHIP_BUDGET });
  });

  it('keeps every read bounded (at most 1,000 entries a kind), starting small: a dense listing costs one Query of 10', () => {
    const sum = (limits: readonly number[]) => limits.reduce((total, limit) => total + limit, 0);
    for (const budget of [TOKEN_BUDGET, DEALERSHIP_BUDGET]) {
      expect(sum(budget.limits)).toBe(1000);
      expect(budget.limits[0]).toBe(budget.want);
    }
    // The next word's listing, read only when the first finds too few: one Query of 10 entries.
    expect(NEXT_WORD_BUDGET.limits).toEqual([10]);
  });
});

describe('a whole stock number', () => {
  it('is one word with a digit, looked up as typed; a name, a phrase or a word without digits is not', () => {
    expect(stockNumberQuery(' LD-1001 ')).toBe('LD-1001');
    expect(stockNumberQuery('p12345')).toBe('p12345');
    expect(stockNumberQuery('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    for (const q of ['Toyota', 'Ann Lee', 'LD 1001', '-100', 'x'.repeat(40) + '1']) expect(stockNumberQuery(q), q).toBeNull();
  });
});

describe('what a result shows', () => {
  it('opens a client as the clients list searched for their e-mail', () => {
    const hit = clientHit({ id: 'K1', fullName: 'Ann Lee', email: 'ann@example.com', phone: '5550102030' } as Client);
    expect(hit).toEqual({
      id: 'K1',
      title: 'Ann Lee',
      detail: 'ann@example.com · (555) 010-2030',
      path: '/clients?q=ann%40example.com',
    });
  });

  it('names a deal by its vehicle with client, status, stock number and VIN', () => {
    const hit = dealHit(
      deal({ trim: 'XLE', clientId: 'K1', clientName: 'Ann Lee', stockNumber: 'STK-1', vin: '1HGCM82633A004352' }),
    );
    expect(hit.title).toBe('2026 Toyota RAV4 XLE');
    expect(hit.detail).toBe('Ann Lee · Pending · Stock # STK-1 · VIN 1HGCM82633A004352');
    expect(hit.path).toBe('/deals/X1');
  });
});
