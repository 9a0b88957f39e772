/**
 * The quote wizard's steps as data (docs/decisions.md, "Quotes"): titles, the Next labels,
 * which shared schema each step's Next checks, the form's starting values and the texts shown. Pure, so the
 * rules are tested without a browser.
 *
 * Each Next checks its own step's rules (step 1: the vehicle; step 2: an owed trade-in's lienholder and amount;
 * step 3: the current brand when leasing), so the final submit never fails on a field the shopper can no longer
 * see; the submit checks the whole intake again (docs/decisions.md, "Quotes").
 */
import type * as z from 'zod/mini';
import { QUOTE_LIMITS, QUOTE_REPLY_WITHIN_MINUTES, QUOTE_STEP_COUNT } from '@shared/constants';
import { CAR_MAKES, EXACT_VEHICLE_YEARS } from '@shared/quotes/enums';
import { QUOTE_WIZARD_PATH } from '@shared/quotes/request';
import { aboutYouStepSchema, quoteIntakeSchema, savingsStepSchema, vehicleStepSchema } from '@shared/quotes/schemas';
import { parseNumberInput } from '@web/components/ui/form-rules';

export type QuoteStep = 1 | 2 | 3 | 4;
export const QUOTE_STEPS: readonly QuoteStep[] = [1, 2, 3, 4];

export const STEP_COUNT = QUOTE_STEP_COUNT;

export const STEP_TITLES: Record<QuoteStep, string> = {
  1: 'Do you know exactly what car you want?',
  2: 'Tell us about you',
  3: 'Unlock extra savings',
  4: 'Almost done',
};

/** The label of the button that leaves each step (step 4 submits). */
export const NEXT_LABELS: Record<Exclude<QuoteStep, 4>, string> = {
  1: 'Next – Tell us about you',
  2: 'Next – Unlock extra savings',
  3: 'Next – Almost done',
};

export const SUBMIT_LABEL = 'Show Me My Matches!';
export const SUBMITTING_LABEL = 'Submitting...';

/** What each step's Next validates; step 4's submit validates the whole intake. */
export const STEP_SCHEMAS: Record<QuoteStep, z.ZodMiniType> = {
  1: vehicleStepSchema,
  2: aboutYouStepSchema,
  3: savingsStepSchema,
  4: quoteIntakeSchema,
};

export function stepLabel(step: QuoteStep): string {
  return `Step ${step} of ${STEP_COUNT}`;
}

/** The progress bar's fill, in percent (step / 4). */
export function progressPercent(step: QuoteStep): number {
  return (step / STEP_COUNT) * 100;
}

/** Smooth scrolling between steps, unless the shopper asked the system for less motion. */
export function scrollBehaviour(prefersReducedMotion: boolean): ScrollBehavior {
  return prefersReducedMotion ? 'auto' : 'smooth';
}

export const CONSENT_NOTICE =
  'By submitting, you agree to be contacted by phone, SMS or e-mail, including by automated dialing systems and pre-recorded messages. Consent is not required to make a purchase. Message and data rates may apply. Reply STOP to opt out of texts, or unsubscribe from e-mails at any time.';

export const SUCCESS_TOAST = {
  title: 'Quote Request Submitted!',
  description: `We're searching inventory—expect a text/email in <${QUOTE_REPLY_WITHIN_MINUTES} min.`,
} as const;
export const FAILURE_TOAST_TITLE = 'Error';

export const THANK_YOU_PATH = '/quote-thank-you';
export const QUOTE_PATH = QUOTE_WIZARD_PATH;
/** Where the thank-you page sends shoppers to "check available deals": the public trending page (they have no account). */
export const AVAILABLE_DEALS_PATH = '/trending-deals-embed';

/** The team's phone line on the thank-you page ("call us"). */
export const CONTACT_PHONE = { display: '(888) 555-0142', href: 'tel:+18885550142' } as const;

/**
 * A trade-in card as the form holds it: the text typed into its number fields (turned into numbers by
 * answeredValues), '' for a blank, and the condition as chosen (a number, or '').
 */
export interface TradeInCardValues {
  year: string;
  make: string;
  model: string;
  mileage: string;
  condition: number | '';
  hasLienholder: boolean;
  lienholderName: string;
  payoffBalance: string;
}

export function emptyTradeIn(): TradeInCardValues {
  return {
    year: '',
    make: '',
    model: '',
    mileage: '',
    condition: '',
    hasLienholder: false,
    lienholderName: '',
    payoffBalance: '',
  };
}

