/**
 * The public quote request: the intake questionnaire the API accepts and the wizard's per-step checks
 * (docs/decisions.md, "Quotes"). The intake is the four wizard steps
 * joined, so its first message follows the order in which the wizard asks.
 */
// zod/mini (zod's tree-shakeable API): the public quote wizard loads these schemas, and its first load must stay under
// 100 KB of JavaScript (docs/decisions.md, "Quote wizard bundle"). The server composes them into its classic request
// schema (./api.ts); both share zod's core, so the rules and messages are the same on either side.
import * as z from 'zod/mini';
import {
  QUOTE_EXACT_YEARS,
  QUOTE_LIMITS,
  TEXT_LIMITS,
  TRADE_IN_CONDITION_MAX,
  TRADE_IN_CONDITION_MIN,
  TRADE_IN_YEAR_MIN,
} from '../constants';
import { INVALID_INPUT } from '../validation';
import { blankToNull, integer, number, requiredText, text } from '../validation-mini';
import {
  BODY_STYLES,
  FEATURE_OPTIONS,
  LEASE_OR_PURCHASE,
  PREFERRED_CONTACT_METHODS,
  PURCHASE_TIMEFRAMES,
  QUOTE_CREDIT_SCORE_RANGES,
  TRUCK_CONFIGURATIONS,
  VEHICLE_PREFERENCES,
} from './enums';

/** More trade-ins than any shopper brings; each card beyond the first is written into additional_notes. */
export const QUOTE_MAX_TRADE_INS = 5;

const EXACT_YEAR_MIN = Math.min(...QUOTE_EXACT_YEARS);
const EXACT_YEAR_MAX = Math.max(...QUOTE_EXACT_YEARS);

export const QUOTE_MESSAGES = {
  vehiclePreferenceRequired: 'Please choose whether you know the exact car you want',
  exactYear: `Year must be between ${EXACT_YEAR_MIN} and ${EXACT_YEAR_MAX}`,
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  bodyStyleRequired: 'Body style is required',
  vehicleTextTooLong: (field: string) => `${field} must be less than ${QUOTE_LIMITS.vehicleText} characters`,
  mustHaveOptionsTooLong: `Must-have options must be less than ${QUOTE_LIMITS.mustHaveOptions} characters`,
  brokerId: 'Please choose an agent from the list',
  tooManyTradeIns: `You can list at most ${QUOTE_MAX_TRADE_INS} trade-ins`,
  tradeInYear: (maxYear: number) => `Trade-in year must be between ${TRADE_IN_YEAR_MIN} and ${maxYear}`,
  tradeInMileage: 'Mileage must be a whole number of 0 or more',
  tradeInCondition: `Condition must be between ${TRADE_IN_CONDITION_MIN} and ${TRADE_IN_CONDITION_MAX}`,
  lienholderRequired: 'Lienholder name is required',
  lienholderTooLong: `Lienholder name must be less than ${QUOTE_LIMITS.lienholderName} characters`,
  payoffRequired: 'Amount owed is required',
  payoffMin: 'Amount owed cannot be negative',
  budgetMin: 'Monthly budget cannot be negative',
  currentBrandRequired: 'Current brand is required',
  firstNameRequired: 'First name is required',
  firstNameTooLong: `First name must be less than ${QUOTE_LIMITS.name} characters`,
  lastNameRequired: 'Last name is required',
  lastNameTooLong: `Last name must be less than ${QUOTE_LIMITS.name} characters`,
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneTooLong: `Phone number must be less than ${QUOTE_LIMITS.phoneMax} characters`,
  zipTooShort: 'Zip code must be at least 5 digits',
  zipTooLong: `Zip code must be less than ${QUOTE_LIMITS.zipMax} characters`,
} as const;

const vehicleText = (field: string) =>
  blankToNull(text().check(z.maxLength(QUOTE_LIMITS.vehicleText, QUOTE_MESSAGES.vehicleTextTooLong(field))));
const flag = () => z._default(z.boolean(INVALID_INPUT), false);

/**
 * A refinement that runs even when a field of its object already failed (zod skips it then by default): the
 * "required when" messages come with the other fields' messages at once, not one batch after another. Only for
 * refinements that read their fields defensively (a failed field holds what was sent).
 */
