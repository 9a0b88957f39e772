/**
 * The commission ledger through the local API (docs/decisions.md, "Commission ledger"): a deal's commission is booked
 * when it closes and never re-priced by a later rate change; reopening, editing, moving and deleting a booked deal
 * reverse and rebook it, so it nets to one booking; two parallel closes book once; an admin's adjustments and payouts,
 * the lock of a paid month, and who may read which statement.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { FUTURE_MONTH_MESSAGE, type UpdateBrokerRequest } from '@shared/brokers/api';
import { COMMISSION_MESSAGES, type CommissionMonthResponse, type StatementResponse } from '@shared/brokers/commission-api';
import { monthOfDate } from '@shared/brokers/stats';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

const TEN_PERCENT: UpdateBrokerRequest = {
  isApproved: true,
  isLicensed: true,
  commissionType: 'percentage',
  commissionValue: 10,
  licenseNumber: 'CA-0012345',
  licenseExpirationDate: '2030-06-30',
};

/** A broker signed up, approved and licensed at `standing`, signed in once. */
async function approvedBroker(standing: UpdateBrokerRequest = TEN_PERCENT) {
  const { email, userId } = await createUser('broker', uniqueEmail('broker'));
  const fullName = `Broker ${unique().replace(/\d/g, 'x')}`;
  await data().users.registerBroker({ userId, email, fullName }, new Date());
  await setRate(userId, standing);
  const { idToken } = await signIn(email, TEST_PASSWORD);
  return { userId, fullName, token: idToken };
}

