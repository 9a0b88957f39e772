import { describe, expect, it, vi } from 'vitest';
import { quoteRequestSchema } from '@shared/quotes/api';
import { toQuoteLeadRow } from '@shared/quotes/lead-row';
import type { QuoteStore } from './data/quotes';
import type { Email } from '@functions/lib/mailer';
import type { TextMessage } from '@functions/lib/sms';
import { listQuoteAgents, newLeadEmail, submitQuoteRequest, type QuoteDeps } from './quotes';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const APPROVED_AGENT = '7d4e2a10-5b3c-4f8e-a1d2-9c8b7a6f5e40';
const PENDING_AGENT = '9b2e3f1c-8a4d-4c1e-9f7a-2b6d5e4c3a21';
const UNLICENSED_AGENT = '1c9b2e3f-4d8a-4c1e-9f7a-2b6d5e4c3a21';
/** Flagged licensed, on a licence that expired the day before NOW (the daily expiry job has not run yet). */
const EXPIRED_AGENT = '5e4c3a21-2b6d-4c1e-9f7a-8a4d9b2e3f1c';
const SHOPPER = 'jo@example.com';
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
      userId === APPROVED_AGENT
        ? { userId, email: 'agent@leasedesk.com', fullName: 'Blake Rivera', isApproved: true, isLicensed: true }
        : userId === UNLICENSED_AGENT
          ? { userId, email: 'new.agent@leasedesk.com', fullName: 'Sam New', isApproved: true, isLicensed: false }
          : userId === EXPIRED_AGENT
            ? {
                userId,
                email: 'lapsed.agent@leasedesk.com',
                fullName: 'Lee Lapsed',
                isApproved: true,
                isLicensed: true,
                licenseExpirationDate: new Date(NOW.getTime() - 86_400_000).toISOString().slice(0, 10),
              }
            : { userId, isApproved: false },
    ),
    approvedBrokers: vi.fn(async () => []),
    getLead: vi.fn(async () => null),
    ...overrides,
  } as unknown as QuoteStore & Record<string, ReturnType<typeof vi.fn>>;
}

