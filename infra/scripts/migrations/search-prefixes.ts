/**
 * The search-prefixes migration (docs/operations.md "Migrations", docs/data-model.md "Global search"): moves the
 * token listings of the clients', leads' and deals-list search indexes from the old rule (a word's first 1, 2 and 4
 * characters; deals 2 and 4; at most 24, deals 12, tokens a record) to today's (every prefix of 1, deals 3, to 6
 * characters, whole words while the cap allows: search-words.ts `prefixTokens`; a VIN by its start and its last 6
 * and 8). Records written since already have today's listings; records stored before lack the longer prefixes (a
 * search of 3, 5 or 6 characters would not find them) and may sit in a listing today's rule leaves out. A deal's
 * words are also moved to today's order and prefixes (deal-list-index.ts `dealIndexedWords`): a listing of any of its
 * words' prefixes, today's or the previous rule's (2 to 6 characters until 26 Nov 2026), that today's tokens leave
 * out is deleted (`everyDealToken`).
 *
 * Per record it computes, with the same pure functions the writes use, the entries today's rule wants and the ones
 * the old rule wrote, reads those keys (a BatchGet), and writes only the difference: wanted entries missing or
 * outdated are put, old-rule entries today's rule does not want are deleted. One-off, idempotent (a second run finds
 * nothing to do), with a dry run that writes nothing. Clients are read through their name index (gsi1), leads
 * through theirs (gsi1), deals by status (gsi1): never scanned.
 */
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import type { Entity } from 'dynamodb-toolbox/entity';
import { DEAL_STATUSES } from '@shared/deals/enums';
import type { DealStore } from '@functions/domain/deals/deals';
import {
  DEAL_SEARCH_PREFIXES,
  dealIndexedWords,
  stockStartTokens,
  isListed,
  listEntries,
  tokenListingKey,
  vinTokens,
  words as dealWords,
} from '@functions/domain/deals/deal-list-index';
import { wordPrefixes } from '@functions/lib/data/search-words';
import { clientSearchEntryEntity, type ClientSearchEntry } from '@functions/domain/clients/client-search-entry';
import { dealListEntryEntity, type DealListEntry } from '@functions/domain/deals/entities/deal-list-entry';
import { leadSearchEntryEntity, type LeadSearchEntry } from '@functions/domain/leads/lead-search-entry';
import { leadSearchEntries, leadWords } from '@functions/domain/leads/lead-search-index';
import { type ClientStore } from '@functions/domain/clients/clients';
import {
  CLIENT_SEARCH_PREFIXES,
  clientIndexedWords,
  clientSearchEntries,
  clientWords,
} from '@functions/domain/clients/client-search';
import type { leadStore } from '@functions/domain/leads/leads';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll } from '@functions/lib/data/transactions';

export interface SearchPrefixesMigrationReport {
  dryRun: boolean;
  clients: number;
  leads: number;
  /** Deals with deals-list entries (statuses the list shows, client deals). */
  deals: number;
  /** Records whose listings changed (or, on a dry run, would). */
  clientsMoved: number;
  leadsMoved: number;
  dealsMoved: number;
  /** Entries put (missing or outdated) and deleted (an old-rule listing today's rule leaves out). */
  entriesPut: number;
  entriesDeleted: number;
}

interface MigrationData {
  table: LeaseDeskTable;
  clients: Pick<ClientStore, 'listByName'>;
  leads: Pick<ReturnType<typeof leadStore>, 'listAll'>;
  deals: Pick<DealStore, 'listByStatus'>;
}

// The old rule, frozen here: what records stored before this migration were indexed with.
const OLD_PREFIX = 4;
const OLD_CLIENT_AND_LEAD_CAP = 24;
const OLD_DEAL_CAP = 12;

/** Pure: the old rule's tokens of a client's or a lead's words (the phone's words first): 1, 2 and 4 characters. */
export function oldPersonTokens(phoneWords: string[], allWords: string[]): string[] {
  const tokens = new Set<string>();
  for (const word of [...phoneWords, ...allWords]) {
    tokens.add(word.slice(0, 1));
    if (word.length >= 2) tokens.add(word.slice(0, 2));
    if (word.length >= OLD_PREFIX) tokens.add(word.slice(0, OLD_PREFIX));
  }
  return [...tokens].slice(0, OLD_CLIENT_AND_LEAD_CAP);
}

