/**
 * The deal-driven tasks and lease maturity through the local API (docs/data-model.md and docs/decisions.md,
 * "Deal-driven tasks and lease maturity"): a not-sold deal's follow-up date makes, moves and cancels its task; a lease
 * closed stores its start and maturity and gets its three reminders; reopening cancels them; GET /maturing-deals lists
 * the leases maturing in the next 6 months, the broker's own in own book; concurrent saves never make two tasks; a
 * deleted deal takes its tasks with it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { createData } from '@infra/data/create-data';
import { taskEntity, tasksOfRecord, type Task } from '@functions/domain/tasks/task';
import { taskSettingsEntity } from '@functions/domain/tasks/task-settings';
import { queryAll } from '@functions/lib/data/query';
import { addMonths } from '@shared/calendar';
import type { CreateDealRequest, DealView } from '@shared/deals/api';
import { NOT_READY_TO_PURCHASE } from '@shared/deals/enums';
import type { MaturingDealsResponse } from '@shared/deals/maturing-api';
import { systemTaskId } from '@shared/tasks/enums';
import type { ApiErrorBody } from '@shared/errors';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const as = (caller: SignedInCaller) => principals.tokenOf(caller);

const TERMS = {
  year: 2026,
  make: 'Volvo',
  model: 'XC60',
  monthlyPayment: 559,
  downPayment: 2999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.5,
  dealType: 'lease',
};

async function fixtures() {
  const now = new Date();
  const { dealership } = await data().dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data().clients.create(
    {
      fullName: `Mara ${unique().replace(/\d/g, 'q')}`,
      email: `m-${unique()}@example.com`,
      profileId: principals.of.broker.userId,
    },
    now,
  );
  return { dealershipId: dealership.id, clientId: client.id, clientName: client.fullName };
}

async function createOk(caller: SignedInCaller, body: Partial<CreateDealRequest>): Promise<DealView> {
  const response = await apiFetch<DealView & ApiErrorBody>('/deals', { token: as(caller), body: { ...TERMS, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

function patch(caller: SignedInCaller, deal: DealView, changes: object = {}) {
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

async function task(id: string): Promise<Task | undefined> {
  const table = data().table;
  return (await taskEntity(table).build(GetItemCommand).key({ id }).send()).Item;
}

/** Every task linked to the deal (the tasks index of a record), whatever its status. */
async function tasksOfDeal(dealId: string): Promise<Task[]> {
  return queryAll(taskEntity(data().table), { index: 'gsi2', partition: tasksOfRecord('deal', dealId) });
}

