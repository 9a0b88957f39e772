import { describe, expect, it } from 'vitest';
import { nextDailyRun } from './scheduler';

describe('nextDailyRun', () => {
  it('runs later the same day (UTC) when the time has not come yet', () => {
    expect(nextDailyRun('cron(0 6 * * ? *)', new Date('2026-03-01T05:59:00Z')).toISOString()).toBe('2026-03-01T06:00:00.000Z');
  });

  it('runs the next day when the time has passed or is now', () => {
    expect(nextDailyRun('cron(0 6 * * ? *)', new Date('2026-03-01T06:00:00Z')).toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(nextDailyRun('cron(30 23 ? * * *)', new Date('2026-12-31T23:45:00Z')).toISOString()).toBe('2027-01-01T23:30:00.000Z');
  });

  it('refuses schedules that are not daily instead of running them at a wrong time', () => {
    expect(() => nextDailyRun('cron(0 6 ? * MON *)', new Date())).toThrow(/Only daily schedules/);
    expect(() => nextDailyRun('rate(1 hour)', new Date())).toThrow(/Only daily schedules/);
  });
});
