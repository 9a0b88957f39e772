import { describe, expect, it, vi } from 'vitest';
import type { OutboxMessage, OutboxStore } from './data/outbox-store';
import { deliverNow, newOutboxMessage, NOTIFICATION_GIVEN_UP, OUTBOX_POLICY, retryDelayMs, retryDue } from './outbox';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const record = { pk: 'INVITATION#t', sk: 'INVITATION', statusPath: 'deliveryStatus', errorPath: 'deliveryError' };
const message = (overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  ...newOutboxMessage({ channel: 'email', to: 'casey@example.com', subject: 'Hi', text: 'Hello', record }, NOW),
  ...overrides,
});

/** An outbox that keeps nothing; claims succeed unless told otherwise. */
function fakeOutbox(due: OutboxMessage[] = [], { claims = true } = {}) {
  return {
    listDue: vi.fn(async () => due),
    claim: vi.fn(async (m: OutboxMessage, until: Date) =>
      claims ? { ...m, attempts: m.attempts + 1, dueAt: until.toISOString() } : null,
    ),
    remove: vi.fn(async () => undefined),
    reschedule: vi.fn(async () => true),
    giveUp: vi.fn(async () => true),
    markRecord: vi.fn(async () => undefined),
  } as unknown as OutboxStore & Record<string, ReturnType<typeof vi.fn>>;
}
const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const sent = { ok: true as const, messageId: 'm-1' };
const throttled = { ok: false as const, error: 'TooManyRequestsException: slow down', retryable: true };
const refused = { ok: false as const, error: 'MessageRejected: not verified', retryable: false };

describe('newOutboxMessage', () => {
  it('is pending, untried, and left to the request for its grace period before the job may take it', () => {
    const created = message();

    expect(created).toMatchObject({ state: 'pending', attempts: 0, createdAt: NOW.toISOString() });
    expect(Date.parse(created.dueAt) - NOW.getTime()).toBe(OUTBOX_POLICY.inlineGraceMs);
  });
});

describe('retryDelayMs', () => {
  it('doubles from a minute up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('deliverNow', () => {
  it('sent: removes the message and marks the record sent', async () => {
    const outbox = fakeOutbox();
    const sendEmail = vi.fn(async () => sent);

    const delivery = await deliverNow(message(), { outbox, senders: { mailer: { sendEmail } } }, NOW);

    expect(delivery).toEqual({ status: 'sent', error: null });
    expect(outbox.remove).toHaveBeenCalled();
    expect(outbox.markRecord).toHaveBeenCalledWith(record, { status: 'sent' });
  });

  it('throttled: keeps the message for the job a minute later and marks the record retrying', async () => {
    const outbox = fakeOutbox();

    const delivery = await deliverNow(message(), { outbox, senders: { mailer: { sendEmail: async () => throttled } } }, NOW);

    expect(delivery).toEqual({ status: 'retrying', error: throttled.error });
    expect(outbox.reschedule).toHaveBeenCalledWith(expect.anything(), {
      attempts: 1,
      error: throttled.error,
      dueAt: new Date(NOW.getTime() + 60_000),
    });
    expect(outbox.markRecord).toHaveBeenCalledWith(record, { status: 'retrying', error: throttled.error });
    expect(outbox.remove).not.toHaveBeenCalled();
  });

  it('refused by the provider: no retry can help, so the message goes and the record reads failed', async () => {
    const outbox = fakeOutbox();

    const delivery = await deliverNow(message(), { outbox, senders: { mailer: { sendEmail: async () => refused } } }, NOW);

    expect(delivery).toEqual({ status: 'failed', error: refused.error });
    expect(outbox.remove).toHaveBeenCalled();
    expect(outbox.markRecord).toHaveBeenCalledWith(record, { status: 'failed', error: refused.error });
  });

  it('never fails the request over its bookkeeping: the record is written and the job finds the message', async () => {
    const outbox = fakeOutbox();
    vi.mocked(outbox.remove).mockRejectedValueOnce(new Error('throttled'));
    const logger = log();

    const delivery = await deliverNow(
      message(),
      { outbox, senders: { mailer: { sendEmail: async () => sent } }, log: logger },
      NOW,
    );

    expect(delivery.status).toBe('sent');
    expect(logger.warn).toHaveBeenCalled();
  });

  it('leaves the record alone when its service sums several messages up itself', async () => {
    const outbox = fakeOutbox();

    await deliverNow(message(), { outbox, senders: { mailer: { sendEmail: async () => sent } }, markRecord: false }, NOW);

    expect(outbox.markRecord).not.toHaveBeenCalled();
  });
});

describe('retryDue', () => {
  it('sends each due message it could claim, removes it and marks its record sent', async () => {
    const due = message({ attempts: 1 });
    const outbox = fakeOutbox([due]);
    const sendEmail = vi.fn(async () => sent);

    const result = await retryDue({ outbox, senders: { mailer: { sendEmail } }, log: log() }, () => NOW);

    expect(result).toEqual({ due: 1, sent: 1, retrying: 0, gaveUp: 0, skipped: 0 });
    expect(outbox.claim).toHaveBeenCalledWith(due, new Date(NOW.getTime() + OUTBOX_POLICY.claimMs));
    expect(outbox.markRecord).toHaveBeenCalledWith(record, { status: 'sent' });
  });

  it('sends nothing it could not claim (another run has it)', async () => {
    const outbox = fakeOutbox([message({ attempts: 1 })], { claims: false });
    const sendEmail = vi.fn(async () => sent);

    const result = await retryDue({ outbox, senders: { mailer: { sendEmail } }, log: log() }, () => NOW);

    expect(result.skipped).toBe(1);
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('backs off after a failed try: attempt n waits 2^(n-1) minutes', async () => {
    const outbox = fakeOutbox([message({ attempts: 2 })]);

    await retryDue({ outbox, senders: { mailer: { sendEmail: async () => throttled } }, log: log() }, () => NOW);

    expect(outbox.reschedule).toHaveBeenCalledWith(expect.objectContaining({ attempts: 3 }), {
      attempts: 3,
      error: throttled.error,
      dueAt: new Date(NOW.getTime() + 4 * 60_000),
    });
  });

  it('gives up after the last attempt, or past the deadline, with the alert line and the record failed', async () => {
    const last = message({ attempts: OUTBOX_POLICY.maxAttempts - 1 });
    const late = message({ attempts: 1, sendBy: NOW.toISOString(), lastError: throttled.error });
    const outbox = fakeOutbox([last, late]);
    const logger = log();
    const sendEmail = vi.fn(async () => throttled);

    const result = await retryDue({ outbox, senders: { mailer: { sendEmail } }, log: logger }, () => NOW);

    expect(result.gaveUp).toBe(2);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledWith(NOTIFICATION_GIVEN_UP, expect.objectContaining({ error: throttled.error }));
    expect(outbox.markRecord).toHaveBeenCalledWith(record, { status: 'failed', error: throttled.error });
  });
});
