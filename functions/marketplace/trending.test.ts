import { describe, expect, it } from 'vitest';
import { lastDays } from '../lib/dates';
import { rankByViews } from './trending';
import { viewExpiresAt } from './views';

describe('rankByViews', () => {
  it('sums each vehicle over the days and puts the most viewed first', () => {
    const ranked = rankByViews([
      [
        { vehicleId: 'a', views: 2 },
        { vehicleId: 'b', views: 5 },
      ],
      [
        { vehicleId: 'a', views: 4 },
        { vehicleId: 'c', views: 1 },
      ],
    ]);

    expect(ranked).toEqual([
      { vehicleId: 'a', views: 6 },
      { vehicleId: 'b', views: 5 },
      { vehicleId: 'c', views: 1 },
    ]);
  });

  it('orders ties by vehicle id so the list is stable', () => {
    expect(rankByViews([[{ vehicleId: 'z', views: 3 }, { vehicleId: 'm', views: 3 }]]).map((entry) => entry.vehicleId)).toEqual(['m', 'z']);
  });

  it('leaves out vehicles without views', () => {
    expect(rankByViews([[{ vehicleId: 'a', views: 0 }], []])).toEqual([]);
  });
});

describe('the trending window', () => {
  it('is today and the four days before it, in UTC', () => {
    expect(lastDays(new Date('2026-03-01T23:30:00-05:00'), 5)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28', '2026-02-27', '2026-02-26']);
  });

  it('keeps view records one day past the window before TTL removes them', () => {
    expect(viewExpiresAt(new Date('2026-03-10T15:00:00Z'))).toBe(Date.UTC(2026, 2, 16) / 1000);
  });
});
