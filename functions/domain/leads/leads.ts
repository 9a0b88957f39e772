/**
 * The lead inbox's data: quote leads as the inbox reads and changes them (the quotes feature stores them).
 *
 * Lists: every list is one to three Queries over the lead's own indexes (quote-lead.ts), all sorted by
 * `${createdAt}#${id}`. A broker's inbox is the union of their assigned leads (gsi4), the leads naming them as agent
 * (gsi2) and the open pool (gsi4); each stream is read newest first from the same position and merged, so a page
 * costs at most three reads of one page each, whatever the number of leads, and the cursor is one sort key.
 *
 * Writes: a lead is replaced whole (so every index key is recomputed from its attributes), conditioned on the
 * revision read (`revision`, absent = 0, incremented by every save), in one transaction with the new-lead counters it
 * changes: a claim that lost the race, an assignment made on a stale screen, or a status change on a lead changed in
 * between, fails its condition instead of overwriting.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { brokerProfileEntity } from '../users/broker-profile';
import { clientEmailEntity } from '../clients/client-email';
import { counterEntity } from '../counters/counter';
import { leadSearchEntryEntity } from './lead-search-entry';
import { quoteLeadEntity } from './quote-lead';
import {
  LEADS_POOL_PARTITION,
  QUOTE_LEADS_PARTITION,
  leadsOfAssignee,
  leadsOfStatus,
  quoteLeadSchema,
  quoteLeadsOfBroker,
  type QuoteLead,
} from './quote-lead';
import { pick, writableAttributes } from '@functions/lib/data/keys';
import type { LeaseDeskTable, IndexName } from '@functions/lib/data/table';
import { leadSearchOperations } from './lead-search-index';
import { batchGetAll, commit, type WriteOperation } from '@functions/lib/data/transactions';
import { leadAssignedWrites } from '@functions/domain/notifications/notify';
import { emailKey } from '../clients/clients';
import {
  ALL_LEADS_SCOPE,
  brokerLeadsScope,
  counterOperations,
  mergeDeltas,
  POOL_LEADS_SCOPE,
  type CounterDelta,
} from '../counters/counters';

export type { QuoteLead as Lead } from './quote-lead';
type Lead = QuoteLead;

const LEAD_ATTRIBUTES = writableAttributes(quoteLeadSchema);

/** Thrown by save when the lead is no longer the one read (another save came first, or the lead went). */
export class LeadChangedError extends Error {
  override readonly name = 'LeadChangedError';
}

/** A lead's revision: 0 until its first inbox write. */
export const leadRevision = (lead: Pick<Lead, 'revision'>): number => lead.revision ?? 0;

/** What a lead's counts depend on. */
export type LeadCountFacts = Pick<Lead, 'status' | 'assignedBrokerId' | 'brokerId'>;

/**
 * The counter scopes a new lead counts in: every lead; the pool when nobody holds it; otherwise each broker who
 * sees it as theirs (assignee, named agent). The pool never counts a lead a broker also counts, so a broker's
 * figure (their own + the pool) counts each lead once.
 */
export function newLeadScopes(lead: LeadCountFacts): string[] {
  if (lead.status !== 'new') return [];
  const brokers = new Set([lead.assignedBrokerId, lead.brokerId].filter((id): id is string => !!id));
  return [ALL_LEADS_SCOPE, ...(brokers.size === 0 ? [POOL_LEADS_SCOPE] : [...brokers].map(brokerLeadsScope))];
}

/** The counter changes of a lead write: `before` is absent for a create. */
export function leadCounterDeltas(before: LeadCountFacts | undefined, after: LeadCountFacts): CounterDelta[] {
  return mergeDeltas([
    ...(before ? newLeadScopes(before) : []).map((scope) => ({ scope, changes: { newLeads: -1 } })),
    ...newLeadScopes(after).map((scope) => ({ scope, changes: { newLeads: 1 } })),
  ]);
}

/** The counter changes of storing a new lead, for the quote request's create transaction (functions/quotes/data/quotes.ts). */
export function newLeadCounterOperations(entities: { readonly counter: ReturnType<typeof counterEntity> }, lead: LeadCountFacts) {
  return counterOperations(entities, leadCounterDeltas(undefined, lead));
}

