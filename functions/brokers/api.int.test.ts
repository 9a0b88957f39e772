/**
 * The brokers routes through the local API (docs/api.md, "Brokers"; docs/decisions.md, "Brokers"): approval
 * and revocation taking effect at the broker's next request with the same token, the approved-but-unlicensed rule,
 * the approval history, the dialog's limits, the month figures at the month boundaries with percentage and flat
 * commission, the profile (a broker's body cannot set approval or commission), the photo and licence uploads and
 * the signed licence URL (who may have it, and that it stops working).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { createS3Client } from '@functions/lib/storage';
import {
  BROKER_MESSAGES,
  FUTURE_MONTH_MESSAGE,
  LICENSE_DOCUMENT_NOT_FOUND_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  UPLOAD_NOT_FOUND_MESSAGE,
  type BrokerDetailResponse,
  type BrokerListResponse,
  type BrokersPageResponse,
  type BrokerStatsResponse,
  type LicenceUrlResponse,
  type PresignedUploadResponse,
  type ProfileResponse,
  type UpdateBrokerRequest,
} from '@shared/brokers/api';
import { addMonths, monthOfDate } from '@shared/brokers/stats';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch, createUser, getStack, signIn, TEST_PASSWORD, uniqueEmail } from '@test/support/stack';
import { createPostConfirmationHandler } from '@functions/auth/post-confirmation';
import { s3BrokerFiles } from './deps';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

interface FreshBroker {
  userId: string;
  fullName: string;
  token: string;
}

/** A broker signed up and confirmed (not approved), signed in once: the token is kept for every later request. */
async function freshBroker(now = new Date()): Promise<FreshBroker> {
  const { email, userId } = await createUser('broker', uniqueEmail('broker'));
  const fullName = `Broker ${unique().replace(/\d/g, 'x')}`;
  await data().users.registerBroker({ userId, email, fullName }, now);
  const { idToken } = await signIn(email, TEST_PASSWORD);
  return { userId, fullName, token: idToken };
}

const APPROVED_LICENSED: UpdateBrokerRequest = {
  isApproved: true,
  isLicensed: true,
  commissionType: 'percentage',
  commissionValue: 20,
  licenseNumber: 'CA-0012345',
  licenseExpirationDate: '2028-06-30',
};

const saveDialog = (brokerId: string, body: UpdateBrokerRequest | Record<string, unknown>, caller: SignedInCaller = 'admin') =>
  apiFetch<BrokerDetailResponse>(`/admin/brokers/${brokerId}`, { token: as(caller), method: 'PATCH', body });

