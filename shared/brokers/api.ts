/**
 * Request and response shapes of the brokers routes (shared/api/routes.ts, feature `brokers`): the admin's broker
 * performance page (/admin/brokers) and a broker's own profile (/profile).
 *
 * - GET   /admin/brokers                 pending and approved brokers (the approvals list and the cards' names)
 * - GET   /admin/broker-stats?month=     one month's figures per broker and for the team, and the 6-month series
 * - GET   /admin/brokers/{id}            one broker with the approval history (the approve/edit dialog)
 * - PATCH /admin/brokers/{id}            the approve/edit dialog, saved whole; the history entry goes with it
 * - GET   /profile                       the caller's profile, this month's figures, last 10 deals, academy progress
 * - PATCH /profile                       the caller's phone (nothing else: approval and commission are the admin's)
 * - POST  /profile/photo-upload          a presigned upload of the profile photo; POST /profile/photo confirms it
 * - POST  /profile/licence-upload        a presigned upload of the licence; POST /profile/licence confirms it
 * - GET   /brokers/{id}/licence-url      a signed URL of a broker's licence document, valid 3600 s
 *
 * The stats are a top-level `/admin/broker-stats` rather than `/admin/brokers/stats`: a literal segment beside
 * `/admin/brokers/{id}` would shadow an id of that name (docs/decisions.md, "Deals", "Paths").
 * Who may call what, and why, is in docs/decisions.md, "Brokers"; the server enforces every rule.
 */
import * as z from 'zod';
import { taskSettingsSchema } from '../tasks/api';
import { ruleNow, todayAnywhere } from '../calendar';
import { SIGNED_LICENCE_URL_TTL_SECONDS } from '../constants';
import { DEAL_STATUSES } from '../deals/enums';
import { CHOOSE_FILE_MESSAGE, isAllowedExtension, UPLOAD_KINDS, uploadRequestSchema, type UploadKind } from '../uploads/schemas';
import { blankToNull, hasAtMostDecimals, INVALID_PHONE_MESSAGE, number, phoneNumber, requiredText, text } from '../validation';
import { COMMISSION_TYPES } from './enums';
import { vehicleSummarySchema } from '../vehicles/summary';

// ---------------------------------------------------------------------------------------------------------------
// Messages (the screens' toasts, and the server's own for rules no screen words)

export const BROKERS_ACCESS_DENIED_TITLE = 'Access Denied';
export const BROKERS_ACCESS_DENIED_MESSAGE = 'Only admins can access this page';
export const ERROR_LOADING_BROKERS = 'Error loading brokers';
export const ERROR_LOADING_STATS = 'Error loading stats';
export const ERROR_UPDATING_BROKER = 'Error updating broker';
export const ERROR_LOADING_PROFILE = 'Error loading profile';
export const ERROR_UPDATING_PROFILE = 'Error updating profile';
export const ERROR_UPLOADING_PHOTO = 'Error uploading photo';
export const ERROR_UPLOADING_LICENSE = 'Error uploading license';
export const UNABLE_TO_LOAD_LICENSE = 'Unable to load license document';
export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found';
export const NO_DEALS_YET_MESSAGE = 'No deals yet';
export const BROKER_NOT_FOUND_MESSAGE = 'Broker not found';
export const PHONE_REQUIRED_MESSAGE = 'Phone is required (an empty phone clears it)';
/** GET /brokers/{id}/licence-url for a broker without a licence document (404). */
export const LICENSE_DOCUMENT_NOT_FOUND_MESSAGE = 'No license document on file';
/** POST /profile/photo or /profile/licence before the file reached the bucket (400). */
export const UPLOAD_NOT_FOUND_MESSAGE = 'The uploaded file was not found. Please upload it again.';
/** PATCH /admin/brokers/{id} on a profile another admin saved since the dialog loaded it (409). */
export const BROKER_CHANGED_MESSAGE = 'This broker was changed by someone else. Reload and try again.';
/** GET /admin/broker-stats for a month after the current (UTC) one (400): the navigator stops there. */
export const FUTURE_MONTH_MESSAGE = 'The month cannot be after the current month';
export const INVALID_MONTH_MESSAGE = 'Month must be YYYY-MM';

