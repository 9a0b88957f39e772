/**
 * Runs an ElectroDB write transaction and says which condition failed, if any. A transaction cancelled only by
 * DynamoDB's own conflict detection (two transactions on the same counter item at once) is retried a few times
 * with jitter: it carries no business meaning.
 */
import { setTimeout as sleep } from 'node:timers/promises';

interface TransactionResult {
  canceled: boolean;
  data: { rejected: boolean; code?: string }[];
}

export type CommitOutcome = { ok: true } | { ok: false; failedConditions: number[] };

const MAX_ATTEMPTS = 4;

export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';
}

export async function commit(transaction: { go: () => Promise<TransactionResult> }): Promise<CommitOutcome> {
  for (let attempt = 1; ; attempt++) {
    const result = await transaction.go();
    if (!result.canceled) return { ok: true };
    const codes = result.data.map((entry) => entry.code ?? 'None');
    const failedConditions = codes.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
    if (failedConditions.length > 0) return { ok: false, failedConditions };
    if (codes.includes('TransactionConflict') && attempt < MAX_ATTEMPTS) {
      await sleep(20 * 2 ** attempt * (0.5 + Math.random()));
      continue;
    }
    throw new TransactionAbortedError(`Transaction cancelled: ${codes.join(', ')}`);
  }
}

export function isConditionalCheckFailure(error: unknown): boolean {
  const cause = (error as { cause?: { name?: string } } | undefined)?.cause;
  return cause?.name === 'ConditionalCheckFailedException';
}

/** BatchGet until DynamoDB has answered every key (ElectroDB hands back unprocessed keys without retrying). */
export async function batchGetAll<K, T>(
  fetch: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>,
  keys: K[],
): Promise<T[]> {
  const items: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
    const { data, unprocessed } = await fetch(pending);
    items.push(...data);
    pending = unprocessed;
  }
  return items;
}
