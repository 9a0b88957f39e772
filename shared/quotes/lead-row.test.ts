import { describe, expect, it } from 'vitest';
import { additionalTradeInsNote, describeTradeIn, toQuoteLeadRow } from './lead-row';
import { quoteIntakeSchema, type QuoteIntakeInput } from './schemas';

const contact = { firstName: 'Jo', lastName: 'Park', email: 'jo@example.com', phone: '4155552671', zipCode: '94107' };
const civic = { year: 2019, make: 'Honda', model: 'Civic', mileage: 45000, condition: 3 };
const f150 = { year: 2016, make: 'Ford', model: 'F-150', mileage: 98000, condition: 2 };
const camry = {
  year: 2021,
  make: 'Toyota',
  model: 'Camry',
  mileage: 30000,
  condition: 5,
  hasLienholder: true,
  lienholderName: 'Chase',
  payoffBalance: 8200,
};

const rowFor = (input: QuoteIntakeInput) => toQuoteLeadRow(quoteIntakeSchema.parse(input));

describe('toQuoteLeadRow', () => {
  it('maps an exact-vehicle request to the quote_leads columns', () => {
    const row = rowFor({
      ...contact,
      vehiclePreference: 'exact',
      exactYear: 2026,
      exactMake: 'Toyota',
      exactModel: 'RAV4',
      exactTrim: 'XLE',
      mustHaveOptions: 'Sunroof',
      bodyStyle: 'SUV',
      mustHaveFeatures: ['Towing package'],
      preferredContactMethod: 'text',
      purchaseTimeframe: '1-2-weeks',
      creditScoreRange: '700-749',
      monthlyPaymentBudget: 450,
      leaseOrPurchase: 'lease',
      isCostcoMember: true,
    });
    expect(row).toEqual({
      ...contact,
      preferredContactMethod: 'text',
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'Toyota',
      exactVehicleModel: 'RAV4',
      exactVehicleTrim: 'XLE',
      bodyStyle: null,
      mustHaveFeatures: [],
      mustHaveOptions: 'Sunroof',
      creditScoreRange: '700-749',
      purchaseTimeframe: '1-2-weeks',
      monthlyPaymentBudget: 450,
      leaseOrPurchase: 'lease',
      brokerId: null,
      workingWithBroker: false,
      hasTradeIn: false,
      tradeInYear: null,
      tradeInMake: null,
      tradeInModel: null,
      tradeInMileage: null,
      tradeInCondition: null,
      tradeInHasLienholder: false,
      tradeInLienholderName: null,
      tradeInPayoffBalance: null,
      hasCosigner: false,
      hasPriorAutoLoan: false,
      isMilitary: false,
      isAaaMember: false,
      isCostcoMember: true,
      isCollegeStudent: false,
      isFirstResponder: false,
      currentlyLeasing: false,
      currentLeaseBrand: null,
      additionalNotes: null,
    });
  });

  it('keeps body style and features for "help me", with the truck configuration', () => {
    const row = rowFor({
      ...contact,
      vehiclePreference: 'help',
      exactMake: 'Ford',
      bodyStyle: 'Truck',
      truckConfiguration: '4 Door',
      mustHaveFeatures: ['4x4/AWD', 'Towing package'],
      mustHaveOptions: 'hidden',
    });
    expect(row).toMatchObject({
      bodyStyle: 'Truck',
      mustHaveFeatures: ['4 Door', '4x4/AWD', 'Towing package'],
      exactVehicleMake: null,
      mustHaveOptions: null,
    });
  });

  it('fills the trade-in columns from the first trade-in and notes the others', () => {
    const row = rowFor({
      ...contact,
      vehiclePreference: 'help',
      bodyStyle: 'Sedan',
      hasTradeIn: true,
      tradeIns: [camry, civic, f150],
    });
    expect(row).toMatchObject({
      hasTradeIn: true,
      tradeInYear: 2021,
      tradeInMake: 'Toyota',
      tradeInModel: 'Camry',
      tradeInMileage: 30000,
      tradeInCondition: 5,
      tradeInHasLienholder: true,
      tradeInLienholderName: 'Chase',
      tradeInPayoffBalance: 8200,
      additionalNotes:
        'Additional trade-ins: #2: 2019 Honda Civic - 45000 miles, Condition: 3; #3: 2016 Ford F-150 - 98000 miles, Condition: 2',
    });
  });

  it('drops lienholder details when nothing is owed and trade-ins when the answer is no', () => {
    expect(
      rowFor({
        ...contact,
        vehiclePreference: 'help',
        bodyStyle: 'SUV',
        hasTradeIn: true,
        tradeIns: [{ ...camry, hasLienholder: false }],
      }),
    ).toMatchObject({
      tradeInHasLienholder: false,
      tradeInLienholderName: null,
      tradeInPayoffBalance: null,
      additionalNotes: null,
    });
    expect(
      rowFor({ ...contact, vehiclePreference: 'help', bodyStyle: 'SUV', hasTradeIn: false, tradeIns: [camry, civic] }),
    ).toMatchObject({
      tradeInMake: null,
      additionalNotes: null,
    });
  });

  it('stores the agent only when working with one, and the lease brand only when leasing', () => {
    const brokerId = '7d3f7a52-0b7e-4d8a-9c41-3f3b7f0e9a11';
    const base = { ...contact, vehiclePreference: 'help' as const, bodyStyle: 'Coupe' as const };
    expect(rowFor({ ...base, workingWithBroker: true, brokerId }).brokerId).toBe(brokerId);
    expect(rowFor({ ...base, workingWithBroker: false, brokerId }).brokerId).toBeNull();
    expect(rowFor({ ...base, currentlyLeasing: true, currentLeaseBrand: 'BMW' }).currentLeaseBrand).toBe('BMW');
    expect(rowFor({ ...base, currentlyLeasing: false, currentLeaseBrand: 'BMW' }).currentLeaseBrand).toBeNull();
  });
});

describe('additional trade-ins note', () => {
  const tradeIn = (values: Partial<typeof civic>) => ({
    year: null,
    make: null,
    model: null,
    mileage: null,
    condition: null,
    hasLienholder: false,
    lienholderName: null,
    payoffBalance: null,
    ...values,
  });

  it('is null for zero or one trade-in', () => {
    expect(additionalTradeInsNote([])).toBeNull();
    expect(additionalTradeInsNote([tradeIn(civic)])).toBeNull();
  });

  it('describes each entry as "#N: year make model - mileage miles, Condition: value"', () => {
    expect(describeTradeIn(tradeIn(civic), 2)).toBe('#2: 2019 Honda Civic - 45000 miles, Condition: 3');
  });

  it('says "unknown" for a mileage or condition left blank rather than printing null', () => {
    expect(describeTradeIn(tradeIn({ make: 'Kia', model: 'Soul' }), 4)).toBe('#4: Kia Soul - unknown miles, Condition: unknown');
  });
});