async function approve(brokerId: string, body: UpdateBrokerRequest = APPROVED_LICENSED) {
  const response = await saveDialog(brokerId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A fresh dealership and client for the deals a test creates through the API. */
async function dealFixtures() {
  const now = new Date();
  const { dealership } = await data().dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data().clients.create(
    { fullName: `Client ${unique().replace(/\d/g, 'x')}`, email: `c-${unique()}@example.com`, profileId: 'test' },
    now,
  );
  return { dealershipId: dealership.id, clientId: client.id };
}

const createDealAs = (token: string, fixtures: { dealershipId: string; clientId: string }) =>
  apiFetch('/deals', {
    token,
    body: {
      ...fixtures,
      year: 2026,
      make: 'Honda',
      model: 'Accord',
      monthlyPayment: 359,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.5,
      status: 'pending',
    },
  });

describe('a licensed broker has a licence that has not expired', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

  it('refuses (400, on the field) to mark a broker licensed on an expired licence or none, and changes nothing', async () => {
    const broker = await freshBroker();

    const expired = await saveDialog(broker.userId, { ...APPROVED_LICENSED, licenseExpirationDate: daysFromNow(-2) });
    const undated = await saveDialog(broker.userId, { ...APPROVED_LICENSED, licenseExpirationDate: '' });

    expect([expired.status, errorOf(expired.body)]).toEqual([
      400,
      {
        code: 'bad_request',
        message: 'License expiration cannot be in the past for a licensed broker',
        fields: { licenseExpirationDate: 'License expiration cannot be in the past for a licensed broker' },
      },
    ]);
    expect([undated.status, errorOf(undated.body).message]).toEqual([400, 'A licensed broker needs a license expiration date']);
    expect(await data().users.getBrokerProfile(broker.userId)).toMatchObject({ isLicensed: false });
    // Not licensed, a past date may stay on file.
    await approve(broker.userId, { ...APPROVED_LICENSED, isLicensed: false, licenseExpirationDate: daysFromNow(-2) });
  });

  it('puts a licensed broker in the licence-expiry index under the date set, and takes them out when un-licensed', async () => {
    const broker = await freshBroker();
    const dueAfter = (date: string) => data().licences.expiredBefore(date);
    const ids = (profiles: { userId: string }[]) => profiles.map((profile) => profile.userId);

    await approve(broker.userId, { ...APPROVED_LICENSED, licenseExpirationDate: '2028-06-30' });
    expect(ids(await dueAfter('2028-07-01'))).toContain(broker.userId);
    expect(ids(await dueAfter('2028-06-30'))).not.toContain(broker.userId);

    await approve(broker.userId, { ...APPROVED_LICENSED, licenseExpirationDate: '2029-01-31' });
    expect(ids(await dueAfter('2028-07-01'))).not.toContain(broker.userId);
    expect(ids(await dueAfter('2029-02-01'))).toContain(broker.userId);

    await approve(broker.userId, { ...APPROVED_LICENSED, isLicensed: false });
    expect(ids(await dueAfter('2099-01-01'))).not.toContain(broker.userId);
  });
});

describe('approval takes effect at the next request', () => {
  it('lets a broker create a deal right after approval and refuses the next one after revocation, with the same token', async () => {
    const broker = await freshBroker();
    const fixtures = await dealFixtures();

    expect((await createDealAs(broker.token, fixtures)).status).toBe(403);

    await approve(broker.userId);
    const created = await createDealAs(broker.token, fixtures);
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await approve(broker.userId, { ...APPROVED_LICENSED, isApproved: false });
    expect((await createDealAs(broker.token, fixtures)).status).toBe(403);
  });

  it('keeps an approved but unlicensed broker from creating deals until an admin adds the licence data', async () => {
    const broker = await freshBroker();
    const fixtures = await dealFixtures();

    await approve(broker.userId, { ...APPROVED_LICENSED, isLicensed: false, licenseNumber: '', licenseExpirationDate: '' });
    expect((await createDealAs(broker.token, fixtures)).status).toBe(403);

    await approve(broker.userId);
    expect((await createDealAs(broker.token, fixtures)).status).toBe(201);
  });

  it('moves the broker from the pending list to the approved list', async () => {
    const broker = await freshBroker();
    const list = async () => (await apiFetch<BrokerListResponse>('/admin/brokers', { token: as('admin') })).body;

    expect((await list()).pending.map(({ id }) => id)).toContain(broker.userId);
    await approve(broker.userId);
    const after = await list();
    expect(after.pending.map(({ id }) => id)).not.toContain(broker.userId);
    expect(after.approved.find(({ id }) => id === broker.userId)).toMatchObject({
      fullName: broker.fullName,
      isApproved: true,
      isLicensed: true,
      licenseNumber: 'CA-0012345',
      commissionType: 'percentage',
      commissionValue: 20,
      hasLicenseDocument: false,
    });
  });
});

describe("the admins' notification of a sign-up", () => {
  it("is resolved (read in every admin's list) once the broker is approved, and not before", async () => {
    const { email, userId } = await createUser('broker', uniqueEmail('broker'));
    // The real trigger, as Cognito calls it on a confirmed sign-up (the group is added by the stack's own pool).
    const confirm = createPostConfirmationHandler(() => ({
      directory: () => ({ getUser: async () => null, addToGroup: async () => undefined }),
      data: data(),
      licences: { copy: async () => false, remove: async () => undefined },
    }));
    await confirm({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: 'us-east-1_LeaseDesk1',
      userName: userId,
      request: { userAttributes: { sub: userId, email, name: 'Awaiting Approval' } },
    } as never);
    const noticeId = (await data().users.getBrokerProfile(userId))?.approvalNoticeId;
    const adminId = principals.of.admin.userId;
    const notice = () => data().notifications.get(adminId, noticeId!, new Date());

    expect(noticeId).toBeDefined();
    expect(await notice()).toMatchObject({
      kind: 'broker-awaiting-approval',
      title: 'Broker awaiting approval: Awaiting Approval',
    });
    expect((await notice())?.readAt).toBeUndefined();
    await saveDialog(userId, { ...APPROVED_LICENSED, isApproved: false });
    expect((await notice())?.readAt).toBeUndefined();

    await approve(userId);

    expect((await notice())?.readAt).toEqual(expect.any(String));
  });
});

describe('the approval history', () => {
  it('records who changed what, before and after, newest first; a save that changes nothing records nothing', async () => {
    const broker = await freshBroker();
    const adminName = (await data().users.get(principals.of.admin.userId))?.fullName;

    await approve(broker.userId);
    await approve(broker.userId);
    const revoked = await approve(broker.userId, {
      ...APPROVED_LICENSED,
      isApproved: false,
      commissionType: 'flat',
      commissionValue: 300,
    });

    expect(revoked.history).toHaveLength(2);
    const [latest, first] = revoked.history;
    expect(latest).toMatchObject({
      by: { id: principals.of.admin.userId, fullName: adminName },
      before: { isApproved: true, commissionType: 'percentage', commissionValue: 20 },
      after: { isApproved: false, commissionType: 'flat', commissionValue: 300, licenseNumber: 'CA-0012345' },
    });
    expect(first).toMatchObject({
      before: {
        isApproved: false,
        isLicensed: false,
        commissionType: null,
        commissionValue: null,
        licenseNumber: null,
        licenseExpirationDate: null,
      },
      after: { isApproved: true, isLicensed: true, licenseNumber: 'CA-0012345', licenseExpirationDate: '2028-06-30' },
    });
    expect(latest!.at >= first!.at).toBe(true);

    const detail = await apiFetch<BrokerDetailResponse>(`/admin/brokers/${broker.userId}`, { token: as('admin') });
    expect(detail.body.history).toEqual(revoked.history);
  });

  it('clears the licence number and expiration when the dialog sends them blank', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    const cleared = await approve(broker.userId, {
      ...APPROVED_LICENSED,
      isLicensed: false,
      licenseNumber: '',
      licenseExpirationDate: '',
    });
    expect(cleared.broker).toMatchObject({ isLicensed: false, licenseNumber: null, licenseExpirationDate: null });
  });
});

