/**
 * The search-prefixes migration (./search-prefixes.ts) on a copy of today's demo data: the seed's world with its
 * clients', leads' and deals-list token listings put back as the old rule wrote them (first 1, 2 and 4 characters),
 * migrated twice. Before, a 5-character search misses a seeded client and deal; after the first run the table holds
 * exactly what the seed wrote, item for item, and the global search finds them; the dry run and the second run write
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { seedDemoData } from '@infra/local/seed/seed';
import { search } from '@functions/search/search';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { isListed, listEntries, tokenListingKey, words, type ListedDeal } from '@functions/domain/deals/deal-list-index';
import { wordStartText } from '@functions/lib/data/search-words';
import { clientSearchEntryEntity } from '@functions/domain/clients/client-search-entry';
import { DEAL_LIST_PARTITION_PREFIX, dealListEntryEntity } from '@functions/domain/deals/entities/deal-list-entry';
import { leadSearchEntryEntity } from '@functions/domain/leads/lead-search-entry';
import { leadSearchEntries, leadWords } from '@functions/domain/leads/lead-search-index';
import { clientSearchEntries, clientWords } from '@functions/domain/clients/client-search';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { migrateSearchPrefixes, oldDealTokens, oldPersonTokens } from './search-prefixes';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const users = testDemoUsers();
const admin = { userId: users.admin.userId, email: users.admin.email, role: 'admin' as const };
type Item = Record<string, unknown>;

async function scanAll(testTable: TestTable): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await testTable.data.table
      .getDocumentClient()
      .send(new ScanCommand({ TableName: testTable.table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Every item by its key (a Scan is fine in a test, never on a request path), without the fields a write takes from
 * the clock (tasks' and task settings' write times): the migration writes none of them, and none may count.
 */
async function snapshot(testTable: TestTable): Promise<Record<string, Item>> {
  return Object.fromEntries(
    (await scanAll(testTable)).map((item) => {
      const { updatedAt: _updatedAt, reminderAt: _reminderAt, ...content } = item;
      return [`${item.pk as string}|${item.sk as string}`, item._et === 'task' || item._et === 'taskSettings' ? content : item];
    }),
  );
}

/** A word's prefixes of 2 to 6 characters, a one-letter word itself: the deals' rule until 26 Nov 2026. */
const previousPrefixes = (word: string) =>
  word.length === 1 ? [word] : Array.from({ length: Math.min(word.length, 6) - 1 }, (_, index) => word.slice(0, index + 2));

/**
 * A deal's token listings and text as written from 25 Nov 2026 until 26 Nov 2026: the VIN by its first 6
 * only (no ends in the text), then the stock number's, make's, model's and client's words in that order, every prefix
 * of 2 to 6 characters, whole words while 22 fit.
 */
function previousDealIndex(deal: ListedDeal): { tokens: string[]; text: string } {
  const tokens = new Set(words(deal.vin).flatMap((vin) => (vin.length >= 6 ? [vin.slice(0, 6)] : previousPrefixes(vin))));
  for (const word of [...words(deal.stockNumber), ...words(deal.make), ...words(deal.model), ...words(deal.clientName)]) {
    const fresh = previousPrefixes(word).filter((prefix) => !tokens.has(prefix));
    if (tokens.size + fresh.length <= 22) for (const prefix of fresh) tokens.add(prefix);
  }
  const text = wordStartText([
    ...words(deal.make),
    ...words(deal.model),
    ...words(deal.clientName),
    ...words(deal.vin),
    ...words(deal.stockNumber),
  ]);
  return { tokens: [...tokens], text };
}

/**
 * Rewrites every token listing of clients, leads and listed deals as the old rule wrote it (deals for which
 * `previousRule` holds: as the rule until 26 Nov 2026 did, with its text). Returns the items moved.
 */
