/**
 * The stale-listing part of the inventory migration (./inventory.ts `staleListingOperations`): which client-deal items
 * of a flagged listing it takes back, from what is stored.
 */
import { describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { brokerScope, listEntries, listingKey, ALL_STATUSES } from '@functions/domain/deals/deal-list-index';
import { fullDeal } from '@functions/domain/deals/test-deals';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealListCountEntity } from '@functions/domain/deals/entities/deal-list-count';
import { dealListEntryEntity } from '@functions/domain/deals/entities/deal-list-entry';
import { createToolboxTable } from '@functions/lib/data/table';
import { staleListingOperations } from './inventory';

// Building transaction items sends nothing: a client that is never called.
const table = createToolboxTable(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })), 'table');
const entities = {
  counter: counterEntity(table),
  dealListEntry: dealListEntryEntity(table),
  dealListCount: dealListCountEntity(table),
};

const listing = fullDeal({ listing: true, status: 'available', clientId: undefined, clientName: undefined });
/** What the deals list's rule of the time wrote for it: a client deal's entries. */
const written = listEntries({ ...listing, listing: false });
const ownBook = listingKey(brokerScope(listing.brokerId!), ALL_STATUSES);

/** The keys a transaction item touches, as "Delete pk sk", "Update pk sk". */
const touched = (operations: ReturnType<typeof staleListingOperations>) =>
  operations!.map((operation) => {
    const params = operation.params() as { Delete?: { Key: object }; Update?: { Key: object } };
    return params.Delete ? `Delete ${JSON.stringify(params.Delete.Key)}` : `Update ${JSON.stringify(params.Update!.Key)}`;
  });

describe('the items a stale listing gives back', () => {
  it('are every entry it holds as a client deal, each deleted only while it exists, with the counts they stand for', () => {
    const operations = staleListingOperations(entities, listing, written)!;

    const deletes = operations.map((operation) => operation.params()).filter((params) => 'Delete' in params);
    expect(deletes).toHaveLength(written.length);
    for (const params of deletes) expect(params.Delete!.ConditionExpression).toContain('attribute_exists');
    // Group and make counts (everyone's, the dealership's), the broker's make count, the clientDeals counters.
    const updates = touched(operations).filter((key) => key.startsWith('Update'));
    expect(updates.some((key) => key.includes(`DLCOUNT#make#broker#${listing.brokerId}`))).toBe(true);
    expect(updates.some((key) => key.includes('COUNTER#global'))).toBe(true);
    expect(updates.some((key) => key.includes(`COUNTER#dealership#${listing.dealershipId}`))).toBe(true);
  });

  it('are none when nothing is stored (never stale, or cleared by an earlier run)', () => {
    expect(staleListingOperations(entities, listing, [])).toEqual([]);
  });

  it("leave the broker's own-book part alone when it was reconciled already (the own-book migration)", () => {
    const operations = staleListingOperations(
      entities,
      listing,
      written.filter((entry) => entry.listing !== ownBook),
    );

    expect(touched(operations).filter((key) => key.includes(`broker#${listing.brokerId}`))).toEqual([]);
    expect(touched(operations).some((key) => key.includes('COUNTER#global'))).toBe(true);
  });

  it('are refused (null) when the stored entries no longer match the listing: it changed since they were written', () => {
    expect(staleListingOperations(entities, { ...listing, status: 'pending' }, written)).toBeNull();
    expect(staleListingOperations(entities, listing, written.slice(1))).toBeNull();
  });
});
