/**
 * Side effects that must happen: an e-mail or text the user relies on (an invitation, a referral, a new-lead notice)
 * is never silently dropped (docs/architecture.md, "Side effects and the outbox").
 *
 * 1. The service writes the message (`newOutboxMessage`) in the SAME transaction as the record it is about, the
 *    record's delivery status reading `retrying` (not sent yet). A request that dies after the transaction leaves the
 *    message for the job.
 * 2. It tries to send at once (`deliverNow`): sent, the message is deleted and the record reads `sent`; refused by the
 *    provider (a rejected address: sending again cannot help), deleted and the record reads `failed` with the reason;
 *    anything else (throttled, down, unreachable), the message stays, due again after a backoff, and the record reads
 *    `retrying` with the reason. The request answers success for the record either way, with that status.
 * 3. The retry-notifications job (functions/notifications) sends the due messages (`retryDue`): one Query of the
 *    sparse due index, each message claimed by a conditional write before it is sent (so it is sent at most once per
 *    successful claim), and after MAX_ATTEMPTS (or past the message's `sendBy`) given up with an alert.
 *
 * Delivery is at least once: a send whose success could not be recorded (the table failing right after) is sent again.
 */
import { ulid } from 'ulid';
import type { OutboxMessage, OutboxRecord, OutboxStore } from './data/outbox-store';
import { logger as defaultLogger } from './logger';
import type { Mailer, SendResult } from './mailer';
import type { SmsSender } from './sms';

/** A request passes the sender of its channel; the job both. */
export interface Senders {
  mailer?: Pick<Mailer, 'sendEmail'>;
  sms?: Pick<SmsSender, 'sendSms'>;
}

/** How a notification stands, as the record and the API say it. */
export type DeliveryStatus = 'sent' | 'retrying' | 'failed';
export interface Delivery {
  status: DeliveryStatus;
  /** The provider's reason when not sent, null when sent. */
  error: string | null;
}

export const OUTBOX_POLICY = {
  /** The request's own attempt has this long before the job may take the message: far above an API timeout. */
  inlineGraceMs: 2 * 60_000,
  /** A job's claim on a message while it sends it: far above one send. */
  claimMs: 5 * 60_000,
  /** Tries in all (the request's own included) before giving up: about two hours of backoff. */
  maxAttempts: 8,
  /** Messages one job run sends at most (the rest are due on the next run). */
  batchSize: 100,
} as const;

/** The wait after the `attempts`-th failed try: 1, 2, 4, 8, 16, 32, 60, 60 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;
}

export type OutboxMessageInput = Pick<OutboxMessage, 'channel' | 'to' | 'text'> &
  Partial<Pick<OutboxMessage, 'subject' | 'html' | 'sendBy'>> & { record?: OutboxRecord };

/** A message to write with its record: pending, not tried, due for the job only after the request's grace. */
export function newOutboxMessage(input: OutboxMessageInput, now: Date): OutboxMessage {
  return {
    ...input,
    id: ulid(now.getTime()),
    state: 'pending',
    attempts: 0,
    dueAt: new Date(now.getTime() + OUTBOX_POLICY.inlineGraceMs).toISOString(),
    createdAt: now.toISOString(),
  };
}

async function send(message: OutboxMessage, senders: Senders): Promise<SendResult> {
  const { mailer, sms } = senders;
  if (message.channel === 'email' && mailer)
    return mailer.sendEmail({ to: message.to, subject: message.subject ?? '', text: message.text, html: message.html });
  if (message.channel === 'sms' && sms) return sms.sendSms({ to: message.to, text: message.text });
  // A programming error (the caller passed no sender for the channel): the job, which has both, sends it.
  return { ok: false, error: `No ${message.channel} sender here`, retryable: true };
}

type Log = Pick<typeof defaultLogger, 'info' | 'warn' | 'error'>;

/**
 * Bookkeeping after a send must not turn a done request into an error: the record was written and the message went
 * (or will go) out. A failure here is logged; the job finds the message again (sent twice at worst).
 */
async function bestEffort(what: string, message: OutboxMessage, log: Log, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    log.warn(`outbox: ${what} failed`, { outboxId: message.id, error: error as Error });
  }
}

/**
 * Step 2: the request's own attempt, right after the transaction that wrote `message` with its record. The record
 * is marked with the outcome unless `markRecord` is false (a record several messages are about: its service sums
 * their outcomes up itself).
 */