async function asIndexedByTheOldRule(testTable: TestTable, previousRule: (deal: ListedDeal) => boolean): Promise<number> {
  const { table, clients, leads, deals } = testTable.data;
  const entities = {
    client: clientSearchEntryEntity(table),
    lead: leadSearchEntryEntity(table),
    deal: dealListEntryEntity(table),
  };
  const requests: Record<string, unknown>[] = [];
  /** Deletes today's entries the old rule did not write, puts the old rule's that today's does not. */
  const move = <T>(now: T[], old: T[], id: (entry: T) => string, itemOf: (entry: T) => Item) => {
    const oldIds = new Set(old.map(id));
    for (const entry of now.filter((candidate) => !oldIds.has(id(candidate)))) {
      const { pk, sk } = itemOf(entry);
      requests.push({ DeleteRequest: { Key: { pk, sk } } });
    }
    const nowItems = new Map(now.map((entry) => [id(entry), JSON.stringify(itemOf(entry))]));
    for (const entry of old.filter((candidate) => nowItems.get(id(candidate)) !== JSON.stringify(itemOf(candidate)))) {
      requests.push({ PutRequest: { Item: itemOf(entry) } });
    }
  };
  for (const client of await clients.listByName()) {
    const now = clientSearchEntries(client);
    const tokens = oldPersonTokens(clientWords({ fullName: '', phone: client.phone }), clientWords(client));
    const old = [...now.slice(0, 2), ...tokens.map((token) => ({ ...now[0]!, token }))];
    move(
      now,
      old,
      (entry) => `${entry.token}\n${entry.position}`,
      (entry) => entities.client.build(PutItemCommand).item(entry).params().Item!,
    );
  }
  for (const lead of await leads.listAll()) {
    const now = leadSearchEntries(lead);
    const phoneWords = leadWords({ firstName: '', lastName: '', email: '', phone: lead.phone });
    const old = oldPersonTokens(phoneWords, leadWords(lead)).map((token) => ({ ...now[0]!, token }));
    move(
      now,
      old,
      (entry) => `${entry.token}\n${entry.position}`,
      (entry) => entities.lead.build(PutItemCommand).item(entry).params().Item!,
    );
  }
  const listed = (await Promise.all(DEAL_STATUSES.map((status) => deals.listByStatus(status)))).flat().filter(isListed);
  for (const deal of listed) {
    const now = listEntries(deal);
    const untokened = now.filter((entry) => !entry.listing.startsWith('all#all#tok#'));
    const previous = previousRule(deal) ? previousDealIndex(deal) : undefined;
    const tokens = previous?.tokens ?? oldDealTokens(deal);
    const old = [...untokened, ...tokens.map((token) => ({ ...now[0]!, listing: tokenListingKey(token) }))].map((entry) =>
      previous ? { ...entry, text: previous.text } : entry,
    );
    move(
      now,
      old,
      (entry) => `${entry.listing}\n${entry.position}`,
      (entry) => entities.deal.build(PutItemCommand).item(entry).params().Item!,
    );
  }
  for (let start = 0; start < requests.length; start += 25) {
    await table
      .getDocumentClient()
      .send(new BatchWriteCommand({ RequestItems: { [testTable.table]: requests.slice(start, start + 25) as never } }));
  }
  return requests.length;
}

