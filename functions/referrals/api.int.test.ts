/**
 * Refer a friend through the local API: from the consumer's own closed deal only, the
 * friend validated with the shared schema, the e-mail to the friend naming the broker (local mailbox), the referral
 * on the deal's activity for the broker, and an SES failure injected: the referral is kept with the failure. The
 * limits (route table): 5 referrals a day per consumer (a refused request counts none), 30 requests an hour per source.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { createMailer } from '@functions/lib/mailer';
import type { DealDetail } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { REFERRAL_DEAL_NOT_CLOSED_MESSAGE, type CreateReferralResponse } from '@shared/referrals/api';
import { REFERRAL_MESSAGES } from '@shared/referrals/schemas';
import { formatPhone } from '@shared/format';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { findRoute } from '@shared/api/routes';
import { TOO_MANY_REQUESTS_MESSAGE, senderLimitMessage } from '@functions/lib/rate-limit';
import { apiFetch, apiFetchFrom, createUser, ownLoopbackAddress, signIn, TEST_PASSWORD, waitForMail } from '@test/support/stack';
import { createReferral } from './referrals';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;
const friendEmail = () => `friend.${randomUUID().slice(0, 8)}@example.com`;
const refer = (body: Record<string, unknown>, caller: SignedInCaller = 'consumer') =>
  apiFetch<CreateReferralResponse>('/referrals', { token: as(caller), body });

describe('POST /referrals', () => {
  it("stores the referral, e-mails the friend naming the broker and shows it on the deal's activity", async () => {
    const email = friendEmail();

    const response = await refer({ fullName: 'Dana Friend', email, dealId: principals.records.consumerDeal });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectResponseKeys(response.body, { referralId: true, delivery: { status: true, error: true } });
    expect(response.body.delivery).toEqual({ status: 'sent', error: null });
    const deal = (await createData().deals.get(principals.records.consumerDeal))!;
    // The client's own broker (the demo consumer is a client of the demo broker).
    const brokerName = (await createData().users.getBrokerProfile(principals.of.broker.userId))?.fullName;
    const mail = await waitForMail(email);
    expect(mail.body.text).toContain('Hello Dana Friend');
    expect(mail.body.text).toContain(brokerName);
    expect(await createData().referrals.get(response.body.referralId)).toMatchObject({
      fullName: 'Dana Friend',
      email,
      dealId: deal.id,
      referrerUserId: principals.of.consumer.userId,
      deliveryStatus: 'sent',
    });

    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('broker') });
    const entry = detail.body.activity.find((item) => item.id === response.body.referralId);
    expect(entry).toMatchObject({
      kind: 'referral',
      actor: { id: principals.of.consumer.userId },
      changes: [
        { field: 'referredName', before: null, after: 'Dana Friend' },
        { field: 'referredEmail', before: null, after: email },
      ],
    });
  });

  it('refuses a deal that is not closed with the closed-deals-only message', async () => {
    const own = await createData().deals.listByClient(principals.records.consumerClient);
    const finalized = own.find((deal) => deal.status === 'finalized')!;

    const response = await refer({ fullName: 'Dana Friend', email: friendEmail(), dealId: finalized.id });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(REFERRAL_DEAL_NOT_CLOSED_MESSAGE);
  });

  it("is a 404 for another consumer's deal, and nothing is stored", async () => {
    const response = await refer(
      { fullName: 'Dana Friend', email: friendEmail(), dealId: principals.records.consumerDeal },
      'otherConsumer',
    );

    expect(response.status).toBe(404);
    expect(errorOf(response.body).message).toBe('Deal not found');
  });

  it.each([
    [{ fullName: '', email: 'dana@example.com' }, REFERRAL_MESSAGES.nameRequired],
    [{ fullName: 'n'.repeat(101), email: 'dana@example.com' }, REFERRAL_MESSAGES.nameTooLong],
    [{ fullName: 'Dana', email: 'dana' }, 'Invalid email address'],
  ])('validates the friend with the shared schema: %j -> %j', async (friend, message) => {
    const response = await refer({ ...friend, dealId: principals.records.consumerDeal });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(message);
  });
});

describe('a failed referral e-mail keeps the referral with the failure (SES failure injected)', () => {
  const ses = mockClient(SESv2Client);
  afterEach(() => ses.reset());
  afterAll(() => ses.restore());

  it('answers failed and records the error on the referral', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    const data = createData();
    const consumer = { userId: principals.of.consumer.userId, email: principals.of.consumer.email, role: 'consumer' as const };

    const result = await createReferral(
      consumer,
      { fullName: 'Bounce Friend', email: friendEmail(), dealId: principals.records.consumerDeal },
      data,
      {
        mailer: createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com'),
        appUrl: 'https://app.example',
      },
      new Date(),
    );

    expect(result.delivery).toEqual({ status: 'failed', error: 'MessageRejected: Email address is not verified.' });
    expect(await data.referrals.get(result.referralId)).toMatchObject({
      fullName: 'Bounce Friend',
      deliveryStatus: 'failed',
      deliveryError: 'MessageRejected: Email address is not verified.',
    });
    const activity = await data.deals.listActivity(principals.records.consumerDeal, 100);
    expect(activity.some((entry) => entry.id === result.referralId && entry.kind === 'referral')).toBe(true);
  });
});

/**
 * A consumer of their own (so the daily allowance is theirs alone), a client of the demo broker, with a closed deal
 * handled by the demo broker (or by `dealBrokerId`).
 */
