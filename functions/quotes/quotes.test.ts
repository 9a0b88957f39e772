import { describe, expect, it, vi } from 'vitest';
import { quoteRequestSchema } from '@shared/quotes/api';
import { toQuoteLeadRow } from '@shared/quotes/lead-row';
import type { QuoteStore } from './data/quotes';
import type { Email } from '@functions/lib/mailer';
import { listQuoteAgents, newLeadEmail, submitQuoteRequest, type QuoteDeps } from './quotes';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const APPROVED_AGENT = '7d4e2a10-5b3c-4f8e-a1d2-9c8b7a6f5e40';
const PENDING_AGENT = '9b2e3f1c-8a4d-4c1e-9f7a-2b6d5e4c3a21';
const request = (overrides: Record<string, unknown> = {}) =>
  quoteRequestSchema.parse({
    vehiclePreference: 'exact',
    exactYear: 2026,
    exactMake: 'BMW',
    exactModel: 'X5',
    firstName: 'Jo',
    lastName: 'Park',
    email: 'jo@example.com',
    phone: '4155552671',
    zipCode: '94107',
    idempotencyKey: '3f1c9b2e-8a4d-4c1e-9f7a-2b6d5e4c3a21',
    ...overrides,
  });

/** A store that keeps nothing; each test says what its reads answer. */
function fakeStore(overrides: Partial<QuoteStore> = {}) {
  return {
    storeLead: vi.fn<QuoteStore['storeLead']>(async ({ id }) => ({ stored: true, id })),
    recordNotification: vi.fn<QuoteStore['recordNotification']>(async () => undefined),
    admins: vi.fn(async () => [{ email: 'Admin@LeaseDesk.com' }, { email: 'second.admin@leasedesk.com' }]),
    brokerProfile: vi.fn(async (userId: string) =>
      userId === APPROVED_AGENT ? { userId, email: 'agent@leasedesk.com', isApproved: true } : { userId, isApproved: false },
    ),
    approvedBrokers: vi.fn(async () => []),
    getLead: vi.fn(async () => null),
    ...overrides,
  } as unknown as QuoteStore & Record<string, ReturnType<typeof vi.fn>>;
}

function deps(
  store = fakeStore(),
  send = vi.fn(async (_email: Email) => ({ ok: true as const, messageId: 'm-1' })),
): QuoteDeps & {
  send: typeof send;
  store: typeof store;
} {
  return {
    data: { quotes: store, outbox: { remove: vi.fn(), reschedule: vi.fn(), markRecord: vi.fn() } },
    mailer: { sendEmail: send },
    appUrl: 'https://app.example/',
    log: { info: vi.fn() },
    send,
    store,
  } as never;
}

