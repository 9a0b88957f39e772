import { describe, expect, it } from 'vitest';
import { dealUpdateSchema, type DealUpdateInput } from '@shared/deals/schemas';
import type { Deal } from '@functions/domain/deals/deals';
import { dealAfterSave, dealClosedAt, statusOptionsFor } from './deal-fields';

const NOW = new Date('2026-05-01T12:00:00.000Z');

const stored: Deal = {
  id: 'd1',
  clientId: 'c1',
  clientName: 'Ann Client',
  dealershipId: 'ds1',
  brokerId: 'b1',
  year: 2026,
  make: 'Honda',
  model: 'Accord',
  dealType: 'finance',
  status: 'pending',
  monthlyPayment: 359,
  downPayment: 1999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 4,
  isArchived: false,
  creditAppFormType: 'mbfs',
  brokerFeeDealer: 100,
  conciergeFee: 0,
  conciergeFeePaid: false,
  stockNumber: 'A-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  revision: 3,
};

const form = (changes: Partial<DealUpdateInput> = {}) =>
  dealUpdateSchema.parse({
    clientId: 'c1',
    dealershipId: 'ds1',
    year: 2026,
    make: 'Honda',
    model: 'Accord',
    dealType: 'finance',
    monthlyPayment: 359,
    downPayment: 1999,
    termMonths: 36,
    mileageAllowance: 10000,
    apr: 4,
    brokerFeeDealer: 100,
    status: 'pending',
    ...changes,
  });

function saved(role: 'admin' | 'broker' | 'dealer', changes: Partial<DealUpdateInput>, before = stored) {
  const result = dealAfterSave({ role, form: form(changes), before, now: NOW });
  if (!result.ok) throw new Error(`status ${result.statusDenied} denied`);
  return result.fields;
}

describe('dealAfterSave: what each role may change', () => {
  it("keeps a broker's hands off the broker, the concierge fee and the paid flag", () => {
    const after = saved('broker', { brokerId: 'b2', conciergeFee: 500, monthlyPayment: 420 });

    expect(after).toMatchObject({ brokerId: 'b1', conciergeFee: 0, conciergeFeePaid: false, monthlyPayment: 420 });
  });

  it('lets an admin change the broker, and keeps the current one when the admin leaves it blank', () => {
    expect(saved('admin', { brokerId: 'b2' }).brokerId).toBe('b2');
    expect(saved('admin', { brokerId: null }).brokerId).toBe('b1');
  });

  it('keeps a dealer to the vehicle and terms: client, dealership, fees and lead source stay as stored', () => {
    const after = saved('dealer', {
      clientId: 'c2',
      dealershipId: 'ds2',
      brokerFeeDealer: 999,
      heardAboutUs: 'Mailer',
      termMonths: 39,
    });

    expect(after).toMatchObject({ clientId: 'c1', dealershipId: 'ds1', brokerFeeDealer: 100, termMonths: 39 });
    expect(after.heardAboutUs).toBeUndefined();
  });

  it('keeps what the form does not carry: stock number, form type, creation time', () => {
    expect(saved('admin', {})).toMatchObject({ stockNumber: 'A-1', creditAppFormType: 'mbfs', createdAt: stored.createdAt });
  });

  it('refuses a status the role may not save, naming it', () => {
    expect(dealAfterSave({ role: 'broker', form: form({ status: 'closed' }), before: stored, now: NOW })).toEqual({
      ok: false,
      statusDenied: 'closed',
    });
    expect(
      dealAfterSave({ role: 'dealer', form: form({ status: 'not_sold', notSoldReason: 'Payment' }), before: stored, now: NOW })
        .ok,
    ).toBe(false);
  });

  it('derives the lease APR from the money factor and totals the broker fees', () => {
    const after = saved('broker', {
      dealType: 'lease',
      moneyFactor: 0.00211,
      apr: 1,
      brokerFeeDealer: 100.5,
      brokerFeeClient: 20,
    });

    expect(after).toMatchObject({ apr: 5.06, brokerFeeTotal: 120.5 });
  });

  it('clears the not-sold fields once the status is not not_sold', () => {
    const notSold = { ...stored, status: 'not_sold' as const, notSoldReason: 'Payment', notSoldNotes: 'Too high' };

    const after = saved('broker', { status: 'active' }, notSold);

    expect([after.notSoldReason, after.followUpDate, after.notSoldNotes]).toEqual([undefined, undefined, undefined]);
  });

  it("keeps a not-sold deal's reason when a dealer saves it unchanged", () => {
    const notSold = { ...stored, status: 'not_sold' as const, notSoldReason: 'Payment' };

    expect(saved('dealer', { status: 'not_sold', notSoldReason: 'Bought elsewhere' }, notSold).notSoldReason).toBe('Payment');
  });

  it('unarchives a deal brought back from expired, and keeps an archived deal archived otherwise', () => {
    const expired = { ...stored, status: 'expired' as const, isArchived: true };

    expect(saved('admin', { status: 'available' }, expired).isArchived).toBe(false);
    expect(saved('admin', { status: 'expired' }, expired).isArchived).toBe(true);
  });
});

describe('dealClosedAt', () => {
  it('is set when the deal becomes closed, kept while closed, cleared when it leaves', () => {
    expect(dealClosedAt({ status: 'finalized' }, 'closed', NOW)).toBe(NOW.toISOString());
    expect(dealClosedAt({ status: 'closed', dealClosedAt: '2026-02-02T00:00:00.000Z' }, 'closed', NOW)).toBe(
      '2026-02-02T00:00:00.000Z',
    );
    expect(dealClosedAt({ status: 'closed', dealClosedAt: '2026-02-02T00:00:00.000Z' }, 'active', NOW)).toBeUndefined();
    expect(dealClosedAt(undefined, 'closed', NOW)).toBe(NOW.toISOString());
  });
});

describe('statusOptionsFor', () => {
  it("adds the deal's own status when the role may keep but not choose it", () => {
    expect(statusOptionsFor('broker', 'finalized').map((option) => option.value)).toEqual([
      'finalized',
      'available',
      'pending',
      'active',
      'not_sold',
    ]);
  });

  it('does not offer closed to a broker even on a closed deal', () => {
    expect(statusOptionsFor('broker', 'closed').map((option) => option.value)).not.toContain('closed');
  });
});

describe('dealAfterSave: the lease start', () => {
  const finalizedLease: Deal = { ...stored, dealType: 'lease', status: 'finalized', leaseStartDate: '2026-01-15' };

  it('lets a broker and an admin change it, keeps it when the form leaves it out, and a dealer cannot change it', () => {
    const lease = { dealType: 'lease' as const, status: 'finalized' as const };
    expect(saved('broker', { ...lease, leaseStartDate: '2026-02-01' }, finalizedLease).leaseStartDate).toBe('2026-02-01');
    expect(saved('admin', { ...lease, leaseStartDate: '2026-02-01' }, finalizedLease).leaseStartDate).toBe('2026-02-01');
    expect(saved('broker', lease, finalizedLease).leaseStartDate).toBe('2026-01-15');
    expect(saved('dealer', { ...lease, leaseStartDate: '2026-02-01' }, finalizedLease).leaseStartDate).toBe('2026-01-15');
  });

  it('refuses a lease start that is not a date', () => {
    expect(() => form({ leaseStartDate: '2026-02-30' })).toThrow('Lease start must be a valid date');
  });
});
