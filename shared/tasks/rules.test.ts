import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultDue,
  dueInstant,
  dueWindowRange,
  firstReminderAt,
  inRange,
  isTimeZone,
  mayAccess,
  mayAssign,
  myDayRanges,
  plusDays,
  reminderPlan,
  wallClock,
} from './rules';

describe('due windows across time zones', () => {
  it("reads 'today' as the viewer's local day: 23:30 in Los Angeles is already tomorrow in UTC", () => {
    const now = new Date('2026-03-10T07:30:00Z'); // 00:30 in Los Angeles (PDT), 13:00 in Kolkata
    expect(dueWindowRange('today', now, 'America/Los_Angeles')).toEqual({
      from: '2026-03-10T07:00:00.000Z',
      to: '2026-03-11T07:00:00.000Z',
    });
    expect(dueWindowRange('today', now, 'Asia/Kolkata')).toEqual({
      from: '2026-03-09T18:30:00.000Z',
      to: '2026-03-10T18:30:00.000Z',
    });
  });

  it('a task due at 09:00 in Kathmandu (UTC+05:45) is overdue there at 09:01 and due today at 08:59', () => {
    const dueAt = dueInstant('2026-05-04', '09:00', 'Asia/Kathmandu');
    expect(dueAt).toBe('2026-05-04T03:15:00.000Z');
    const before = new Date('2026-05-04T03:14:00Z');
    const after = new Date('2026-05-04T03:16:00Z');
    expect(inRange(dueAt, myDayRanges(before, 'Asia/Kathmandu').today)).toBe(true);
    expect(inRange(dueAt, myDayRanges(after, 'Asia/Kathmandu').overdue)).toBe(true);
  });

  it("My day's blocks never overlap and cover everything due before the end of the 7th day", () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Adelaide', 'Pacific/Kiritimati', 'Etc/GMT+12'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -20 * 86_400_000, max: 20 * 86_400_000 }),
        fc.constantFrom(...zones),
        (nowMs, offset, zone) => {
          const now = new Date(nowMs);
          const dueAt = new Date(nowMs + offset).toISOString();
          const ranges = myDayRanges(now, zone);
          const hits = [ranges.overdue, ranges.today, ranges.upcoming].filter((range) => inRange(dueAt, range)).length;
          expect(hits).toBe(dueAt < ranges.end ? 1 : 0);
        },
      ),
    );
  });

  it('the week window ends with the 7th local day after today', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(dueWindowRange('week', now, 'UTC')).toEqual({ from: now.toISOString(), to: '2026-12-03T00:00:00.000Z' });
    expect(dueWindowRange('all', now, 'UTC')).toEqual({});
  });

  it('knows real zones from made-up ones', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('adds calendar days across month and year ends', () => {
    expect(plusDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(plusDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('who may assign whom', () => {
  it('a broker only themselves, an admin anyone; dealers and consumers nobody', () => {
    expect(mayAssign({ userId: 'b1', role: 'broker' }, 'b1')).toBe(true);
    expect(mayAssign({ userId: 'b1', role: 'broker' }, 'b2')).toBe(false);
    expect(mayAssign({ userId: 'a1', role: 'admin' }, 'b2')).toBe(true);
    expect(mayAssign({ userId: 'd1', role: 'dealer' }, 'd1')).toBe(false);
    expect(mayAssign({ userId: 'c1', role: 'consumer' }, 'c1')).toBe(false);
  });

  it("a broker reaches the tasks assigned to them or made by them, not another broker's", () => {
    expect(mayAccess({ userId: 'b1', role: 'broker' }, { assigneeId: 'b1' })).toBe(true);
    expect(mayAccess({ userId: 'b1', role: 'broker' }, { assigneeId: 'b2', createdBy: 'b1' })).toBe(true);
    expect(mayAccess({ userId: 'b1', role: 'broker' }, { assigneeId: 'b2', createdBy: 'a1' })).toBe(false);
    expect(mayAccess({ userId: 'a1', role: 'admin' }, { assigneeId: 'b2' })).toBe(true);
  });
});

describe('the morning reminder', () => {
  it('is due at 08:00 local, in half-hour zones too', () => {
    expect(firstReminderAt(new Date('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-06-01T02:30:00.000Z');
    expect(firstReminderAt(new Date('2026-06-01T03:00:00Z'), 'Asia/Kolkata')).toBe('2026-06-02T02:30:00.000Z');
  });

  it('sends once 08:00 local has come and moves on to the next morning; before 08:00 it only waits', () => {
    const at = (iso: string) => reminderPlan(new Date(iso), 'America/New_York');
    expect(at('2026-06-01T12:15:00Z')).toEqual({ send: true, day: '2026-06-01', nextAt: '2026-06-02T12:00:00.000Z' });
    expect(at('2026-06-01T10:00:00Z')).toEqual({ send: false, day: '2026-06-01', nextAt: '2026-06-01T12:00:00.000Z' });
  });

  it('every 15-minute run hits 08:00 in every zone within a quarter of an hour', () => {
    const zones = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'America/St_Johns', 'Pacific/Chatham'];
    for (const zone of zones) {
      const reminder = new Date(firstReminderAt(new Date('2026-01-10T00:00:00Z'), zone)).getTime();
      const run = Math.ceil(reminder / 900_000) * 900_000;
      expect(run - reminder).toBeLessThan(900_000);
      expect(wallClock(new Date(run), zone).time >= '08:00').toBe(true);
    }
  });
});

describe('the due a new task starts from', () => {
  it("is the next whole hour on the broker's wall clock, after 09:00 too", () => {
    const now = new Date('2026-03-10T21:20:00Z'); // 14:20 in Los Angeles (PDT)
    expect(defaultDue(now, 'America/Los_Angeles')).toEqual({ date: '2026-03-10', time: '15:00' });
  });

  it("moves to the next day at midnight in the broker's zone, not in UTC", () => {
    const now = new Date('2026-03-10T18:20:00Z'); // 23:50 in Kolkata (UTC+05:30)
    expect(defaultDue(now, 'Asia/Kolkata')).toEqual({ date: '2026-03-11', time: '00:00' });
  });

  it('is always in the future, in any zone', () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Europe/London'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (now, zone) => {
          const { date, time } = defaultDue(now, zone);
          expect(new Date(dueInstant(date, time, zone)).getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});
