/**
 * The search indexes' prefix rule (functions/lib/data/search-words.ts `prefixTokens`, docs/data-model.md "Global
 * search"), as properties over generated records: the global search's plan for any prefix of an indexed word (up to
 * the longest prefix, and past it) names a listing the record is in, and its text passes every word's filter; every
 * listing a record is in holds only records with a word starting with the listing's characters; a record is in at
 * most its kind's cap of listings; and a record within the documented sizes has every one of its words indexed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEAL_SEARCH_PREFIXES,
  dealIndexedWords,
  listEntries,
  SEARCH_PREFIX_MAX,
  vinSearchWords,
  vinTokens,
  words as dealWords,
  searchTokens as dealSearchTokens,
  stockStartTokens,
  stockStartWord,
  tokenListingKey,
  type ListedDeal,
} from '@functions/domain/deals/deal-list-index';
import {
  LEAD_SEARCH_PREFIXES,
  leadIndexedWords,
  leadSearchEntries,
  leadPhoneTailTokens,
  leadSearchTokens,
  type SearchedLead,
} from '@functions/domain/leads/lead-search-index';
import { phoneTails, prefixTokens, wordPrefixes, type PrefixRule } from '@functions/lib/data/search-words';
import {
  CLIENT_SEARCH_PREFIXES,
  clientIndexedWords,
  clientPhoneTailTokens,
  clientSearchEntries,
  clientSearchTokens,
} from '@functions/domain/clients/client-search';
import { searchPlan } from './search';
import { clientSearchScope, dealSearchScope, leadSearchScope, vehicleSearchScope, type Searcher } from './visibility';

const admin: Searcher = { userId: 'A1', role: 'admin', dealershipId: null, licensed: false, ownBook: false };
const scopes = {
  clients: clientSearchScope(admin),
  deals: dealSearchScope(admin),
  leads: leadSearchScope(admin),
  vehicles: vehicleSearchScope(admin),
};

/** A word as people type them: letters (some accented), digits. */
const word = fc.stringMatching(/^[a-zé0-9]{1,12}$/);
const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
const phone = fc.option(fc.stringMatching(/^[0-9]{10,11}$/), { nil: undefined });
const email = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), word, fc.constantFrom('com', 'net', 'io'))
  .map(([local, domain, tld]) => `${local.join('.')}@${domain}.${tld}`);

const client = fc.record({ id: fc.constant('C1'), fullName: name, email, phone, profileId: fc.constant('B1') });
const lead = fc.record({
  id: fc.constant('L1'),
  createdAt: fc.constant('2026-11-01T10:00:00.000Z'),
  firstName: word,
  lastName: name,
  email,
  phone: phone.map((digits) => digits ?? ''),
});
const deal = fc.record({
  id: fc.constant('D1'),
  createdAt: fc.constant('2026-11-01T10:00:00.000Z'),
  status: fc.constantFrom('available', 'pending', 'active', 'closed'),
  make: name,
  model: name,
  clientId: fc.constant('C1'),
  clientName: fc.option(name, { nil: null }),
  vin: fc.option(fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/), { nil: null }),
  stockNumber: fc.option(fc.stringMatching(/^[A-Z]{0,3}-?[0-9]{1,6}$/), { nil: null }),
}) as fc.Arbitrary<ListedDeal>;

/** Every prefix a person could type of a word: 1 character to the whole word. */
const typed = (indexedWord: string) => [...indexedWord].map((_, index) => indexedWord.slice(0, index + 1));

/**
 * The typed prefixes of a word one kind's plan looks up by a token: from `shortest` characters, and a short word
 * listed whole (deals: from 3 characters, and a word of 2 as itself).
 */
const searchable = (prefix: string, word: string, rule: PrefixRule) =>
  prefix.length >= rule.shortest || (prefix === word && rule.wholeFrom !== undefined && prefix.length >= rule.wholeFrom);

/** Checks one kind: every typed prefix of every indexed word plans a listing the record is in, and passes the filter. */
function foundByEveryPrefix(
  indexedWords: string[],
  rule: PrefixRule,
  listingOf: (prefix: string) => string | undefined,
  entries: { listing: string; text: string }[],
) {
  const { indexed } = prefixTokens(indexedWords, rule);
  const listings = new Set(entries.map((entry) => entry.listing));
  for (const indexedWord of indexed) {
    for (const prefix of typed(indexedWord).filter((candidate) => searchable(candidate, indexedWord, rule))) {
      const listing = listingOf(prefix);
      expect(listing, `a listing for "${prefix}"`).toBeDefined();
      expect(listings.has(listing!), `"${prefix}" of "${indexedWord}" reads ${listing}`).toBe(true);
      expect(entries[0]!.text).toContain(` ${prefix}`);
    }
  }
}

