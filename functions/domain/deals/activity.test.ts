import { describe, expect, it } from 'vitest';
import type { Deal } from './deals';
import { activityEntry, changedFields } from './activity';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const before: Partial<Deal> = { status: 'pending', brokerId: 'b1', clientId: 'c1', monthlyPayment: 359, notes: 'x' };

describe('changedFields', () => {
  it('records only the fields of the trail that changed, in a fixed order', () => {
    const changes = changedFields(before, { ...before, monthlyPayment: 399, status: 'active', notes: 'y' });

    expect(changes).toEqual([
      { field: 'status', before: 'pending', after: 'active' },
      { field: 'monthlyPayment', before: 359, after: 399 },
    ]);
  });

  it('records references by the names given, not by id', () => {
    const changes = changedFields(before, { ...before, clientId: 'c2' }, { clientId: { before: 'Ann', after: 'Bob' } });

    expect(changes).toEqual([{ field: 'clientId', before: 'Ann', after: 'Bob' }]);
  });

  it('treats absent and null as the same value', () => {
    expect(changedFields({ brokerFeeDealer: undefined }, { brokerFeeDealer: null as unknown as number })).toEqual([]);
  });

  it('records every set field of a new deal as changed from null', () => {
    expect(changedFields(undefined, { status: 'available', monthlyPayment: 300 })).toEqual([
      { field: 'status', before: null, after: 'available' },
      { field: 'monthlyPayment', before: null, after: 300 },
    ]);
  });
});

describe('activityEntry', () => {
  it('is nothing for a save that changed no recorded field', () => {
    expect(activityEntry({ kind: 'updated', actor: { id: 'u1', name: 'Ann' }, changes: [], now: NOW })).toBeUndefined();
  });

  it('carries who and when', () => {
    const entry = activityEntry({
      kind: 'expired',
      actor: { id: null, name: 'System' },
      changes: [{ field: 'status', before: 'active', after: 'expired' }],
      now: NOW,
    });

    expect(entry).toMatchObject({ kind: 'expired', at: NOW.toISOString(), actorId: undefined, actorName: 'System' });
    expect(entry?.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