describe('the search-prefixes migration on a copy of the demo data', () => {
  /** True when the deals-list listing holds an entry of the deal. */
  const listingHolds = async (listing: string, dealId: string) =>
    (await scanAll(legacy)).some((item) => item.pk === `${DEAL_LIST_PARTITION_PREFIX}${listing}` && item.dealId === dealId);

  let legacy: TestTable;
  let seeded: Record<string, Item>;
  /** A seeded client's and a listed deal's word of 5+ characters, typed as its first 5 (the old rule had no listing). */
  let clientQuery: { q: string; id: string };
  let dealQuery: { q: string; id: string };
  /** A listed deal indexed by the rule until 26 Nov 2026: in the listings of its words' first 2 characters. */
  let previouslyIndexed: ListedDeal;

  beforeAll(async () => {
    legacy = await createTestTable('migrate-search-prefixes');
    await seedDemoData(legacy.data, users, { now: NOW });
    seeded = await snapshot(legacy);
    const clients = await legacy.data.clients.listByName();
    const client = clients.find((candidate) => (candidate.fullName.split(' ').at(-1) ?? '').length >= 5)!;
    clientQuery = { q: client.fullName.split(' ').at(-1)!.slice(0, 5), id: client.id };
    const deals = (await legacy.data.deals.listByStatus('pending')).filter(isListed);
    const deal = deals.find((candidate) => candidate.make.length >= 5)!;
    dealQuery = { q: deal.make.toLowerCase().slice(0, 5), id: deal.id };
    // The deals of that make as the oldest rule left them, every other deal as the rule until 26 Nov 2026 did: a
    // table migrated once before, whose later deals were written with 2-character listings.
    previouslyIndexed = (await legacy.data.deals.listByStatus('pending'))
      .concat(await legacy.data.deals.listByStatus('active'))
      .filter((candidate) => isListed(candidate) && candidate.make !== deal.make)[0]!;
    expect(await asIndexedByTheOldRule(legacy, (candidate) => candidate.make !== deal.make)).toBeGreaterThan(100);
  }, 180_000);
  afterAll(async () => {
    await legacy?.drop();
  });

  it('starts as the old rules left it: a 5-character search misses a seeded client and deal; 2-character listings', async () => {
    const found = await search(admin, { q: clientQuery.q }, legacy.data);
    expect(found.clients.map((hit) => hit.id)).not.toContain(clientQuery.id);
    expect((await search(admin, { q: dealQuery.q }, legacy.data)).deals).toEqual([]);
    expect(await listingHolds(tokenListingKey(words(previouslyIndexed.make)[0]!.slice(0, 2)), previouslyIndexed.id)).toBe(true);
  });

  it('reports on a dry run what it would write, and writes nothing', async () => {
    const before = await snapshot(legacy);

    const report = await migrateSearchPrefixes(legacy.data, { dryRun: true });

    expect(report.dryRun).toBe(true);
    expect(report.clients).toBeGreaterThan(5);
    expect(report.leads).toBeGreaterThan(3);
    expect(report.deals).toBeGreaterThan(5);
    expect(report.clientsMoved).toBe(report.clients);
    expect(report.dealsMoved).toBeGreaterThan(0);
    expect(report.leadsMoved).toBeGreaterThan(0);
    expect(report.entriesPut).toBeGreaterThan(100);
    expect(await snapshot(legacy)).toEqual(before);
  });

  it('writes back exactly what the seed wrote, and the search finds the client and deal by 5 characters', async () => {
    const report = await migrateSearchPrefixes(legacy.data, { dryRun: false });

    expect(report.entriesPut).toBeGreaterThan(100);
    expect(await snapshot(legacy)).toEqual(seeded);
    expect((await search(admin, { q: clientQuery.q }, legacy.data)).clients.map((hit) => hit.id)).toContain(clientQuery.id);
    expect((await search(admin, { q: dealQuery.q }, legacy.data)).deals.length).toBeGreaterThan(0);
    // The 2-character listings are gone (today's start at 3).
    expect(await listingHolds(tokenListingKey(words(previouslyIndexed.make)[0]!.slice(0, 2)), previouslyIndexed.id)).toBe(false);
  });

  it('changes nothing on a second run, and reports nothing to do', async () => {
    const before = await snapshot(legacy);

    const report = await migrateSearchPrefixes(legacy.data, { dryRun: false });

    expect(report).toMatchObject({ clientsMoved: 0, leadsMoved: 0, dealsMoved: 0, entriesPut: 0, entriesDeleted: 0 });
    expect(await snapshot(legacy)).toEqual(before);
  });
});