/** Checks that a record is in a listing only if one of its words starts with the listing's characters. */
function onlyRealPrefixes(tokens: string[], indexedWords: string[], rule: PrefixRule) {
  expect(tokens.length).toBeLessThanOrEqual(rule.cap);
  for (const token of tokens) {
    expect(indexedWords.some((candidate) => candidate.startsWith(token))).toBe(true);
    expect(token.length).toBeLessThanOrEqual(rule.longest);
  }
}

describe('the prefix rule', () => {
  it('gives every prefix from the shortest to the longest, none for a shorter word', () => {
    expect(wordPrefixes('highlander', { shortest: 3, longest: 6 })).toEqual(['hig', 'high', 'highl', 'highla']);
    expect(wordPrefixes('x5', { shortest: 3, longest: 6 })).toEqual([]);
    expect(prefixTokens(['x5', 'bmw'], { shortest: 3, longest: 6, cap: 4 })).toEqual({ tokens: ['bmw'], indexed: ['bmw'] });
    // A word of 2 listed whole (the deals' rule): itself, one listing.
    const deals = { shortest: 3, longest: 6, cap: 4, wholeFrom: 2 };
    expect(prefixTokens(['x5', 'bmw', 'i'], deals)).toEqual({ tokens: ['x5', 'bmw'], indexed: ['x5', 'bmw'] });
    expect(prefixTokens(['ann', 'annabel', 'zed'], { shortest: 1, longest: 6, cap: 7 })).toEqual({
      // "zed" would take 3 more listings than the cap leaves: it is left out whole, not cut.
      tokens: ['a', 'an', 'ann', 'anna', 'annab', 'annabe'],
      indexed: ['ann', 'annabel'],
    });
  });
});