describe('submitQuoteRequest', () => {
  it('stores the lead row under a new id, e-mails each admin once (case-insensitive) and records "sent"', async () => {
    const d = deps();

    const { id } = await submitQuoteRequest(request(), d, NOW);

    expect(d.store.storeLead).toHaveBeenCalledWith(
      expect.objectContaining({
        id,
        idempotencyKey: '3f1c9b2e-8a4d-4c1e-9f7a-2b6d5e4c3a21',
        row: toQuoteLeadRow(request()),
        notification: { status: 'retrying', at: NOW.toISOString() },
      }),
      NOW,
    );
    // The e-mails are written with the lead (the outbox), one per recipient, each naming the lead as its record.
    const stored = vi.mocked(d.store.storeLead).mock.calls[0]![0];
    expect(stored.messages?.map((message) => [message.to, message.record?.pk])).toEqual([
      ['admin@leasedesk.com', `QUOTELEAD#${id}`],
      ['second.admin@leasedesk.com', `QUOTELEAD#${id}`],
    ]);
    expect(d.send.mock.calls.map(([email]) => email.to)).toEqual(['admin@leasedesk.com', 'second.admin@leasedesk.com']);
    expect(d.store.recordNotification).toHaveBeenCalledWith(id, { status: 'sent', at: NOW.toISOString() });
  });

  it('adds the named agent when they are an approved broker, and not otherwise', async () => {
    const named = deps();
    const unapproved = deps();
    const recipients = (d: ReturnType<typeof deps>) => d.send.mock.calls.map(([email]) => email.to);

    await submitQuoteRequest(request({ workingWithBroker: true, brokerId: APPROVED_AGENT }), named, NOW);
    await submitQuoteRequest(request({ workingWithBroker: true, brokerId: PENDING_AGENT }), unapproved, NOW);

    expect(recipients(named)).toContain('agent@leasedesk.com');
    expect(recipients(unapproved)).toEqual(['admin@leasedesk.com', 'second.admin@leasedesk.com']);
  });

  it('records "failed" with the first error and still answers the id when an e-mail fails', async () => {
    const send = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, messageId: 'm-1' })
      .mockResolvedValueOnce({ ok: false, error: 'MessageRejected: Email address is not verified', retryable: false });
    const d = deps(fakeStore(), send as never);

    const { id } = await submitQuoteRequest(request(), d, NOW);

    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(d.store.recordNotification).toHaveBeenCalledWith(id, {
      status: 'failed',
      error: 'MessageRejected: Email address is not verified',
      at: NOW.toISOString(),
    });
  });

  it('records "retrying" when SES failed for a recipient: the outbox sends that e-mail later', async () => {
    const send = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, messageId: 'm-1' })
      .mockResolvedValueOnce({ ok: false, error: 'TooManyRequestsException: Maximum sending rate exceeded', retryable: true });
    const d = deps(fakeStore(), send as never);

    const { id } = await submitQuoteRequest(request(), d, NOW);

    expect(d.store.recordNotification).toHaveBeenCalledWith(id, {
      status: 'retrying',
      error: 'TooManyRequestsException: Maximum sending rate exceeded',
      at: NOW.toISOString(),
    });
  });

  it('answers the first lead id for a repeated idempotency key, sending and recording nothing', async () => {
    const d = deps(fakeStore({ storeLead: vi.fn(async () => ({ stored: false, id: 'FIRST-LEAD' })) } as never));

    await expect(submitQuoteRequest(request(), d, NOW)).resolves.toEqual({ id: 'FIRST-LEAD' });
    expect(d.send).not.toHaveBeenCalled();
    expect(d.store.recordNotification).not.toHaveBeenCalled();
  });

  it('answers a filled honeypot with an id but stores and sends nothing', async () => {
    const d = deps();

    const { id } = await submitQuoteRequest(request({ website: 'http://spam.example' }), d, NOW);

    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(d.store.storeLead).not.toHaveBeenCalled();
    expect(d.send).not.toHaveBeenCalled();
  });
});

describe('newLeadEmail', () => {
  it('names the shopper and the car and links to the lead in the inbox', () => {
    const email = newLeadEmail(
      '01LEAD',
      toQuoteLeadRow(request({ exactTrim: 'xDrive40i', preferredContactMethod: 'call' })),
      'https://app.example/',
    );

    expect(email.subject).toBe('New quote request: Jo Park');
    expect(email.text).toContain('Vehicle: 2026 BMW X5 xDrive40i');
    expect(email.text).toContain('Preferred contact: Call');
    expect(email.text).toContain('Open the lead: https://app.example/leads/01LEAD');
  });

  it('says what a shopper who wants help is looking for', () => {
    const row = toQuoteLeadRow(request({ vehiclePreference: 'help', bodyStyle: 'SUV' }));

    expect(newLeadEmail('01LEAD', row, 'https://app.example').text).toContain('Vehicle: Help choosing: SUV');
  });
});

describe('listQuoteAgents', () => {
  it('lists approved brokers with a name by full name, ignoring case', async () => {
    const store = fakeStore({
      approvedBrokers: vi.fn(async () => [
        { userId: 'b', fullName: 'zoe Adams' },
        { userId: 'a', fullName: 'Anna Lee' },
        { userId: 'c' },
      ]),
    } as never);

    await expect(listQuoteAgents({ quotes: store } as never)).resolves.toEqual({
      agents: [
        { id: 'a', fullName: 'Anna Lee' },
        { id: 'b', fullName: 'zoe Adams' },
      ],
    });
  });
});
