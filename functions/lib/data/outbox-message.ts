/**
 * A notification that must go out (an invitation, a referral, a new-lead notice): written in the same transaction as
 * the record it is about, tried at once by the request, kept while it has not gone out, and retried by the
 * retry-notifications job until it is sent or given up (functions/lib/outbox.ts; docs/architecture.md, "Side
 * effects and the outbox").
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from './table';
import { ENTITY_DEFAULTS } from './keys';

/** The job's index partition: only messages still to be sent are in it (a sparse index: one Query, never a Scan). */
export const OUTBOX_DUE_PARTITION = 'OUTBOX#DUE';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const OUTBOX_STATES = ['pending', 'failed'] as const;

export const outboxMessageSchema = item({
  id: string().key(),
  channel: string().enum(...OUTBOX_CHANNELS),
  /** The e-mail address or phone number. */
  to: string(),
  subject: string().optional(),
  /** The e-mail's text, or the SMS. Holds what the record holds already (an invitation's link among them). */
  text: string(),
  html: string().optional(),
  /**
   * The record whose delivery status follows this message: its table key and the attribute paths ("deliveryStatus",
   * "notification.status") of its status and error. The job marks it `sent`, or `failed` when it gives up.
   */
  record: map({ pk: string(), sk: string(), statusPath: string(), errorPath: string() }).optional(),
  /** `pending` until sent (then deleted) or given up (`failed`, kept 30 days for the record, out of the index). */
  state: string().enum(...OUTBOX_STATES),
  /** Sends tried so far (the request's own included). */
  attempts: number(),
  /** ISO: not before this may the job try (the request's grace, a job's claim, or the backoff). */
  dueAt: string(),
  /** ISO: give up after this (an invitation past its validity is pointless to send). */
  sendBy: string().optional(),
  lastError: string().optional(),
  createdAt: string(),
  /** Epoch seconds (the table's TTL): set only on a message given up. */
  expiresAt: number().optional(),
}).and((_schema) => ({
  gsi1pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ state }) => (state === 'pending' ? OUTBOX_DUE_PARTITION : undefined)),
  gsi1sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ state, dueAt, id }) => (state === 'pending' ? `${dueAt}#${id}` : undefined)),
}));

export const outboxMessageEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'outboxMessage',
      table,
      schema: outboxMessageSchema,
      computeKey: ({ id }) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
    }),
);

export type OutboxMessage = FormattedItem<ReturnType<typeof outboxMessageEntity>>;
export type OutboxRecord = NonNullable<OutboxMessage['record']>;
