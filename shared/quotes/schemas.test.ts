import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailSchema } from '../auth/schemas';
import * as classic from '../validation';
import * as mini from '../validation-mini';
import { QUOTE_MESSAGES, contactStepSchema, quoteIntakeSchema, tradeInSchema, validateQuoteStep } from './schemas';

type Parsed = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstMessage = (result: Parsed) => result.error?.issues[0]?.message;

const exactVehicle = { vehiclePreference: 'exact', exactYear: 2025, exactMake: 'Toyota', exactModel: 'Camry' };
const contact = { firstName: 'Jo', lastName: 'Park', email: 'Jo@Example.com', phone: '4155552671', zipCode: '94107' };
const intake = { ...exactVehicle, ...contact };

describe('quoteIntakeSchema', () => {
  it('accepts a minimal exact-vehicle request and fills the defaults', () => {
    expect(quoteIntakeSchema.parse(intake)).toMatchObject({
      ...exactVehicle,
      ...contact,
      email: 'jo@example.com',
      exactTrim: null,
      workingWithBroker: false,
      hasTradeIn: false,
      tradeIns: [],
      mustHaveFeatures: [],
      isMilitary: false,
      currentlyLeasing: false,
      preferredContactMethod: null,
    });
  });

  describe('vehicle', () => {
    it.each([
      [{ exactMake: '' }, 'Make is required', 'exactMake'],
      [{ exactModel: undefined }, 'Model is required', 'exactModel'],
      [{ vehiclePreference: 'help' }, 'Body style is required', 'bodyStyle'],
      [{ vehiclePreference: 'maybe' }, QUOTE_MESSAGES.vehiclePreferenceRequired, 'vehiclePreference'],
      [{ exactYear: 2023 }, 'Year must be between 2024 and 2026', 'exactYear'],
      [{ exactYear: 2027 }, 'Year must be between 2024 and 2026', 'exactYear'],
      [{ exactMake: 'm'.repeat(101) }, 'Make must be less than 100 characters', 'exactMake'],
      [{ exactModel: 'm'.repeat(101) }, 'Model must be less than 100 characters', 'exactModel'],
      [{ exactTrim: 't'.repeat(101) }, 'Trim must be less than 100 characters', 'exactTrim'],
      [{ mustHaveOptions: 'o'.repeat(501) }, QUOTE_MESSAGES.mustHaveOptionsTooLong, 'mustHaveOptions'],
    ])('rejects %j with %j', (change, message, field) => {
      const result = quoteIntakeSchema.safeParse({ ...intake, ...change });
      expect(firstMessage(result)).toBe(message);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    });

    it.each([
      [{ exactYear: 2024 }],
      [{ exactYear: 2026 }],
      [{ exactMake: 'm'.repeat(100), exactModel: 'm'.repeat(100), exactTrim: 't'.repeat(100) }],
      [{ mustHaveOptions: 'o'.repeat(500) }],
      [
        {
          vehiclePreference: 'help',
          bodyStyle: 'Truck',
          truckConfiguration: '4 Door',
          exactMake: null,
          exactModel: null,
        },
      ],
    ])('accepts the edge %j', (change) => {
      expect(quoteIntakeSchema.safeParse({ ...intake, ...change }).success).toBe(true);
    });

    it('does not ask for a make when the buyer wants help', () => {
      expect(quoteIntakeSchema.safeParse({ ...contact, vehiclePreference: 'help', bodyStyle: 'SUV' }).success).toBe(true);
    });
  });

  describe('about you', () => {
    it('accepts an agent chosen by id (uuid) and rejects anything else', () => {
      const brokerId = '7d3f7a52-0b7e-4d8a-9c41-3f3b7f0e9a11';
      expect(quoteIntakeSchema.parse({ ...intake, workingWithBroker: true, brokerId }).brokerId).toBe(brokerId);
      expect(firstMessage(quoteIntakeSchema.safeParse({ ...intake, workingWithBroker: true, brokerId: 'blake' }))).toBe(
        QUOTE_MESSAGES.brokerId,
      );
    });

    it('accepts a budget of 0 and rejects a negative one', () => {
      expect(quoteIntakeSchema.safeParse({ ...intake, monthlyPaymentBudget: 0 }).success).toBe(true);
      expect(firstMessage(quoteIntakeSchema.safeParse({ ...intake, monthlyPaymentBudget: -1 }))).toBe(QUOTE_MESSAGES.budgetMin);
    });

    it('rejects a purchase timeframe, credit range or lease choice not on the lists', () => {
      expect(quoteIntakeSchema.safeParse({ ...intake, purchaseTimeframe: 'next-year' }).success).toBe(false);
      expect(quoteIntakeSchema.safeParse({ ...intake, creditScoreRange: '900' }).success).toBe(false);
      expect(quoteIntakeSchema.safeParse({ ...intake, leaseOrPurchase: 'rent' }).success).toBe(false);
    });

    it('reports a trade-in problem under its card', () => {
      const result = quoteIntakeSchema.safeParse({ ...intake, hasTradeIn: true, tradeIns: [{}, { condition: 6 }] });
      expect(firstMessage(result)).toBe(QUOTE_MESSAGES.tradeInCondition);
      expect(result.error?.issues[0]?.path).toEqual(['tradeIns', 1, 'condition']);
    });
  });

  describe('savings', () => {
    it('requires the current brand when currently leasing', () => {
      const result = quoteIntakeSchema.safeParse({ ...intake, currentlyLeasing: true });
      expect(firstMessage(result)).toBe('Current brand is required');
      expect(quoteIntakeSchema.safeParse({ ...intake, currentlyLeasing: true, currentLeaseBrand: 'Honda' }).success).toBe(true);
    });

    it('limits the current brand to 100 characters', () => {
      expect(quoteIntakeSchema.safeParse({ ...intake, currentlyLeasing: true, currentLeaseBrand: 'b'.repeat(100) }).success).toBe(
        true,
      );
      expect(
        firstMessage(quoteIntakeSchema.safeParse({ ...intake, currentlyLeasing: true, currentLeaseBrand: 'b'.repeat(101) })),
      ).toBe('Current brand must be less than 100 characters');
    });
  });

  describe('contact', () => {
    it.each([
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: 'f'.repeat(101) }, QUOTE_MESSAGES.firstNameTooLong],
      [{ lastName: ' ' }, 'Last name is required'],
      [{ lastName: 'l'.repeat(101) }, QUOTE_MESSAGES.lastNameTooLong],
      [{ email: 'jo' }, 'Invalid email address'],
      [{ email: `${'j'.repeat(250)}@x.com` }, 'Email must be less than 255 characters'],
      [{ phone: '' }, 'Phone number must be at least 10 digits'],
      [{ phone: '415555267' }, 'Phone number must be at least 10 digits'],
      [{ phone: '1'.repeat(21) }, QUOTE_MESSAGES.phoneTooLong],
      [{ zipCode: '9410' }, 'Zip code must be at least 5 digits'],
      [{ zipCode: '94107-12345' }, QUOTE_MESSAGES.zipTooLong],
      [{ preferredContactMethod: 'pigeon' }, 'Invalid input'],
    ])('rejects %j with %j', (change, message) => {
      expect(firstMessage(quoteIntakeSchema.safeParse({ ...intake, ...change }))).toBe(message);
    });

    it.each([
      [{ firstName: 'f'.repeat(100), lastName: 'l'.repeat(100) }],
      [{ phone: '4155552671' }],
      [{ phone: '+1 (415) 555-2671 x1' }],
      [{ zipCode: '94107' }],
      [{ zipCode: '94107-1234' }],
      [{ preferredContactMethod: 'call' }],
    ])('accepts the edge %j', (change) => {
      expect(quoteIntakeSchema.safeParse({ ...intake, ...change }).success).toBe(true);
    });
  });

  it('reports problems in the order the wizard asks: vehicle before contact', () => {
    const result = quoteIntakeSchema.safeParse({ ...contact, firstName: '', vehiclePreference: 'exact' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Make is required',
      'Model is required',
      'First name is required',
    ]);
  });
});