export async function deliverNow(
  message: OutboxMessage,
  deps: { outbox: OutboxStore; senders: Senders; log?: Log; markRecord?: boolean },
  now: Date,
): Promise<Delivery> {
  const log = deps.log ?? defaultLogger;
  const result = await send(message, deps.senders);
  const record = deps.markRecord === false ? undefined : message.record;
  if (result.ok) {
    await bestEffort('removing a sent message', message, log, () => deps.outbox.remove(message));
    if (record)
      await bestEffort('marking the record sent', message, log, () => deps.outbox.markRecord(record, { status: 'sent' }));
    return { status: 'sent', error: null };
  }
  if (!result.retryable) {
    await bestEffort('removing a refused message', message, log, () => deps.outbox.remove(message));
    if (record)
      await bestEffort('marking the record failed', message, log, () =>
        deps.outbox.markRecord(record, { status: 'failed', error: result.error }),
      );
    return { status: 'failed', error: result.error };
  }
  const dueAt = new Date(now.getTime() + retryDelayMs(1));
  await bestEffort('rescheduling a message', message, log, () =>
    deps.outbox.reschedule(message, { attempts: 1, error: result.error, dueAt }),
  );
  if (record)
    await bestEffort('recording the retry', message, log, () =>
      deps.outbox.markRecord(record, { status: 'retrying', error: result.error }),
    );
  return { status: 'retrying', error: result.error };
}

export interface RetryRunResult {
  due: number;
  sent: number;
  retrying: number;
  gaveUp: number;
  /** Taken by another run meanwhile, or changed under this one. */
  skipped: number;
}

/** Gives `message` up: out of the due index, its record `failed`, and an error line the alarm counts. */
async function giveUp(message: OutboxMessage, error: string, deps: { outbox: OutboxStore; log: Log }, now: Date) {
  if (!(await deps.outbox.giveUp(message, error, now))) return false;
  if (message.record) await deps.outbox.markRecord(message.record, { status: 'failed', error });
  deps.log.error(NOTIFICATION_GIVEN_UP, {
    outboxId: message.id,
    channel: message.channel,
    attempts: message.attempts,
    createdAt: message.createdAt,
    error,
  });
  return true;
}

/**
 * The log line of a notification given up: a metric filter counts it and alarms (infra/stacks/monitoring-stack.ts),
 * so somebody looks at the record and tells the user another way.
 */
export const NOTIFICATION_GIVEN_UP = 'notification given up';

/** Step 3, one run of the job: every due message (up to a batch), each claimed, sent, then removed or rescheduled. */
export async function retryDue(
  deps: { outbox: OutboxStore; senders: Senders; log?: Log },
  now: () => Date,
): Promise<RetryRunResult> {
  const log = deps.log ?? defaultLogger;
  const due = await deps.outbox.listDue(now(), OUTBOX_POLICY.batchSize);
  const result: RetryRunResult = { due: due.length, sent: 0, retrying: 0, gaveUp: 0, skipped: 0 };
  for (const candidate of due) {
    const at = now();
    if (candidate.sendBy && candidate.sendBy <= at.toISOString()) {
      if (await giveUp(candidate, candidate.lastError ?? 'Not sent before its deadline', { ...deps, log }, at)) result.gaveUp++;
      else result.skipped++;
      continue;
    }
    const claimed = await deps.outbox.claim(candidate, new Date(at.getTime() + OUTBOX_POLICY.claimMs));
    if (!claimed) {
      result.skipped++;
      continue;
    }
    const sent = await send(claimed, deps.senders);
    if (sent.ok) {
      await deps.outbox.remove(claimed);
      if (claimed.record) await deps.outbox.markRecord(claimed.record, { status: 'sent' });
      log.info('outbox: notification sent', { outboxId: claimed.id, attempts: claimed.attempts });
      result.sent++;
    } else if (!sent.retryable || claimed.attempts >= OUTBOX_POLICY.maxAttempts) {
      if (await giveUp(claimed, sent.error, { ...deps, log }, now())) result.gaveUp++;
      else result.skipped++;
    } else {
      const dueAt = new Date(now().getTime() + retryDelayMs(claimed.attempts));
      await deps.outbox.reschedule(claimed, { attempts: claimed.attempts, error: sent.error, dueAt });
      result.retrying++;
    }
  }
  return result;
}
