/**
 * The deal routes through the local API (docs/api.md, "Deals"; docs/decisions.md, "Deals"): create, detail, edit,
 * delete, the activity trail, the credit application link, the archive and the broker choice, with every rule and
 * message the server enforces: the role matrix of statuses and the concierge fee, over-posted bodies, stale saves,
 * dealers' dealership scope, not-sold clearing, `dealClosedAt`, and the counts each write keeps.
 *
 * Each test creates its own dealership and client, so that its counts do not depend on other tests.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { dealershipScope } from '@functions/domain/counters/counters';
import {
  BROKER_NOT_ASSIGNABLE_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  CREDIT_APPLICATION_CLOSED_MESSAGE,
  DEAL_CHANGED_MESSAGE,
  DEALERSHIP_NOT_FOUND_MESSAGE,
  INVALID_CURSOR_MESSAGE,
  type ArchivedDealsResponse,
  type AssignableBrokersResponse,
  type CreateDealRequest,
  type CreditApplicationLink,
  type DealDetail,
  type DealView,
} from '@shared/deals/api';
import type { DealListResponse } from '@shared/deals/list-api';
import type { DealStatus } from '@shared/deals/enums';
import { DEAL_STATUSES } from '@shared/deals/enums';
import {
  CONCIERGE_FEE_RANGE_MESSAGE,
  FOLLOW_UP_DATE_REQUIRED_MESSAGE,
  INVALID_FEE_AMOUNT_MESSAGE,
  NOT_SOLD_REASON_REQUIRED_MESSAGE,
  ONLY_ADMINS_CAN_CLOSE_MESSAGE,
  STATUS_NOT_ALLOWED_MESSAGE,
  canSetStatus,
} from '@shared/deals/rules';
import { REQUIRED_FIELDS_MESSAGE } from '@shared/deals/schemas';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, optional, type KeySpec } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';
import { expireDeals } from './expire-deals';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const as = (caller: SignedInCaller) => principals.tokenOf(caller);

const TERMS = {
  year: 2026,
  make: 'Honda',
  model: 'Accord',
  monthlyPayment: 359,
  downPayment: 1999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.5,
};

/** A fresh dealership and client, so each test's counts are its own. */
async function fixtures(now = new Date()) {
  const { dealership } = await data().dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data().clients.create(
    { fullName: `Client ${unique().replace(/\d/g, 'x')}`, email: `c-${unique()}@example.com`, profileId: 'test' },
    now,
  );
  return { dealershipId: dealership.id, clientId: client.id, clientName: client.fullName, dealershipName: dealership.name };
}

async function create(caller: SignedInCaller, body: object) {
  return apiFetch<DealView & ApiErrorBody>('/deals', { token: as(caller), body });
}

