import { describe, expect, it } from 'vitest';
import { activityFieldLabel, activitySummary, dealName, formatActivityValue, formatApr } from './deal-format';

describe('deal name and APR', () => {
  it('names a deal by year, make and model', () => {
    expect(dealName({ year: 2026, make: 'BMW', model: 'X5' })).toBe('2026 BMW X5');
  });

  it('writes an APR to 2 decimals, or a dash when there is none', () => {
    expect(formatApr(4.44)).toBe('4.44%');
    expect(formatApr(3)).toBe('3.00%');
    expect(formatApr(null)).toBe('—');
  });
});

describe('activity values', () => {
  it.each([
    ['status', 'not_sold', 'Not Sold'],
    ['status', 'closed', 'Closed'],
    ['dealType', 'lease', 'Lease'],
    ['conciergeFee', 250, '$250'],
    ['brokerFeeDealer', 499.5, '$500'],
    ['monthlyPayment', 449.5, '$449.50'],
    ['apr', 4.44, '4.44%'],
    ['mileageAllowance', 12000, '12,000 mi/yr'],
    ['termMonths', 36, '36 months'],
    ['followUpDate', '2026-12-05', '12/05/2026'],
    ['conciergeFeePaid', true, 'Yes'],
    ['moneyFactor', 0.00185, '0.00185'],
    ['brokerId', 'Dana Broker', 'Dana Broker'],
    ['notSoldReason', null, '—'],
    ['notSoldNotes', '', '—'],
  ] as const)('%s %s reads "%s"', (field, value, expected) => {
    expect(formatActivityValue(field, value)).toBe(expected);
  });

  it('labels each recorded field for a reader, and keeps an unknown field name as it is', () => {
    expect(activityFieldLabel('brokerFeeClient')).toBe('Client fee');
    expect(activityFieldLabel('dealershipId')).toBe('Dealership');
    expect(activityFieldLabel('somethingNew')).toBe('somethingNew');
  });

  it('says who did what', () => {
    expect(activitySummary({ kind: 'updated', actor: { id: 'u1', name: 'Dana Broker' } })).toBe('Dana Broker updated the deal');
    expect(activitySummary({ kind: 'expired', actor: { id: null, name: 'System' } })).toBe('System expired the deal');
  });
});