describe('the dialog limits', () => {
  it.each([
    ['a percentage above 100', { commissionValue: 100.01 }, 'commissionValue', BROKER_MESSAGES.percentageMax],
    ['a negative commission', { commissionValue: -1 }, 'commissionValue', BROKER_MESSAGES.commissionValueMin],
    ['a licence number over 50 characters', { licenseNumber: 'L'.repeat(51) }, 'licenseNumber', BROKER_MESSAGES.licenseNumberMax],
    ['licensed without a licence number', { licenseNumber: ' ' }, 'licenseNumber', BROKER_MESSAGES.licenseNumberRequired],
    ['an unknown commission type', { commissionType: 'tiered' }, 'commissionType', BROKER_MESSAGES.commissionTypeRequired],
  ])('refuses %s (400) and changes nothing', async (_name, change, field, message) => {
    const broker = await freshBroker();

    const response = await saveDialog(broker.userId, { ...APPROVED_LICENSED, ...change });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).fields?.[field]).toBe(message);
    expect((await data().users.getBrokerProfile(broker.userId))?.isApproved).toBe(false);
  });

  it('accepts a flat commission above 100 and a percentage of exactly 100', async () => {
    const broker = await freshBroker();
    expect((await saveDialog(broker.userId, { ...APPROVED_LICENSED, commissionType: 'flat', commissionValue: 450 })).status).toBe(
      200,
    );
    expect((await saveDialog(broker.userId, { ...APPROVED_LICENSED, commissionValue: 100 })).status).toBe(200);
  });

  it('answers 404 for a broker that does not exist', async () => {
    expect((await saveDialog('01NOSUCHBROKER', APPROVED_LICENSED)).status).toBe(404);
    expect((await apiFetch('/admin/brokers/01NOSUCHBROKER', { token: as('admin') })).status).toBe(404);
  });
});

