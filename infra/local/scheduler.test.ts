import { describe, expect, it } from 'vitest';
import { JOBS } from '@functions/jobs';
import { nextRun, rateInterval } from './scheduler';

const at = (iso: string) => new Date(iso);

describe('nextRun of a daily cron', () => {
  it('runs later the same day (UTC) when the time has not come yet', () => {
    expect(nextRun('cron(0 6 * * ? *)', at('2026-03-01T05:59:00Z')).toISOString()).toBe('2026-03-01T06:00:00.000Z');
  });

  it('runs the next day when the time has passed or is now', () => {
    expect(nextRun('cron(0 6 * * ? *)', at('2026-03-01T06:00:00Z')).toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(nextRun('cron(30 23 ? * * *)', at('2026-12-31T23:45:00Z')).toISOString()).toBe('2027-01-01T23:30:00.000Z');
  });
});

describe('nextRun of a rate', () => {
  it('runs one interval after the previous run started', () => {
    expect(nextRun('rate(5 minutes)', at('2026-03-01T05:58:30Z')).toISOString()).toBe('2026-03-01T06:03:30.000Z');
    expect(nextRun('rate(1 hour)', at('2026-03-01T23:30:00Z')).toISOString()).toBe('2026-03-02T00:30:00.000Z');
    expect(nextRun('rate(2 hours)', at('2026-03-01T23:30:00Z')).toISOString()).toBe('2026-03-02T01:30:00.000Z');
    expect(nextRun('rate(1 day)', at('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('reads the interval of the units EventBridge Scheduler accepts', () => {
    expect(rateInterval('rate(1 minute)')).toBe(60_000);
    expect(rateInterval('rate(15 minutes)')).toBe(15 * 60_000);
    expect(rateInterval('rate(12 hours)')).toBe(12 * 3_600_000);
    expect(rateInterval('cron(0 6 * * ? *)')).toBeNull();
  });

  it('refuses what AWS refuses: singular above 1, plural for 1, zero, other units', () => {
    for (const schedule of [
      'rate(5 minute)',
      'rate(1 hours)',
      'rate(0 minutes)',
      'rate(30 seconds)',
      'rate(5minutes)',
      'rate(-5 minutes)',
    ]) {
      expect(rateInterval(schedule), schedule).toBeNull();
      expect(() => nextRun(schedule, new Date()), schedule).toThrow(/run locally/);
    }
  });
});

describe('schedules the local scheduler cannot keep', () => {
  it('are refused instead of run at a wrong time', () => {
    expect(() => nextRun('cron(0 6 ? * MON *)', new Date())).toThrow(/run locally, not "cron\(0 6 \? \* MON \*\)"/);
    expect(() => nextRun('cron(0/15 * * * ? *)', new Date())).toThrow(/run locally/);
    expect(() => nextRun('at(2026-03-01T06:00:00)', new Date())).toThrow(/run locally/);
  });

  it('include none of the jobs in functions/jobs.ts', () => {
    for (const job of JOBS) expect(() => nextRun(job.schedule, new Date()), job.name).not.toThrow();
  });
});