async function createOk(caller: SignedInCaller, body: Partial<CreateDealRequest>): Promise<DealView> {
  const response = await create(caller, { ...TERMS, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function detail(caller: SignedInCaller, id: string) {
  return apiFetch<DealDetail & ApiErrorBody>(`/deals/${id}`, { token: as(caller) });
}

async function detailOk(caller: SignedInCaller, id: string): Promise<DealDetail> {
  const response = await detail(caller, id);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The edit form as the web sends it: the loaded deal, whole, with the changes and the revision it loaded. */
async function patch(caller: SignedInCaller, deal: DealView, changes: object = {}) {
  return apiFetch<DealView & ApiErrorBody>(`/deals/${deal.id}`, {
    token: as(caller),
    method: 'PATCH',
    body: { ...deal, ...changes },
  });
}

async function patchOk(caller: SignedInCaller, deal: DealView, changes: object = {}): Promise<DealView> {
  const response = await patch(caller, deal, changes);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const fields = (entry: DealDetail['activity'][number]) => entry.changes.map((change) => change.field);

describe('POST /deals', () => {
  it('creates a deal for the calling broker, with the client name copied and a "created" activity entry', async () => {
    const { dealershipId, clientId, clientName } = await fixtures();

    const deal = await createOk('broker', { clientId, dealershipId, status: 'pending' });

    expect(deal).toMatchObject({ brokerId: principals.of.broker.userId, clientId, dealershipId, status: 'pending' });
    expect(deal.conciergeFee).toBe(0);
    expect((await data().deals.get(deal.id))?.clientName).toBe(clientName);
    const { activity } = await detailOk('admin', deal.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ kind: 'created', actor: { id: principals.of.broker.userId } });
    expect(activity[0]!.changes).toContainEqual({ field: 'clientId', before: null, after: clientName });
    expect(activity[0]!.changes).toContainEqual({ field: 'status', before: null, after: 'pending' });
  });

  it('refuses a form without its required fields with "Please fill in all required fields"', async () => {
    const response = await create('broker', { year: 2026, make: 'Honda' });

    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it('refuses a client or dealership that does not exist, naming which', async () => {
    const { dealershipId, clientId } = await fixtures();

    const noClient = await create('broker', { ...TERMS, clientId: '01NOSUCHCLIENT', dealershipId });
    const noDealership = await create('broker', { ...TERMS, clientId, dealershipId: '01NOSUCHDEALERSHIP' });

    expect([noClient.status, noClient.body.error.message]).toEqual([400, CLIENT_NOT_FOUND_MESSAGE]);
    expect(noClient.body.error.fields).toEqual({ clientId: CLIENT_NOT_FOUND_MESSAGE });
    expect([noDealership.status, noDealership.body.error.message]).toEqual([400, DEALERSHIP_NOT_FOUND_MESSAGE]);
  });

  it('is refused to dealers, consumers, and brokers who are not approved and licensed', async () => {
    const { dealershipId, clientId } = await fixtures();
    const body = { ...TERMS, clientId, dealershipId };

    for (const caller of ['dealer', 'consumer', 'pendingBroker', 'unlicensedBroker'] as const) {
      expect((await create(caller, body)).status, caller).toBe(403);
    }
  });

  it('assigns a chosen approved and licensed broker, and refuses one who is not', async () => {
    const { dealershipId, clientId } = await fixtures();

    const chosen = await createOk('broker', { clientId, dealershipId, brokerId: principals.of.otherBroker.userId });
    const pending = await create('broker', { ...TERMS, clientId, dealershipId, brokerId: principals.of.pendingBroker.userId });

    expect(chosen.brokerId).toBe(principals.of.otherBroker.userId);
    expect([pending.status, pending.body.error.message]).toEqual([400, BROKER_NOT_ASSIGNABLE_MESSAGE]);
  });

  it('lets only admins create a closed deal, which then carries its close time', async () => {
    const { dealershipId, clientId } = await fixtures();

    const byBroker = await create('broker', { ...TERMS, clientId, dealershipId, status: 'closed' });
    const byAdmin = await createOk('admin', { clientId, dealershipId, status: 'closed', conciergeFee: 300 });

    expect([byBroker.status, byBroker.body.error.message]).toEqual([403, ONLY_ADMINS_CAN_CLOSE_MESSAGE]);
    expect(byAdmin.dealClosedAt).not.toBeNull();
    expect(byAdmin.conciergeFee).toBe(300);
  });

  it('ignores what a broker may not set on create: the concierge fee, paid flag, revision and creation time', async () => {
    const { dealershipId, clientId } = await fixtures();

    const deal = await createOk('broker', {
      clientId,
      dealershipId,
      conciergeFee: 500,
      ...({ conciergeFeePaid: true, createdAt: '2000-01-01T00:00:00.000Z', revision: 42, isArchived: true } as object),
    });

    expect(deal).toMatchObject({ conciergeFee: 0, conciergeFeePaid: false, revision: 1, isArchived: false });
    expect(deal.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it("forces available with 'add to marketplace', and derives a lease's APR from its money factor", async () => {
    const { dealershipId, clientId } = await fixtures();

    const deal = await createOk('broker', {
      clientId,
      dealershipId,
      status: 'active',
      addToMarketplace: true,
      dealType: 'lease',
      moneyFactor: 0.00125,
      apr: 9,
      brokerFeeDealer: 250,
      brokerFeeClient: 100,
    });

    expect(deal).toMatchObject({ status: 'available', apr: 3, brokerFeeTotal: 350 });
  });
});

describe("a deal created from a marketplace vehicle: the vehicle's pending-deal count follows the deal (more in functions/marketplace/inventory.int.test.ts)", () => {
  const pendingOf = async (vehicleId: string) =>
    (await apiFetch<MarketplaceVehicleDetail>(`/marketplace/vehicles/${vehicleId}`, { token: as('admin') })).body
      .pendingDealCount;

  it('counts while open (available, pending, active, finalized), not once lost, and forgets a deleted deal', async () => {
    const { dealershipId, clientId } = await fixtures();
    const vehicleId = principals.records.otherDealerVehicle;
    const start = await pendingOf(vehicleId);

    const deal = await createOk('broker', { clientId, dealershipId, status: 'pending', sourceVehicleId: vehicleId });
    expect(deal.sourceVehicleId).toBe(vehicleId);
    expect(await pendingOf(vehicleId)).toBe(start + 1);

    const active = await patchOk('broker', deal, { status: 'active' });
    expect(await pendingOf(vehicleId)).toBe(start + 1);

    const notSold = await patchOk('broker', active, {
      status: 'not_sold',
      notSoldReason: 'Not ready to purchase at this time',
      followUpDate: '2030-01-01',
    });
    expect(await pendingOf(vehicleId)).toBe(start);

    await patchOk('broker', notSold, { status: 'pending' });
    expect(await pendingOf(vehicleId)).toBe(start + 1);
    expect((await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(200);
    expect(await pendingOf(vehicleId)).toBe(start);
  });

  it('refuses a vehicle that does not exist', async () => {
    const { dealershipId, clientId } = await fixtures();

    const response = await create('broker', { ...TERMS, clientId, dealershipId, sourceVehicleId: '01NOSUCHVEHICLE' });

    expect(response.status).toBe(400);
  });
});

describe('GET /deals/{id}', () => {
  const dealKeys = Object.fromEntries(
    [
      'id',
      'clientId',
      'dealershipId',
      'brokerId',
      'sourceVehicleId',
      'sourceLeadId',
      'year',
      'make',
      'model',
      'trim',
      'vin',
      'imageUrl',
      'dealType',
      'status',
      'stockNumber',
      'availableStock',
      'msrp',
      'totalDueAtSigning',
      'monthlyPayment',
      'downPayment',
      'termMonths',
      'mileageAllowance',
      'moneyFactor',
      'apr',
      'notes',
      'expirationDate',
      'isArchived',
      'heardAboutUs',
      'heardAboutUsReferral',
      'heardAboutUsAffinity',
      'creditScoreRange',
      'hasTradeIn',
      'tradeInYear',
      'tradeInMake',
      'tradeInModel',
      'tradeInMileage',
      'tradeInCondition',
      'tradeInHasLienholder',
      'tradeInLienholder',
      'tradeInPayoffBalance',
      'brokerFeeDealer',
      'brokerFeeClient',
      'desking',
      'program',
      'brokerFeeTotal',
      'brokerCommissionAmount',
      'notSoldReason',
      'followUpDate',
      'notSoldNotes',
      'creditAppFormType',
      'conciergeFee',
      'conciergeFeePaid',
      'dealClosedAt',
      'leaseStartDate',
      'maturityDate',
      'createdAt',
      'revision',
    ].map((key) => [key, true]),
  ) as Record<string, KeySpec>;
  const TASK_KEYS: KeySpec = {
    id: true,
    title: true,
    notes: true,
    dueDate: true,
    dueTime: true,
    timeZone: true,
    dueAt: true,
    assigneeId: true,
    assigneeName: true,
    status: true,
    source: true,
    link: { kind: true, id: true, path: true },
    createdAt: true,
    closedAt: true,
    revision: true,
  };
  /** Admins, brokers and dealers see the same screen (lead source, fees and the credit application card included). */
  const detailKeys: KeySpec = {
    deal: { ...dealKeys, incentives: [true] },
    client: { id: true, fullName: true, email: true, phone: true, creditScoreRange: true },
    dealership: { id: true, name: true, location: true, contactName: true, contactPhone: true, leadEmail: true },
    broker: { id: true, fullName: true },
    creditApplication: { token: true, url: true, status: true, expiresAt: true },
    showsCreditApplication: true,
    canRegenerateCreditApplication: true,
    activity: [
      { id: true, kind: true, at: true, actor: { id: true, name: true }, changes: [{ field: true, before: true, after: true }] },
    ],
    // Filled for admins only (payments that did not pay the fee); functions/payments/api.int.test.ts shows its keys.
    paymentsToReview: [
      { eventId: true, amountCents: true, currency: true, dueCents: true, feeAlreadyPaid: true, receivedAt: true },
    ],
    canEdit: true,
    canDelete: true,
    statusOptions: [{ value: true, label: true }],
    // Admins and brokers: the deal's open tasks (functions/tasks/api.int.test.ts); dealers none.
    openTasks: optional([TASK_KEYS]),
    // Admins and brokers: where the client's brokering agreement stands (functions/agreements/api.int.test.ts); dealers none.
    agreement: optional({
      required: true,
      state: true,
      sentAt: true,
      viewedAt: true,
      signature: { version: true, signedAt: true, signedName: true, sourceIp: true },
      currentVersion: true,
    }),
  };

  it('answers everything the screen shows in one call, with the same keys for admins, brokers and dealers', async () => {
    const { clientId, clientName } = await fixtures();
    const dealershipId = principals.records.dealership;
    const deal = await createOk('broker', { clientId, dealershipId, heardAboutUs: 'Referral', creditScoreRange: '740-799' });
    await apiFetch(`/deals/${deal.id}/credit-application-link`, { token: as('broker'), method: 'POST' });

    for (const caller of ['admin', 'broker', 'dealer'] as const) {
      const body = await detailOk(caller, deal.id);
      expectResponseKeys(body, detailKeys, `GET /deals/{id} as ${caller}`);
      expect(body.client).toMatchObject({ id: clientId, fullName: clientName, creditScoreRange: '740-799' });
      expect(body.dealership?.id).toBe(dealershipId);
      expect(body.broker).toEqual({ id: principals.of.broker.userId, fullName: expect.any(String) });
      expect(body.creditApplication?.status).toBe('valid');
      // The deal page's agreement card reads its state here, not in a second call; dealers have no such card.
      if (caller === 'dealer') expect(body.agreement).toBeUndefined();
      else expect(body.agreement).toMatchObject({ state: 'not_sent', signature: null });
    }
  });

  it('tells each role what it may do: admins delete and close, brokers not close, unlicensed brokers nothing; pending brokers read no deal', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId });

    const admin = await detailOk('admin', deal.id);
    const broker = await detailOk('broker', deal.id);
    const unlicensed = await detailOk('unlicensedBroker', deal.id);
    const pending = await detail('pendingBroker', deal.id);

    expect([admin.canEdit, admin.canDelete]).toEqual([true, true]);
    expect(admin.statusOptions.map((option) => option.value)).toEqual([
      'available',
      'pending',
      'active',
      'not_sold',
      'finalized',
      'closed',
    ]);
    expect([broker.canEdit, broker.canDelete]).toEqual([true, false]);
    expect(broker.statusOptions.map((option) => option.value)).toEqual(['available', 'pending', 'active', 'not_sold']);
    expect([unlicensed.canEdit, unlicensed.statusOptions]).toEqual([false, []]);
    expect(pending.status).toBe(403);
    expect(pending.body).toEqual({
      error: { code: 'forbidden', message: 'Your broker account is pending review by an administrator' },
    });
  });

  it("hides another dealership's deal from a dealer and a deal not theirs from a consumer (404, as an unknown id)", async () => {
    const { clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId: principals.records.otherDealership });

    const dealerRead = await detail('dealer', deal.id);
    const dealerEdit = await patch('dealer', deal, { status: 'pending' });

    expect(dealerRead.status).toBe(404);
    expect(dealerEdit.status).toBe(404);
    expect((await detail('otherDealer', deal.id)).status).toBe(200);
    // Consumers read their own deals only (functions/consumers/api.int.test.ts); this one is not theirs.
    expect((await detail('consumer', deal.id)).status).toBe(404);
    expect((await detail('admin', '01NOSUCHDEAL')).status).toBe(404);
  });
});

describe('PATCH /deals/{id}', () => {
  it('refuses a stale revision with 409: of two concurrent saves exactly one wins', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId });

    const results = await Promise.all([
      patch('broker', deal, { monthlyPayment: 400 }),
      patch('otherBroker', deal, { monthlyPayment: 500 }),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const conflict = results.find((result) => result.status === 409)!;
    expect(conflict.body.error.message).toBe(DEAL_CHANGED_MESSAGE);
    const winner = results.find((result) => result.status === 200)!.body;
    expect((await detailOk('admin', deal.id)).deal.monthlyPayment).toBe(winner.monthlyPayment);
  });

  it('changes nothing a broker may not set: closed, the concierge fee, paid, another broker, creation time', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId });

    const closing = await patch('broker', deal, { status: 'closed' });
    const overPosted = await patchOk('broker', deal, {
      conciergeFee: 500,
      conciergeFeePaid: true,
      brokerId: principals.of.otherBroker.userId,
      createdAt: '2000-01-01T00:00:00.000Z',
      dealClosedAt: '2000-01-01T00:00:00.000Z',
      notes: 'Called the client',
    });

    expect([closing.status, closing.body.error.message]).toEqual([403, ONLY_ADMINS_CAN_CLOSE_MESSAGE]);
    expect(overPosted).toMatchObject({
      conciergeFee: 0,
      conciergeFeePaid: false,
      brokerId: principals.of.broker.userId,
      createdAt: deal.createdAt,
      dealClosedAt: null,
      notes: 'Called the client',
    });
  });

  describe('the role matrix of statuses', () => {
    const roles = ['admin', 'broker', 'dealer'] as const;
    const settable = DEAL_STATUSES.filter((status) => status !== 'expired');

    it.each(roles)('as %s: exactly the statuses the role may choose are saved', async (caller) => {
      const { clientId } = await fixtures();
      const dealershipId = principals.records.dealership;
      const outcomes: Record<string, number> = {};
      for (const status of settable) {
        const deal = await createOk('admin', { clientId, dealershipId, status: 'pending' });
        const extra = status === 'not_sold' ? { notSoldReason: 'Payment' } : {};
        const response = await patch(caller, deal, { status, ...extra });
        outcomes[status] = response.status;
        if (response.status === 403) {
          expect(response.body.error.message).toBe(
            status === 'closed' ? ONLY_ADMINS_CAN_CLOSE_MESSAGE : STATUS_NOT_ALLOWED_MESSAGE,
          );
        }
      }

      expect(outcomes).toEqual(
        Object.fromEntries(settable.map((status) => [status, canSetStatus(caller, status as DealStatus) ? 200 : 403])),
      );
    });

    it('lets a broker save a finalized deal unchanged, and never a closed one', async () => {
      const { dealershipId, clientId } = await fixtures();
      const finalized = await createOk('admin', { clientId, dealershipId });
      const asFinalized = await patchOk('admin', finalized, { status: 'finalized', conciergeFee: 250 });
      const closed = await patchOk('admin', await createOk('admin', { clientId, dealershipId }), { status: 'closed' });

      const keep = await patch('broker', asFinalized, { notes: 'Waiting for the fee' });
      const touchClosed = await patch('broker', closed, { notes: 'Late note' });

      expect(keep.status).toBe(200);
      expect(keep.body.conciergeFee).toBe(250);
      expect([touchClosed.status, touchClosed.body.error.message]).toEqual([403, ONLY_ADMINS_CAN_CLOSE_MESSAGE]);
    });
  });

  describe('the concierge fee (admins, finalized or closed): 0, or 100 to 1500', () => {
    it.each([
      [0, 200, null],
      [100, 200, null],
      [250, 200, null],
      [1500, 200, null],
      [99, 400, CONCIERGE_FEE_RANGE_MESSAGE],
      [1501, 400, CONCIERGE_FEE_RANGE_MESSAGE],
      [-5, 400, INVALID_FEE_AMOUNT_MESSAGE],
      ['abc', 400, INVALID_FEE_AMOUNT_MESSAGE],
    ] as const)('a fee of %s: %s', async (fee, status, message) => {
      const { dealershipId, clientId } = await fixtures();
      const deal = await createOk('admin', { clientId, dealershipId });

      const response = await patch('admin', deal, { status: 'finalized', conciergeFee: fee });

      expect(response.status).toBe(status);
      if (message) expect(response.body.error.message).toBe(message);
      else expect(response.body.conciergeFee).toBe(fee);
    });

    it('is stored as 0 when the deal is not finalized or closed, and locked once closed', async () => {
      const { dealershipId, clientId } = await fixtures();
      const deal = await createOk('admin', { clientId, dealershipId });

      const active = await patchOk('admin', deal, { status: 'active', conciergeFee: 400 });
      const closed = await patchOk('admin', active, { status: 'closed', conciergeFee: 400 });
      const relocked = await patchOk('admin', closed, { status: 'closed', conciergeFee: 900 });

      expect([active.conciergeFee, closed.conciergeFee, relocked.conciergeFee]).toEqual([0, 400, 400]);
    });
  });

  it('needs a reason for not sold, a follow-up date for "not ready", and clears them when the status moves on', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId });
    const notReady = 'Not ready to purchase at this time';

    const noReason = await patch('broker', deal, { status: 'not_sold' });
    const noDate = await patch('broker', deal, { status: 'not_sold', notSoldReason: notReady });
    const notSold = await patchOk('broker', deal, {
      status: 'not_sold',
      notSoldReason: notReady,
      followUpDate: '2026-12-01',
      notSoldNotes: 'Call after the holidays',
    });
    const back = await patchOk('broker', notSold, { status: 'active' });

    expect([noReason.status, noReason.body.error.message]).toEqual([400, NOT_SOLD_REASON_REQUIRED_MESSAGE]);
    expect([noDate.status, noDate.body.error.message]).toEqual([400, FOLLOW_UP_DATE_REQUIRED_MESSAGE]);
    expect(notSold).toMatchObject({
      notSoldReason: notReady,
      followUpDate: '2026-12-01',
      notSoldNotes: 'Call after the holidays',
    });
    expect(back).toMatchObject({ notSoldReason: null, followUpDate: null, notSoldNotes: null });
  });

  it('sets dealClosedAt when a deal becomes closed, keeps it while closed, clears it when it leaves', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('admin', { clientId, dealershipId });

    const closed = await patchOk('admin', deal, { status: 'closed' });
    const stillClosed = await patchOk('admin', closed, { notes: 'Delivered' });
    const reopened = await patchOk('admin', stillClosed, { status: 'active' });

    expect(Date.parse(closed.dealClosedAt!)).toBeGreaterThan(Date.parse(deal.createdAt) - 1);
    expect(stillClosed.dealClosedAt).toBe(closed.dealClosedAt);
    expect(reopened.dealClosedAt).toBeNull();
  });

  it("lets a dealer edit the terms of their own dealership's deal, but not its client, broker fees or lead source", async () => {
    const { clientId } = await fixtures();
    const other = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId: principals.records.dealership, brokerFeeDealer: 100 });

    const saved = await patchOk('dealer', deal, {
      monthlyPayment: 420,
      clientId: other.clientId,
      dealershipId: other.dealershipId,
      brokerFeeDealer: 9999,
      heardAboutUs: 'Mailer',
    });

    expect(saved).toMatchObject({
      monthlyPayment: 420,
      clientId,
      dealershipId: principals.records.dealership,
      brokerFeeDealer: 100,
      heardAboutUs: null,
    });
  });

  it('records who changed what, before and after, for each kind of change, newest first', async () => {
    const { dealershipId, clientId, clientName } = await fixtures();
    const other = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId });

    let current = await patchOk('broker', deal, { status: 'active' });
    current = await patchOk('broker', current, { brokerFeeDealer: 300, brokerFeeClient: 50 });
    current = await patchOk('admin', current, { brokerId: principals.of.otherBroker.userId });
    current = await patchOk('broker', current, { clientId: other.clientId, dealershipId: other.dealershipId });
    current = await patchOk('broker', current, { monthlyPayment: 399, termMonths: 39 });
    current = await patchOk('broker', current, { status: 'not_sold', notSoldReason: 'Payment' });
    current = await patchOk('admin', current, { status: 'finalized', conciergeFee: 250 });
    await patchOk('broker', current, { notes: 'Only the notes' });

    const { activity } = await detailOk('admin', deal.id);

    expect(activity.map((entry) => [entry.kind, fields(entry)])).toEqual([
      ['updated', ['status', 'conciergeFee', 'notSoldReason']],
      ['updated', ['status', 'notSoldReason']],
      ['updated', ['monthlyPayment', 'termMonths']],
      ['updated', ['clientId', 'dealershipId']],
      ['updated', ['brokerId']],
      ['updated', ['brokerFeeDealer', 'brokerFeeClient', 'brokerFeeTotal']],
      ['updated', ['status']],
      ['created', expect.any(Array)],
    ]);
    expect(activity[0]!.changes).toContainEqual({ field: 'conciergeFee', before: 0, after: 250 });
    expect(activity[0]!.actor.id).toBe(principals.of.admin.userId);
    expect(activity[3]!.changes).toContainEqual({ field: 'clientId', before: clientName, after: other.clientName });
    expect(activity[3]!.changes).toContainEqual({
      field: 'dealershipId',
      before: expect.any(String),
      after: other.dealershipName,
    });
    expect(activity[4]!.changes[0]).toMatchObject({ field: 'brokerId', after: expect.any(String) });
    expect(activity[6]!.changes).toEqual([{ field: 'status', before: 'available', after: 'active' }]);
    expect(activity.map((entry) => entry.at)).toEqual([...activity.map((entry) => entry.at)].sort().reverse());
  });
});

