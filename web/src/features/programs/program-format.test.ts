import { describe, expect, it } from 'vitest';
import { acquisitionFeeOf, depositsOf, incentiveOf, onePayOf, vehicleOf, whereOf } from './program-format';

describe('program row wording', () => {
  it('names a blank trim as every trim of the model', () => {
    expect(vehicleOf({ year: 2027, make: 'Toyota', model: 'RAV4', trim: '' })).toBe('2027 Toyota RAV4, all trims');
    expect(vehicleOf({ year: 2027, make: 'Toyota', model: 'RAV4', trim: 'XLE' })).toBe('2027 Toyota RAV4 XLE');
  });

  it('says a row with no states and no ZIP prefixes applies everywhere', () => {
    expect(whereOf({ states: [], zipPrefixes: [] })).toBe('Everywhere');
    expect(whereOf({ states: ['CA', 'NV'], zipPrefixes: ['940'] })).toBe('CA, NV; ZIP 940');
  });

  it('says the security-deposit rule, or none', () => {
    expect(depositsOf({ securityDeposits: null })).toBe('None');
    expect(depositsOf({ securityDeposits: { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0.00075 } })).toBe(
      'Up to 7, MF −0.00007 each (floor 0.00075), rounded up to $50',
    );
  });

  it('says one-pay with its money factor only when allowed', () => {
    expect(onePayOf({ onePay: { allowed: true, moneyFactor: 0.0012 } })).toBe('MF 0.0012');
    expect(onePayOf({ onePay: { allowed: false, moneyFactor: null } })).toBe('Not allowed');
  });

  it('names an incentive with its amount, kind and what it stacks with', () => {
    expect(incentiveOf({ name: 'Winter cash', amount: 1500, kind: 'lease_cash', stacksWith: ['loyalty', 'military'] })).toBe(
      'Winter cash $1,500 (Lease cash; stacks with Loyalty, Military)',
    );
    expect(incentiveOf({ name: 'Conquest', amount: 500, kind: 'conquest', stacksWith: [] })).toBe('Conquest $500 (Conquest)');
  });

  it('marks a taxable acquisition fee', () => {
    expect(acquisitionFeeOf({ acquisitionFee: { amount: 650, taxable: false } })).toBe('$650');
    expect(acquisitionFeeOf({ acquisitionFee: { amount: 595, taxable: true } })).toBe('$595, taxable');
  });
});