export const BROKER_MESSAGES = {
  commissionTypeRequired: 'Choose a commission type',
  commissionValueRequired: 'Commission value is required',
  commissionValueMin: 'Commission value must be 0 or more',
  percentageMax: 'A percentage commission must be at most 100',
  flatMax: 'A flat commission must be at most 100000',
  commissionDecimals: 'Commission value can have at most 2 decimals',
  licenseNumberMax: 'License number must be at most 50 characters',
  licenseNumberRequired: 'A licensed broker needs a license number',
  licenseExpirationInvalid: 'License expiration must be a date (YYYY-MM-DD)',
  licenseExpirationRequired: 'A licensed broker needs a license expiration date',
  licenseExpired: 'License expiration cannot be in the past for a licensed broker',
} as const;

/**
 * Pure: whether a licence expiring on `expirationDate` (YYYY-MM-DD) still counts at `now`. It is valid through its
 * expiration date, judged as the other "today" rules are (shared/calendar.ts: not past while that date is today
 * somewhere); the daily licence job un-licenses brokers once the date is before today in UTC.
 */
export function isLicenceCurrent(expirationDate: string, now: Date): boolean {
  return expirationDate >= todayAnywhere(now).earliest;
}

/** Limits: the licence number is at most 50 characters; the others are in docs/decisions.md, "Brokers". */
export const LICENSE_NUMBER_MAX = 50;
export const PERCENTAGE_COMMISSION_MAX = 100;
export const FLAT_COMMISSION_MAX = 100_000;
/** The performance page's chart: this many months, ending at the month shown. */
export const STATS_SERIES_MONTHS = 6;
/** The profile's "last 10 deals". */
export const PROFILE_RECENT_DEALS = 10;

// ---------------------------------------------------------------------------------------------------------------
// Path and query parameters

/** Broker ids are user ids (Cognito subs; the seed's are readable ids): letters, digits and hyphens. */
export const brokerIdParamsSchema = z.object({
  id: z
    .string()
    .max(128, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});
export type BrokerIdParams = z.infer<typeof brokerIdParamsSchema>;

/** YYYY-MM with a real month (01-12). */
export const monthSchema = z.string({ error: INVALID_MONTH_MESSAGE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, INVALID_MONTH_MESSAGE);

/** GET /admin/broker-stats: `month` defaults to the current UTC month; a later month is refused (400). */
export const brokerStatsQuerySchema = z.object({ month: monthSchema.optional() });
export type BrokerStatsQuery = z.infer<typeof brokerStatsQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Brokers (admin)

const commissionTypeSchema = z.enum(COMMISSION_TYPES, { error: BROKER_MESSAGES.commissionTypeRequired });

/**
 * A broker as the admin's lists show them. `profilePhotoUrl` is a short-lived signed URL of the photo (the photos
 * bucket is private), null without a photo; the licence document is only ever reached through
 * GET /brokers/{id}/licence-url, so the list says whether there is one, never where.
 */
export const brokerSummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isApproved: z.boolean(),
  isLicensed: z.boolean(),
  licenseNumber: z.string().nullable(),
  /** YYYY-MM-DD. */
  licenseExpirationDate: z.string().nullable(),
  hasLicenseDocument: z.boolean(),
  commissionType: commissionTypeSchema.nullable(),
  commissionValue: z.number().nullable(),
  createdAt: z.string(),
  profilePhotoUrl: z.string().nullable(),
});
export type BrokerSummary = z.infer<typeof brokerSummarySchema>;

/** GET /admin/brokers: both lists ordered by full name. */
export const brokerListResponseSchema = z.object({
  pending: z.array(brokerSummarySchema),
  approved: z.array(brokerSummarySchema),
});
export type BrokerListResponse = z.infer<typeof brokerListResponseSchema>;

/** What the approve/edit dialog sets, recorded before and after in each history entry. */
export const brokerStandingSchema = z.object({
  isApproved: z.boolean(),
  isLicensed: z.boolean(),
  commissionType: commissionTypeSchema.nullable(),
  commissionValue: z.number().nullable(),
  licenseNumber: z.string().nullable(),
  licenseExpirationDate: z.string().nullable(),
});
export type BrokerStandingView = z.infer<typeof brokerStandingSchema>;

export const brokerApprovalEntrySchema = z.object({
  /** ISO date-time of the save. */
  at: z.string(),
  /** The admin who saved, by name as it was then. */
  by: z.object({ id: z.string(), fullName: z.string() }),
  before: brokerStandingSchema,
  after: brokerStandingSchema,
});
export type BrokerApprovalEntry = z.infer<typeof brokerApprovalEntrySchema>;