describe('tradeInSchema', () => {
  it("says what an owed trade-in lacks together with its other fields' messages, not one batch after another", () => {
    const result = tradeInSchema.safeParse({ mileage: Number.NaN, hasLienholder: true, lienholderName: '' }) as Parsed;
    const messages = result.error?.issues.map(({ path, message }) => [path.join('.'), message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['lienholderName', QUOTE_MESSAGES.lienholderRequired],
        ['payoffBalance', QUOTE_MESSAGES.payoffRequired],
      ]),
    );
    expect(messages?.some(([path]) => path === 'mileage')).toBe(true);
  });

  it('reads a trade-in that is not an object as one invalid input, without the lien rule failing on it', () => {
    expect(tradeInSchema.safeParse(null).success).toBe(false);
    expect(tradeInSchema.safeParse(5).success).toBe(false);
  });

  afterEach(() => vi.useRealTimers());

  it('requires the lienholder name and amount owed when money is owed', () => {
    const result = tradeInSchema.safeParse({ hasLienholder: true });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Lienholder name is required',
      'Amount owed is required',
    ]);
    expect(tradeInSchema.safeParse({ hasLienholder: true, lienholderName: 'Chase', payoffBalance: 0 }).success).toBe(true);
  });

  it('accepts years from 1900 to the current year', () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 15), toFake: ['Date'] });
    expect(tradeInSchema.safeParse({ year: 1900 }).success).toBe(true);
    expect(tradeInSchema.safeParse({ year: 2026 }).success).toBe(true);
    expect(firstMessage(tradeInSchema.safeParse({ year: 1899 }))).toBe('Trade-in year must be between 1900 and 2026');
    expect(firstMessage(tradeInSchema.safeParse({ year: 2027 }))).toBe('Trade-in year must be between 1900 and 2026');
  });

  it.each([
    [{ mileage: 0 }, true],
    [{ mileage: -1 }, QUOTE_MESSAGES.tradeInMileage],
    [{ mileage: 10.5 }, QUOTE_MESSAGES.tradeInMileage],
    [{ condition: 1 }, true],
    [{ condition: 5 }, true],
    [{ condition: 0 }, QUOTE_MESSAGES.tradeInCondition],
    [{ condition: 6 }, QUOTE_MESSAGES.tradeInCondition],
    [{ condition: 2.5 }, QUOTE_MESSAGES.tradeInCondition],
    [{ lienholderName: 'b'.repeat(200) }, true],
    [{ lienholderName: 'b'.repeat(201) }, QUOTE_MESSAGES.lienholderTooLong],
    [{ payoffBalance: 0 }, true],
    [{ payoffBalance: -0.01 }, QUOTE_MESSAGES.payoffMin],
    [{ make: 'm'.repeat(101) }, 'Make must be less than 100 characters'],
  ])('%j -> %s', (tradeIn, expected) => {
    const result = tradeInSchema.safeParse(tradeIn);
    if (expected === true) expect(result.success).toBe(true);
    else expect(firstMessage(result)).toBe(expected);
  });
});