/** One sorted stream of leads: an index and a partition. */
export interface LeadStream {
  index: IndexName;
  partition: string;
}

export interface LeadListFilter {
  status?: string;
  /** Leads assigned to or naming this broker. */
  brokerId?: string;
  /** Add the open pool (a broker's own inbox). */
  withPool?: boolean;
}

/** Pure: the streams a list reads. Every stream is sorted by `${createdAt}#${id}`. */
export function leadStreams(filter: LeadListFilter): LeadStream[] {
  const { status, brokerId, withPool } = filter;
  const byStatus = (partition: string) => (status ? `${partition}#status#${status}` : partition);
  const streams: LeadStream[] = [];
  if (brokerId) {
    streams.push(
      { index: status ? 'gsi5' : 'gsi4', partition: byStatus(leadsOfAssignee(brokerId)) },
      { index: status ? 'gsi6' : 'gsi2', partition: byStatus(quoteLeadsOfBroker(brokerId)) },
    );
  }
  if (withPool) streams.push({ index: status ? 'gsi5' : 'gsi4', partition: byStatus(LEADS_POOL_PARTITION) });
  if (streams.length === 0) {
    streams.push(
      status ? { index: 'gsi3', partition: leadsOfStatus(status) } : { index: 'gsi1', partition: QUOTE_LEADS_PARTITION },
    );
  }
  return streams;
}

/** A lead's position in every list. */
export const leadPosition = (lead: Pick<Lead, 'createdAt' | 'id'>) => `${lead.createdAt}#${lead.id}`;

export interface LeadPage {
  leads: Lead[];
  /** The position to continue after, or null at the end. */
  lastPosition: string | null;
}

/** The leads store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface LeadStore {
  createOperations: (inputs: readonly Lead[]) => WriteOperation[];
  saveOperations: (
    before: Lead,
    after: Lead,
  ) => {
    item: Lead;
    operations: WriteOperation[];
  };
  get(id: string): Promise<Lead | null>;
  /**
   * Stores a new lead with its counts and search entries; false when a lead with that id exists (a retried create, the seed's
   * re-run). Used by the seed.
   */
  create(input: Lead, alongside?: WriteOperation[]): Promise<boolean>;
  /**
   * Replaces a lead read earlier, if it is still at the revision read (and so has the status and assignee read);
   * the revision goes up by one and the counts follow.
   */
  save(before: Lead, after: Lead): Promise<Lead>;
  /**
   * One page, newest first, of the union of `filter`'s streams after `after`. Each stream reads at most `limit`
   * leads from the same position; a lead in two streams (assigned to and naming the same broker) comes once.
   */
  page(filter: LeadListFilter, after: string | undefined, limit: number): Promise<LeadPage>;
  /** The full names of brokers (the agents leads name), by id; unknown ids are left out. */
  brokerNames(ids: string[]): Promise<Map<string, string>>;
  /** The client holding an e-mail (the clients store's unique e-mail claim), for convert's match. */
  clientIdByEmail(email: string): Promise<string | null>;
  /** Every lead newest first: a whole-set read for tests and tools, never a request path. */
  listAll(): Promise<Lead[]>;
}