describe('the month figures', () => {
  /** A deal of `brokerId` created at `createdAt` (through the deals store, the one writer of deals). */
  async function dealAt(brokerId: string, createdAt: string, fields: Partial<DealFields> = {}) {
    const deal: DealFields = {
      brokerId,
      year: 2025,
      make: 'Mazda',
      model: 'CX-5',
      dealType: 'lease',
      status: 'pending',
      monthlyPayment: 389,
      downPayment: 1500,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
      ...fields,
    };
    return (await data().deals.create(deal, new Date(createdAt))).deal;
  }

  const statsOf = async (month: string) => {
    const response = await apiFetch<BrokerStatsResponse>(`/admin/broker-stats?month=${month}`, { token: as('admin') });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const cardOf = (stats: BrokerStatsResponse, brokerId: string) => stats.brokers.find((card) => card.brokerId === brokerId);

  it('counts a deal created at 23:59:59.999Z on the last day in that month and one closed at 00:00:00Z on the 1st in the next', async () => {
    const broker = await freshBroker();
    await approve(broker.userId); // 20 % of fees
    await dealAt(broker.userId, '2025-01-31T23:59:59.999Z');
    await dealAt(broker.userId, '2025-01-15T10:00:00.000Z', {
      status: 'closed',
      dealClosedAt: '2025-02-01T00:00:00.000Z',
      brokerFeeDealer: 700,
      brokerFeeClient: 300.5,
    });

    const january = cardOf(await statsOf('2025-01'), broker.userId);
    const february = cardOf(await statsOf('2025-02'), broker.userId);

    expect(january).toMatchObject({ dealsCreated: 2, dealsClosed: 0, fees: 0, commission: 0 });
    // $1,000.50 of fees -> $1,001 shown; 20 % of $1,000.50 = $200.10 -> $200.
    expect(february).toMatchObject({ dealsCreated: 0, dealsClosed: 1, fees: 1001, commission: 200 });
  });

  it('pays a flat commission per closed deal, and a later rate change leaves the month as booked', async () => {
    const broker = await freshBroker();
    await approve(broker.userId, { ...APPROVED_LICENSED, commissionType: 'flat', commissionValue: 250 });
    for (const day of ['03', '17']) {
      await dealAt(broker.userId, `2025-03-${day}T12:00:00.000Z`, {
        status: 'closed',
        dealClosedAt: `2025-03-${day}T15:00:00.000Z`,
        brokerFeeDealer: 1000,
      });
    }
    expect(cardOf(await statsOf('2025-03'), broker.userId)).toMatchObject({ dealsClosed: 2, fees: 2000, commission: 500 });

    await approve(broker.userId, { ...APPROVED_LICENSED, commissionType: 'percentage', commissionValue: 10 });
    expect(cardOf(await statsOf('2025-03'), broker.userId)).toMatchObject({ dealsClosed: 2, fees: 2000, commission: 500 });
  });

  it('takes a deal back out of its close month when it leaves closed', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    const deal = await dealAt(broker.userId, '2025-04-02T12:00:00.000Z', {
      status: 'closed',
      dealClosedAt: '2025-04-20T12:00:00.000Z',
      brokerFeeClient: 500,
    });
    await data().deals.replace(deal, { ...deal, status: 'active', dealClosedAt: undefined });

    expect(cardOf(await statsOf('2025-04'), broker.userId)).toMatchObject({ dealsCreated: 1, dealsClosed: 0, fees: 0 });
  });

  it('gives the 6 months ending at the month, oldest first, for each broker and the team', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    await dealAt(broker.userId, '2025-05-02T12:00:00.000Z', {
      status: 'closed',
      dealClosedAt: '2025-05-03T12:00:00.000Z',
      brokerFeeDealer: 100,
    });

    const stats = await statsOf('2025-07');

    expect(stats.series.months).toEqual(['2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07']);
    const points = stats.series.perBroker.find(({ brokerId }) => brokerId === broker.userId)?.points;
    expect(points?.map(({ month }) => month)).toEqual(stats.series.months);
    expect(points?.[3]).toEqual({ month: '2025-05', dealsClosed: 1, fees: 100, commission: 20 });
    expect(stats.series.team).toHaveLength(6);
    const may = stats.series.team[3]!;
    expect(may.dealsClosed).toBe(stats.series.perBroker.reduce((sum, series) => sum + (series.points[3]?.dealsClosed ?? 0), 0));
  });

  it("comes with the lists on the screen's first load: GET /admin/brokers?month= carries that month's figures", async () => {
    const stats = await statsOf('2025-05');
    const page = await apiFetch<BrokersPageResponse>('/admin/brokers?month=2025-05', { token: as('admin') });
    expect(page.status).toBe(200);
    expect(page.body.stats).toEqual(stats);

    const current = monthOfDate(new Date());
    const latest = await apiFetch<BrokersPageResponse>('/admin/brokers', { token: as('admin') });
    expect(latest.body.stats).toMatchObject({ month: current, currentMonth: current });
    const future = await apiFetch(`/admin/brokers?month=${addMonths(current, 1)}`, { token: as('admin') });
    expect(future.status).toBe(400);
    expect(errorOf(future.body).message).toBe(FUTURE_MONTH_MESSAGE);
  });

  it('defaults to the current month and refuses a month after it', async () => {
    const current = monthOfDate(new Date());
    const latest = await apiFetch<BrokerStatsResponse>('/admin/broker-stats', { token: as('admin') });
    expect(latest.body).toMatchObject({ month: current, currentMonth: current });

    const future = await apiFetch(`/admin/broker-stats?month=${addMonths(current, 1)}`, { token: as('admin') });
    expect(future.status).toBe(400);
    expect(errorOf(future.body).message).toBe(FUTURE_MONTH_MESSAGE);
  });

  it('adds the team card up from the broker cards', async () => {
    const stats = await statsOf('2025-02');
    const total = (key: 'dealsCreated' | 'dealsClosed' | 'fees' | 'commission') =>
      stats.brokers.reduce((sum, card) => sum + card[key], 0);
    expect(stats.team).toEqual({
      dealsCreated: total('dealsCreated'),
      dealsClosed: total('dealsClosed'),
      fees: total('fees'),
      commission: total('commission'),
    });
  });
});