describe('validateQuoteStep', () => {
  it('step 1 checks the vehicle preference and its required fields', () => {
    expect(validateQuoteStep(1, {})).toBe(QUOTE_MESSAGES.vehiclePreferenceRequired);
    expect(validateQuoteStep(1, { vehiclePreference: 'exact' })).toBe('Make is required');
    expect(validateQuoteStep(1, { vehiclePreference: 'exact', exactMake: 'Kia' })).toBe('Model is required');
    expect(validateQuoteStep(1, { vehiclePreference: 'help' })).toBe('Body style is required');
    expect(validateQuoteStep(1, { vehiclePreference: 'help', bodyStyle: 'Sedan' })).toBeNull();
    expect(validateQuoteStep(1, exactVehicle)).toBeNull();
  });

  it('steps 2 and 3 always let the buyer go on (trade-in cards are not validated by the wizard)', () => {
    expect(validateQuoteStep(2, { hasTradeIn: true, tradeIns: [{ condition: 9 }] })).toBeNull();
    expect(validateQuoteStep(3, { currentlyLeasing: true })).toBeNull();
  });

  it('step 4 checks first name, last name, e-mail, phone and zip code in that order', () => {
    expect(validateQuoteStep(4, {})).toBe('First name is required');
    expect(validateQuoteStep(4, { firstName: 'Jo' })).toBe('Last name is required');
    expect(validateQuoteStep(4, { firstName: 'Jo', lastName: 'Park' })).toBe('Invalid email address');
    expect(validateQuoteStep(4, { ...contact, phone: '123' })).toBe('Phone number must be at least 10 digits');
    expect(validateQuoteStep(4, { ...contact, zipCode: '1' })).toBe('Zip code must be at least 5 digits');
    expect(validateQuoteStep(4, contact)).toBeNull();
  });
});

describe('the zod/mini rules match their classic counterparts', () => {
  const inputs: unknown[] = [
    undefined,
    null,
    '',
    '   ',
    'a',
    '  Jo@Example.COM ',
    'not-an-email',
    'x'.repeat(300),
    42,
    1.5,
    -1,
    Number.NaN,
    true,
    [],
  ];
  const outcome = (
    schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    return result.success ? { data: result.data } : { messages: result.error?.issues.map((issue) => issue.message) };
  };

  it('the contact e-mail answers as the account e-mail rule (shared/auth/schemas.ts)', () => {
    for (const value of inputs) expect(outcome(contactStepSchema.shape.email, value)).toEqual(outcome(emailSchema, value));
  });

  it.each([
    ['text', mini.text(), classic.text()],
    ['requiredText', mini.requiredText('Needed'), classic.requiredText('Needed')],
    ['number', mini.number('Needed'), classic.number('Needed')],
    ['integer', mini.integer(undefined, 'Whole'), classic.integer(undefined, 'Whole')],
    ['blankToNull(text)', mini.blankToNull(mini.text()), classic.blankToNull(classic.text())],
    ['blankToNull(integer)', mini.blankToNull(mini.integer()), classic.blankToNull(classic.integer())],
  ] as const)('%s', (_name, miniSchema, classicSchema) => {
    for (const value of inputs) expect(outcome(miniSchema, value)).toEqual(outcome(classicSchema, value));
  });
});