export function leadStore(table: LeaseDeskTable): LeadStore {
  const entities = {
    get quoteLead() {
      return quoteLeadEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get brokerProfile() {
      return brokerProfileEntity(table);
    },
    get clientEmail() {
      return clientEmailEntity(table);
    },
    get leadSearchEntry() {
      return leadSearchEntryEntity(table);
    },
  };
  const entity = () => entities.quoteLead;

  async function readStream(stream: LeadStream, after: string | undefined, limit: number) {
    const { Items = [], LastEvaluatedKey } = await entity()
      .table.build(QueryCommand)
      .entities(entity())
      .query({ index: stream.index, partition: stream.partition, ...(after ? { range: { lt: after } } : {}) })
      .options({ reverse: true, limit, maxPages: 1 })
      .send();
    return { leads: Items as Lead[], more: LastEvaluatedKey !== undefined };
  }

  /**
   * The writes that store new leads (each with its search entries and assignment notice, their counts merged so
   * each counter is one item), for a transaction that also holds the caller's own writes (an ADF document's
   * claims): see functions/leads/adf-leads.ts. Each lead's put fails its condition if its id exists.
   */
  function createOperations(inputs: readonly Lead[]): WriteOperation[] {
    const items = inputs.map((input) => ({ ...pick(input, LEAD_ATTRIBUTES), status: input.status ?? 'new' }) as Lead);
    return [
      ...items.flatMap((item) => [
        entity()
          .build(PutTransaction)
          .item(item)
          .options({ condition: { attr: 'id', exists: false } }),
        // The global search's entries (lead-search-index.ts): name, e-mail and phone never change after the create.
        ...leadSearchOperations(entities, item),
        ...leadAssignedWrites(table, undefined, item),
      ]),
      ...counterOperations(entities, mergeDeltas(items.flatMap((item) => leadCounterDeltas(undefined, item)))),
    ];
  }

  /** The writes of `save`, for a transaction that also holds the caller's own writes (a returning ADF shopper's). */
  function saveOperations(before: Lead, after: Lead): { item: Lead; operations: WriteOperation[] } {
    const item = {
      ...pick(after, LEAD_ATTRIBUTES),
      id: before.id,
      createdAt: before.createdAt,
      revision: leadRevision(before) + 1,
    } as Lead;
    const operations = [
      entity()
        .build(PutTransaction)
        .item(item)
        .options({
          condition: {
            and: [
              { attr: 'id', exists: true },
              before.revision === undefined ? { attr: 'revision', exists: false } : { attr: 'revision', eq: before.revision },
            ],
          },
        }),
      ...counterOperations(entities, leadCounterDeltas(before, item)),
      ...leadAssignedWrites(table, before, item),
    ];
    return { item, operations };
  }

  return {
    createOperations,
    saveOperations,

    async get(id: string): Promise<Lead | null> {
      return (await entity().build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async create(input: Lead, alongside: WriteOperation[] = []): Promise<boolean> {
      return (await commit([...createOperations([input]), ...alongside])).ok;
    },

    async save(before: Lead, after: Lead): Promise<Lead> {
      const { item, operations } = saveOperations(before, after);
      const outcome = await commit(operations);
      if (!outcome.ok) throw new LeadChangedError(before.id);
      return item;
    },

    async page(filter: LeadListFilter, after: string | undefined, limit: number): Promise<LeadPage> {
      const reads = await Promise.all(leadStreams(filter).map((stream) => readStream(stream, after, limit)));
      const byId = new Map<string, Lead>();
      for (const { leads } of reads) for (const lead of leads) byId.set(lead.id, lead);
      const merged = [...byId.values()].sort((a, b) => (leadPosition(a) < leadPosition(b) ? 1 : -1));
      const page = merged.slice(0, limit);
      // Past the page's last lead, any stream may still hold leads: one that filled its read, or the merge's rest.
      const more = merged.length > limit || reads.some((read) => read.more);
      return { leads: page, lastPosition: more && page.length > 0 ? leadPosition(page.at(-1)!) : null };
    },

    async brokerNames(ids: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const profiles = await batchGetAll(
        entities.brokerProfile,
        unique.map((userId) => ({ userId })),
      );
      return new Map(profiles.flatMap((profile) => (profile.fullName ? [[profile.userId, profile.fullName] as const] : [])));
    },

    async clientIdByEmail(email: string): Promise<string | null> {
      const { Item } = await entities.clientEmail
        .build(GetItemCommand)
        .key({ email: emailKey(email) })
        .send();
      return Item?.clientId ?? null;
    },

    async listAll(): Promise<Lead[]> {
      const all: Lead[] = [];
      let after: string | undefined;
      for (;;) {
        const { leads, more } = await readStream({ index: 'gsi1', partition: QUOTE_LEADS_PARTITION }, after, 100);
        all.push(...leads);
        if (!more || leads.length === 0) return all;
        after = leadPosition(leads.at(-1)!);
      }
    },
  };
}