describe('the profile', () => {
  it('shows the caller’s own profile, this month’s figures, the last 10 deals newest first and academy progress', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    const fixtures = await dealFixtures();
    for (let index = 0; index < 11; index++) expect((await createDealAs(broker.token, fixtures)).status).toBe(201);

    const response = await apiFetch<ProfileResponse>('/profile', { token: broker.token });

    expect(response.status).toBe(200);
    const { profile, stats, recentDeals, academy } = response.body;
    expect(profile).toMatchObject({ id: broker.userId, fullName: broker.fullName, isApproved: true });
    expect(stats).toMatchObject({ month: monthOfDate(new Date()), dealsCreated: 11, brokerId: broker.userId });
    expect(recentDeals).toHaveLength(10);
    const created = recentDeals.map(({ createdAt }) => createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(academy.percent).toBeGreaterThanOrEqual(0);
    expect(academy.completed).toBeLessThanOrEqual(academy.published);
  });

  it('counts deals, not listings: a vehicle added to the marketplace is neither created nor recent', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    const fixtures = await dealFixtures();
    const deal = await createDealAs(broker.token, fixtures);
    const listedDeal = await apiFetch('/deals', {
      token: broker.token,
      body: {
        ...fixtures,
        year: 2026,
        make: 'Honda',
        model: 'Accord',
        monthlyPayment: 359,
        downPayment: 1999,
        termMonths: 36,
        mileageAllowance: 10000,
        apr: 3.5,
        addToMarketplace: true,
      },
    });
    const vehicle = await apiFetch('/marketplace/vehicles', {
      token: broker.token,
      body: {
        stockNumber: `P-${unique()}`,
        year: 2026,
        make: 'Mazda',
        model: 'CX-5',
        monthlyPayment: 389,
        termMonths: 36,
        expirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect([deal.status, listedDeal.status, vehicle.status]).toEqual([201, 201, 201]);

    const { stats, recentDeals } = (await apiFetch<ProfileResponse>('/profile', { token: broker.token })).body;

    expect(stats.dealsCreated).toBe(1);
    expect(recentDeals.map((recent) => recent.id)).toEqual([(deal.body as { id: string }).id]);
  });

  it('answers "Profile not found" to an admin without a broker profile', async () => {
    const response = await apiFetch('/profile', { token: as('admin') });
    expect(response.status).toBe(404);
    expect(errorOf(response.body).message).toBe(PROFILE_NOT_FOUND_MESSAGE);
  });

  it('changes the phone and nothing else, whatever else a broker puts in the body', async () => {
    const broker = await freshBroker();

    const response = await apiFetch<ProfileResponse>('/profile', {
      token: broker.token,
      method: 'PATCH',
      body: {
        phone: '(303) 555-0100',
        isApproved: true,
        isLicensed: true,
        commissionType: 'percentage',
        commissionValue: 100,
        licenseNumber: 'SELF-1',
        profilePhotoUrl: 'https://evil.example/x.png',
        licenseDocumentUrl: 'someone-else/license.pdf',
      },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.profile).toMatchObject({ phone: '3035550100', isApproved: false, isLicensed: false });
    const stored = await data().users.getBrokerProfile(broker.userId);
    expect(stored).toMatchObject({ phone: '3035550100', isApproved: false, isLicensed: false });
    expect(stored?.commissionType).toBeUndefined();
    expect(stored?.commissionValue).toBeUndefined();
    expect(stored?.licenseNumber).toBeUndefined();
    expect(stored?.profilePhotoUrl).toBeUndefined();
    expect(stored?.licenseDocumentUrl).toBeUndefined();
    expect((await data().users.listBrokers(true)).map(({ userId }) => userId)).not.toContain(broker.userId);
  });

  it('refuses a phone that is not in international format and clears it with a blank', async () => {
    const broker = await freshBroker();
    const patch = (phone: unknown) =>
      apiFetch<ProfileResponse>('/profile', { token: broker.token, method: 'PATCH', body: { phone } });

    expect((await patch('0301234567')).status).toBe(400);
    expect((await patch('+4915112345678')).body.profile.phone).toBe('+4915112345678');
    expect((await patch('')).body.profile.phone).toBeNull();
  });
});

/** Sends a file to a presigned POST as the browser does. */
async function upload(presigned: PresignedUploadResponse, content: Blob) {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', content);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  expect(response.status, await response.text()).toBeLessThan(300);
}

describe('photo and licence uploads', () => {
  it('shows an uploaded photo at once through the profile', async () => {
    const broker = await freshBroker();
    const png = new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' });

    const presigned = await apiFetch<PresignedUploadResponse>('/profile/photo-upload', {
      token: broker.token,
      body: { fileName: 'me.png', contentType: 'image/png', size: png.size },
    });
    expect(presigned.status).toBe(200);
    expect(presigned.body.fields.key).toBe(`${broker.userId}/profile.png`);
    await upload(presigned.body, png);
    const confirmed = await apiFetch<ProfileResponse>('/profile/photo', { token: broker.token, body: { fileName: 'me.png' } });

    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const photo = await fetch(confirmed.body.profile.profilePhotoUrl!);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('refuses to confirm a file that never reached the bucket', async () => {
    const broker = await freshBroker();
    const response = await apiFetch('/profile/licence', { token: broker.token, body: { fileName: 'never.pdf' } });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(UPLOAD_NOT_FOUND_MESSAGE);
  });

  it('refuses a photo of another type', async () => {
    const broker = await freshBroker();
    const response = await apiFetch('/profile/photo-upload', {
      token: broker.token,
      body: { fileName: 'me.gif', contentType: 'image/gif', size: 10 },
    });
    expect(response.status).toBe(400);
  });
});

describe('the signed licence URL', () => {
  /** A broker with an uploaded and confirmed licence. */
  async function brokerWithLicence() {
    const broker = await freshBroker();
    const pdf = new Blob([`%PDF-1.4 licence of ${broker.userId}`], { type: 'application/pdf' });
    const presigned = await apiFetch<PresignedUploadResponse>('/profile/licence-upload', {
      token: broker.token,
      body: { fileName: 'Licence.PDF', contentType: 'application/pdf', size: pdf.size },
    });
    await upload(presigned.body, pdf);
    const confirmed = await apiFetch<ProfileResponse>('/profile/licence', {
      token: broker.token,
      body: { fileName: 'Licence.PDF' },
    });
    expect(confirmed.body.profile.hasLicenseDocument).toBe(true);
    return broker;
  }

  it('records the private key, never a URL, and signs a GET valid 3600 seconds for the broker and admins', async () => {
    const broker = await brokerWithLicence();
    expect((await data().users.getBrokerProfile(broker.userId))?.licenseDocumentUrl).toBe(`${broker.userId}/license.pdf`);

    for (const token of [broker.token, as('admin')]) {
      const response = await apiFetch<LicenceUrlResponse>(`/brokers/${broker.userId}/licence-url`, { token });
      expect(response.status).toBe(200);
      expect(response.body.expiresIn).toBe(3600);
      expect(new URL(response.body.url).searchParams.get('X-Amz-Expires')).toBe('3600');
      const document = await fetch(response.body.url);
      expect(document.status).toBe(200);
      expect(await document.text()).toContain(broker.userId);
    }
  });

  it('answers another broker the same 404 as a broker without a document', async () => {
    const broker = await brokerWithLicence();
    const other = await apiFetch(`/brokers/${broker.userId}/licence-url`, { token: as('otherBroker') });
    const none = await apiFetch(`/brokers/${principals.of.otherBroker.userId}/licence-url`, { token: as('otherBroker') });

    expect(other.status).toBe(404);
    expect(none.status).toBe(404);
    expect(errorOf(other.body)).toEqual(errorOf(none.body));
    expect(errorOf(other.body).message).toBe(LICENSE_DOCUMENT_NOT_FOUND_MESSAGE);
  });

  it('signs URLs that S3 refuses once they have expired', async () => {
    const broker = await brokerWithLicence();
    const stack = getStack();
    const files = s3BrokerFiles(() => createS3Client(), {
      profilePhoto: stack.buckets.brokerPhotos,
      licence: stack.buckets.brokerLicences,
    });

    const key = `${broker.userId}/license.pdf`;
    // The same 60-second URL, signed now and signed two minutes ago (no waiting on the clock: a busy machine can
    // take longer than any short expiry between signing and fetching).
    const fresh = await files.signedUrl('licence', key, 60);
    const expired = await files.signedUrl('licence', key, 60, new Date(Date.now() - 120_000));

    expect((await fetch(fresh)).status).toBe(200);
    expect((await fetch(expired)).status).toBe(403);
  });
});

describe('response keys', () => {
  const summaryKeys = {
    id: true,
    fullName: true,
    email: true,
    phone: true,
    isApproved: true,
    isLicensed: true,
    licenseNumber: true,
    licenseExpirationDate: true,
    hasLicenseDocument: true,
    commissionType: true,
    commissionValue: true,
    createdAt: true,
    profilePhotoUrl: true,
  } as const;
  const figures = { dealsCreated: true, dealsClosed: true, fees: true, commission: true } as const;
  const card = { ...figures, brokerId: true, fullName: true, commissionType: true, commissionValue: true } as const;
  const point: KeySpec = { month: true, dealsClosed: true, fees: true, commission: true };
  const standing = {
    isApproved: true,
    isLicensed: true,
    commissionType: true,
    commissionValue: true,
    licenseNumber: true,
    licenseExpirationDate: true,
  } as const;

  it('GET /admin/brokers as admin', async () => {
    const response = await apiFetch('/admin/brokers', { token: as('admin') });
    expectResponseKeys(response.body, {
      pending: [summaryKeys],
      approved: [summaryKeys],
      stats: {
        month: true,
        currentMonth: true,
        brokers: [card],
        team: figures,
        series: { months: [true], perBroker: [{ brokerId: true, points: [point] }], team: [point] },
      },
    });
  });

  it('GET /admin/brokers/{id} as admin', async () => {
    const broker = await freshBroker();
    await approve(broker.userId);
    const response = await apiFetch(`/admin/brokers/${broker.userId}`, { token: as('admin') });
    expectResponseKeys(response.body, {
      broker: summaryKeys,
      history: [{ at: true, by: { id: true, fullName: true }, before: standing, after: standing }],
    });
  });

  it('GET /admin/broker-stats as admin', async () => {
    const response = await apiFetch('/admin/broker-stats', { token: as('admin') });
    expectResponseKeys(response.body, {
      month: true,
      currentMonth: true,
      brokers: [card],
      team: figures,
      series: { months: [true], perBroker: [{ brokerId: true, points: [point] }], team: [point] },
    });
  });

  it.each(['broker', 'pendingBroker', 'unlicensedBroker'] as const)('GET /profile as %s', async (caller) => {
    const response = await apiFetch('/profile', { token: as(caller) });
    expect(response.status).toBe(200);
    expectResponseKeys(response.body, {
      profile: { ...summaryKeys, startedAt: true },
      stats: { ...card, month: true },
      recentDeals: [{ id: true, year: true, make: true, model: true, status: true, monthlyPayment: true, createdAt: true }],
      academy: { completed: true, published: true, percent: true },
      taskSettings: { timeZone: true, morningEmail: true },
    });
  });

  it('GET /brokers/{id}/licence-url as the broker', async () => {
    const broker = await freshBroker();
    await data().brokers.recordLicence(broker.userId, `${broker.userId}/license.pdf`);
    const response = await apiFetch(`/brokers/${broker.userId}/licence-url`, { token: broker.token });
    expectResponseKeys(response.body, { url: true, expiresIn: true });
  });
});
