/**
 * The write helpers every store shares: a TransactWriteItems that says which condition failed, if any, and a
 * BatchGet that reads every key. A transaction cancelled only by DynamoDB's own conflict detection (two
 * transactions on the same counter item at once) is retried a few times with jitter: it carries no business
 * meaning.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { execute as executeTransaction, isTransactionCancelled } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { ExecuteTransactWriteInput, ExecuteTransactWriteOptions } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';

/** One item of a write transaction (a PutTransaction, UpdateTransaction, DeleteTransaction...). */
export type WriteOperation = Exclude<ExecuteTransactWriteInput[number], ExecuteTransactWriteOptions>;

export type CommitOutcome = { ok: true } | { ok: false; failedConditions: number[] };

const MAX_ATTEMPTS = 4;
/** DynamoDB's limit of keys per BatchGetItem. */
const BATCH_GET_LIMIT = 100;

export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';

  /** DynamoDB's cancellation reason codes (TransactionConflict, ThrottlingError...), when it gave them. */
  constructor(
    message: string,
    readonly reasons: readonly string[] = [],
  ) {
    super(message);
  }
}

/** Commits `operations` all or nothing; `failedConditions` are the indexes of the operations whose condition failed. */
export async function commit(operations: WriteOperation[]): Promise<CommitOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await executeTransaction(...operations);
      return { ok: true };
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
      const failedConditions = codes.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
      if (failedConditions.length > 0) return { ok: false, failedConditions };
      if (codes.includes('TransactionConflict') && attempt < MAX_ATTEMPTS) {
        await sleep(20 * 2 ** attempt * (0.5 + Math.random()));
        continue;
      }
      throw new TransactionAbortedError(`Transaction cancelled: ${codes.join(', ')}`, codes);
    }
  }
}

export function isConditionalCheckFailure(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}

/** The items of `keys` that exist, in no particular order; every key is read (unprocessed keys are retried). */
export async function batchGetAll<E extends Entity>(
  entity: E,
  keys: Parameters<BatchGetRequest<E>['key']>[0][],
): Promise<FormattedItem<E>[]> {
  const items: FormattedItem<E>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    const requests = keys.slice(start, start + BATCH_GET_LIMIT).map((key) => entity.build(BatchGetRequest).key(key));
    const command = entity.table.build(BatchGetCommand).requests(...requests);
    const { Responses, UnprocessedKeys } = await executeBatchGet({ maxAttempts: 8 }, command);
    if (UnprocessedKeys && Object.keys(UnprocessedKeys).length > 0)
      throw new TransactionAbortedError('BatchGet left keys unread after 8 attempts');
    for (const item of Responses?.[0] ?? []) if (item) items.push(item as FormattedItem<E>);
  }
  return items;
}
