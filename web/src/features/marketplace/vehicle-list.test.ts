import { describe, expect, it } from 'vitest';
import { formatMileage, groupByMake, makeChips, vehicleBadges } from './vehicle-list';

const labels = (vehicle: { availableStock: number; isArchived: boolean }) => vehicleBadges(vehicle).map((b) => b.label);

describe('vehicle card badges', () => {
  it('marks the last unit of an active vehicle "Last One!"', () => {
    expect(labels({ availableStock: 1, isArchived: false })).toEqual(['Last One!', '1 available']);
  });

  it('shows "Archived" and never "Last One!" on an archived vehicle', () => {
    expect(labels({ availableStock: 1, isArchived: true })).toEqual(['Archived', '1 available']);
  });

  it('shows only the stock when several are left', () => {
    expect(labels({ availableStock: 4, isArchived: false })).toEqual(['4 available']);
  });
});

describe('grouping by make', () => {
  const vehicles = [
    { id: '1', make: 'Audi' },
    { id: '2', make: 'Audi' },
    { id: '3', make: 'BMW' },
  ];

  it('keeps the API order and counts each group from the API when it knows the make', () => {
    const counts: Record<string, number> = { Audi: 7 };
    expect(groupByMake(vehicles, (make) => counts[make])).toEqual([
      { make: 'Audi', count: 7, vehicles: [vehicles[0], vehicles[1]] },
      { make: 'BMW', count: 1, vehicles: [vehicles[2]] },
    ]);
  });

  it('counts what is loaded when no total is known', () => {
    expect(groupByMake(vehicles).map((group) => group.count)).toEqual([2, 1]);
  });
});

describe('mileage', () => {
  it('reads in miles per year', () => {
    expect(formatMileage(12000)).toBe('12,000 mi/yr');
  });
});

describe('make chips', () => {
  it('shows a make once, whatever its case, and the selected make once when it is among them', () => {
    expect(makeChips([{ make: 'BMW' }, { make: 'bmw' }, { make: 'Tesla' }], 'BMW')).toEqual(['BMW', 'Tesla']);
    expect(makeChips([{ make: 'BMW' }, { make: 'Tesla' }], 'tesla')).toEqual(['BMW', 'Tesla']);
  });

  it('keeps the selected make as a chip once it has left the tab', () => {
    expect(makeChips([{ make: 'BMW' }], 'Audi')).toEqual(['BMW', 'Audi']);
    expect(makeChips([], undefined)).toEqual([]);
  });
});
