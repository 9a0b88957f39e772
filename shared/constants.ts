/**
 * Business constants and limits of the product, named once and imported by the web app,
 * the functions and the infra. A rule that needs one of these numbers imports it from here rather than
 * repeating the literal, so a change of policy is one edit.
 */

// Accounts
export const PASSWORD_MIN_LENGTH = 12;
/** The sign-in form only guards against obviously empty input; the pool's policy is checked at sign-up. */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

// Trending vehicles (dashboard panel and public embed)
export const TRENDING_WINDOW_DAYS = 5;
export const TRENDING_LIMIT = 5;

/** Every date the product shows (date-fns / Unicode pattern). */
export const DISPLAY_DATE_FORMAT = 'MM/dd/yyyy';

// Deal terms and client data
export const TERM_MONTHS_MAX = 84;
export const CREDIT_SCORE_MIN = 300;
export const CREDIT_SCORE_MAX = 850;
export const VIN_LENGTH = 17;
/** Our choice: a client's date of birth makes them an adult, and a living one (years before today). */
export const CLIENT_AGE_MIN = 18;
export const CLIENT_AGE_MAX = 120;
/** E.164: at most 15 digits after the optional "+". */
export const PHONE_MAX_DIGITS = 15;

/** Maximum lengths of free text, in characters. */
export const TEXT_LIMITS = {
  name: 100,
  location: 200,
  address: 500,
  clientNotes: 2000,
  vehicleNotes: 5000,
  make: 50,
  model: 50,
  trim: 50,
  licenceNumber: 50,
  email: 255,
  /** Our choice: stock numbers are short dealer codes (letters, digits, hyphens). */
  stockNumber: 30,
  /** Our choice: dealership notes share the client-notes limit. */
  dealershipNotes: 2000,
} as const;

/**
 * How far ahead an offer's expiration date may be, in years. An offer (a deal or a marketplace vehicle) is created
 * live: its date is not in the past then, so a vehicle is never added already expired; an edit may move the date
 * into the past (the daily job then expires the deal) but not beyond the window.
 */
export const OFFER_EXPIRATION_YEARS_AHEAD = 2;

/** Upper bounds of money and mileage inputs, in dollars / miles / percent. */
export const MONEY_LIMITS = {
  monthlyPayment: 100_000,
  downPayment: 1_000_000,
  brokerFee: 100_000,
  mileageAllowance: 100_000,
  apr: 50,
  moneyFactor: 1,
} as const;

// Concierge fee: 0 means waived; any other amount must fall inside the band (inclusive).
export const CONCIERGE_FEE_WAIVED = 0;
export const CONCIERGE_FEE_MIN = 100;
export const CONCIERGE_FEE_MAX = 1500;

/** Lease APR = money factor x 2400. */
export const LEASE_APR_FACTOR = 2400;
/** A marketplace vehicle with exactly this many units left is badged "Last One!". */
export const LAST_ONE_STOCK = 1;

// Defaults of a new deal and of a new marketplace vehicle
export const DEFAULT_DEAL_TYPE = 'lease' as const;
export const DEFAULT_DEAL_STATUS = 'available' as const;
export const DEFAULT_CREDIT_APP_FORM_TYPE = 'generic' as const;
export const MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE = 12_000;
export const MARKETPLACE_DEFAULT_APR = 0;
export const MARKETPLACE_DEFAULT_AVAILABLE_STOCK = 1;
/** Our choice: a marketplace vehicle's available stock is a count of units on one lot, 1 to 999. */
export const AVAILABLE_STOCK_MAX = 999;

// Files and storage. "5MB" is read as 5 MiB, as browsers report File.size in bytes.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The same 5 MB limit applies to every upload (photos, licences, vehicle images). */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
export const SIGNED_LICENCE_URL_TTL_SECONDS = 3600;
export const STORAGE_CACHE_SECONDS = 3600;

// Timings and promises shown in the UI
export const VIEW_TRACKING_DELAY_MS = 2000;
export const LINK_COPIED_INDICATOR_MS = 3000;
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_PIECES = 50;
export const CREDIT_APP_CONTACT_WITHIN_HOURS = 24;
export const QUOTE_REPLY_WITHIN_MINUTES = 5;

// Dealership statistics: live vehicles are deals with status available; units sold are closed deals
// whose close date falls in the window.
export const DEALERSHIP_STATS_WINDOW_MONTHS = 6;

// Broker profile and performance
export const PROFILE_RECENT_DEALS_LIMIT = 10;

// Quote wizard
export const QUOTE_STEP_COUNT = 4;
export const QUOTE_EXACT_YEARS = [2026, 2025, 2024] as const;
export const TRADE_IN_CONDITION_MIN = 1;
export const TRADE_IN_CONDITION_MAX = 5;
export const TRADE_IN_YEAR_MIN = 1900;
export const STUDENT_RECENT_GRAD_YEARS = 2;

/** Bounds of the intake questionnaire (the public quote request). */
export const QUOTE_LIMITS = {
  vehicleText: 100,
  mustHaveOptions: 500,
  lienholderName: 200,
  name: 100,
  email: 255,
  phoneMin: 10,
  phoneMax: 20,
  zipMin: 5,
  zipMax: 10,
} as const;

// Vehicle years
export const VEHICLE_YEAR_MIN = 1900;
/** Vehicle offers accept model years up to two years ahead of the current one. */
export const VEHICLE_YEAR_AHEAD = 2;
export const MARKETPLACE_YEAR_MAX = 2100;

// Client data fetching and session
export const SESSION_REFRESH_TICK_MS = 30_000;
/** Auth-service statuses worth retrying (the product does not retry data queries). */
export const RETRYABLE_HTTP_STATUSES = [502, 503, 504] as const;

/** The fallback validation message for wrong-typed input (docs/decisions.md, "Shared rules"). */
export const INVALID_INPUT = 'Invalid input';
