/**
 * The brokering agreement (docs/decisions.md, "Agreements"): the company's text, versioned, that a client signs in
 * the portal before paying the concierge fee (when the company setting asks for it).
 * - GET  /admin/agreement                          every version, newest first (admins)
 * - POST /admin/agreement/versions                 a new version `{ text, basedOn }` (admins; 409 if another came first)
 * - GET  /deals/{id}/agreement                     the deal's agreement state for staff (not sent, sent, viewed, signed)
 * - POST /deals/{id}/agreement/send                e-mails the client the portal link (the deal's broker or an admin)
 * - GET  /consumer/deals/{id}/agreement            the consumer's filled agreement for their deal (marks it viewed)
 * - POST /consumer/deals/{id}/agreement/signature  the consumer signs with their typed full name
 */
import * as z from 'zod';
import { controlCharactersMessage, hasNoControlCharacters, requiredText } from '../validation';

/** Longest agreement text an admin may store, in characters (a few printed pages). */
export const AGREEMENT_TEXT_MAX_LENGTH = 20_000;
/** Longest typed name a signature takes. */
export const SIGNATURE_NAME_MAX_LENGTH = 120;

export const AGREEMENT_PLACEHOLDERS = ['client', 'broker', 'vehicle', 'fee'] as const;
export type AgreementPlaceholder = (typeof AGREEMENT_PLACEHOLDERS)[number];

export const AGREEMENT_TEXT_REQUIRED_MESSAGE = 'Write the agreement text';
export const AGREEMENT_TEXT_TOO_LONG_MESSAGE = `The agreement text can be at most ${AGREEMENT_TEXT_MAX_LENGTH} characters`;
export const AGREEMENT_CHANGED_MESSAGE = 'The agreement was changed by someone else meanwhile. Reload it and edit again.';
export const AGREEMENT_NOT_WRITTEN_MESSAGE = 'The company has not written its brokering agreement yet';
export const AGREEMENT_NOT_REQUIRED_MESSAGE = 'This company does not ask for a signed agreement';
export const AGREEMENT_OUTDATED_MESSAGE = 'The agreement has a newer version. Read it again before signing.';
export const AGREEMENT_NO_CLIENT_EMAIL_MESSAGE = 'The client has no e-mail address on file to send the agreement to';
export const AGREEMENT_ALREADY_SIGNED_MESSAGE = 'The client has already signed the agreement';
export const SIGNATURE_NAME_REQUIRED_MESSAGE = 'Type your full name to sign';
export const SIGNATURE_NAME_TOO_LONG_MESSAGE = `Your name can be at most ${SIGNATURE_NAME_MAX_LENGTH} characters`;
export const SIGNATURE_VERSION_REQUIRED_MESSAGE = 'Say which version of the agreement you sign';
/** The payment route's refusal while the company asks for a signed agreement and the deal has none. */
export const AGREEMENT_SIGNATURE_REQUIRED_MESSAGE = 'Sign the brokering agreement before paying the concierge fee';

export const agreementVersionSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type AgreementVersion = z.infer<typeof agreementVersionSchema>;

export const agreementVersionsResponseSchema = z.object({
  /** Newest first; the first is the current version. */
  versions: z.array(agreementVersionSchema),
});
export type AgreementVersionsResponse = z.infer<typeof agreementVersionsResponseSchema>;

export const createAgreementVersionRequestSchema = z.object({
  text: requiredText(AGREEMENT_TEXT_REQUIRED_MESSAGE).max(AGREEMENT_TEXT_MAX_LENGTH, AGREEMENT_TEXT_TOO_LONG_MESSAGE),
  /** The version the edit started from (null for the first): another admin's version saved since is a 409. */
  basedOn: z.number().int().positive().nullable(),
});
export type CreateAgreementVersionRequest = z.infer<typeof createAgreementVersionRequestSchema>;

export const AGREEMENT_STATES = ['not_sent', 'sent', 'viewed', 'signed'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];
export const AGREEMENT_STATE_LABELS: Record<AgreementState, string> = {
  not_sent: 'Not sent',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
};

export const agreementSignatureSchema = z.object({
  version: z.number().int(),
  signedAt: z.string(),
  signedName: z.string(),
});

/** Staff's view of a deal's agreement (the deal page). */
export const dealAgreementResponseSchema = z.object({
  /** The company setting: whether the fee waits for a signature. */
  required: z.boolean(),
  state: z.enum(AGREEMENT_STATES),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signature: agreementSignatureSchema.extend({ sourceIp: z.string() }).nullable(),
  /** The current version (null while the company has written none). */
  currentVersion: z.number().int().nullable(),
});
export type DealAgreementResponse = z.infer<typeof dealAgreementResponseSchema>;

export const sendAgreementResponseSchema = z.object({
  to: z.string(),
  status: z.enum(['sent', 'retrying', 'failed']),
  error: z.string().nullable(),
  agreement: dealAgreementResponseSchema,
});
export type SendAgreementResponse = z.infer<typeof sendAgreementResponseSchema>;

/** The consumer's view: the current version filled in for their deal, and their signature once signed. */
export const consumerAgreementResponseSchema = z.object({
  required: z.boolean(),
  /** Null while the company has written no agreement. */
  version: z.number().int().nullable(),
  text: z.string().nullable(),
  signature: agreementSignatureSchema.nullable(),
});
export type ConsumerAgreementResponse = z.infer<typeof consumerAgreementResponseSchema>;

export const signAgreementRequestSchema = z.object({
  fullName: requiredText(SIGNATURE_NAME_REQUIRED_MESSAGE)
    .max(SIGNATURE_NAME_MAX_LENGTH, SIGNATURE_NAME_TOO_LONG_MESSAGE)
    .refine(hasNoControlCharacters, controlCharactersMessage('Your name')),
  /** The version the consumer read: a newer one saved since is a 409 (they read it again). */
  version: z.number({ error: SIGNATURE_VERSION_REQUIRED_MESSAGE }).int().positive(),
});
export type SignAgreementRequest = z.infer<typeof signAgreementRequestSchema>;
