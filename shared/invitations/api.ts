/**
 * The invitation routes' request and response shapes (feature `invitations`, shared/api/routes.ts), used by the
 * handler and the web client (the invite dialog on /clients and /consumer-signup).
 *
 * - POST /clients/{id}/invitations     admins and approved brokers: invite the client by e-mail (SES) or SMS (SNS)
 * - GET  /invitations/{token}          public: the spec's validate_invitation_token
 * - POST /invitations/{token}/accept    public: creates the consumer account, links it to the client and consumes
 *                                      the invitation (one account per invitation, docs/decisions.md "Consumers")
 *
 * An invitation whose message could not be delivered is kept: the answer says so (`delivery.status: failed`), and
 * the dialog shows "Failed to send invitation". The link is valid for INVITATION_LIFETIME_DAYS days.
 */
import * as z from 'zod';
import { accountEmailSchema, FULL_NAME_TOO_LONG_MESSAGE, passwordSchema } from '../auth/schemas';
import { TEXT_LIMITS } from '../constants';
import { blankToNull, text } from '../validation';
import { INVITATION_TYPES } from './enums';
import { INVITATION_MESSAGES, invitationContactSchema } from './schemas';

export { clientIdParamsSchema as invitationClientParamsSchema } from '../clients/api';

/** How long an invitation link stays valid: a week covers a client who reads texts and e-mail only now and then. */
export const INVITATION_LIFETIME_DAYS = 7;

/** The toasts of the invite dialog: sent, or failed to send. */
export const INVITATION_TOASTS = {
  sent: { title: 'Invitation sent', description: 'Consumer invitation sent via email or sms' },
  failed: { title: 'Failed to send invitation' },
} as const;

/** Messages of the accept route beyond the link's own states (INVITATION_MESSAGES). */
export const ACCEPT_MESSAGES = {
  /** 409: Cognito already has a user with this e-mail (a consumer who signed up before, or a staff member). */
  accountExists: 'An account with this email already exists. Sign in instead.',
  /** 409: another accept of the same invitation is creating its account right now. */
  inProgress: INVITATION_MESSAGES.used,
  /** Toasts of the sign-up page. */
  signUpFailed: 'Sign up failed',
  missingInformation: 'Missing invitation information',
  completeFailed: 'Failed to complete signup',
} as const;

/** 409 from POST /clients/{id}/invitations: the client already accepted an invitation. */
export const CLIENT_ALREADY_LINKED_MESSAGE = 'This client already has a portal account';

// ---------------------------------------------------------------------------------------------------------------
// POST /clients/{id}/invitations

/**
 * The invite dialog: `invitationType` with the e-mail (email) or the phone (sms) the message goes to, prefilled
 * from the client and editable. "Email is required for email invitations, phone is required for SMS invitations".
 */
export const createInvitationRequestSchema = invitationContactSchema;
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

/** `retrying`: not sent yet (the provider failed), sent automatically later; `failed`: refused (a bad address). */
export const INVITATION_DELIVERY_STATUSES = ['sent', 'retrying', 'failed'] as const;
export type InvitationDeliveryStatus = (typeof INVITATION_DELIVERY_STATUSES)[number];

export const invitationDeliverySchema = z.object({
  status: z.enum(INVITATION_DELIVERY_STATUSES),
  /** Why the e-mail or text was not sent (the provider's error), null when sent. */
  error: z.string().nullable(),
});
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;

/** 201 whether or not the message went out: the invitation exists either way (a new one can be sent). */
export const createInvitationResponseSchema = z.object({
  invitationId: z.string(),
  invitationType: z.enum(INVITATION_TYPES),
  /** The e-mail address or phone number the invitation went to. */
  sentTo: z.string(),
  /** ISO date-time after which the link reads as expired. */
  validUntil: z.string(),
  delivery: invitationDeliverySchema,
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /invitations/{token}

/** 128-bit random tokens, base64url; anything else cannot be an invitation (400 with the "no longer valid" message). */
export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .max(128, INVITATION_MESSAGES.invalid)
    .regex(/^[A-Za-z0-9_-]+$/, INVITATION_MESSAGES.invalid),
});
export type InvitationTokenParams = z.infer<typeof invitationTokenParamsSchema>;

/** The spec's validate_invitation_token errors: used, expired, or no such invitation. */
export const INVITATION_TOKEN_ERRORS = ['token_used', 'token_expired', 'invalid'] as const;
export type InvitationTokenError = (typeof INVITATION_TOKEN_ERRORS)[number];

/** The consumer-signup page's message for each error. */
export const INVITATION_TOKEN_ERROR_MESSAGES: Record<InvitationTokenError, string> = {
  token_used: INVITATION_MESSAGES.used,
  token_expired: INVITATION_MESSAGES.expired,
  invalid: INVITATION_MESSAGES.invalid,
};

/**
 * Always 200 for a well-formed token. The client's name and e-mail (what the sign-up page shows and prefills) are
 * given only for a valid invitation: a used or expired link, or a guessed one, learns nothing about anybody.
 */
export const invitationValidationResponseSchema = z.object({
  valid: z.boolean(),
  /** Null when valid. */
  error: z.enum(INVITATION_TOKEN_ERRORS).nullable(),
  clientName: z.string().nullable(),
  clientEmail: z.string().nullable(),
});
export type InvitationValidation = z.infer<typeof invitationValidationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /invitations/{token}/accept

/**
 * The consumer-signup form (the password rules of every account: docs/decisions.md, "Shared rules"). The full name
 * defaults to the client's name when blank; the e-mail becomes the account's sign-in name (prefilled with the
 * client's e-mail).
 */
export const acceptInvitationRequestSchema = z.object({
  fullName: blankToNull(text().max(TEXT_LIMITS.name, FULL_NAME_TOO_LONG_MESSAGE)),
  email: accountEmailSchema,
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/**
 * 201: the consumer account exists, is linked to the client and the invitation is used; the page then signs in
 * with the e-mail and password. Errors: 404 "This invitation link is no longer valid", 409 "This invitation has
 * already been used" (also the loser of two concurrent accepts), 409 "This invitation has expired", 409
 * ACCEPT_MESSAGES.accountExists, 400 with the password rule's message.
 */
export const acceptInvitationResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