/** GET /admin/brokers/{id} and the answer of PATCH: the broker and every approval change, newest first. */
export const brokerDetailResponseSchema = z.object({
  broker: brokerSummarySchema,
  history: z.array(brokerApprovalEntrySchema),
});
export type BrokerDetailResponse = z.infer<typeof brokerDetailResponseSchema>;

/**
 * PATCH /admin/brokers/{id}: the dialog is saved whole (every field, so that approval, commission and licence are
 * set together, as the product's broker state rule has it). Blank licence number and expiration clear them.
 * A licensed broker needs a licence number and an expiration date that is not past: "licensed" with nothing on file,
 * or with an expired licence, would let deals be created on no valid licence at all.
 */
export const updateBrokerRequestSchema = z
  .object({
    isApproved: z.boolean({ error: 'Invalid input' }),
    isLicensed: z.boolean({ error: 'Invalid input' }),
    commissionType: commissionTypeSchema,
    commissionValue: number(BROKER_MESSAGES.commissionValueRequired)
      .min(0, BROKER_MESSAGES.commissionValueMin)
      .max(FLAT_COMMISSION_MAX, BROKER_MESSAGES.flatMax)
      .refine(hasAtMostDecimals(2), BROKER_MESSAGES.commissionDecimals),
    licenseNumber: blankToNull(text().max(LICENSE_NUMBER_MAX, BROKER_MESSAGES.licenseNumberMax)),
    licenseExpirationDate: blankToNull(z.iso.date(BROKER_MESSAGES.licenseExpirationInvalid)),
  })
  .refine((body) => body.commissionType !== 'percentage' || body.commissionValue <= PERCENTAGE_COMMISSION_MAX, {
    message: BROKER_MESSAGES.percentageMax,
    path: ['commissionValue'],
  })
  .refine((body) => !body.isLicensed || body.licenseNumber !== null, {
    message: BROKER_MESSAGES.licenseNumberRequired,
    path: ['licenseNumber'],
  })
  // A broker counts as licensed only with a licence that has not expired (judged at the request's time).
  .superRefine((body, ctx) => {
    if (!body.isLicensed) return;
    if (body.licenseExpirationDate === null) {
      ctx.addIssue({ code: 'custom', message: BROKER_MESSAGES.licenseExpirationRequired, path: ['licenseExpirationDate'] });
    } else if (!isLicenceCurrent(body.licenseExpirationDate, ruleNow())) {
      ctx.addIssue({ code: 'custom', message: BROKER_MESSAGES.licenseExpired, path: ['licenseExpirationDate'] });
    }
  });
export type UpdateBrokerRequest = z.input<typeof updateBrokerRequestSchema>;
export type UpdateBrokerInput = z.infer<typeof updateBrokerRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Performance figures