function deps(
  store = fakeStore(),
  send = vi.fn(async (_email: Email) => ({ ok: true as const, messageId: 'm-1' })),
  sendSms = vi.fn(async (_text: TextMessage) => ({ ok: true as const, messageId: 's-1' })),
): QuoteDeps & {
  send: typeof send;
  sendSms: typeof sendSms;
  store: typeof store;
  outbox: { remove: ReturnType<typeof vi.fn>; reschedule: ReturnType<typeof vi.fn>; markRecord: ReturnType<typeof vi.fn> };
} {
  const outbox = { remove: vi.fn(), reschedule: vi.fn(), markRecord: vi.fn() };
  return {
    // Every recipient keeps the default e-mail preferences (on).
    data: { quotes: store, outbox, notifications: { emailOffOf: async () => new Map() } },
    mailer: { sendEmail: send },
    sms: { sendSms },
    sendSms,
    outbox,
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
    expect(stored.messages?.map((message) => [message.to, message.record?.pk, message.record?.statusPath])).toEqual([
      ['admin@leasedesk.com', `QUOTELEAD#${id}`, 'notification.status'],
      ['second.admin@leasedesk.com', `QUOTELEAD#${id}`, 'notification.status'],
      // The shopper's acknowledgement, kept on the lead apart from the staff notice.
      [SHOPPER, `QUOTELEAD#${id}`, 'acknowledgement.status'],
    ]);
    expect(d.send.mock.calls.map(([email]) => email.to)).toEqual(['admin@leasedesk.com', 'second.admin@leasedesk.com', SHOPPER]);
    expect(d.store.recordNotification).toHaveBeenCalledWith(id, { status: 'sent', at: NOW.toISOString() });
  });

  it('adds the named agent when they are an approved broker, and not otherwise', async () => {
    const named = deps();
    const unapproved = deps();
    const recipients = (d: ReturnType<typeof deps>) =>
      d.send.mock.calls.map(([email]) => email.to).filter((to) => to !== SHOPPER);

    await submitQuoteRequest(request({ workingWithBroker: true, brokerId: APPROVED_AGENT }), named, NOW);
    await submitQuoteRequest(request({ workingWithBroker: true, brokerId: PENDING_AGENT }), unapproved, NOW);

    expect(recipients(named)).toContain('agent@leasedesk.com');
    expect(recipients(unapproved)).toEqual(['admin@leasedesk.com', 'second.admin@leasedesk.com']);
  });

  it('records "failed" with the first error and still answers the id when an e-mail fails', async () => {
    const send = vi
      .fn()
      // The shopper's acknowledgement (sent third) goes out.
      .mockResolvedValue({ ok: true, messageId: 'm-ack' })
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
      // The shopper's acknowledgement (sent third) goes out.
      .mockResolvedValue({ ok: true, messageId: 'm-ack' })
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

describe('the shopper is acknowledged and their agent assigned', () => {
  const stored = (d: ReturnType<typeof deps>) => vi.mocked(d.store.storeLead).mock.calls[0]![0];

  it('e-mails the shopper who chose e-mail at once, naming "a LeaseDesk broker" when nobody is assigned', async () => {
    const d = deps();

    const { id } = await submitQuoteRequest(request({ preferredContactMethod: 'email' }), d, NOW);

    const ack = d.send.mock.calls.map(([email]) => email).find((email) => email.to === SHOPPER)!;
    expect(ack.subject).toBe('We got your quote request: 2026 BMW X5');
    expect(ack.text).toContain('A LeaseDesk broker will reach you by e-mail within 5 minutes');
    expect(stored(d)).toMatchObject({ acknowledgement: { channel: 'email', status: 'retrying' }, assignment: undefined });
    // The acknowledgement marks its own record on the lead.
    expect(d.outbox.markRecord).toHaveBeenCalledWith(expect.objectContaining({ statusPath: 'acknowledgement.status' }), {
      status: 'sent',
    });
    expect(d.sendSms).not.toHaveBeenCalled();
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
  });

  it('texts a shopper who chose text, naming the approved, licensed agent they picked, who is assigned automatically', async () => {
    const d = deps();

    await submitQuoteRequest(
      request({ preferredContactMethod: 'text', workingWithBroker: true, brokerId: APPROVED_AGENT }),
      d,
      NOW,
    );

    expect(d.sendSms).toHaveBeenCalledTimes(1);
    const [text] = d.sendSms.mock.calls[0]!;
    expect(text.to).toBe('4155552671');
    expect(text.text).toContain('Blake Rivera will reach you by text within 5 minutes');
    expect(text.text).toContain('Reply STOP to opt out');
    expect(stored(d)).toMatchObject({
      assignment: { brokerId: APPROVED_AGENT, brokerName: 'Blake Rivera' },
      acknowledgement: { channel: 'sms' },
    });
    expect(stored(d).messages?.find((message) => message.channel === 'sms')).toMatchObject({ to: '4155552671' });
    expect(d.send.mock.calls.map(([email]) => email.to)).not.toContain(SHOPPER);
  });

  it('texts a shopper who asked for a call (the phone is what they gave us)', async () => {
    const d = deps();

    await submitQuoteRequest(request({ preferredContactMethod: 'call' }), d, NOW);

    expect(d.sendSms.mock.calls[0]![0].text).toContain('A LeaseDesk broker will reach you by phone');
  });

  it.each([
    ['not approved', PENDING_AGENT],
    ['approved but not licensed', UNLICENSED_AGENT],
    ['flagged licensed on a licence past its expiration date', EXPIRED_AGENT],
  ])('does not assign an agent who is %s, and names "a LeaseDesk broker"', async (_case, agent) => {
    const d = deps();

    await submitQuoteRequest(request({ workingWithBroker: true, brokerId: agent }), d, NOW);

    expect(stored(d).assignment).toBeUndefined();
    expect(d.send.mock.calls.find(([email]) => email.to === SHOPPER)![0].text).toContain('A LeaseDesk broker will reach you');
  });

  it('keeps the lead when the text fails for a while: the outbox retries it', async () => {
    const sendSms = vi.fn(async () => ({ ok: false as const, error: 'Throttling: Rate exceeded', retryable: true }));
    const d = deps(fakeStore(), undefined, sendSms as never);

    const { id } = await submitQuoteRequest(request({ preferredContactMethod: 'text' }), d, NOW);

    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(d.outbox.reschedule).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'sms' }),
      expect.objectContaining({ attempts: 1, error: 'Throttling: Rate exceeded' }),
    );
    expect(d.outbox.markRecord).toHaveBeenCalledWith(expect.objectContaining({ statusPath: 'acknowledgement.status' }), {
      status: 'retrying',
      error: 'Throttling: Rate exceeded',
    });
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