/** The form's starting values: nothing chosen, one empty trade-in card ready for "yes". */
export function initialQuoteValues() {
  return {
    vehiclePreference: '',
    exactYear: '' as number | '',
    exactMake: '',
    exactModel: '',
    exactTrim: '',
    mustHaveOptions: '',
    bodyStyle: '',
    truckConfiguration: '',
    mustHaveFeatures: [] as string[],
    workingWithBroker: false,
    brokerId: '',
    hasTradeIn: false,
    tradeIns: [emptyTradeIn()] as TradeInCardValues[],
    purchaseTimeframe: '',
    creditScoreRange: '',
    /** As typed (see answeredValues). */
    monthlyPaymentBudget: '',
    hasCosigner: false,
    leaseOrPurchase: '',
    hasPriorAutoLoan: false,
    isMilitary: false,
    isAaaMember: false,
    isCostcoMember: false,
    isCollegeStudent: false,
    isFirstResponder: false,
    currentlyLeasing: false,
    currentLeaseBrand: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    zipCode: '',
    preferredContactMethod: '',
  };
}
export type QuoteFormValues = ReturnType<typeof initialQuoteValues>;

/**
 * Step 1's answers for a vehicle the shopper chose on the trending embed: "I know the exact car", with its year (when
 * the wizard offers it), its make (or "Other" for one it does not list), model and trim. Only for a shopper who has
 * not answered step 1 yet (null otherwise): what they typed is theirs.
 */
export function vehicleStepFor(
  values: Pick<QuoteFormValues, 'vehiclePreference'>,
  vehicle: { year: number; make: string; model: string; trim: string | null },
): Partial<QuoteFormValues> | null {
  if (values.vehiclePreference !== '') return null;
  const year = (EXACT_VEHICLE_YEARS as readonly number[]).includes(vehicle.year) ? vehicle.year : '';
  const make = CAR_MAKES.find((listed) => listed.toLowerCase() === vehicle.make.toLowerCase()) ?? 'Other';
  return {
    vehiclePreference: 'exact',
    exactYear: year,
    exactMake: make,
    exactModel: vehicle.model.slice(0, QUOTE_LIMITS.vehicleText),
    exactTrim: (vehicle.trim ?? '').slice(0, QUOTE_LIMITS.vehicleText),
  };
}

/**
 * What the step schemas check and the request carries: the answers on screen only, with the number fields' text
 * as numbers (parseNumberInput: blank is undefined, anything else not a number NaN, which the schema refuses). A
 * section the shopper hid (trade-in "No", agent "No", not leasing, the other branch of step 1, a lien not owed)
 * keeps its answers in the form, so choosing it again brings them back, but is neither checked nor sent.
 */
export function answeredValues(values: QuoteFormValues) {
  const exact = values.vehiclePreference === 'exact';
  const help = values.vehiclePreference === 'help';
  return {
    ...values,
    exactYear: exact ? values.exactYear : '',
    exactMake: exact ? values.exactMake : '',
    exactModel: exact ? values.exactModel : '',
    exactTrim: exact ? values.exactTrim : '',
    mustHaveOptions: exact ? values.mustHaveOptions : '',
    bodyStyle: help ? values.bodyStyle : '',
    truckConfiguration: help && values.bodyStyle === 'Truck' ? values.truckConfiguration : '',
    mustHaveFeatures: help ? values.mustHaveFeatures : [],
    brokerId: values.workingWithBroker ? values.brokerId : '',
    tradeIns: values.hasTradeIn
      ? values.tradeIns.map((card) => ({
          ...card,
          year: parseNumberInput(card.year),
          mileage: parseNumberInput(card.mileage),
          lienholderName: card.hasLienholder ? card.lienholderName : '',
          payoffBalance: card.hasLienholder ? parseNumberInput(card.payoffBalance) : undefined,
        }))
      : [],
    monthlyPaymentBudget: parseNumberInput(values.monthlyPaymentBudget),
    currentLeaseBrand: values.currentlyLeasing ? values.currentLeaseBrand : '',
  };
}

/** The five discount checkboxes of step 3, in the required order and words. */
export const DISCOUNTS = [
  { name: 'isMilitary', label: 'Current or former military (including veterans)' },
  { name: 'isAaaMember', label: 'AAA member' },
  { name: 'isCostcoMember', label: 'Costco member' },
  { name: 'isCollegeStudent', label: 'Current college student or recent grad (past 2 years)' },
  { name: 'isFirstResponder', label: 'First responder (police, fire, EMT)' },
] as const satisfies readonly { name: keyof QuoteFormValues; label: string }[];