/** One broker's (or the team's) figures for one month; money in whole dollars. */
export const monthFiguresSchema = z.object({
  /** Deals created in the month (calendar month of created_at, UTC). */
  dealsCreated: z.number().int(),
  /** Deals with status closed whose deal_closed_at falls in the month (UTC). */
  dealsClosed: z.number().int(),
  /** Dealer fee + client fee of those closed deals. */
  fees: z.number().int(),
  /** Percentage of `fees`, or the flat amount x `dealsClosed`, by the broker's current commission type. */
  commission: z.number().int(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

export const brokerMonthStatsSchema = monthFiguresSchema.extend({
  brokerId: z.string(),
  fullName: z.string(),
  commissionType: commissionTypeSchema.nullable(),
  commissionValue: z.number().nullable(),
});
export type BrokerMonthStats = z.infer<typeof brokerMonthStatsSchema>;

/** A point of the 6-month charts. */
export const seriesPointSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  dealsClosed: z.number().int(),
  fees: z.number().int(),
  commission: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/**
 * GET /admin/broker-stats. `brokers` holds every approved broker (zeros included, by full name) and anyone else
 * with figures in the 6 months (a revoked broker's past deals still count). `series.months` are the 6 months
 * ending at `month`, oldest first; every points list has one point per month in that order.
 */
export const brokerStatsResponseSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** The current UTC month: the navigator's Next Month is disabled when `month` is this. */
  currentMonth: z.string(),
  brokers: z.array(brokerMonthStatsSchema),
  team: monthFiguresSchema,
  series: z.object({
    months: z.array(z.string()),
    perBroker: z.array(z.object({ brokerId: z.string(), points: z.array(seriesPointSchema) })),
    team: z.array(seriesPointSchema),
  }),
});
export type BrokerStatsResponse = z.infer<typeof brokerStatsResponseSchema>;

/**
 * GET /admin/brokers?month=: the whole /admin/brokers screen in one call (architecture: one API call per screen
 * load): both lists and the month's figures with the series (`month` as GET /admin/broker-stats takes it, the
 * current month by default). A later month change asks GET /admin/broker-stats only.
 */
export const brokersPageQuerySchema = brokerStatsQuerySchema;
export const brokersPageResponseSchema = brokerListResponseSchema.extend({ stats: brokerStatsResponseSchema });
export type BrokersPageResponse = z.infer<typeof brokersPageResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Profile (the caller's own)

/** A deal of the profile's "last 10 deals"; each links to /deals/{id}. */
export const profileDealSchema = z.object({
  ...vehicleSummarySchema.omit({ trim: true }).shape,
  status: z.enum(DEAL_STATUSES),
  monthlyPayment: z.number(),
  createdAt: z.string(),
});
export type ProfileDeal = z.infer<typeof profileDealSchema>;

export const academyProgressSummarySchema = z.object({
  /** Completed items that are published now. */
  completed: z.number().int(),
  published: z.number().int(),
  /** completed / published as a rounded percentage (0 when nothing is published). */
  percent: z.number().int(),
});
export type AcademyProgressSummary = z.infer<typeof academyProgressSummarySchema>;

/** GET /profile (and the answers of the profile writes). 404 "Profile not found" for a caller without one. */
export const profileResponseSchema = z.object({
  profile: brokerSummarySchema.extend({
    /** YYYY-MM-DD or ISO date-time: when the broker started (sign-up confirmation). */
    startedAt: z.string().nullable(),
  }),
  /** This UTC month's figures, the same as the performance page's card. */
  stats: brokerMonthStatsSchema.extend({ month: z.string() }),
  /** Newest first, at most 10. */
  recentDeals: z.array(profileDealSchema),
  academy: academyProgressSummarySchema,
  /** The broker's time zone (null until saved) and morning task e-mail switch (edited with PUT /task-settings). */
  taskSettings: taskSettingsSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * PATCH /profile: only the phone (international format; docs/decisions.md, "Shared rules"). The key is required, so an
 * empty body changes nothing (400); an empty string or null clears the phone. Any other field in the body (isApproved,
 * commissionType, commissionValue, licence data...) is dropped, not refused: a broker cannot set them.
 */
export const updateProfileRequestSchema = z.object({
  phone: z.union([z.null(), z.literal('').transform(() => null), phoneNumber()], {
    error: (issue) => (issue.input === undefined ? PHONE_REQUIRED_MESSAGE : INVALID_PHONE_MESSAGE),
  }),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** POST /profile/photo-upload: the chosen photo (jpeg, jpg, png, webp; at most 5 MB). */
export const photoUploadRequestSchema = uploadRequestSchema('profilePhoto');
/** POST /profile/licence-upload: the chosen licence (pdf, jpg, jpeg, png; at most 5 MB). */
export const licenceUploadRequestSchema = uploadRequestSchema('licence');
export type FileUploadRequest = z.input<typeof photoUploadRequestSchema>;

/** A presigned POST: send `fields` and then the file as multipart form data to `url`, then confirm with `fileName`. */
export const presignedUploadResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type PresignedUploadResponse = z.infer<typeof presignedUploadResponseSchema>;

const confirmUploadSchema = (kind: UploadKind) =>
  z.object({
    fileName: requiredText(CHOOSE_FILE_MESSAGE).refine((name) => isAllowedExtension(kind, name), UPLOAD_KINDS[kind].typeMessage),
  });

/**
 * POST /profile/photo: after the upload, the same `fileName`; the server checks the object is in the bucket and
 * records it. Answers the profile (with the new photo URL), so the page shows it at once.
 */
export const confirmPhotoRequestSchema = confirmUploadSchema('profilePhoto');
/** POST /profile/licence: the same, for the licence (the private key is recorded, never a public URL). */
export const confirmLicenceRequestSchema = confirmUploadSchema('licence');
export type ConfirmUploadRequest = z.input<typeof confirmPhotoRequestSchema>;

/** GET /brokers/{id}/licence-url: a signed GET of the document, valid `expiresIn` seconds. */
export const licenceUrlResponseSchema = z.object({
  url: z.string(),
  expiresIn: z.literal(SIGNED_LICENCE_URL_TTL_SECONDS),
});
export type LicenceUrlResponse = z.infer<typeof licenceUrlResponseSchema>;