async function maturing(caller: SignedInCaller, query = '') {
  const response = await apiFetch<MaturingDealsResponse & ApiErrorBody>(`/maturing-deals${query}`, { token: as(caller) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const notReady = (followUpDate: string | null) => ({
  status: 'not_sold',
  notSoldReason: NOT_READY_TO_PURCHASE,
  followUpDate,
});

describe('follow-up tasks', () => {
  it("a not-sold deal's follow-up date makes an open task for its broker; a new date moves it; leaving not sold cancels it", async () => {
    const { dealershipId, clientId, clientName } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });
    const id = systemTaskId(deal.id, 'follow-up');

    const notSold = await patchOk('broker', deal, notReady('2030-04-02'));
    expect(await task(id)).toMatchObject({
      status: 'open',
      source: 'follow-up',
      assigneeId: principals.of.broker.userId,
      linkKind: 'deal',
      linkId: deal.id,
      title: `Follow up with ${clientName} (2026 Volvo XC60)`,
      dueDate: '2030-04-02',
      dueTime: '09:00',
      dueAt: '2030-04-02T13:00:00.000Z',
      revision: 1,
    });

    const moved = await patchOk('broker', notSold, { followUpDate: '2030-05-10' });
    expect(await task(id)).toMatchObject({ status: 'open', dueDate: '2030-05-10', revision: 2 });

    // An unrelated edit changes nothing on the task.
    const edited = await patchOk('broker', moved, { monthlyPayment: 579 });
    expect((await task(id))?.revision).toBe(2);

    await patchOk('broker', edited, { status: 'active', notSoldReason: null, followUpDate: null });
    expect(await task(id)).toMatchObject({ status: 'cancelled', revision: 3 });
    expect(await tasksOfDeal(deal.id)).toHaveLength(1);
  });

  it('a done task is not re-opened by an unrelated edit; a new date re-opens it', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });
    const id = systemTaskId(deal.id, 'follow-up');
    const notSold = await patchOk('broker', deal, notReady('2030-04-02'));
    // The broker marks it done (the tasks feature's write, here straight on the item).
    const stored = (await task(id))!;
    await taskEntity(data().table)
      .build(PutItemCommand)
      .item({ ...stored, status: 'done', closedAt: new Date().toISOString(), revision: stored.revision + 1 })
      .send();

    const edited = await patchOk('broker', notSold, { notSoldNotes: 'Called, no answer' });
    expect(await task(id)).toMatchObject({ status: 'done', revision: 2 });

    await patchOk('broker', edited, { followUpDate: '2030-06-01' });
    expect(await task(id)).toMatchObject({ status: 'open', dueDate: '2030-06-01', revision: 3 });
  });

  it('concurrent saves of one deal never make two tasks: one save wins, the others are told the deal changed', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });
    const dates = ['2030-07-01', '2030-07-02', '2030-07-03', '2030-07-04', '2030-07-05'];

    const responses = await Promise.all(dates.map((date) => patch('broker', deal, notReady(date))));

    const won = responses.filter((response) => response.status === 200);
    expect(won).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(dates.length - 1);
    const tasks = await tasksOfDeal(deal.id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: 'open', dueDate: won[0]!.body.followUpDate, revision: 1 });
  });

  it("a broker's first system task turns their morning e-mail on; their saved time zone sets the due moment", async () => {
    const settings = taskSettingsEntity(data().table);
    const userId = principals.of.otherBroker.userId;
    const saved = (await settings.build(GetItemCommand).key({ userId }).send()).Item;
    await settings.build(DeleteItemCommand).key({ userId }).send();
    try {
      const { dealershipId, clientId } = await fixtures();
      const deal = await createOk('otherBroker', { dealershipId, clientId, status: 'active' });
      const notSold = await patchOk('otherBroker', deal, notReady('2030-04-02'));
      expect((await settings.build(GetItemCommand).key({ userId }).send()).Item).toMatchObject({
        timeZone: 'America/New_York',
        morningEmail: true,
        reminderAt: expect.any(String),
      });

      const current = (await settings.build(GetItemCommand).key({ userId }).send()).Item!;
      await settings
        .build(PutItemCommand)
        .item({ ...current, timeZone: 'America/Los_Angeles' })
        .send();
      await patchOk('otherBroker', notSold, { followUpDate: '2030-04-03' });
      expect(await task(systemTaskId(deal.id, 'follow-up'))).toMatchObject({
        dueDate: '2030-04-03',
        dueTime: '09:00',
        timeZone: 'America/Los_Angeles',
        dueAt: '2030-04-03T16:00:00.000Z',
      });
    } finally {
      if (saved) await settings.build(PutItemCommand).item(saved).send();
      else await settings.build(DeleteItemCommand).key({ userId }).send();
    }
  });

  it('deleting a deal deletes its system tasks', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });
    await patchOk('broker', deal, notReady('2030-04-02'));
    expect(await tasksOfDeal(deal.id)).toHaveLength(1);

    const response = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await tasksOfDeal(deal.id)).toEqual([]);
  });
});

describe('lease maturity', () => {
  const maturityIds = (dealId: string) => [180, 90, 30].map((days) => systemTaskId(dealId, 'maturity', days));

  it('a lease started 2026-01-15 on 36 months, closed, matures 2029-01-15 with reminders due 2028-07-19, 2028-10-17 and 2028-12-16', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });

    const closed = await patchOk('admin', deal, { status: 'closed', leaseStartDate: '2026-01-15' });

    expect(closed).toMatchObject({ leaseStartDate: '2026-01-15', maturityDate: '2029-01-15' });
    const tasks = await Promise.all(maturityIds(deal.id).map(task));
    expect(tasks.map((item) => [item?.status, item?.dueDate, item?.assigneeId, item?.source])).toEqual([
      ['open', '2028-07-19', principals.of.broker.userId, 'maturity'],
      ['open', '2028-10-17', principals.of.broker.userId, 'maturity'],
      ['open', '2028-12-16', principals.of.broker.userId, 'maturity'],
    ]);

    // Reopening cancels them and clears the dates; closing again with no start defaults it to the close day.
    const reopened = await patchOk('admin', closed, { status: 'active', leaseStartDate: null });
    expect(reopened).toMatchObject({ leaseStartDate: null, maturityDate: null });
    expect((await Promise.all(maturityIds(deal.id).map(task))).map((item) => item?.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const closedAgain = await patchOk('admin', reopened, { status: 'closed' });
    expect(closedAgain.leaseStartDate).toBe(closedAgain.dealClosedAt!.slice(0, 10));
    expect(closedAgain.maturityDate).toBe(addMonths(closedAgain.leaseStartDate!, 36));
    expect((await Promise.all(maturityIds(deal.id).map(task))).map((item) => item?.status)).toEqual(['open', 'open', 'open']);
  });

  it('a new lease start moves the reminders', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active' });
    const closed = await patchOk('admin', deal, { status: 'closed', leaseStartDate: '2026-01-15' });

    const moved = await patchOk('admin', closed, { leaseStartDate: '2026-02-01' });

    expect(moved.maturityDate).toBe('2029-02-01');
    expect((await Promise.all(maturityIds(deal.id).map(task))).map((item) => [item?.dueDate, item?.revision])).toEqual([
      ['2028-08-05', 2],
      ['2028-11-03', 2],
      ['2029-01-02', 2],
    ]);
  });

  it('a cash deal closed has no maturity', async () => {
    const { dealershipId, clientId } = await fixtures();
    const deal = await createOk('broker', { dealershipId, clientId, status: 'active', dealType: 'cash' });
    const closed = await patchOk('admin', deal, { status: 'closed', leaseStartDate: '2026-01-15' });
    expect(closed).toMatchObject({ leaseStartDate: null, maturityDate: null });
    expect(await tasksOfDeal(deal.id)).toEqual([]);
  });
});

