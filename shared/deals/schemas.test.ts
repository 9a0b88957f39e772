import { describe, expect, it } from 'vitest';
import { NOT_READY_TO_PURCHASE } from './enums';
import { atTime } from '../calendar';
import { MISSING_INFORMATION_TITLE } from '../validation';
import { REQUIRED_FIELDS_MESSAGE, conciergeFeeSchema, dealCreateSchema, dealUpdateSchema } from './schemas';

type Parsed = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstMessage = (result: Parsed) => result.error?.issues[0]?.message;

const terms = {
  year: 2025,
  make: 'BMW',
  model: 'X5',
  monthlyPayment: 899,
  downPayment: 3000,
  termMonths: 36,
  mileageAllowance: 10_000,
  apr: 3.6,
};
const newDeal = { clientId: 'client-1', dealershipId: 'dealer-1', ...terms };

describe('dealCreateSchema', () => {
  it('applies the defaults of a new deal', () => {
    const deal = dealCreateSchema.parse(newDeal);
    expect(deal).toMatchObject({
      ...newDeal,
      dealType: 'lease',
      status: 'available',
      creditAppFormType: 'generic',
      addToMarketplace: false,
      incentives: [],
      conciergeFee: 0,
      trim: null,
      vin: null,
      moneyFactor: null,
      brokerFeeDealer: null,
      notSoldReason: null,
    });
  });

  it('titles the missing-field toast "Missing information"', () => {
    expect(MISSING_INFORMATION_TITLE).toBe('Missing information');
  });

  it.each([
    'clientId',
    'dealershipId',
    'year',
    'make',
    'model',
    'monthlyPayment',
    'downPayment',
    'termMonths',
    'mileageAllowance',
    'apr',
  ])('requires %s ("Please fill in all required fields")', (field) => {
    const result = dealCreateSchema.safeParse({ ...newDeal, [field]: undefined });
    expect(firstMessage(result)).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it.each([
    ['clientId', ''],
    ['make', '   '],
  ])('treats a blank %s as missing', (field, value) => {
    expect(firstMessage(dealCreateSchema.safeParse({ ...newDeal, [field]: value }))).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it('reads "Invalid number" for a number field holding something else', () => {
    expect(firstMessage(dealCreateSchema.safeParse({ ...newDeal, monthlyPayment: 'abc' }))).toBe('Invalid number');
  });

  it('applies the vehicle-offer rules to year and VIN', () => {
    expect(firstMessage(dealCreateSchema.safeParse({ ...newDeal, year: 1899 }))).toBe('Year must be 1900 or later');
    expect(firstMessage(dealCreateSchema.safeParse({ ...newDeal, vin: 'SHORT' }))).toBe('VIN must be exactly 17 characters');
  });

  it('forces available when the deal is added to the marketplace', () => {
    expect(dealCreateSchema.parse({ ...newDeal, status: 'active', addToMarketplace: true }).status).toBe('available');
  });

  it('offers only the create statuses', () => {
    expect(dealCreateSchema.safeParse({ ...newDeal, status: 'closed' }).success).toBe(true);
    expect(dealCreateSchema.safeParse({ ...newDeal, status: 'finalized' }).success).toBe(false);
  });

  it('accepts the incentives of both forms, once each', () => {
    expect(dealCreateSchema.parse({ ...newDeal, incentives: ['AAA', 'Pull Forward', 'loyalty', 'AAA'] }).incentives).toEqual([
      'AAA',
      'Pull Forward',
      'loyalty',
    ]);
    expect(dealCreateSchema.safeParse({ ...newDeal, incentives: ['Free gas'] }).success).toBe(false);
  });
});

describe('dealUpdateSchema', () => {
  it('lets client and dealership be "None"', () => {
    expect(dealUpdateSchema.parse({ ...terms, clientId: '', dealershipId: null })).toMatchObject({
      clientId: null,
      dealershipId: null,
    });
  });

  it.each(['year', 'make', 'model', 'monthlyPayment', 'downPayment', 'termMonths', 'mileageAllowance', 'apr'])(
    'requires %s',
    (field) => {
      expect(firstMessage(dealUpdateSchema.safeParse({ ...terms, [field]: undefined }))).toBe(REQUIRED_FIELDS_MESSAGE);
    },
  );

  describe('not sold', () => {
    it('requires a reason', () => {
      const result = dealUpdateSchema.safeParse({ ...terms, status: 'not_sold' });
      expect(firstMessage(result)).toBe('Please select a reason for not sold');
      expect(result.error?.issues[0]?.path).toEqual(['notSoldReason']);
    });

    it('requires a follow-up date when the buyer is not ready', () => {
      const result = dealUpdateSchema.safeParse({ ...terms, status: 'not_sold', notSoldReason: NOT_READY_TO_PURCHASE });
      expect(firstMessage(result)).toBe('Please select a follow-up date');
      expect(result.error?.issues[0]?.path).toEqual(['followUpDate']);
    });

    it('accepts "not ready" with a follow-up date and notes', () => {
      const deal = dealUpdateSchema.parse({
        ...terms,
        status: 'not_sold',
        notSoldReason: NOT_READY_TO_PURCHASE,
        followUpDate: '2026-05-01',
        notSoldNotes: 'Lease ends in May',
      });
      expect(deal).toMatchObject({
        notSoldReason: NOT_READY_TO_PURCHASE,
        followUpDate: '2026-05-01',
        notSoldNotes: 'Lease ends in May',
      });
    });

    it('accepts any other reason without a date, with optional notes', () => {
      expect(dealUpdateSchema.safeParse({ ...terms, status: 'not_sold', notSoldReason: 'Bought elsewhere' }).success).toBe(true);
    });

    it('clears the not-sold fields when the status is something else', () => {
      const deal = dealUpdateSchema.parse({ ...terms, status: 'active', notSoldReason: 'Payment', notSoldNotes: 'x' });
      expect(deal).toMatchObject({ notSoldReason: null, followUpDate: null, notSoldNotes: null });
    });

    it('rejects an unknown reason', () => {
      expect(firstMessage(dealUpdateSchema.safeParse({ ...terms, status: 'not_sold', notSoldReason: 'Too tall' }))).toBe(
        'Please select a reason for not sold',
      );
    });
  });

  describe('trade-in', () => {
    const tradeIn = {
      hasTradeIn: true,
      tradeInYear: 2018,
      tradeInMake: 'Honda',
      tradeInModel: 'Civic',
      tradeInMileage: 60_000,
      tradeInCondition: 'Good',
      tradeInHasLienholder: true,
      tradeInLienholder: 'Chase',
      tradeInPayoffBalance: 4200,
    };

    it('keeps a trade-in with a lienholder', () => {
      expect(dealUpdateSchema.parse({ ...terms, ...tradeIn })).toMatchObject(tradeIn);
    });

    it('clears the trade-in fields when there is no trade-in', () => {
      expect(dealUpdateSchema.parse({ ...terms, ...tradeIn, hasTradeIn: false })).toMatchObject({
        tradeInYear: null,
        tradeInMake: null,
        tradeInCondition: null,
        tradeInHasLienholder: false,
        tradeInLienholder: null,
        tradeInPayoffBalance: null,
      });
    });

    it('clears the lienholder when nothing is owed', () => {
      expect(dealUpdateSchema.parse({ ...terms, ...tradeIn, tradeInHasLienholder: false })).toMatchObject({
        tradeInMake: 'Honda',
        tradeInLienholder: null,
        tradeInPayoffBalance: null,
      });
    });

    it.each([
      [{ tradeInMileage: -1 }, 'Trade-in mileage must be a whole number of 0 or more'],
      [{ tradeInPayoffBalance: -1 }, 'Payoff balance cannot be negative'],
      [{ tradeInLienholder: 'L'.repeat(201) }, 'Lienholder must be less than 200 characters'],
    ])('rejects %j', (change, message) => {
      expect(firstMessage(dealUpdateSchema.safeParse({ ...terms, ...tradeIn, ...change }))).toBe(message);
    });
  });

  describe('concierge fee', () => {
    it.each([0, 100, 1500])('accepts %s', (conciergeFee) => {
      expect(dealUpdateSchema.parse({ ...terms, status: 'finalized', conciergeFee }).conciergeFee).toBe(conciergeFee);
    });

    it.each([
      [99, 'Fee must be $0, or between $100 and $1500'],
      [1501, 'Fee must be $0, or between $100 and $1500'],
      [-5, 'Please enter a valid fee amount'],
      ['abc', 'Please enter a valid fee amount'],
    ])('rejects %s with %j', (conciergeFee, message) => {
      expect(firstMessage(dealUpdateSchema.safeParse({ ...terms, conciergeFee }))).toBe(message);
      expect(firstMessage(conciergeFeeSchema.safeParse(conciergeFee))).toBe(message);
    });

    it('stores a blank fee as 0', () => {
      expect(dealUpdateSchema.parse({ ...terms, conciergeFee: '' }).conciergeFee).toBe(0);
    });
  });
});

describe('a deal’s expiration date and free text', () => {
  /** 2026-05-01 noon UTC: today is 2026-05-01 at UTC-12 and 2026-05-02 at UTC+14. */
  const NOW = new Date('2026-05-01T12:00:00.000Z');
  const create = (change: object) => atTime(NOW, () => dealCreateSchema.safeParse({ ...newDeal, ...change }));
  const update = (change: object) => atTime(NOW, () => dealUpdateSchema.safeParse({ ...terms, ...change }));

  it.each([
    ['2026-04-30', 'Expiration date cannot be in the past'],
    ['2028-05-03', 'Expiration date must be within 2 years'],
    ['2026-13-01', 'Expiration date must be a valid date'],
  ])('refuses %s at creation: %s, on the field', (expirationDate, message) => {
    const result = create({ expirationDate });
    expect(firstMessage(result)).toBe(message);
    expect(result.error?.issues[0]?.path).toEqual(['expirationDate']);
  });

  it.each(['2026-05-01', '2026-05-02', '2028-05-02', ''])(
    'accepts %j at creation (the window is inclusive; blank is none)',
    (expirationDate) => {
      expect(create({ expirationDate }).success).toBe(true);
    },
  );

  it('lets an edit keep or set a past date (the daily job expires the deal), not one beyond 2 years', () => {
    expect(update({ expirationDate: '2020-01-01' }).success).toBe(true);
    expect(firstMessage(update({ expirationDate: '2028-05-03' }))).toBe('Expiration date must be within 2 years');
  });

  it('refuses control or text-direction characters in names, and strips them from notes', () => {
    expect(firstMessage(create({ trim: 'M\u202ESport' }))).toBe('Trim cannot contain control or text-direction characters');
    expect(firstMessage(create({ make: 'B\u0000MW' }))).toBe('Make cannot contain control or text-direction characters');
    expect(
      firstMessage(
        create({ hasTradeIn: true, tradeInHasLienholder: true, tradeInLienholder: 'Chase\u2067', tradeInPayoffBalance: 1 }),
      ),
    ).toBe('Lienholder cannot contain control or text-direction characters');
    expect(create({ notes: 'Call \u202Eafter 5\nThanks' }).data?.notes).toBe('Call after 5\nThanks');
    expect(
      update({ status: 'not_sold', notSoldReason: 'Payment', notSoldNotes: '\u0007Too high\u2069' }).data?.notSoldNotes,
    ).toBe('Too high');
  });
});