describe('marketplace listings are not client deals', () => {
  it('leaves listings out of the deals list, its make counts and the "Client Deals" count, while a client deal of the same make is in', async () => {
    const { dealershipId, clientId } = await fixtures();
    const counts = () => data().counters.get(dealershipScope(dealershipId));
    const empty = await counts();
    const make = `Lst${unique().replace(/\d/g, 'q')}`;
    const inSixtyDays = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

    const added = await apiFetch<DealView & ApiErrorBody>('/marketplace/vehicles', {
      token: as('broker'),
      body: { ...TERMS, make, dealershipId, stockNumber: `L-${unique()}`, availableStock: 2, expirationDate: inSixtyDays },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ticked = await createOk('broker', { clientId, dealershipId, make, addToMarketplace: true });
    const clientDeal = await createOk('broker', { clientId, dealershipId, make, status: 'pending' });

    expect((await counts()).clientDeals).toBe(empty.clientDeals + 1);
    for (const status of ['all', 'available', 'pending']) {
      const listed = await apiFetch<DealListResponse>(`/deals?${new URLSearchParams({ make, status }).toString()}`, {
        token: as('admin'),
      });
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((item) => item.id)).toEqual(status === 'available' ? [] : [clientDeal.id]);
    }
    const searched = await apiFetch<DealListResponse>(`/deals?q=${make}`, { token: as('admin') });
    expect(searched.body.items.map((item) => item.id)).toEqual([clientDeal.id]);
    expect(searched.body.items.map((item) => item.id)).not.toContain(ticked.id);

    // Deleting the listing and the deal leaves every count where it was.
    for (const id of [added.body.id, ticked.id, clientDeal.id]) {
      expect((await apiFetch(`/deals/${id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(200);
    }
    expect(await counts()).toEqual(empty);
  });
});

describe('DELETE /deals/{id}', () => {
  it('removes the deal, its stock-number claim, its counts and its activity; the counts are right afterwards', async () => {
    const { dealershipId, clientId } = await fixtures();
    const counts = () => data().counters.get(dealershipScope(dealershipId));
    const empty = await counts();
    const deal = await createOk('broker', { clientId, dealershipId });
    await patchOk('broker', deal, { status: 'pending' });
    await data().deals.replace((await data().deals.get(deal.id))!, {
      ...(await data().deals.get(deal.id))!,
      stockNumber: `DEL-${unique()}`,
    });
    const stockNumber = (await data().deals.get(deal.id))!.stockNumber!;
    expect((await counts()).clientDeals).toBe(empty.clientDeals + 1);

    expect((await apiFetch(`/deals/${deal.id}`, { token: as('broker'), method: 'DELETE' })).status).toBe(403);
    const response = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });

    expect(response.status).toBe(200);
    expect((await detail('admin', deal.id)).status).toBe(404);
    expect(await counts()).toEqual(empty);
    expect(await data().deals.idByStockNumber(stockNumber)).toBeNull();
    expect(await data().deals.listActivity(deal.id, 100)).toEqual([]);
    expect((await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(404);
  });
});

describe('POST /deals/{id}/credit-application-link', () => {
  const link = (caller: SignedInCaller, id: string) =>
    apiFetch<CreditApplicationLink & ApiErrorBody>(`/deals/${id}/credit-application-link`, {
      token: as(caller),
      method: 'POST',
    });

  it('creates a 128-bit token on first use and returns the same valid link after', async () => {
    const { clientId } = await fixtures();
    const deal = await createOk('broker', { clientId, dealershipId: principals.records.dealership });

    const first = await link('broker', deal.id);
    const second = await link('dealer', deal.id);

    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.url).toMatch(new RegExp(`/credit-application/${first.body.token}$`));
    expect(first.body.status).toBe('valid');
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(second.body.token).toBe(first.body.token);
    expect((await link('otherDealer', deal.id)).status).toBe(404);
  });

  it('is refused, and hidden from the detail, once the deal is finalized or closed', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('admin', { clientId, dealershipId });
    await link('admin', deal.id);
    await patchOk('admin', deal, { status: 'finalized', conciergeFee: 0 });

    const response = await link('admin', deal.id);
    const shown = await detailOk('admin', deal.id);

    expect([response.status, response.body.error.message]).toEqual([409, CREDIT_APPLICATION_CLOSED_MESSAGE]);
    expect([shown.showsCreditApplication, shown.creditApplication]).toEqual([false, null]);
  });
});

describe('plausible dates and text (400 with the field named)', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

  it.each([
    [{ expirationDate: daysFromNow(-2) }, 'Expiration date cannot be in the past', 'expirationDate'],
    [{ expirationDate: daysFromNow(2 * 366 + 2) }, 'Expiration date must be within 2 years', 'expirationDate'],
    [{ trim: 'M\u202ESport' }, 'Trim cannot contain control or text-direction characters', 'trim'],
  ])('refuses a new deal with %j', async (change, message, field) => {
    const { dealershipId, clientId } = await fixtures();

    const response = await create('broker', { ...TERMS, clientId, dealershipId, ...change });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', message, fields: { [field]: message } });
  });

  it('lets an edit set a past expiration date (the job expires the deal) but not one beyond 2 years; notes are cleaned', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', {
      clientId,
      dealershipId,
      expirationDate: daysFromNow(30),
      notes: 'Call\u202E back\n\u0000soon',
    });

    const past = await patch('broker', deal, { expirationDate: daysFromNow(-10) });
    const far = await patch('broker', past.body, { expirationDate: daysFromNow(2 * 366 + 2) });

    expect(deal.notes).toBe('Call back\nsoon');
    expect([past.status, past.body.expirationDate]).toEqual([200, daysFromNow(-10)]);
    expect([far.status, far.body.error?.message]).toEqual([400, 'Expiration date must be within 2 years']);
  });
});

describe('the expiry job and GET /archived-deals', () => {
  it('expires a due deal once however often it runs, records it, and lists it in the archive', async () => {
    const { dealershipId, clientId } = await fixtures();
    // Due today: its expiration date was yesterday (UTC), and the job runs now, as the schedule would. A deal is
    // created live (not with a past date): the edit moves the date back.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const deal = await patchOk('broker', await createOk('broker', { clientId, dealershipId }), { expirationDate: yesterday });
    const counts = () => data().counters.get(dealershipScope(dealershipId));
    const before = await counts();

    const [first, second] = await Promise.all([expireDeals(data(), new Date()), expireDeals(data(), new Date())]);
    await expireDeals(data(), new Date());

    expect(first.expired + second.expired).toBeGreaterThanOrEqual(1);
    const { deal: expired, activity } = await detailOk('admin', deal.id);
    expect([expired.status, expired.isArchived]).toEqual(['expired', true]);
    expect(activity.filter((entry) => entry.kind === 'expired')).toHaveLength(1);
    expect(activity[0]).toMatchObject({ kind: 'expired', actor: { id: null, name: 'System' } });
    const after = await counts();
    // A client deal is never in the marketplace (shared/marketplace/inventory.ts): that count neither had it nor moves.
    expect([after.clientDeals, after.liveVehicles, after.marketplaceVehicles]).toEqual([
      before.clientDeals - 1,
      before.liveVehicles - 1,
      0,
    ]);
    expect(before.marketplaceVehicles).toBe(0);

    const archive = await apiFetch<ArchivedDealsResponse>('/archived-deals?limit=100', { token: as('admin') });
    expect(archive.status).toBe(200);
    expect(archive.body.items.map((item) => item.id)).toContain(deal.id);
    const dates = archive.body.items.map((item) => item.expirationDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages the archive by cursor, refuses a forged cursor, and is for admins only', async () => {
    const { dealershipId, clientId } = await fixtures();
    for (const day of ['2019-03-01', '2019-03-02', '2019-03-03']) {
      await patchOk('broker', await createOk('broker', { clientId, dealershipId }), { expirationDate: day });
    }
    await expireDeals(data(), new Date('2019-03-04T00:00:00Z'));

    const first = await apiFetch<ArchivedDealsResponse>('/archived-deals?limit=1', { token: as('admin') });
    const next = await apiFetch<ArchivedDealsResponse>(
      `/archived-deals?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
      { token: as('admin') },
    );
    const forged = await apiFetch<ApiErrorBody>('/archived-deals?cursor=bm9wZQ', { token: as('admin') });

    expect(first.body.items).toHaveLength(1);
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    expect(next.body.items[0]!.expirationDate <= first.body.items[0]!.expirationDate).toBe(true);
    expect([forged.status, forged.body.error.message]).toEqual([400, INVALID_CURSOR_MESSAGE]);
    expect((await apiFetch('/archived-deals', { token: as('broker') })).status).toBe(403);
  });
});

describe('GET /assignable-brokers', () => {
  it('lists approved and licensed brokers by full name, and nobody else', async () => {
    const response = await apiFetch<AssignableBrokersResponse>('/assignable-brokers', { token: as('broker') });

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, { brokers: [{ id: true, fullName: true }] });
    const ids = response.body.brokers.map((broker) => broker.id);
    expect(ids).toEqual(expect.arrayContaining([principals.of.broker.userId, principals.of.otherBroker.userId]));
    expect(ids).not.toContain(principals.of.pendingBroker.userId);
    expect(ids).not.toContain(principals.of.unlicensedBroker.userId);
    const names = response.body.brokers.map((broker) => broker.fullName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await apiFetch('/assignable-brokers', { token: as('dealer') })).status).toBe(403);
  });
});
