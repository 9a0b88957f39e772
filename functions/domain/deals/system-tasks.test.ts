import { describe, expect, it } from 'vitest';
import { systemTaskId } from '@shared/tasks/enums';
import type { Deal } from './entities/deal';
import type { Task } from '@functions/domain/tasks/task';
import { maturityEntries, maturityEntryChanges } from './maturity-index';
import {
  DEFAULT_TASK_TIME_ZONE,
  leaseDates,
  systemTaskChanges,
  systemTaskIds,
  wantedTasks,
  type TaskWrite,
} from './system-tasks';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const context = { now: NOW, timeZone: DEFAULT_TASK_TIME_ZONE };
const FOLLOW_UP = systemTaskId('D1', 'follow-up');

function deal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 'D1',
    brokerId: 'B1',
    clientId: 'C1',
    clientName: 'Ann Lee',
    year: 2026,
    make: 'Toyota',
    model: 'RAV4',
    dealType: 'lease',
    status: 'active',
    monthlyPayment: 400,
    downPayment: 1000,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
    createdAt: '2026-01-01T00:00:00.000Z',
    revision: 1,
    ...overrides,
  };
}

const notSold = (followUpDate: string | undefined, overrides: Partial<Deal> = {}) =>
  deal({ status: 'not_sold', notSoldReason: 'Not ready to purchase at this time', followUpDate, ...overrides });

/** A started lease as the store writes it (its dates from leaseDates). */
const closedLease = (leaseStartDate: string, overrides: Partial<Deal> = {}) => {
  const base = deal({ status: 'closed', leaseStartDate, ...overrides });
  return { ...base, ...leaseDates(base, '2026-03-01') };
};

/** Applies the writes to a task map, as the transaction would. */
function apply(current: Map<string, Task>, writes: TaskWrite[]): Map<string, Task> {
  const next = new Map(current);
  for (const { task, expectedRevision } of writes) {
    expect(expectedRevision).toBe(current.get(task.id)?.revision);
    next.set(task.id, task);
  }
  return next;
}

const run = (before: Deal | undefined, after: Deal | undefined, current = new Map<string, Task>()) =>
  apply(current, systemTaskChanges(before, after, current, context));

describe('lease dates', () => {
  it("a lease started 2026-01-15 on 36 months matures 2029-01-15, reminded 2028-07-19, 2028-10-17 and 2028-12-16 (the issue's example)", () => {
    const lease = closedLease('2026-01-15');
    expect(lease.maturityDate).toBe('2029-01-15');
    const tasks = run(deal(), lease);
    expect([180, 90, 30].map((days) => tasks.get(systemTaskId('D1', 'maturity', days))?.dueDate)).toEqual([
      '2028-07-19',
      '2028-10-17',
      '2028-12-16',
    ]);
  });

  it('the start defaults to the close day, else today (finalized), and only started leases have dates', () => {
    expect(leaseDates(deal({ status: 'closed', dealClosedAt: '2026-02-10T15:00:00.000Z' }), '2026-03-01')).toEqual({
      leaseStartDate: '2026-02-10',
      maturityDate: '2029-02-10',
    });
    expect(leaseDates(deal({ status: 'finalized' }), '2026-03-01').leaseStartDate).toBe('2026-03-01');
    expect(leaseDates(deal({ status: 'closed', dealType: 'finance', leaseStartDate: '2026-01-01' }), '2026-03-01')).toEqual({
      leaseStartDate: undefined,
      maturityDate: undefined,
    });
    expect(leaseDates(deal({ status: 'active', leaseStartDate: '2026-01-01' }), '2026-03-01').leaseStartDate).toBeUndefined();
  });
});