describe('GET /maturing-deals', () => {
  afterAll(async () => {
    await setClientBook('shared');
  });

  /** A lease of `caller`'s that matures `monthsAhead` months from today (a 36-month lease started 36 - n months ago). */
  async function leaseMaturingIn(caller: 'broker' | 'otherBroker', monthsAhead: number) {
    const { dealershipId } = await fixtures();
    const { client } = await data().clients.create(
      {
        fullName: `Mara ${unique().replace(/\d/g, 'q')}`,
        email: `m-${unique()}@example.com`,
        profileId: principals.of[caller].userId,
      },
      new Date(),
    );
    const today = new Date().toISOString().slice(0, 10);
    const deal = await createOk(caller, { dealershipId, clientId: client.id, status: 'active' });
    const closed = await patchOk('admin', deal, { status: 'closed', leaseStartDate: addMonths(today, monthsAhead - 36) });
    return { deal: closed, clientName: client.fullName };
  }

  async function everyPage(caller: SignedInCaller): Promise<MaturingDealsResponse['items']> {
    const items: MaturingDealsResponse['items'] = [];
    let cursor: string | null = null;
    do {
      const page: MaturingDealsResponse = await maturing(
        caller,
        `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  it('lists the leases maturing in the next 6 months, earliest first, with client and vehicle; not later ones, not reopened ones', async () => {
    const soon = await leaseMaturingIn('broker', 2);
    const sooner = await leaseMaturingIn('broker', 1);
    const later = await leaseMaturingIn('broker', 8);
    const reopened = await leaseMaturingIn('broker', 3);
    await patchOk('admin', reopened.deal, { status: 'active' });

    const items = await everyPage('admin');
    const ids = items.map((item) => item.id);
    expect(ids).toContain(soon.deal.id);
    expect(ids.indexOf(sooner.deal.id)).toBeLessThan(ids.indexOf(soon.deal.id));
    expect(ids).not.toContain(later.deal.id);
    expect(ids).not.toContain(reopened.deal.id);
    expect(items.find((item) => item.id === soon.deal.id)).toEqual({
      id: soon.deal.id,
      status: 'closed',
      year: 2026,
      make: 'Volvo',
      model: 'XC60',
      trim: null,
      clientId: soon.deal.clientId,
      clientName: soon.clientName,
      brokerId: principals.of.broker.userId,
      termMonths: 36,
      leaseStartDate: soon.deal.leaseStartDate,
      maturityDate: soon.deal.maturityDate,
    });
    const dates = items.map((item) => item.maturityDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('pages by cursor; a cursor of another listing is refused with 400', async () => {
    await leaseMaturingIn('broker', 1);
    await leaseMaturingIn('broker', 1);
    const first = await maturing('admin', '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await maturing('admin', `?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);

    await setClientBook('own');
    const refused = await apiFetch<ApiErrorBody>(`/maturing-deals?cursor=${encodeURIComponent(first.nextCursor!)}`, {
      token: as('broker'),
    });
    expect(refused.status).toBe(400);
    await setClientBook('shared');
  });

  it("a broker sees everyone's in the shared book and only their own in own book", async () => {
    const mine = await leaseMaturingIn('broker', 1);
    const theirs = await leaseMaturingIn('otherBroker', 1);

    const shared = (await everyPage('broker')).map((item) => item.id);
    expect(shared).toEqual(expect.arrayContaining([mine.deal.id, theirs.deal.id]));

    await setClientBook('own');
    const own = await everyPage('broker');
    expect(own.map((item) => item.id)).toContain(mine.deal.id);
    expect(own.map((item) => item.id)).not.toContain(theirs.deal.id);
    expect(own.every((item) => item.brokerId === principals.of.broker.userId)).toBe(true);
    await setClientBook('shared');
  });
});
