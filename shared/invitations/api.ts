/**
 * The invitation routes' request and response shapes (feature `invitations`, shared/api/routes.ts), used by the
 * handler and the web client (the invite dialog on /clients and /consumer-signup).
 *
 * - POST /clients/{id}/invitations     the client's broker or an admin: invite the client by e-mail (SES) or SMS
 *                                      (SNS) at the contact details on file (the body names the channel only)
 * - GET  /invitations/{token}          public: validates the token
 * - POST /invitations/{token}/email-code  public: e-mails a code to the account's address of an SMS invitation (the
 *                                      text proved the phone, not the address: the code proves the address)
 * - POST /invitations/{token}/accept    public: creates the consumer account of the invited e-mail, links it to the
 *                                      client and consumes the invitation (one account per invitation,
 *                                      docs/decisions.md "Consumers"); an SMS invitation's accept carries the code
 *
 * An invitation whose message could not be delivered is kept: the answer says so (`delivery.status: failed`), and
 * the dialog shows "Failed to send invitation". The link is valid for INVITATION_LIFETIME_DAYS days. Who may invite,
 * and how often: docs/security.md, "Ownership".
 */
import * as z from 'zod';
import { accountEmailSchema, FULL_NAME_TOO_LONG_MESSAGE, passwordSchema } from '../auth/schemas';
import { TEXT_LIMITS } from '../constants';
import { blankToNull, INVALID_INPUT, text } from '../validation';
import { INVITATION_TYPES } from './enums';
import { INVITATION_MESSAGES, INVITATION_ON_FILE_MESSAGES } from './schemas';

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
  /** 400: the accept named another e-mail than the invited one. */
  notInvitedEmail: 'Your account uses the email address you were invited at. Another address cannot be used.',
  /** Toasts of the sign-up page. */
  signUpFailed: 'Sign up failed',
  missingInformation: 'Missing invitation information',
  completeFailed: 'Failed to complete signup',
} as const;

/** How long an e-mailed code is good for, and how many checks one code allows (a right one included). */
export const EMAIL_CODE_LIFETIME_MINUTES = 15;
export const EMAIL_CODE_MAX_CHECKS = 5;

/**
 * The e-mail code of an SMS invitation (docs/decisions.md, "E-mail code for SMS invitations"): 400s on `emailCode`
 * of the accept, and what POST /invitations/{token}/email-code answers and the sign-up page says.
 */
export const EMAIL_CODE_MESSAGES = {
  /** 400: an SMS invitation's accept without a code. */
  required: 'Enter the code we emailed you',
  /** 400: not six digits. */
  format: 'Enter the 6-digit code from the email',
  /** 400: no code was sent for this invitation yet. */
  notSent: 'Send a code to your email first',
  /** 400: not the code that was sent. */
  wrong: 'That code is not right. Check the email and try again.',
  /** 400: the code is older than EMAIL_CODE_LIFETIME_MINUTES. */
  expired: 'That code has expired. Send a new code.',
  /** 400: EMAIL_CODE_MAX_CHECKS checks of this code were made. */
  tooManyChecks: 'Too many tries with this code. Send a new code.',
  /** 400 from POST /invitations/{token}/email-code for an e-mail invitation: its link already proved the address. */
  notNeeded: 'This invitation came by email: no code is needed.',
  /** The page's toast once a code is sent. */
  sentTitle: 'Code sent',
} as const;

/** The page's toast text once a code went to `email`. */
export const emailCodeSentDescription = (email: string) =>
  `We emailed a 6-digit code to ${email}. It is valid for ${EMAIL_CODE_LIFETIME_MINUTES} minutes.`;

/** 409 from POST /clients/{id}/invitations: the client already accepted an invitation. */
export const CLIENT_ALREADY_LINKED_MESSAGE = 'This client already has a portal account';

// ---------------------------------------------------------------------------------------------------------------
// POST /clients/{id}/invitations

/** Blank, null or absent: what an e-mail or phone in the body must be (an older dialog sent the other one as null). */
const isNoContact = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The invite dialog: the channel only. The message goes to the client's e-mail or phone on file
 * (`invitationDestination`); a body that still names an e-mail or phone is refused (400, on that field) rather than
 * ignored, so nobody believes an address they typed was used. Changing the contact is PATCH /clients/{id}.
 */