async function setRate(brokerId: string, standing: UpdateBrokerRequest) {
  const response = await apiFetch(`/admin/brokers/${brokerId}`, { token: as('admin'), method: 'PATCH', body: standing });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function fixtures() {
  const now = new Date();
  const { dealership } = await data().dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data().clients.create(
    { fullName: `Client ${unique().replace(/\d/g, 'x')}`, email: `c-${unique()}@example.com`, profileId: 'test' },
    now,
  );
  return { dealershipId: dealership.id, clientId: client.id, clientName: client.fullName };
}

/** A pending deal of `brokerId` with $1,000 dealer + $500 client fees, created by an admin through the API. */
async function pendingDeal(brokerId: string) {
  const { dealershipId, clientId, clientName } = await fixtures();
  const response = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      clientId,
      dealershipId,
      brokerId,
      year: 2026,
      make: 'Honda',
      model: 'Accord',
      monthlyPayment: 359,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.5,
      status: 'pending',
      brokerFeeDealer: 1000,
      brokerFeeClient: 500,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { deal: response.body, clientName };
}

const patchDeal = (deal: DealView, changes: object) =>
  apiFetch<DealView & ApiErrorBody>(`/deals/${deal.id}`, { token: as('admin'), method: 'PATCH', body: { ...deal, ...changes } });

async function patchOk(deal: DealView, changes: object): Promise<DealView> {
  const response = await patchDeal(deal, changes);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function statement(brokerId: string, month?: string, token = as('admin')): Promise<StatementResponse> {
  const response = await apiFetch<StatementResponse>(`/brokers/${brokerId}/commission${month ? `?month=${month}` : ''}`, {
    token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const dealEntries = (statement: StatementResponse, dealId: string) =>
  statement.entries.filter((entry) => entry.dealId === dealId);

describe('booking commission when a deal closes', () => {
  it("books the deal's commission once at the rate in force, and a later rate change leaves it as booked", async () => {
    const broker = await approvedBroker();
    const { deal, clientName } = await pendingDeal(broker.userId);
    await patchOk(deal, { status: 'closed' });

    await setRate(broker.userId, { ...TEN_PERCENT, commissionType: 'flat', commissionValue: 900 });
    const shown = await statement(broker.userId);

    expect(shown.entries).toMatchObject([
      {
        kind: 'booking',
        dealId: deal.id,
        clientName,
        vehicle: '2026 Honda Accord',
        feeCents: 150_000,
        commissionType: 'percentage',
        commissionValue: 10,
        amountCents: 15_000,
      },
    ]);
    expect(shown).toMatchObject({ earnedCents: 15_000, closingCents: 15_000 });
    // What a statement carries, the broker's own as an admin's: the totals and each entry, nothing of the deal beyond.
    const entryKeys = Object.fromEntries(Object.keys(shown.entries[0]!).map((key) => [key, true] as const));
    expect(Object.keys(entryKeys).sort()).toEqual(
      [
        'amountCents',
        'clientName',
        'commissionType',
        'commissionValue',
        'createdAt',
        'dealClosedAt',
        'dealId',
        'entryId',
        'feeCents',
        'kind',
        'reason',
        'reverses',
        'vehicle',
      ].sort(),
    );
    const statementKeys = {
      brokerId: true,
      fullName: true,
      month: true,
      currentMonth: true,
      openingCents: true,
      earnedCents: true,
      paidCents: true,
      closingCents: true,
      locked: true,
      payout: true,
      entries: [entryKeys],
    } as const;
    expectResponseKeys(shown, statementKeys);
    expectResponseKeys(await statement(broker.userId, undefined, broker.token), statementKeys);
    const stats = await apiFetch<{ brokers: { brokerId: string; commission: number }[] }>('/admin/broker-stats', {
      token: as('admin'),
    });
    expect(stats.body.brokers.find((card) => card.brokerId === broker.userId)?.commission).toBe(150);

    // The next deal that closes is priced by the new agreement.
    const next = await pendingDeal(broker.userId);
    await patchOk(next.deal, { status: 'closed' });
    expect(dealEntries(await statement(broker.userId), next.deal.id)).toMatchObject([
      { commissionType: 'flat', amountCents: 90_000 },
    ]);
  });

  it("lists a statement's entries in the order their deals closed: a fee edit's entries stay beside its booking", async () => {
    const broker = await approvedBroker();
    const first = await pendingDeal(broker.userId);
    const second = await pendingDeal(broker.userId);
    const closed = await patchOk(first.deal, { status: 'closed' });
    await patchOk(second.deal, { status: 'closed' });
    await patchOk(closed, { brokerFeeDealer: 2000 });

    const shown = await statement(broker.userId);
    expect(shown.entries.map((entry) => [entry.dealId, entry.kind])).toEqual([
      [first.deal.id, 'booking'],
      [first.deal.id, 'reversal'],
      [first.deal.id, 'booking'],
      [second.deal.id, 'booking'],
    ]);
  });

  it('reverses a reopened deal and books it again when it closes again: once net', async () => {
    const broker = await approvedBroker();
    const { deal } = await pendingDeal(broker.userId);
    const closed = await patchOk(deal, { status: 'closed' });
    const reopened = await patchOk(closed, { status: 'active' });
    await patchOk(reopened, { status: 'closed' });

    const shown = await statement(broker.userId);
    expect(dealEntries(shown, deal.id).map(({ kind, amountCents }) => [kind, amountCents])).toEqual([
      ['booking', 15_000],
      ['reversal', -15_000],
      ['booking', 15_000],
    ]);
    expect(shown.earnedCents).toBe(15_000);
  });

  it('books once when two closes of one deal race: one wins, the other is told the deal changed', async () => {
    const broker = await approvedBroker();
    const { deal } = await pendingDeal(broker.userId);

    const results = await Promise.all([
      patchDeal(deal, { status: 'closed' }),
      patchDeal(deal, { status: 'closed', notes: 'Second' }),
    ]);

    expect(results.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(dealEntries(await statement(broker.userId), deal.id)).toHaveLength(1);
  });

  it('rebooks a fee edit and a move to another broker, and reverses a deleted deal, keeping every entry', async () => {
    const ann = await approvedBroker();
    const bob = await approvedBroker({ ...TEN_PERCENT, commissionType: 'flat', commissionValue: 250 });
    const { deal } = await pendingDeal(ann.userId);
    const closed = await patchOk(deal, { status: 'closed' });
    const edited = await patchOk(closed, { brokerFeeClient: 1000 });
    await patchOk(edited, { brokerId: bob.userId });

    expect(dealEntries(await statement(ann.userId), deal.id).map(({ amountCents }) => amountCents)).toEqual([
      15_000, -15_000, 20_000, -20_000,
    ]);
    expect(dealEntries(await statement(bob.userId), deal.id).map(({ amountCents }) => amountCents)).toEqual([25_000]);

    const removed = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });
    expect(removed.status).toBe(200);
    const after = await statement(bob.userId);
    expect(dealEntries(after, deal.id).map(({ kind, amountCents }) => [kind, amountCents])).toEqual([
      ['booking', 25_000],
      ['reversal', -25_000],
    ]);
    expect(after.closingCents).toBe(0);
  });
});

describe('statements, adjustments and payouts', () => {
  /** A deal of `brokerId` that closed in `month` (written through the deals store, the one writer of deals). */
  async function closedIn(brokerId: string, month: string) {
    const deal: DealFields = {
      brokerId,
      clientName: 'Past Client',
      year: 2025,
      make: 'Mazda',
      model: 'CX-5',
      dealType: 'lease',
      status: 'closed',
      dealClosedAt: `${month}-10T12:00:00.000Z`,
      brokerFeeDealer: 2000,
      monthlyPayment: 389,
      downPayment: 1500,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
    };
    return (await data().deals.create(deal, new Date(`${month}-02T12:00:00.000Z`))).deal;
  }

  const pay = (brokerId: string, month: string, expectedCents: number) =>
    apiFetch<StatementResponse & ApiErrorBody>('/admin/commission/payouts', {
      token: as('admin'),
      body: { brokerId, month, paidOn: '2025-07-05', reference: 'CHK-1042', expectedCents },
    });

  it('pays a month, locks it, moves later changes of its deals to the next month and tells the broker', async () => {
    const broker = await approvedBroker();
    const deal = await closedIn(broker.userId, '2025-06');
    const bonus = await apiFetch('/admin/commission/adjustments', {
      token: as('admin'),
      body: { brokerId: broker.userId, kind: 'bonus', amount: 50, reason: 'Top of the month' },
    });
    expect(bonus.status).toBe(201);

    const june = await statement(broker.userId, '2025-06');
    expect(june).toMatchObject({ openingCents: 0, earnedCents: 20_000, closingCents: 20_000, locked: false, payout: null });

    expect((await pay(broker.userId, '2025-06', 19_999)).status).toBe(409);
    const paid = await pay(broker.userId, '2025-06', 20_000);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      paidCents: 20_000,
      closingCents: 0,
      locked: true,
      payout: { paidCents: 20_000, reference: 'CHK-1042' },
    });
    const again = await pay(broker.userId, '2025-06', 0);
    expect([again.status, errorOf(again.body).message]).toEqual([400, COMMISSION_MESSAGES.alreadyPaid]);

    // Reopening the paid month's deal reverses it in the month after the paid one; June stays as paid.
    await data().deals.replace(deal, { ...deal, status: 'active', dealClosedAt: undefined });
    expect(await statement(broker.userId, '2025-06')).toMatchObject({ earnedCents: 20_000, paidCents: 20_000, closingCents: 0 });
    expect(await statement(broker.userId, '2025-07')).toMatchObject({
      openingCents: 0,
      earnedCents: -20_000,
      closingCents: -20_000,
      entries: [{ kind: 'reversal', dealId: deal.id, amountCents: -20_000 }],
    });

    const notifications = await apiFetch<{ notifications: { kind: string; title: string }[] }>('/notifications', {
      token: broker.token,
    });
    expect(notifications.body.notifications).toContainEqual(
      expect.objectContaining({ kind: 'commission-paid', title: 'Commission statement paid: 2025-06' }),
    );

    const payroll = await apiFetch<CommissionMonthResponse>('/admin/commission?month=2025-06', { token: as('admin') });
    expect(payroll.body.statements.find((row) => row.brokerId === broker.userId)).toMatchObject({
      paidCents: 20_000,
      locked: true,
    });
  });

  it('books an adjustment with its reason in the current month; a chargeback takes away', async () => {
    const broker = await approvedBroker();
    for (const [kind, amount] of [
      ['spiff', 125.5],
      ['chargeback', 25],
    ] as const) {
      const response = await apiFetch('/admin/commission/adjustments', {
        token: as('admin'),
        body: { brokerId: broker.userId, kind, amount, reason: `${kind} reason` },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const shown = await statement(broker.userId);
    expect(shown.entries.map(({ kind, amountCents, reason }) => [kind, amountCents, reason])).toEqual([
      ['spiff', 12_550, 'spiff reason'],
      ['chargeback', -2_500, 'chargeback reason'],
    ]);
    expect(shown.month).toBe(monthOfDate(new Date()));
  });

  it('refuses an adjustment without a reason and a payout of a month not ended yet', async () => {
    const broker = await approvedBroker();
    const noReason = await apiFetch('/admin/commission/adjustments', {
      token: as('admin'),
      body: { brokerId: broker.userId, kind: 'bonus', amount: 10, reason: ' ' },
    });
    expect([noReason.status, errorOf(noReason.body).message]).toEqual([400, COMMISSION_MESSAGES.reasonRequired]);
    const current = await pay(broker.userId, monthOfDate(new Date()), 0);
    expect([current.status, errorOf(current.body).message]).toEqual([400, COMMISSION_MESSAGES.futureMonth]);
  });

  it("lets a broker read their own statement only: another broker's is 404, a future month 400", async () => {
    const broker = await approvedBroker();
    const other = await approvedBroker();
    expect((await apiFetch(`/brokers/${broker.userId}/commission`, { token: broker.token })).status).toBe(200);
    const foreign = await apiFetch(`/brokers/${other.userId}/commission`, { token: broker.token });
    expect([foreign.status, errorOf(foreign.body).message]).toEqual([404, COMMISSION_MESSAGES.statementNotFound]);
    const future = await apiFetch(`/brokers/${broker.userId}/commission?month=2999-01`, { token: broker.token });
    expect([future.status, errorOf(future.body).message]).toEqual([400, FUTURE_MONTH_MESSAGE]);
  });
});