/** Pure: the old rule's tokens of a deal: the VIN's and stock number's lookup tokens, then 2 and 4 characters. */
export function oldDealTokens(deal: {
  make: string;
  model: string;
  clientName?: string | null;
  vin?: string | null;
  stockNumber?: string | null;
}): string[] {
  const tokens = new Set<string>();
  for (const word of [...dealWords(deal.vin), ...dealWords(deal.stockNumber)]) {
    if (word.length >= 2) tokens.add(word.slice(0, word.length >= OLD_PREFIX ? OLD_PREFIX : 2));
  }
  for (const word of [...dealWords(deal.make), ...dealWords(deal.model), ...dealWords(deal.clientName)]) {
    tokens.add(word.length === 1 ? word : word.slice(0, 2));
    if (word.length >= OLD_PREFIX) tokens.add(word.slice(0, OLD_PREFIX));
  }
  return [...tokens].slice(0, OLD_DEAL_CAP);
}

/**
 * The deals' rule from 25 Nov 2026 to 26 Nov 2026, frozen here: every prefix from 2 characters (a one-letter
 * word as itself), the VIN by its first 6 only.
 */
const PREVIOUS_DEAL_PREFIXES = { shortest: 2, longest: 6 };
const previousWordPrefixes = (word: string) => (word.length === 1 ? [word] : wordPrefixes(word, PREVIOUS_DEAL_PREFIXES));
const previousVinTokens = (vin: string | null | undefined) =>
  dealWords(vin).flatMap((word) =>
    word.length >= PREVIOUS_DEAL_PREFIXES.longest ? [word.slice(0, PREVIOUS_DEAL_PREFIXES.longest)] : previousWordPrefixes(word),
  );

/**
 * Pure: every token today's rule or the previous one (from 2 characters, until 26 Nov 2026) could give a deal's
 * words, whatever their order or the cap: what an earlier word order (stock number, make, model, client, before
 * 26 Nov 2026: docs/data-model.md "Global search") or the 2-character listings may have written. The migration
 * deletes those of them today's tokens leave out.
 */
export function everyDealToken(deal: Parameters<typeof dealIndexedWords>[0]): string[] {
  const indexedWords = dealIndexedWords(deal);
  return [
    ...new Set([
      ...vinTokens(deal),
      ...previousVinTokens(deal.vin),
      // Until 29 Nov 2026 the VIN's last 8 was a listing of its own (its first 6).
      ...dealWords(deal.vin)
        .filter((word) => word.length > 8)
        .map((word) => word.slice(-8, -2)),
      ...stockStartTokens(deal.stockNumber),
      ...indexedWords.flatMap((word) => [...wordPrefixes(word, DEAL_SEARCH_PREFIXES), ...previousWordPrefixes(word)]),
    ]),
  ];
}

interface Plan<T> {
  /** Today's entries of the record. */
  wanted: T[];
  /** Old-rule entries today's rule does not want (deleted when stored). */
  stale: T[];
}

/** One kind's reconciliation: read the keys of a record's wanted and stale entries, write the difference. */
async function reconcile<T extends Record<string, unknown>>(
  entity: Entity,
  plan: Plan<T>,
  key: (entry: T) => string,
  keyOf: (entry: T) => Record<string, string>,
  same: (a: T, b: T) => boolean,
  write: boolean,
): Promise<{ put: number; deleted: number }> {
  const keys = [...plan.wanted, ...plan.stale].map(keyOf);
  const stored = new Map(
    ((await batchGetAll(entity, keys as never)) as unknown as T[]).map((entry) => [key(entry), entry] as const),
  );
  const put = plan.wanted.filter((entry) => {
    const current = stored.get(key(entry));
    return !current || !same(current, entry);
  });
  const wantedKeys = new Set(plan.wanted.map(key));
  const remove = plan.stale.filter((entry) => stored.has(key(entry)) && !wantedKeys.has(key(entry)));
  if (write) {
    const requests = [
      ...put.map((entry) => entity.build(BatchPutRequest).item(entry as never)),
      ...remove.map((entry) => entity.build(BatchDeleteRequest).key(keyOf(entry) as never)),
    ];
    for (let start = 0; start < requests.length; start += 25) {
      await execute({ maxAttempts: 8 }, entity.table.build(BatchWriteCommand).requests(...requests.slice(start, start + 25)));
    }
  }
  return { put: put.length, deleted: remove.length };
}