describe('follow-up task', () => {
  it('a not-sold deal with a follow-up date gets one open task for its broker, due that day at 09:00 in the zone', () => {
    const tasks = run(deal(), notSold('2026-04-02'));
    expect([...tasks.keys()]).toEqual([FOLLOW_UP]);
    expect(tasks.get(FOLLOW_UP)).toMatchObject({
      status: 'open',
      source: 'follow-up',
      assigneeId: 'B1',
      linkKind: 'deal',
      linkId: 'D1',
      title: 'Follow up with Ann Lee (2026 Toyota RAV4)',
      dueDate: '2026-04-02',
      dueTime: '09:00',
      timeZone: 'America/New_York',
      // 09:00 EDT is 13:00 UTC.
      dueAt: '2026-04-02T13:00:00.000Z',
      revision: 1,
    });
  });

  it('a new date moves the task (revision + 1, still open); the same deal written again changes nothing', () => {
    const first = run(deal(), notSold('2026-04-02'));
    const moved = run(notSold('2026-04-02'), notSold('2026-05-10'), first);
    expect(moved.get(FOLLOW_UP)).toMatchObject({ status: 'open', dueDate: '2026-05-10', revision: 2 });
    expect(systemTaskChanges(notSold('2026-05-10'), notSold('2026-05-10'), moved, context)).toEqual([]);
  });

  it('clearing the date, or the deal leaving not sold, cancels the open task', () => {
    const first = run(deal(), notSold('2026-04-02'));
    expect(run(notSold('2026-04-02'), notSold(undefined), first).get(FOLLOW_UP)).toMatchObject({
      status: 'cancelled',
      closedAt: NOW.toISOString(),
      revision: 2,
    });
    expect(run(notSold('2026-04-02'), deal({ status: 'pending' }), first).get(FOLLOW_UP)?.status).toBe('cancelled');
  });

  it('a task the broker marked done is not re-opened by an unrelated edit, only by a new date', () => {
    const first = run(deal(), notSold('2026-04-02'));
    const done = new Map([[FOLLOW_UP, { ...first.get(FOLLOW_UP)!, status: 'done' as const, revision: 2 }]]);
    expect(systemTaskChanges(notSold('2026-04-02'), notSold('2026-04-02', { monthlyPayment: 999 }), done, context)).toEqual([]);
    expect(systemTaskChanges(notSold('2026-04-02'), notSold(undefined), done, context)).toEqual([]);
    expect(run(notSold('2026-04-02'), notSold('2026-06-01'), done).get(FOLLOW_UP)).toMatchObject({
      status: 'open',
      dueDate: '2026-06-01',
      revision: 3,
    });
  });

  it('a deal back in not sold re-opens its cancelled task; a new broker or client name follows on an open task', () => {
    const cancelled = run(notSold('2026-04-02'), deal(), run(deal(), notSold('2026-04-02')));
    expect(run(deal(), notSold('2026-04-02'), cancelled).get(FOLLOW_UP)).toMatchObject({ status: 'open', revision: 3 });
    const open = run(deal(), notSold('2026-04-02'));
    expect(
      run(notSold('2026-04-02'), notSold('2026-04-02', { brokerId: 'B2', clientName: 'Bo' }), open).get(FOLLOW_UP),
    ).toMatchObject({
      assigneeId: 'B2',
      title: 'Follow up with Bo (2026 Toyota RAV4)',
      revision: 2,
    });
  });

  it("keeps the broker's own edit of an open task (title, day, time, assignee) through deal edits that leave those alone", () => {
    const open = run(deal(), notSold('2026-04-02'));
    const edited = new Map([
      [
        FOLLOW_UP,
        {
          ...open.get(FOLLOW_UP)!,
          title: 'Call Ann about the trade-in',
          dueDate: '2026-04-06',
          dueTime: '15:30',
          assigneeId: 'B7',
          revision: 2,
        },
      ],
    ]);
    expect(systemTaskChanges(notSold('2026-04-02'), notSold('2026-04-02', { monthlyPayment: 999 }), edited, context)).toEqual([]);
    // The deal's own changes still reach the task, each alone: a new client name retitles it and keeps the day and
    // the assignee the broker chose; a new broker reassigns it; a new follow-up date moves it.
    expect(run(notSold('2026-04-02'), notSold('2026-04-02', { clientName: 'Bo' }), edited).get(FOLLOW_UP)).toMatchObject({
      title: 'Follow up with Bo (2026 Toyota RAV4)',
      dueDate: '2026-04-06',
      dueTime: '15:30',
      assigneeId: 'B7',
      revision: 3,
    });
    expect(run(notSold('2026-04-02'), notSold('2026-04-02', { brokerId: 'B2' }), edited).get(FOLLOW_UP)).toMatchObject({
      title: 'Call Ann about the trade-in',
      assigneeId: 'B2',
      dueDate: '2026-04-06',
    });
    expect(run(notSold('2026-04-02'), notSold('2026-05-01'), edited).get(FOLLOW_UP)).toMatchObject({
      title: 'Call Ann about the trade-in',
      assigneeId: 'B7',
      dueDate: '2026-05-01',
      dueTime: '09:00',
    });
  });

  it('a deal created not sold with a date gets its task; other deals want none', () => {
    expect(run(undefined, notSold('2026-04-02')).get(FOLLOW_UP)?.status).toBe('open');
    expect(wantedTasks(deal({ followUpDate: '2026-04-02' })).size).toBe(0);
    expect(wantedTasks(undefined).size).toBe(0);
  });
});