export const createInvitationRequestSchema = z
  .object({
    invitationType: z.enum(INVITATION_TYPES, INVALID_INPUT),
    email: z.unknown().optional(),
    phone: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    for (const field of ['email', 'phone'] as const) {
      if (!isNoContact(body[field])) {
        ctx.addIssue({ code: 'custom', message: INVITATION_ON_FILE_MESSAGES.contactInRequest, path: [field] });
      }
    }
  })
  .transform(({ invitationType }) => ({ invitationType }));
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;
export type InvitationRequest = z.output<typeof createInvitationRequestSchema>;

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
  /** The e-mail address or phone number the invitation went to: the client's, on file. */
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

/** Why an invitation token is not valid: used, expired, or no such invitation. */
export const INVITATION_TOKEN_ERRORS = ['token_used', 'token_expired', 'invalid'] as const;
export type InvitationTokenError = (typeof INVITATION_TOKEN_ERRORS)[number];

/** The consumer-signup page's message for each error. */
export const INVITATION_TOKEN_ERROR_MESSAGES: Record<InvitationTokenError, string> = {
  token_used: INVITATION_MESSAGES.used,
  token_expired: INVITATION_MESSAGES.expired,
  invalid: INVITATION_MESSAGES.invalid,
};

/**
 * Always 200 for a well-formed token. The client's name and the account's e-mail (what the sign-up page shows) are
 * given only for a valid invitation: a used or expired link, or a guessed one, learns nothing about anybody.
 */
export const invitationValidationResponseSchema = z.object({
  valid: z.boolean(),
  /** Null when valid. */
  error: z.enum(INVITATION_TOKEN_ERRORS).nullable(),
  clientName: z.string().nullable(),
  /** The e-mail the account will have (`invitedAccountEmail`): the consumer signs in with it. */
  clientEmail: z.string().nullable(),
  /** An SMS invitation: the accept needs the code POST /invitations/{token}/email-code sends to `clientEmail`. */
  emailCodeRequired: z.boolean(),
});
export type InvitationValidation = z.infer<typeof invitationValidationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /invitations/{token}/accept

/** Six digits, as e-mailed; spaces a reader may type between them are dropped. */
export const emailCodeSchema = z
  .string(EMAIL_CODE_MESSAGES.format)
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, EMAIL_CODE_MESSAGES.format));

/**
 * The consumer-signup form (the password rules of every account: docs/decisions.md, "Shared rules"). The full name
 * defaults to the client's name when blank. The account's e-mail is the invited one (`invitedAccountEmail`), never
 * the consumer's choice: the page sends none; an `email` that is not the invited address (case aside) is refused
 * with 400 ACCEPT_MESSAGES.notInvitedEmail, so an older page cannot make an account of another address.
 */
export const acceptInvitationRequestSchema = z.object({
  fullName: blankToNull(text().max(TEXT_LIMITS.name, FULL_NAME_TOO_LONG_MESSAGE)),
  email: accountEmailSchema.optional(),
  password: passwordSchema,
  /** An SMS invitation's e-mailed code (required for one, ignored for an e-mail invitation); spaces are dropped. */
  emailCode: emailCodeSchema.optional(),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/**
 * 201: the consumer account exists, is linked to the client and the invitation is used; the page then signs in
 * with the answered e-mail (the invited one) and the password. Errors: 404 "This invitation link is no longer valid", 409 "This invitation has
 * already been used" (also the loser of two concurrent accepts), 409 "This invitation has expired", 409
 * ACCEPT_MESSAGES.accountExists, 400 with the password rule's message.
 */
export const acceptInvitationResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /invitations/{token}/email-code

/**
 * 201: a new code was e-mailed to the account's address (the one the page shows), replacing any earlier one. 400
 * EMAIL_CODE_MESSAGES.notNeeded for an e-mail invitation; the link's own refusals as the accept's; 429 past 5 codes an
 * hour for one invitation (the route's senderLimit, counted per invitation) or the source's limit.
 */
export const emailCodeResponseSchema = z.object({
  sentTo: z.string(),
  /** ISO date-time after which the code is refused as expired. */
  validUntil: z.string(),
  delivery: invitationDeliverySchema,
});
export type EmailCodeResponse = z.infer<typeof emailCodeResponseSchema>;
