/**
 * Request and response shapes of the credit application routes (shared/api/routes.ts, feature
 * `credit-applications`), used by the handlers, the public /credit-application pages and the deal's credit card.
 *
 * - GET  /credit-applications/{token}                    public: the link's state for the applicant's page
 * - GET  /credit-applications/forms/{type}               public: the embedded form of a type (the embed page)
 * - POST /deals/{id}/credit-application-link/regenerate  the deal's broker or an admin: a new link, the old revoked
 * - POST /webhooks/e-signature                           public, signed: the e-signature provider's completion
 *
 * The first link of a deal is created by POST /deals/{id}/credit-application-link (feature `deals`). Decisions in
 * docs/decisions.md, "Credit applications".
 */
import * as z from 'zod';
import { creditApplicationLinkSchema } from '../deals/api';
import { CREDIT_APP_FORM_TYPES } from '../deals/enums';
import { CREDIT_APP_LINK_STATES } from './enums';
import { vehicleNameSchema } from '../vehicles/summary';

// ---------------------------------------------------------------------------------------------------------------
// Messages (every one of them sends the applicant to /)

export const UNABLE_TO_VALIDATE_MESSAGE = 'Unable to validate application link';
export const LINK_EXPIRED_TITLE = 'Link Expired';
export const LINK_EXPIRED_MESSAGE = 'This credit application link has expired. Please request a new one.';
export const INVALID_LINK_TITLE = 'Invalid Link';
export const INVALID_LINK_MESSAGE = 'This credit application link is invalid.';
export const UNABLE_TO_LOAD_DETAILS_MESSAGE = 'Unable to load application details';
export const UNABLE_TO_LOAD_CONTACT_SUPPORT_MESSAGE = 'Unable to load application. Please contact support.';
export const DEAL_INFORMATION_MISSING_MESSAGE = 'Deal information could not be loaded. Please contact support.';
export const UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE = 'Unable to load application. Please try again or contact support.';

/** The e-signature webhook's refusals. */
export const SIGNATURE_INVALID_MESSAGE = 'Invalid signature';
export const SIGNATURE_STALE_MESSAGE = 'Stale webhook timestamp';
export const WEBHOOK_PAYLOAD_INVALID_MESSAGE = 'Invalid webhook payload';

// ---------------------------------------------------------------------------------------------------------------
// GET /credit-applications/{token}

/**
 * Any text up to 128 characters reaches the lookup: a malformed token is answered `invalid` like an unknown one,
 * so the applicant sees "Invalid Link" rather than a generic failure.
 */
export const creditApplicationTokenParamsSchema = z.object({
  token: z.string().min(1, 'Invalid token').max(128, 'Invalid token'),
});
export type CreditApplicationTokenParams = z.infer<typeof creditApplicationTokenParamsSchema>;

/** The vehicle the application is for, as the applicant may see it: nothing about fees, the client or the broker. */
export const applicantVehicleSchema = z.object({
  ...vehicleNameSchema.omit({ trim: true }).shape,
});
export type ApplicantVehicle = z.infer<typeof applicantVehicleSchema>;

/**
 * The link's state. `invalid` = unknown, malformed or revoked (regenerated) token, or a deal that no longer
 * exists. Only a `valid` link carries the form; the others carry nulls so the page learns nothing more.
 */
export const creditApplicationStateResponseSchema = z.object({
  status: z.enum(CREDIT_APP_LINK_STATES),
  /** The deal's form type (mbfs, bmwfs, generic); null unless valid. */
  formType: z.enum(CREDIT_APP_FORM_TYPES).nullable(),
  /** The embedded e-signature form for this link (carries the token); null unless valid. */
  formUrl: z.string().nullable(),
  /** Null unless valid. */
  vehicle: applicantVehicleSchema.nullable(),
});
export type CreditApplicationState = z.infer<typeof creditApplicationStateResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /credit-applications/forms/{type}

export const INVALID_FORM_TYPE_MESSAGE = 'Invalid form type';

export const creditApplicationFormParamsSchema = z.object({
  type: z.enum(CREDIT_APP_FORM_TYPES, INVALID_FORM_TYPE_MESSAGE),
});
export const creditApplicationFormQuerySchema = z.object({
  /** The deal the form is opened for (passed on to the form); ids are ULIDs. */
  dealId: z
    .string()
    .max(64, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id')
    .optional(),
});
export type CreditApplicationFormQuery = z.input<typeof creditApplicationFormQuerySchema>;

/** The /credit-application/embed page's form: the configured URL of the type, without an applicant's token. */
export const creditApplicationFormResponseSchema = z.object({
  formType: z.enum(CREDIT_APP_FORM_TYPES),
  formUrl: z.string(),
});
export type CreditApplicationForm = z.infer<typeof creditApplicationFormResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /deals/{id}/credit-application-link/regenerate

/**
 * A new valid link (30 days); the deal's previous link is revoked in the same transaction, so it reads `invalid`
 * from the moment this answers. 409 (CREDIT_APPLICATION_CLOSED_MESSAGE) once the deal is finalized or closed.
 */
export const regenerateCreditApplicationLinkResponseSchema = creditApplicationLinkSchema;

// ---------------------------------------------------------------------------------------------------------------
// POST /webhooks/e-signature

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` with the configured secret. */
export const E_SIGNATURE_SIGNATURE_HEADER = 'x-signature';
/** A signed delivery older (or further in the future) than this is refused: a captured body cannot be replayed later. */
export const E_SIGNATURE_TOLERANCE_SECONDS = 300;
export const E_SIGNATURE_COMPLETED_EVENT = 'application.completed';

/** The signed body. `timestamp` is inside the signed bytes, so it cannot be changed without the secret. */
export const eSignatureWebhookSchema = z.object({
  /** The provider's delivery id (logged; idempotency comes from the application's state). */
  id: z.string().min(1).max(128),
  type: z.literal(E_SIGNATURE_COMPLETED_EVENT),
  /** Unix seconds when the provider signed the delivery. */
  timestamp: z.number().int().positive(),
  /** The credit application token the form was opened with. */
  token: z.string().min(1).max(128),
});
export type ESignatureWebhook = z.infer<typeof eSignatureWebhookSchema>;

/**
 * 200 for every verified, fresh delivery (providers retry until they get a 2xx): it completes a valid link once;
 * a repeat, or a token that is unknown, revoked or expired, changes nothing. 401 for a bad or missing signature,
 * 400 for a stale timestamp or a body that is not a completion; nothing changes then either.
 */
export const eSignatureWebhookResponseSchema = z.object({ received: z.literal(true) });