async function consumerWithClosedDeal({ dealBrokerId }: { dealBrokerId?: string } = {}): Promise<{
  token: string;
  dealId: string;
}> {
  const data = createData();
  const now = new Date();
  const { email, userId } = await createUser('consumer');
  await data.users.create({ userId, role: 'consumer', fullName: 'Riley Referrer', email }, now);
  const { client } = await data.clients.create(
    { fullName: 'Riley Referrer', email, profileId: principals.of.broker.userId, userId },
    now,
  );
  const { deal } = await data.deals.create(
    {
      clientId: client.id,
      clientName: client.fullName,
      dealershipId: principals.records.dealership,
      brokerId: dealBrokerId ?? principals.of.broker.userId,
      year: 2025,
      make: 'Mazda',
      model: 'CX-5',
      dealType: 'lease',
      status: 'closed',
      monthlyPayment: 349,
      downPayment: 0,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
    },
    now,
  );
  return { token: (await signIn(email, TEST_PASSWORD)).idToken, dealId: deal.id };
}

describe("the referral e-mail's broker", () => {
  it("names the client's own broker, not the admin who handled the deal, with the phone as people write it", async () => {
    const { token, dealId } = await consumerWithClosedDeal({ dealBrokerId: principals.of.admin.userId });
    const data = createData();
    const [broker, admin] = await Promise.all([
      data.users.getBrokerProfile(principals.of.broker.userId),
      data.users.get(principals.of.admin.userId),
    ]);
    expect(broker?.phone).toMatch(/^\+1\d{10}$/);
    const email = friendEmail();

    const response = await apiFetch<CreateReferralResponse>('/referrals', {
      token,
      body: { fullName: 'Sam Friend', email, dealId },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const text = (await waitForMail(email)).body.text ?? '';
    expect(text).toContain(`with ${broker!.fullName}`);
    expect(text).not.toContain(admin!.fullName);
    expect(text).toContain(formatPhone(broker!.phone!));
    expect(text).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
    expect(text).not.toContain(broker!.phone!);
    expect(await data.referrals.get(response.body.referralId)).toMatchObject({ brokerId: principals.of.broker.userId });
  });
});

describe('POST /referrals limits', () => {
  const perConsumer = findRoute('POST /referrals')!.senderLimit!;
  const perSource = findRoute('POST /referrals')!.sourceLimit!;

  it(`sends at most ${perConsumer.requests} referrals a day per consumer: the next is 429 naming the limit, nothing stored or sent`, async () => {
    const { token, dealId } = await consumerWithClosedDeal();
    const source = ownLoopbackAddress();
    const refer = (body: object) => apiFetchFrom<CreateReferralResponse & ApiErrorBody>(source, '/referrals', { token, body });
    // Refused requests use none of the allowance: another consumer's deal (404) and a bad e-mail (400).
    expect((await refer({ fullName: 'Dana Friend', email: friendEmail(), dealId: principals.records.consumerDeal })).status).toBe(
      404,
    );
    expect((await refer({ fullName: 'Dana Friend', email: 'dana', dealId })).status).toBe(400);

    const sent = [];
    for (let i = 0; i < perConsumer.requests; i++)
      sent.push(await refer({ fullName: 'Dana Friend', email: friendEmail(), dealId }));
    const lastFriend = friendEmail();
    const refused = await refer({ fullName: 'Dana Friend', email: lastFriend, dealId });

    expect(sent.map((response) => response.status)).toEqual(Array(perConsumer.requests).fill(201));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'too_many_requests', message: senderLimitMessage('referrals', perConsumer) },
    });
    expect(errorOf(refused.body).message).toBe('You can send at most 5 referrals in a day. Please try again tomorrow.');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(perConsumer.windowSeconds);
    const activity = await createData().deals.listActivity(dealId, 100);
    expect(activity.filter((entry) => entry.kind === 'referral')).toHaveLength(perConsumer.requests);
    expect(activity.some((entry) => entry.changes.some((change) => change.after === lastFriend))).toBe(false);
  });

  it(`takes at most ${perSource.requests} requests an hour from one source, whoever sends them`, async () => {
    const source = ownLoopbackAddress();
    const token = as('otherConsumer');
    // Bodies the schema refuses: counted (before validation) but nothing is stored or sent.
    const answers = [];
    for (let i = 0; i < perSource.requests; i++) answers.push(await apiFetchFrom(source, '/referrals', { token, body: {} }));

    const refused = await apiFetchFrom<ApiErrorBody>(source, '/referrals', { token: as('consumer'), body: {} });

    expect(answers.map((answer) => answer.status)).toEqual(Array(perSource.requests).fill(400));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    // Another source is not refused meanwhile.
    expect((await apiFetchFrom(ownLoopbackAddress(), '/referrals', { token, body: {} })).status).toBe(400);
  });
});
