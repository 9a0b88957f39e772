/**
 * Pick lists of the public quote wizard and the intake questionnaire.
 * Values are what the API stores; labels are what the wizard shows.
 */
import { QUOTE_EXACT_YEARS } from '../constants';

export const VEHICLE_PREFERENCES = ['exact', 'help'] as const;
export type VehiclePreference = (typeof VEHICLE_PREFERENCES)[number];
export const VEHICLE_PREFERENCE_LABELS: Record<VehiclePreference, string> = {
  exact: 'Yes, I know the exact Year, Make, Model, Trim',
  help: 'No, help me figure it out',
};

/** Years offered for an exact vehicle, newest first as the dropdown lists them. */
export const EXACT_VEHICLE_YEARS = QUOTE_EXACT_YEARS;

export const CAR_MAKES = [
  'Toyota',
  'Honda',
  'Ford',
  'Chevrolet',
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Lexus',
  'Tesla',
  'Nissan',
  'Mazda',
  'Subaru',
  'Volkswagen',
  'Hyundai',
  'Kia',
  'Jeep',
  'Ram',
  'GMC',
  'Other',
] as const;
export type CarMake = (typeof CAR_MAKES)[number];

export const BODY_STYLES = ['SUV', 'Truck', 'Sedan', 'Coupe', 'Other'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

/** The door options; the wizard asks them as the truck configuration when the body style is Truck. */
export const DOOR_OPTIONS = ['2 Door', '4 Door'] as const;
export type DoorOption = (typeof DOOR_OPTIONS)[number];
export const TRUCK_CONFIGURATIONS = DOOR_OPTIONS;
export type TruckConfiguration = DoorOption;

const ALWAYS_OFFERED_FEATURES = ['4x4/AWD', 'Best possible deal (price-focused)'] as const;
const SUV_AND_TRUCK_FEATURES = ['7+ passenger seating', 'Towing package'] as const;
const SEDAN_FEATURES = ['Fuel efficiency', 'Advanced safety features'] as const;
const COUPE_FEATURES = ['Performance package', 'Premium sound system'] as const;

export const FEATURE_OPTIONS = [
  ...ALWAYS_OFFERED_FEATURES,
  ...SUV_AND_TRUCK_FEATURES,
  ...SEDAN_FEATURES,
  ...COUPE_FEATURES,
] as const;
export type FeatureOption = (typeof FEATURE_OPTIONS)[number];

const EXTRA_FEATURES: Record<BodyStyle, readonly FeatureOption[]> = {
  SUV: SUV_AND_TRUCK_FEATURES,
  Truck: SUV_AND_TRUCK_FEATURES,
  Sedan: SEDAN_FEATURES,
  Coupe: COUPE_FEATURES,
  Other: [],
};

/** The must-have checkboxes for a body style: the body-specific ones, between the two always offered. */
export function featureOptionsFor(bodyStyle: BodyStyle): FeatureOption[] {
  const [allWheel, bestDeal] = ALWAYS_OFFERED_FEATURES;
  return [allWheel, ...EXTRA_FEATURES[bodyStyle], bestDeal];
}

/** Trade-in condition in the wizard and intake: 1 (Rough) to 5 (Excellent). */
export const QUOTE_TRADE_IN_CONDITIONS = [1, 2, 3, 4, 5] as const;
export type QuoteTradeInCondition = (typeof QUOTE_TRADE_IN_CONDITIONS)[number];
export const QUOTE_TRADE_IN_CONDITION_LABELS: Record<QuoteTradeInCondition, string> = {
  1: 'Rough',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

export const PURCHASE_TIMEFRAMES = ['this-week', '1-2-weeks', '3-4-weeks', '1-3-months', 'researching'] as const;
export type PurchaseTimeframe = (typeof PURCHASE_TIMEFRAMES)[number];
export const PURCHASE_TIMEFRAME_LABELS: Record<PurchaseTimeframe, string> = {
  'this-week': 'This week',
  '1-2-weeks': '1-2 weeks',
  '3-4-weeks': '3-4 weeks',
  '1-3-months': '1-3 months',
  researching: 'Just researching',
};

/** Approximate credit score in the wizard (not the deal's ranges, see deals/enums.ts). */
export const QUOTE_CREDIT_SCORE_RANGES = ['750+', '700-749', '650-699', '600-649', 'below-600', 'not-sure'] as const;
export type QuoteCreditScoreRange = (typeof QUOTE_CREDIT_SCORE_RANGES)[number];
export const QUOTE_CREDIT_SCORE_RANGE_LABELS: Record<QuoteCreditScoreRange, string> = {
  '750+': '750+',
  '700-749': '700-749',
  '650-699': '650-699',
  '600-649': '600-649',
  'below-600': 'Below 600',
  'not-sure': 'Not sure',
};

export const LEASE_OR_PURCHASE = ['purchase', 'lease', 'not-sure'] as const;
export type LeaseOrPurchase = (typeof LEASE_OR_PURCHASE)[number];
export const LEASE_OR_PURCHASE_LABELS: Record<LeaseOrPurchase, string> = {
  purchase: 'Purchase',
  lease: 'Lease',
  'not-sure': 'Not sure',
};

export const PREFERRED_CONTACT_METHODS = ['text', 'call', 'email'] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];
export const PREFERRED_CONTACT_METHOD_LABELS: Record<PreferredContactMethod, string> = {
  text: 'Text',
  call: 'Call',
  email: 'Email',
};

/**
 * A lead's status in the inbox (docs/decisions.md, "Leads"). The quote route stores every lead as `new`; the leads
 * feature moves it on and records each change.
 */
export const QUOTE_LEAD_STATUSES = ['new', 'contacted', 'converted', 'lost'] as const;
export type QuoteLeadStatus = (typeof QUOTE_LEAD_STATUSES)[number];

/**
 * Whether the new-lead e-mail reached SES for every recipient (`failed` keeps the first error); `retrying`: not sent
 * to every recipient yet, sent automatically later (functions/lib/outbox.ts).
 */
export const LEAD_NOTIFICATION_STATUSES = ['sent', 'retrying', 'failed'] as const;
export type LeadNotificationStatus = (typeof LEAD_NOTIFICATION_STATUSES)[number];
