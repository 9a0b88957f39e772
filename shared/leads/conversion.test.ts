import { describe, expect, it } from 'vitest';
import { dealCreateSchema } from '../deals/schemas';
import { clientFromLead, dealPrefillOf, dealPrefillSearch, type LeadConversionFacts } from './conversion';

/** A typical shopper: a 2019 Accord with $8,500 owed to Chase, Costco, a current lease, a budget. */
const lead: LeadConversionFacts = {
  id: 'lead-1',
  email: 'dana@example.com',
  phone: '4155550100',
  zipCode: '94107',
  preferredContactMethod: 'text',
  vehiclePreference: 'exact',
  exactVehicleYear: 2026,
  exactVehicleMake: 'Toyota',
  exactVehicleModel: 'RAV4',
  exactVehicleTrim: 'XLE',
  mustHaveOptions: 'Panoramic roof',
  creditScoreRange: '700-749',
  purchaseTimeframe: '1-2-weeks',
  monthlyPaymentBudget: 450,
  leaseOrPurchase: 'lease',
  hasTradeIn: true,
  tradeInYear: 2019,
  tradeInMake: 'Honda',
  tradeInModel: 'Accord',
  tradeInMileage: 61000,
  tradeInCondition: 4,
  tradeInHasLienholder: true,
  tradeInLienholderName: 'Chase',
  tradeInPayoffBalance: 8500,
  hasCosigner: false,
  hasPriorAutoLoan: true,
  isMilitary: false,
  isAaaMember: true,
  isCostcoMember: true,
  isCollegeStudent: false,
  isFirstResponder: true,
  currentlyLeasing: true,
  currentLeaseBrand: 'Honda',
  additionalNotes: 'Additional trade-ins: #2: 2015 Ford Focus - 90000 miles, Condition: 2',
  createdAt: '2026-11-20T15:04:05.000Z',
};

describe('dealPrefillOf: converting a lead carries what the shopper typed', () => {
  it('fills the vehicle, the deal type, mileage 12,000, the incentives, the credit range and the whole first trade-in', () => {
    const prefill = dealPrefillOf(lead, 'client-1');

    expect(prefill).toMatchObject({
      clientId: 'client-1',
      leadId: 'lead-1',
      year: 2026,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      dealType: 'lease',
      mileageAllowance: 12_000,
      incentives: ['AAA', 'Costco'],
      creditScoreRange: '670-739',
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Accord',
      tradeInMileage: 61000,
      tradeInCondition: 'Good',
      tradeInHasLienholder: true,
      tradeInLienholder: 'Chase',
      tradeInPayoffBalance: 8500,
    });
  });

  it('writes what the deal has no field for into its notes: budget, current lease, contact, stated answers, extra trade-ins', () => {
    const notes = dealPrefillOf(lead, 'client-1').notes!.split('\n');

    expect(notes).toEqual([
      'From quote request: 2026-11-20',
      'Must-have options: Panoramic roof',
      'Monthly budget: $450',
      'Lease or purchase: Lease',
      'Timeframe: 1-2 weeks',
      'Credit score (shopper): 700-749',
      'Co-signer: No',
      'Prior auto loan or lease: Yes',
      'First responder: Yes',
      'Current lease: Honda',
      'Trade-in condition (shopper): 4 Very Good',
      'Preferred contact: Text',
      'Zip code: 94107',
      'Additional trade-ins: #2: 2015 Ford Focus - 90000 miles, Condition: 2',
    ]);
  });

  it('leaves the vehicle to the broker for a "help me" lead and notes the body style and features', () => {
    const prefill = dealPrefillOf(
      { ...lead, vehiclePreference: 'help', bodyStyle: 'SUV', mustHaveFeatures: ['4x4/AWD', 'Towing package'] },
      'c',
    );

    expect(prefill).toMatchObject({ year: null, make: null, model: null, trim: null });
    expect(prefill.notes).toContain('Needs help choosing: SUV\nMust-have features: 4x4/AWD, Towing package');
  });

  it('carries no lienholder when nothing is owed, no trade-in when there is none, and a purchase as finance', () => {
    expect(dealPrefillOf({ ...lead, tradeInHasLienholder: false }, 'c')).toMatchObject({
      hasTradeIn: true,
      tradeInHasLienholder: false,
      tradeInLienholder: null,
      tradeInPayoffBalance: null,
    });
    expect(dealPrefillOf({ ...lead, hasTradeIn: false, leaseOrPurchase: 'purchase' }, 'c')).toMatchObject({
      hasTradeIn: false,
      tradeInYear: null,
      tradeInLienholder: null,
      dealType: 'finance',
    });
    expect(dealPrefillOf({ ...lead, creditScoreRange: 'not-sure' }, 'c').creditScoreRange).toBeNull();
  });

  it('is a deal the create form accepts once the broker adds the dealership and the terms', () => {
    const { leadId, ...prefill } = dealPrefillOf(lead, 'client-1');
    const parsed = dealCreateSchema.safeParse({
      ...prefill,
      sourceLeadId: leadId,
      dealershipId: 'dealership-1',
      monthlyPayment: 399,
      downPayment: 2000,
      termMonths: 36,
      apr: 0,
    });

    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ sourceLeadId: 'lead-1', tradeInLienholder: 'Chase', incentives: ['AAA', 'Costco'] });
  });
});

describe('clientFromLead', () => {
  it('gives the client the make asked for and how and where to reach them', () => {
    expect(clientFromLead(lead)).toEqual({
      preferredMakes: ['Toyota'],
      notes: 'From quote request of 2026-11-20\nPreferred contact: Text\nZip code: 94107\nCurrent lease: Honda',
    });
  });
});

describe('dealPrefillSearch', () => {
  it('opens /deals/new with the client, the lead and only the vehicle values the lead has', () => {
    const base = { clientId: 'c1', leadId: 'l1' };
    expect(dealPrefillSearch({ ...base, year: 2026, make: 'Mercedes-Benz', model: 'GLC 300', trim: null })).toBe(
      '?clientId=c1&leadId=l1&year=2026&make=Mercedes-Benz&model=GLC+300',
    );
    expect(dealPrefillSearch({ ...base, year: null, make: null, model: null, trim: null })).toBe('?clientId=c1&leadId=l1');
  });
});