describe('a record is found by every prefix of each of its indexed words, up to the longest prefix and past it', () => {
  it('clients', () => {
    fc.assert(
      fc.property(client, (record) => {
        const words = clientIndexedWords(record);
        const entries = clientSearchEntries(record).map((entry) => ({ listing: entry.token, text: entry.text }));
        const plan = (prefix: string) => searchPlan([prefix], scopes).clients?.listing;
        // The phone's ends take their listings first, out of the cap.
        const tails = clientPhoneTailTokens(record);
        foundByEveryPrefix(words, { ...CLIENT_SEARCH_PREFIXES, cap: CLIENT_SEARCH_PREFIXES.cap - tails.length }, plan, entries);
        const digits = (record.phone ?? '').replace(/\D/g, '');
        onlyRealPrefixes(clientSearchTokens(record), [...words, ...phoneTails(digits)], CLIENT_SEARCH_PREFIXES);
        // The phone: by its last 4 and last 7 digits.
        const listings = new Set(entries.map((entry) => entry.listing));
        for (const end of digits ? [digits.slice(-4), digits.slice(-7)] : []) {
          expect(listings.has(plan(end)!), `phone end "${end}"`).toBe(true);
          expect(entries[0]!.text).toContain(` ${end}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leads', () => {
    fc.assert(
      fc.property(lead, (record: SearchedLead) => {
        const words = leadIndexedWords(record);
        const entries = leadSearchEntries(record).map((entry) => ({ listing: entry.token, text: entry.text }));
        const plan = (prefix: string) => searchPlan([prefix], scopes).leads?.listing;
        // The phone's ends take their listings first, out of the cap.
        const tails = leadPhoneTailTokens(record);
        foundByEveryPrefix(words, { ...LEAD_SEARCH_PREFIXES, cap: LEAD_SEARCH_PREFIXES.cap - tails.length }, plan, entries);
        const digits = (record.phone ?? '').replace(/\D/g, '');
        onlyRealPrefixes(leadSearchTokens(record), [...words, ...phoneTails(digits)], LEAD_SEARCH_PREFIXES);
        // The phone: by its last 4 and last 7 digits.
        const listings = new Set(entries.map((entry) => entry.listing));
        for (const end of digits.length > 7 ? [digits.slice(-4), digits.slice(-7)] : []) {
          expect(listings.has(plan(end)!), `phone end "${end}"`).toBe(true);
          expect(entries[0]!.text).toContain(` ${end}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("deals (from 3 characters, a word of 2 whole, not by one letter), by the VIN's start and last 4, 6 and 8, by a stock number's start", () => {
    fc.assert(
      fc.property(deal, (record) => {
        const words = dealIndexedWords(record);
        const entries = listEntries(record).map((entry) => ({ listing: entry.listing, text: entry.text }));
        const plan = (prefix: string) => searchPlan([prefix], scopes).deals?.listing;
        /** Every listing the plan may read for a word, the first and the ones read after it. */
        const planned = (prefix: string, stockStart: string | null = null) => {
          const read: string[] = [];
          for (let kind = searchPlan([prefix], scopes, stockStart).deals ?? undefined; kind; kind = kind.then)
            read.push(kind.listing);
          return read;
        };
        // The words the cap kept (the VIN's listings come first, a stock number's start before the client's middle
        // names: deal-list-index.ts searchTokens): each is found by every prefix.
        const tokens = new Set(dealSearchTokens(record));
        const kept = words.filter((candidate) =>
          wordPrefixes(candidate, DEAL_SEARCH_PREFIXES).every((token) => tokens.has(token)),
        );
        foundByEveryPrefix(kept, { ...DEAL_SEARCH_PREFIXES, cap: Infinity }, plan, entries);
        onlyRealPrefixes(
          dealSearchTokens(record),
          [...words, ...vinSearchWords(record), ...stockStartTokens(record.stockNumber)],
          DEAL_SEARCH_PREFIXES,
        );
        // The VIN: by its first 6 characters and any longer start, and by its last 4, 6 and 8 (the last 8 through the
        // listing of its last 6, read after its own).
        const listings = new Set(entries.map((entry) => entry.listing));
        for (const vin of dealWords(record.vin)) {
          const typedVin = [
            ...typed(vin).filter((candidate) => candidate.length >= SEARCH_PREFIX_MAX),
            vin.slice(-4),
            vin.slice(-6),
            vin.slice(-8),
          ];
          for (const prefix of typedVin) {
            expect(
              planned(prefix).some((listing) => listings.has(listing)),
              `VIN part "${prefix}"`,
            ).toBe(true);
            expect(entries[0]!.text).toContain(` ${prefix}`);
          }
        }
        // A stock number of several words: by its start of 1 or 2 characters past its first word ("LD-1", "LD-10"),
        // when the cap left its start listings in.
        const stockStarts = stockStartTokens(record.stockNumber);
        if (stockStarts.every((token) => listings.has(tokenListingKey(token)))) {
          for (const start of stockStarts) {
            const typedStart = `${start.slice(0, dealWords(record.stockNumber)[0]!.length)}-${start.slice(dealWords(record.stockNumber)[0]!.length)}`;
            const word = stockStartWord(typedStart);
            expect(word, typedStart).toBe(start);
            expect(listings.has(planned(start, word)[0]!), `stock start "${typedStart}"`).toBe(true);
            expect(entries[0]!.text).toContain(` ${start}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a record of the documented sizes has every word indexed (docs/data-model.md, "Global search")', () => {
  const short = fc.stringMatching(/^[a-z]{1,12}$/);

  it('a client or lead: a two-word name, an e-mail of those words at a one-word domain, a 10-digit phone and its ends', () => {
    const sized = fc
      .tuple(short, short, short, fc.constantFrom('com', 'net'), fc.stringMatching(/^[2-9][0-9]{9}$/))
      .map(([first, last, domain, tld, digits]) => ({
        id: 'C1',
        fullName: `${first} ${last}`,
        email: `${first}.${last}@${domain}.${tld}`,
        phone: digits,
        profileId: 'B1',
      }));
    fc.assert(
      fc.property(sized, (record) => {
        const words = clientIndexedWords(record);
        const tails = clientPhoneTailTokens(record);
        expect(tails).toHaveLength(2);
        const rule = { ...CLIENT_SEARCH_PREFIXES, cap: CLIENT_SEARCH_PREFIXES.cap - tails.length };
        expect(prefixTokens(words, rule).indexed).toEqual([...new Set(words)]);
        const lead = {
          firstName: record.fullName.split(' ')[0]!,
          lastName: record.fullName.split(' ')[1]!,
          email: record.email,
          phone: record.phone,
        };
        const leadWords = leadIndexedWords(lead);
        const leadTails = leadPhoneTailTokens(lead);
        expect(leadTails).toHaveLength(2);
        const leadRule = { ...LEAD_SEARCH_PREFIXES, cap: LEAD_SEARCH_PREFIXES.cap - leadTails.length };
        expect(prefixTokens(leadWords, leadRule).indexed).toEqual([...new Set(leadWords)]);
      }),
      { numRuns: 300 },
    );
  });

  it('a deal: a VIN, a stock number, a one-word make and model and a two-word client', () => {
    const sized = fc
      .tuple(
        fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
        fc.stringMatching(/^[A-Z]{0,3}-?[0-9]{1,6}$/),
        short,
        short,
        short,
        short,
      )
      .map(([vin, stockNumber, make, model, first, last]) => ({ vin, stockNumber, make, model, clientName: `${first} ${last}` }));
    fc.assert(
      fc.property(sized, (record) => {
        const tokens = new Set(dealSearchTokens(record));
        for (const word of dealIndexedWords(record)) {
          for (const prefix of wordPrefixes(word, DEAL_SEARCH_PREFIXES)) expect(tokens.has(prefix), prefix).toBe(true);
        }
        for (const token of [...vinTokens(record), ...stockStartTokens(record.stockNumber)]) {
          expect(tokens.has(token), token).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