describe('maturity tasks', () => {
  const ids = [180, 90, 30].map((days) => systemTaskId('D1', 'maturity', days));

  it('reopening the deal cancels the open maturity tasks; closing it again re-opens them', () => {
    const closed = run(deal(), closedLease('2026-01-15'));
    const reopened = run(closedLease('2026-01-15'), deal({ status: 'active' }), closed);
    expect(ids.map((id) => reopened.get(id)?.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const again = run(deal({ status: 'active' }), closedLease('2026-01-15'), reopened);
    expect(ids.map((id) => again.get(id)?.status)).toEqual(['open', 'open', 'open']);
  });

  it('a new lease start moves the three tasks; a finalized lease closing keeps them as they are', () => {
    const finalized = closedLease('2026-01-15', { status: 'finalized' });
    const tasks = run(deal(), finalized);
    expect(systemTaskChanges(finalized, closedLease('2026-01-15'), tasks, context)).toEqual([]);
    const moved = run(closedLease('2026-01-15'), closedLease('2026-02-01'), tasks);
    expect(ids.map((id) => moved.get(id)?.dueDate)).toEqual(['2028-08-05', '2028-11-03', '2029-01-02']);
    expect(ids.map((id) => moved.get(id)?.revision)).toEqual([2, 2, 2]);
  });

  it('a lease entered late gets only the reminders not yet past; a finance deal none', () => {
    const tasks = run(deal(), closedLease('2023-06-01'));
    // Matures 2026-06-01: the 180-day reminder (2025-12-03) is past on 2026-03-01, the 90 and 30 are not.
    expect([...tasks.keys()].sort()).toEqual([ids[1], ids[2]].sort());
    expect(run(deal(), closedLease('2026-01-15', { dealType: 'finance' })).size).toBe(0);
  });

  it('a deleted deal (no after) cancels nothing itself: the store deletes every system task id', () => {
    expect(systemTaskIds('D1')).toEqual([FOLLOW_UP, ...ids]);
  });
});

describe('maturing index', () => {
  it('a started lease has one entry for everyone and one for its broker, by maturity date', () => {
    const entries = maturityEntries(closedLease('2026-01-15'));
    expect(entries.map((entry) => [entry.scope, entry.position])).toEqual([
      ['all', '2029-01-15#D1'],
      ['broker#B1', '2029-01-15#D1'],
    ]);
    expect(maturityEntries(deal())).toEqual([]);
  });

  it('an unrelated edit writes nothing; a new start moves both entries; reopening removes them', () => {
    expect(maturityEntryChanges(closedLease('2026-01-15'), closedLease('2026-01-15', { monthlyPayment: 1 }))).toEqual({
      put: [],
      remove: [],
    });
    const moved = maturityEntryChanges(closedLease('2026-01-15'), closedLease('2026-02-01'));
    expect(moved.put.map((entry) => entry.position)).toEqual(['2029-02-01#D1', '2029-02-01#D1']);
    expect(moved.remove.map((entry) => entry.position)).toEqual(['2029-01-15#D1', '2029-01-15#D1']);
    expect(maturityEntryChanges(closedLease('2026-01-15'), deal()).remove).toHaveLength(2);
  });
});
