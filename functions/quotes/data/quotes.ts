/**
 * The public quote route's data: the one write that stores a lead (with its idempotency key, its outbox messages and
 * the automatic assignment to the shopper's agent, all or nothing), the
 * record of how the new-lead e-mail went, and the two reads it needs (the admins to notify, the approved brokers a
 * shopper may name). Reading and updating leads for the inbox is the leads store's job (functions/domain/leads/leads.ts).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { QuoteLeadRow } from '@shared/quotes/lead-row';
import type { LeadNotificationStatus } from '@shared/quotes/enums';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealEntity, type Deal } from '@functions/domain/deals/entities/deal';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { brokerProfileEntity, brokerApprovalPartition, type BrokerProfile } from '@functions/domain/users/broker-profile';
import { quoteLeadEntity, type QuoteLead } from '@functions/domain/leads/quote-lead';
import { leadSearchEntryEntity } from '@functions/domain/leads/lead-search-entry';
import { leadSearchOperations } from '@functions/domain/leads/lead-search-index';
import { quoteRequestKeyEntity, QUOTE_REQUEST_KEY_LIFETIME_SECONDS } from './quote-request-key';
import { userEntity, type User } from '@functions/domain/users/user';
import { queryAll } from '@functions/lib/data/query';
import { outboxStore, type OutboxMessage } from '@functions/lib/data/outbox-store';
import { commit } from '@functions/lib/data/transactions';
import { leadAssignedWrites } from '@functions/domain/notifications/notify';
import { newLeadCounterOperations } from '@functions/domain/leads/leads';

export type { QuoteLead } from '@functions/domain/leads/quote-lead';

export interface LeadNotification {
  status: LeadNotificationStatus;
  error?: string;
  at: string;
}

/** How the shopper's acknowledgement stands (functions/quotes/acknowledgement.ts). */
export interface LeadAcknowledgement extends LeadNotification {
  channel: 'email' | 'sms';
}

/** The agent the shopper picked, assigned on arrival. */
export interface AutomaticAssignment {
  brokerId: string;
  brokerName: string;
}

/** The vehicle a lead was reserved for, by id and by name as it read then (the listing may change or go later). */
export interface ReservedVehicle {
  id: string;
  name: string;
}

/** Who an automatic assignment is "by" in the lead's history (the inbox shows it as "assigned automatically"). */
export const AUTOMATIC_ASSIGNER = { id: 'leasedesk', name: 'LeaseDesk' } as const;

export type StoreLeadOutcome =
  /** This request stored the lead. */
  | { stored: true; id: string }
  /** An earlier request with the same idempotency key stored it: its id. */
  | { stored: false; id: string };

/** How often a request whose key was taken by a request still in flight looks again for that request's lead. */
const KEY_LOOKUPS = 5;
const KEY_LOOKUP_PAUSE_MS = 50;

/** DynamoDB stores no nulls here: a column the wizard left empty is simply absent. */
function withoutNulls<T extends object>(row: T): { [K in keyof T]: null extends T[K] ? Exclude<T[K], null> | undefined : T[K] } {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value ?? undefined])) as never;
}