const evenWithOtherIssues = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * The account e-mail rule of shared/auth/schemas.ts (`emailSchema`, classic zod, which this file must not import),
 * with the same messages; shared/quotes/schemas.test.ts holds the two to the same answers.
 */
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';
export const EMAIL_TOO_LONG_MESSAGE = `Email must be less than ${TEXT_LIMITS.email} characters`;
const emailSchema = z.pipe(
  z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .check(z.trim(), z.toLowerCase(), z.maxLength(TEXT_LIMITS.email, EMAIL_TOO_LONG_MESSAGE)),
  z.email(INVALID_EMAIL_MESSAGE),
);

// Step 1: the vehicle

/** Exact shows year/make/model/trim; help shows body style and features. Each requires its own fields. */
export const vehicleStepSchema = z
  .object({
    vehiclePreference: z.enum(VEHICLE_PREFERENCES, QUOTE_MESSAGES.vehiclePreferenceRequired),
    exactYear: blankToNull(
      integer(undefined, QUOTE_MESSAGES.exactYear).check(
        z.gte(EXACT_YEAR_MIN, QUOTE_MESSAGES.exactYear),
        z.lte(EXACT_YEAR_MAX, QUOTE_MESSAGES.exactYear),
      ),
    ),
    exactMake: vehicleText('Make'),
    exactModel: vehicleText('Model'),
    exactTrim: vehicleText('Trim'),
    mustHaveOptions: blankToNull(text().check(z.maxLength(QUOTE_LIMITS.mustHaveOptions, QUOTE_MESSAGES.mustHaveOptionsTooLong))),
    bodyStyle: blankToNull(z.enum(BODY_STYLES, QUOTE_MESSAGES.bodyStyleRequired)),
    truckConfiguration: blankToNull(z.enum(TRUCK_CONFIGURATIONS, INVALID_INPUT)),
    mustHaveFeatures: z._default(z.array(z.enum(FEATURE_OPTIONS, INVALID_INPUT)), []),
  })
  .check(
    z.superRefine((step, ctx) => {
      if (step.vehiclePreference === 'exact') {
        if (!step.exactMake) ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.makeRequired, path: ['exactMake'] });
        if (!step.exactModel) ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.modelRequired, path: ['exactModel'] });
      } else if (!step.bodyStyle) {
        ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.bodyStyleRequired, path: ['bodyStyle'] });
      }
    }),
  );

// Step 2: about you

/** Trade-in years run up to the current year, read when validating. */
function tradeInYearField() {
  return integer(undefined, INVALID_INPUT).check(
    z.superRefine((year, ctx) => {
      const maxYear = new Date().getFullYear();
      if (year < TRADE_IN_YEAR_MIN || year > maxYear)
        ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.tradeInYear(maxYear) });
    }),
  );
}

export const tradeInSchema = z
  .object({
    year: blankToNull(tradeInYearField()),
    make: vehicleText('Make'),
    model: vehicleText('Model'),
    mileage: blankToNull(integer(undefined, QUOTE_MESSAGES.tradeInMileage).check(z.gte(0, QUOTE_MESSAGES.tradeInMileage))),
    condition: blankToNull(
      integer(undefined, QUOTE_MESSAGES.tradeInCondition).check(
        z.gte(TRADE_IN_CONDITION_MIN, QUOTE_MESSAGES.tradeInCondition),
        z.lte(TRADE_IN_CONDITION_MAX, QUOTE_MESSAGES.tradeInCondition),
      ),
    ),
    hasLienholder: flag(),
    lienholderName: blankToNull(text().check(z.maxLength(QUOTE_LIMITS.lienholderName, QUOTE_MESSAGES.lienholderTooLong))),
    payoffBalance: blankToNull(number().check(z.gte(0, QUOTE_MESSAGES.payoffMin))),
  })
  .check(
    z.superRefine((tradeIn, ctx) => {
      if (tradeIn.hasLienholder !== true) return;
      if (!tradeIn.lienholderName)
        ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.lienholderRequired, path: ['lienholderName'] });
      if (tradeIn.payoffBalance == null)
        ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.payoffRequired, path: ['payoffBalance'] });
    }, evenWithOtherIssues),
  );