export async function migrateSearchPrefixes(
  data: MigrationData,
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<SearchPrefixesMigrationReport> {
  const log = options.log ?? (() => {});
  const write = !options.dryRun;
  const report: SearchPrefixesMigrationReport = {
    dryRun: options.dryRun,
    clients: 0,
    leads: 0,
    deals: 0,
    clientsMoved: 0,
    leadsMoved: 0,
    dealsMoved: 0,
    entriesPut: 0,
    entriesDeleted: 0,
  };
  const count = (outcome: { put: number; deleted: number }) => {
    report.entriesPut += outcome.put;
    report.entriesDeleted += outcome.deleted;
    return outcome.put + outcome.deleted > 0 ? 1 : 0;
  };

  const clientEntity = clientSearchEntryEntity(data.table);
  const clients = await data.clients.listByName();
  report.clients = clients.length;
  for (const client of clients) {
    const wanted = clientSearchEntries(client);
    const base = wanted[0]!;
    const tokens = new Set(wanted.map((entry) => entry.token));
    // The old rule's listings, and any prefix listing the rule before the phone's ends (29 Nov 2026) wrote that
    // today's cap leaves out.
    const old = [
      ...oldPersonTokens(clientWords({ fullName: '', phone: client.phone }), clientWords(client)),
      ...clientIndexedWords(client).flatMap((word) => wordPrefixes(word, CLIENT_SEARCH_PREFIXES)),
    ];
    const stale = [...new Set(old)].filter((token) => !tokens.has(token)).map((token) => ({ ...base, token }));
    report.clientsMoved += count(
      await reconcile<ClientSearchEntry>(
        clientEntity,
        { wanted, stale },
        (entry) => `${entry.token}\n${entry.position}`,
        (entry) => ({ token: entry.token, position: entry.position }),
        (a, b) => a.clientId === b.clientId && a.text === b.text,
        write,
      ),
    );
  }
  log(`search-prefixes: ${report.clientsMoved} of ${clients.length} clients moved`);

  const leadEntity = leadSearchEntryEntity(data.table);
  const leads = await data.leads.listAll();
  report.leads = leads.length;
  for (const lead of leads) {
    const wanted = leadSearchEntries(lead);
    if (wanted.length === 0) continue;
    const tokens = new Set(wanted.map((entry) => entry.token));
    const phoneWords = leadWords({ firstName: '', lastName: '', email: '', phone: lead.phone });
    const stale = oldPersonTokens(phoneWords, leadWords(lead))
      .filter((token) => !tokens.has(token))
      .map((token) => ({ ...wanted[0]!, token }));
    report.leadsMoved += count(
      await reconcile<LeadSearchEntry>(
        leadEntity,
        { wanted, stale },
        (entry) => `${entry.token}\n${entry.position}`,
        (entry) => ({ token: entry.token, position: entry.position }),
        (a, b) => a.leadId === b.leadId && a.text === b.text,
        write,
      ),
    );
  }
  log(`search-prefixes: ${report.leadsMoved} of ${leads.length} leads moved`);

  const dealEntity = dealListEntryEntity(data.table);
  const deals = (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status)))).flat().filter(isListed);
  report.deals = deals.length;
  for (const deal of deals) {
    const wanted = listEntries(deal);
    const listings = new Set(wanted.map((entry) => entry.listing));
    const stale = [...new Set([...oldDealTokens(deal), ...everyDealToken(deal)])]
      .map(tokenListingKey)
      .filter((listing) => !listings.has(listing))
      .map((listing) => ({ ...wanted[0]!, listing }));
    report.dealsMoved += count(
      await reconcile<DealListEntry>(
        dealEntity,
        { wanted, stale },
        (entry) => `${entry.listing}\n${entry.position}`,
        (entry) => ({ listing: entry.listing, position: entry.position }),
        (a, b) =>
          a.dealId === b.dealId &&
          a.status === b.status &&
          a.makeKey === b.makeKey &&
          a.groupKey === b.groupKey &&
          a.text === b.text,
        write,
      ),
    );
  }
  log(`search-prefixes: ${report.dealsMoved} of ${deals.length} listed deals moved${options.dryRun ? ' (dry run)' : ''}`);
  return report;
}
