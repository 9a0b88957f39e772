/**
 * The outbox (outbox-message.ts): the put that goes into a record's own transaction, and what the sender
 * does with a message afterwards. Every change after the put is conditioned on the message being as it was read
 * (`attempts` and `dueAt`), so a request and the job, or two runs of the job, never both send one attempt.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { OUTBOX_DUE_PARTITION, outboxMessageEntity, type OutboxMessage, type OutboxRecord } from './outbox-message';
import { queryAll } from './query';
import type { LeaseDeskTable } from './table';
import { isConditionalCheckFailure } from './transactions';

export type { OutboxMessage, OutboxRecord } from './outbox-message';

/** A message given up is kept this long (the table's TTL) for whoever investigates the alert. */
const FAILED_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** `a.b` as an update expression path with its attribute names (#p0.#p1). */
function attributePath(path: string, names: Record<string, string>, prefix: string): string {
  return path
    .split('.')
    .map((part, index) => {
      names[`#${prefix}${index}`] = part;
      return `#${prefix}${index}`;
    })
    .join('.');
}

export function outboxStore(table: LeaseDeskTable) {
  const entity = () => outboxMessageEntity(table);

  /** Replaces `read` by `next` if `read` is still what is stored; false when someone changed it first. */
  const replace = async (read: OutboxMessage, next: OutboxMessage): Promise<boolean> => {
    try {
      await entity()
        .build(PutItemCommand)
        .item(next)
        // Still exactly as read: nobody sent, claimed or rescheduled it meanwhile.
        .options({
          condition: {
            and: [
              { attr: 'state', eq: 'pending' },
              { attr: 'attempts', eq: read.attempts },
              { attr: 'dueAt', eq: read.dueAt },
            ],
          },
        })
        .send();
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  };

  return {
    /** The message's put, for the transaction that writes the record it is about. */
    putTransaction(message: OutboxMessage) {
      return entity()
        .build(PutTransaction)
        .item(message)
        .options({ condition: { attr: 'id', exists: false } });
    },

    async get(id: string): Promise<OutboxMessage | null> {
      return (await entity().build(GetItemCommand).key({ id }).options({ consistent: true }).send()).Item ?? null;
    },

    /** Messages due by `now`, oldest due first (one Query of the sparse index). */
    async listDue(now: Date, limit: number): Promise<OutboxMessage[]> {
      return queryAll(
        entity(),
        { index: 'gsi1', partition: OUTBOX_DUE_PARTITION, range: { lte: `${now.toISOString()}#~` } },
        { limit },
      );
    },

    /**
     * Takes `message` for one attempt: counts it and moves `dueAt` past the attempt (`until`), so nobody else
     * tries it meanwhile. The claimed message, or null when someone else took it or it is gone.
     */
    async claim(message: OutboxMessage, until: Date): Promise<OutboxMessage | null> {
      const claimed = { ...message, attempts: message.attempts + 1, dueAt: until.toISOString() };
      return (await replace(message, claimed)) ? claimed : null;
    },

    /** Sent: the message is done (deleted). */
    async remove(message: OutboxMessage): Promise<void> {
      await entity().build(DeleteItemCommand).key({ id: message.id }).send();
    },

    /** Not sent this time (`attempts` tries so far): tried again at `dueAt`. */
    async reschedule(message: OutboxMessage, next: { attempts: number; error: string; dueAt: Date }): Promise<boolean> {
      return replace(message, {
        ...message,
        attempts: next.attempts,
        lastError: next.error.slice(0, 1000),
        dueAt: next.dueAt.toISOString(),
      });
    },

    /** Given up: out of the index, kept a while with its last error. */
    async giveUp(message: OutboxMessage, error: string, now: Date): Promise<boolean> {
      return replace(message, {
        ...message,
        state: 'failed',
        lastError: error.slice(0, 1000),
        expiresAt: Math.floor(now.getTime() / 1000) + FAILED_KEPT_SECONDS,
      });
    },

    /**
     * Marks the record a message is about (written `retrying` with it): `sent` or `retrying` (with the error) only
     * while it still reads `retrying`, so a recipient given up (`failed`) stays failed and a late retry never
     * overwrites `sent`; `failed` with the error whatever it read. A record deleted meanwhile is left alone.
     */
    async markRecord(record: OutboxRecord, outcome: { status: 'sent' } | { status: 'retrying' | 'failed'; error: string }) {
      const names: Record<string, string> = {};
      const status = attributePath(record.statusPath, names, 's');
      const error = attributePath(record.errorPath, names, 'e');
      const values: Record<string, string> = { ':status': outcome.status };
      if (outcome.status !== 'failed') values[':retrying'] = 'retrying';
      if (outcome.status !== 'sent') values[':error'] = outcome.error.slice(0, 1000);
      try {
        await table.getDocumentClient().send(
          new UpdateCommand({
            TableName: table.getName(),
            Key: { pk: record.pk, sk: record.sk },
            UpdateExpression:
              outcome.status === 'sent'
                ? `SET ${status} = :status REMOVE ${error}`
                : `SET ${status} = :status, ${error} = :error`,
            ConditionExpression: outcome.status === 'failed' ? 'attribute_exists(pk)' : `${status} = :retrying`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
      } catch (caught) {
        if (!isConditionalCheckFailure(caught)) throw caught;
      }
    },
  };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