export type QuoteTradeIn = z.output<typeof tradeInSchema>;

export const aboutYouStepSchema = z.object({
  workingWithBroker: flag(),
  brokerId: blankToNull(z.uuid(QUOTE_MESSAGES.brokerId)),
  hasTradeIn: flag(),
  // Bounded so that a whole request stays well under the route's body limit (shared/api/routes.ts).
  tradeIns: z._default(z.array(tradeInSchema).check(z.maxLength(QUOTE_MAX_TRADE_INS, QUOTE_MESSAGES.tooManyTradeIns)), []),
  purchaseTimeframe: blankToNull(z.enum(PURCHASE_TIMEFRAMES, INVALID_INPUT)),
  creditScoreRange: blankToNull(z.enum(QUOTE_CREDIT_SCORE_RANGES, INVALID_INPUT)),
  monthlyPaymentBudget: blankToNull(number().check(z.gte(0, QUOTE_MESSAGES.budgetMin))),
  hasCosigner: flag(),
  leaseOrPurchase: blankToNull(z.enum(LEASE_OR_PURCHASE, INVALID_INPUT)),
  hasPriorAutoLoan: flag(),
});

// Step 3: savings

export const savingsStepSchema = z
  .object({
    isMilitary: flag(),
    isAaaMember: flag(),
    isCostcoMember: flag(),
    isCollegeStudent: flag(),
    isFirstResponder: flag(),
    currentlyLeasing: flag(),
    currentLeaseBrand: vehicleText('Current brand'),
  })
  .check(
    z.superRefine((step, ctx) => {
      if (step.currentlyLeasing === true && !step.currentLeaseBrand) {
        ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.currentBrandRequired, path: ['currentLeaseBrand'] });
      }
    }, evenWithOtherIssues),
  );

// Step 4: contact

export const contactStepSchema = z.object({
  firstName: requiredText(QUOTE_MESSAGES.firstNameRequired).check(
    z.maxLength(QUOTE_LIMITS.name, QUOTE_MESSAGES.firstNameTooLong),
  ),
  lastName: requiredText(QUOTE_MESSAGES.lastNameRequired).check(z.maxLength(QUOTE_LIMITS.name, QUOTE_MESSAGES.lastNameTooLong)),
  email: emailSchema,
  phone: requiredText(QUOTE_MESSAGES.phoneTooShort).check(
    z.minLength(QUOTE_LIMITS.phoneMin, QUOTE_MESSAGES.phoneTooShort),
    z.maxLength(QUOTE_LIMITS.phoneMax, QUOTE_MESSAGES.phoneTooLong),
  ),
  zipCode: requiredText(QUOTE_MESSAGES.zipTooShort).check(
    z.minLength(QUOTE_LIMITS.zipMin, QUOTE_MESSAGES.zipTooShort),
    z.maxLength(QUOTE_LIMITS.zipMax, QUOTE_MESSAGES.zipTooLong),
  ),
  preferredContactMethod: blankToNull(z.enum(PREFERRED_CONTACT_METHODS, INVALID_INPUT)),
});

/** The whole questionnaire, as the public quote endpoint receives it. */
export const quoteIntakeSchema = z.intersection(
  z.intersection(vehicleStepSchema, aboutYouStepSchema),
  z.intersection(savingsStepSchema, contactStepSchema),
);
export type QuoteIntakeInput = z.input<typeof quoteIntakeSchema>;
export type QuoteIntake = z.output<typeof quoteIntakeSchema>;

/**
 * The wizard validates step 1 (the vehicle) and step 4 (contact) before moving on; steps 2 and 3 always
 * pass and their rules (lienholder, current brand) are checked with the whole intake on submit.
 * Returns the message to show, or null when the step may proceed.
 */
export function validateQuoteStep(step: 1 | 2 | 3 | 4, form: Record<string, unknown>): string | null {
  const schema = step === 1 ? vehicleStepSchema : step === 4 ? contactStepSchema : undefined;
  if (!schema) return null;
  const result = schema.safeParse(form);
  return result.success ? null : (result.error.issues[0]?.message ?? INVALID_INPUT);
}
