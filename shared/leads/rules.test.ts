import { describe, expect, it } from 'vitest';
import { canClaimLead, canSeeLead, canWorkLead, formatLeadAge, isWaitingTooLong, leadVehicleSummary } from './rules';

const admin = { userId: 'admin-1', role: 'admin' as const };
const ann = { userId: 'ann', role: 'broker' as const };
const dealer = { userId: 'dealer-1', role: 'dealer' as const };

describe('who sees a lead', () => {
  it.each([
    ['an open pool lead (unassigned, no agent)', {}, true],
    ['a lead assigned to them', { assignedBrokerId: 'ann' }, true],
    ['a lead naming them as agent, assigned to someone else', { assignedBrokerId: 'bob', brokerId: 'ann' }, true],
    ['a lead naming them as agent, not claimed yet', { brokerId: 'ann' }, true],
    ['a lead assigned to another broker', { assignedBrokerId: 'bob' }, false],
    ['an unclaimed lead naming another agent', { brokerId: 'bob' }, false],
  ])('a broker, %s: %s', (_name, lead, expected) => {
    expect(canSeeLead(ann, lead)).toBe(expected);
  });

  it.each([
    ['an open pool lead (unassigned, no agent)', {}, false],
    ['a lead assigned to them', { assignedBrokerId: 'ann' }, true],
    ['a lead naming them as agent, not claimed yet', { brokerId: 'ann' }, true],
    ['a lead assigned to another broker', { assignedBrokerId: 'bob' }, false],
  ])('a broker in own book, %s: %s', (_name, lead, expected) => {
    expect(canSeeLead({ ...ann, ownBook: true }, lead)).toBe(expected);
  });

  it('admins see every lead and dealers none', () => {
    expect(canSeeLead({ ...admin, ownBook: true }, {})).toBe(true);
    expect(canSeeLead(admin, { assignedBrokerId: 'bob', brokerId: 'carl' })).toBe(true);
    expect(canSeeLead(dealer, {})).toBe(false);
  });
});

describe('claiming and working a lead', () => {
  it('lets a broker claim an open lead or one naming them, never one that is assigned', () => {
    expect(canClaimLead(ann, {})).toBe(true);
    expect(canClaimLead(ann, { brokerId: 'ann' })).toBe(true);
    expect(canClaimLead(ann, { brokerId: 'bob' })).toBe(false);
    expect(canClaimLead(ann, { assignedBrokerId: 'ann' })).toBe(false);
    expect(canClaimLead(admin, {})).toBe(false);
  });

  it('lets admins and the assignee change status and convert, not the named agent of a lead assigned elsewhere', () => {
    expect(canWorkLead(admin, {})).toBe(true);
    expect(canWorkLead(ann, { assignedBrokerId: 'ann' })).toBe(true);
    expect(canWorkLead(ann, { assignedBrokerId: 'bob', brokerId: 'ann' })).toBe(false);
    expect(canWorkLead(ann, {})).toBe(false);
  });
});

describe('age and the waiting mark', () => {
  const now = new Date('2026-03-10T15:00:00.000Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('marks a new lead once it has waited more than 5 minutes', () => {
    expect(isWaitingTooLong({ status: 'new', createdAt: ago(5) }, now)).toBe(false);
    expect(isWaitingTooLong({ status: 'new', createdAt: ago(5.1) }, now)).toBe(true);
  });

  it('never marks a lead someone has answered', () => {
    expect(isWaitingTooLong({ status: 'contacted', createdAt: ago(60) }, now)).toBe(false);
    expect(isWaitingTooLong({ status: 'lost', createdAt: ago(60) }, now)).toBe(false);
  });

  it.each([
    [0.5, 'just now'],
    [3, '3 min ago'],
    [59, '59 min ago'],
    [125, '2 h ago'],
    [24 * 60, '1 day ago'],
    [3 * 24 * 60 + 5, '3 days ago'],
  ])('shows %s minutes as "%s"', (minutes, expected) => {
    expect(formatLeadAge(ago(minutes), now)).toBe(expected);
  });
});

describe('vehicle summary and deal prefill', () => {
  it('names the exact vehicle, or the body style the shopper needs help with', () => {
    expect(
      leadVehicleSummary({
        vehiclePreference: 'exact',
        exactVehicleYear: 2026,
        exactVehicleMake: 'Toyota',
        exactVehicleModel: 'RAV4',
        exactVehicleTrim: null,
      }),
    ).toBe('2026 Toyota RAV4');
    expect(leadVehicleSummary({ vehiclePreference: 'help', bodyStyle: 'SUV' })).toBe('Any SUV');
  });
});