export function quoteStore(table: LeaseDeskTable) {
  const entities = {
    get quoteLead() {
      return quoteLeadEntity(table);
    },
    get quoteRequestKey() {
      return quoteRequestKeyEntity(table);
    },
    get user() {
      return userEntity(table);
    },
    get brokerProfile() {
      return brokerProfileEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get leadSearchEntry() {
      return leadSearchEntryEntity(table);
    },
    get deal() {
      return dealEntity(table);
    },
  };
  const readKey = async (idempotencyKey: string) =>
    (await entities.quoteRequestKey.build(GetItemCommand).key({ idempotencyKey }).options({ consistent: true }).send()).Item;

  return {
    /**
     * Stores the lead (status `new`, its notification as it stands before sending) with the new-lead e-mails (the
     * outbox) and claims its idempotency key in one transaction. When the key is already claimed nothing is written
     * and the first lead's id is answered, so a double submit stores one lead and sends nothing.
     */
    async storeLead(
      input: {
        id: string;
        idempotencyKey: string;
        row: QuoteLeadRow;
        notification?: LeadNotification;
        acknowledgement?: LeadAcknowledgement;
        /** The shopper's agent, assigned with the lead (an assignment history entry marked automatic). */
        assignment?: AutomaticAssignment;
        /** The marketplace vehicle the shopper reserved from the trending embed, as the lead names it. */
        reservedVehicle?: ReservedVehicle;
        messages?: readonly OutboxMessage[];
      },
      now: Date,
    ): Promise<StoreLeadOutcome> {
      const createdAt = now.toISOString();
      const { assignment } = input;
      const outcome = await commit([
        entities.quoteRequestKey
          .build(PutTransaction)
          .item({
            idempotencyKey: input.idempotencyKey,
            leadId: input.id,
            createdAt,
            expiresAt: Math.floor(now.getTime() / 1000) + QUOTE_REQUEST_KEY_LIFETIME_SECONDS,
          })
          .options({ condition: { attr: 'idempotencyKey', exists: false } }),
        entities.quoteLead
          .build(PutTransaction)
          .item({
            ...withoutNulls(input.row),
            id: input.id,
            status: 'new',
            createdAt,
            ...(input.notification ? { notification: withoutNulls(input.notification) as LeadNotification } : {}),
            ...(input.acknowledgement ? { acknowledgement: withoutNulls(input.acknowledgement) as LeadAcknowledgement } : {}),
            ...(input.reservedVehicle
              ? { reservedVehicleId: input.reservedVehicle.id, reservedVehicleName: input.reservedVehicle.name }
              : {}),
            ...(assignment
              ? {
                  assignedBrokerId: assignment.brokerId,
                  assignedBrokerName: assignment.brokerName,
                  assignmentHistory: [
                    {
                      brokerId: assignment.brokerId,
                      brokerName: assignment.brokerName,
                      byId: AUTOMATIC_ASSIGNER.id,
                      byName: AUTOMATIC_ASSIGNER.name,
                      at: createdAt,
                      claimed: false,
                      automatic: true,
                    },
                  ],
                }
              : {}),
          })
          .options({ condition: { attr: 'id', exists: false } }),
        // The inbox's New Leads counts (functions/domain/leads/leads.ts).
        ...newLeadCounterOperations(entities, {
          status: 'new',
          brokerId: input.row.brokerId ?? undefined,
          assignedBrokerId: assignment?.brokerId,
        }),
        // The global search's entries for the shopper's name, e-mail and phone (lead-search-index.ts).
        ...leadSearchOperations(entities, { ...input.row, id: input.id, createdAt }),
        // The picked agent's "lead assigned to you" notification, in the lead's own transaction.
        ...(assignment
          ? leadAssignedWrites(table, undefined, {
              id: input.id,
              firstName: input.row.firstName,
              lastName: input.row.lastName,
              createdAt,
              assignedBrokerId: assignment.brokerId,
              assignmentHistory: [{ brokerId: assignment.brokerId, byId: AUTOMATIC_ASSIGNER.id }],
            })
          : []),
        ...(input.messages ?? []).map((message) => outboxStore(table).putTransaction(message)),
      ]);
      if (outcome.ok) return { stored: true, id: input.id };
      // The key's transaction committed (a failed condition means the item exists); read it consistently.
      for (let attempt = 0; attempt < KEY_LOOKUPS; attempt++) {
        const claimed = await readKey(input.idempotencyKey);
        if (claimed) return { stored: false, id: claimed.leadId };
        await new Promise((resolve) => setTimeout(resolve, KEY_LOOKUP_PAUSE_MS));
      }
      throw new Error('The idempotency key is claimed but its record cannot be read');
    },

    async getLead(id: string): Promise<QuoteLead | null> {
      return (await entities.quoteLead.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    /** Records how the new-lead e-mail went; the lead itself is left as it is. */
    async recordNotification(id: string, notification: LeadNotification): Promise<void> {
      await entities.quoteLead
        .build(UpdateItemCommand)
        // $set: the whole map at once (an update of its members would need the map to exist already).
        .item({ id, notification: $set(withoutNulls(notification) as LeadNotification) })
        .options({ condition: { attr: 'id', exists: true } })
        .send();
    },

    /** Every admin (users by role: one Query on the role index). */
    async admins(): Promise<User[]> {
      return queryAll(entities.user, { index: 'gsi1', partition: 'ROLE#admin' });
    },

    /** Approved brokers (licensed or not): the agents a shopper may name. */
    async approvedBrokers(): Promise<BrokerProfile[]> {
      return queryAll(entities.brokerProfile, { index: 'gsi1', partition: brokerApprovalPartition(true) });
    },

    /** A deal by id (the vehicle a shopper reserves: the service decides whether it is one in the marketplace). */
    async vehicle(id: string): Promise<Deal | null> {
      return (await entities.deal.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async brokerProfile(userId: string): Promise<BrokerProfile | null> {
      return (await entities.brokerProfile.build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },
  };
}

export type QuoteStore = ReturnType<typeof quoteStore>;
