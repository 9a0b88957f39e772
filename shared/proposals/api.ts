/**
 * Request and response shapes of the proposal routes (shared/api/routes.ts, feature `proposals`; docs/api.md,
 * "Proposals"; docs/decisions.md, "Proposals"), used by the handlers, the deal page, the consumer's deal page and the
 * public /proposal/{token} page.
 *
 * - POST /deals/{id}/proposals                         the deal's broker or an admin: a new proposal and its link
 * - GET  /deals/{id}/proposals                         staff who see the deal: its proposals with their status
 * - POST /deals/{id}/proposals/{proposalId}/revoke     the deal's broker or an admin: the link stops working
 * - GET  /consumer/deals/{id}/proposals                the consumer of the deal: the proposals sent to them
 * - GET  /proposals/{token}                            public: the proposal a link carries, or why it does not
 * - POST /proposals/{token}/accept                     public: accept (idempotent)
 * - POST /proposals/{token}/questions                  public: a short question e-mailed to the broker
 *
 * A proposal is a snapshot (`proposalSnapshotSchema`): what the client is offered, never the broker's fees,
 * commission or the lead source. Changing the deal afterwards changes no proposal already sent.
 */
import * as z from 'zod';
import { DEAL_TYPES } from '../deals/enums';
import { PROPOSAL_STATUSES } from './enums';
import { proposalQuestionField } from './question';
import { vehicleNameSchema } from '../vehicles/summary';

// ---------------------------------------------------------------------------------------------------------------
// Messages

export const PROPOSAL_INVALID_MESSAGE = 'This proposal link is invalid.';
export const PROPOSAL_EXPIRED_MESSAGE = 'This proposal has expired. Please ask your broker for a new one.';
export const PROPOSAL_REVOKED_MESSAGE = 'This proposal was withdrawn by your broker. Please ask them for a new one.';
/** A newer proposal of the same deal was sent: only the latest offer stands. */
export const PROPOSAL_REPLACED_MESSAGE =
  'This proposal was replaced by a newer one. Please use the latest link from your broker.';
/** The deal now names another client (or the offer was made out to someone else): nothing of it is shown. */
export const PROPOSAL_WITHDRAWN_MESSAGE = 'This proposal is no longer available. Please contact your broker.';
/** Closed and not-sold deals take no new proposal, and a proposal sent before is not accepted. */
export const PROPOSAL_DEAL_CLOSED_MESSAGE = 'Proposals can only be shared for a deal that is still open (not closed or not sold)';
export const PROPOSAL_OFFER_CLOSED_MESSAGE = 'This offer is no longer available. Please contact your broker.';
export const PROPOSAL_ALREADY_ACCEPTED_MESSAGE = 'This proposal is already accepted.';
/** An accepted proposal whose deal was deleted afterwards: it stays accepted (history), and the link says what happened. */
export const PROPOSAL_DEAL_REMOVED_MESSAGE =
  'You accepted this proposal, but the deal it was for has since been removed. Please contact your broker.';
export const PROPOSAL_NOT_FOUND_MESSAGE = 'Proposal not found';
export const PROPOSAL_NOT_REVOCABLE_MESSAGE = 'Only a sent proposal can be revoked';
export { QUESTION_MAX, QUESTION_REQUIRED_MESSAGE, QUESTION_TOO_LONG_MESSAGE } from './question';

// ---------------------------------------------------------------------------------------------------------------
// The snapshot

/** Due at signing, item by item, when the deal was desked (shared/lease/calculate.ts `driveOff`). */
export const driveOffSchema = z.object({
  firstPayment: z.number(),
  cashDown: z.number(),
  upfrontFees: z.number(),
  upfrontTax: z.number(),
  securityDeposits: z.number(),
  total: z.number(),
});
export type DriveOff = z.infer<typeof driveOffSchema>;

/**
 * One of up to PROPOSAL_OPTIONS_MAX offers a proposal may carry (docs/decisions.md, "Proposal options"): a row of the
 * desk's comparison, from a lender's program or a dealer's quote the broker typed. The broker states the numbers; the
 * server derives `totalCost` with the comparison's own rule (shared/lease/total-cost.ts), so the client reads the
 * same total the broker sorted by.
 */
export const PROPOSAL_OPTIONS_MAX = 3;
export const PROPOSAL_OPTION_SOURCES = ['program', 'dealer-quote'] as const;
export const PROPOSAL_OPTION_LABEL_MAX = 80;
export const PROPOSAL_OPTIONS_TOO_MANY_MESSAGE = `A proposal can carry at most ${PROPOSAL_OPTIONS_MAX} options`;
/** POST /proposals/{token}/accept of a proposal with options names the one the client takes. */
export const PROPOSAL_OPTION_REQUIRED_MESSAGE = 'Choose one of the options';
export const PROPOSAL_OPTION_UNKNOWN_MESSAGE = 'This proposal has no such option';

const optionMoney = (label: string) =>
  z
    .number(`${label} is required`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} must be in whole cents`);

export const proposalOptionInputSchema = z
  .object({
    /** What the client reads as the option's name: "Example Auto Finance, December 2026 program", "Dealer quote: ...". */
    label: z
      .string('Option name is required')
      .trim()
      .min(1, 'Option name is required')
      .max(PROPOSAL_OPTION_LABEL_MAX, `Option name must be at most ${PROPOSAL_OPTION_LABEL_MAX} characters`),
    source: z.enum(PROPOSAL_OPTION_SOURCES),
    termMonths: z
      .number('Term is required')
      .int('Term must be a whole number of months')
      .min(1, 'Term must be 1 to 120 months')
      .max(120, 'Term must be 1 to 120 months'),
    milesPerYear: z.number().int('Miles a year must be a whole number').min(0).max(100_000).nullable(),
    /** 0 for a one-pay lease. */
    monthlyPayment: optionMoney('Monthly payment'),
    /** Due at signing, first payment included (the one-pay amount for a one-pay lease). */
    dueAtSigning: optionMoney('Due at signing'),
    /** Refundable security deposits inside `dueAtSigning`. */
    refundableDeposits: optionMoney('Refundable deposits').default(0),
    onePay: z.boolean().default(false),
    /** The rate, when the option came from a program (the client sees it as the deal's money factor). */
    moneyFactor: z.number().min(0).max(0.01, 'Money factor must be at most 0.01').nullable().default(null),
    securityDepositCount: z.number().int().min(0).max(10).nullable().default(null),
  })
  .refine((option) => option.refundableDeposits <= option.dueAtSigning, {
    message: 'Refundable deposits cannot be more than what is due at signing',
    path: ['refundableDeposits'],
  });
export type ProposalOptionInput = z.input<typeof proposalOptionInputSchema>;

/** An option as stored in the snapshot and read by the client: its numbers and the total the comparison sorted by. */
export const proposalOptionSchema = z.object({
  label: z.string(),
  source: z.enum(PROPOSAL_OPTION_SOURCES),
  termMonths: z.number().int(),
  milesPerYear: z.number().int().nullable(),
  monthlyPayment: z.number(),
  dueAtSigning: z.number(),
  refundableDeposits: z.number(),
  onePay: z.boolean(),
  moneyFactor: z.number().nullable(),
  securityDepositCount: z.number().int().nullable(),
  totalCost: z.number(),
});
export type ProposalOption = z.infer<typeof proposalOptionSchema>;

/**
 * POST /deals/{id}/proposals: no body (or no `options`) shares the deal's desked offer as before; `options` (1 to
 * PROPOSAL_OPTIONS_MAX) shares those offers for the client to choose one.
 */
export const createProposalRequestSchema = z.object({
  options: z.array(proposalOptionInputSchema).max(PROPOSAL_OPTIONS_MAX, PROPOSAL_OPTIONS_TOO_MANY_MESSAGE).optional(),
});
export type CreateProposalRequest = z.input<typeof createProposalRequestSchema>;

/** POST /proposals/{token}/accept: `option` (its index in `snapshot.options`) is required when the proposal has options. */
export const acceptProposalRequestSchema = z.object({
  option: z.number().int(PROPOSAL_OPTION_UNKNOWN_MESSAGE).min(0, PROPOSAL_OPTION_UNKNOWN_MESSAGE).optional(),
});

export const proposalSnapshotSchema = z.object({
  vehicle: z.object({
    ...vehicleNameSchema.shape,
    imageUrl: z.string().nullable(),
  }),
  dealType: z.enum(DEAL_TYPES),
  monthlyPayment: z.number(),
  downPayment: z.number(),
  termMonths: z.number().int(),
  /** Miles a year. */
  mileageAllowance: z.number().nullable(),
  moneyFactor: z.number().nullable(),
  apr: z.number().nullable(),
  /** The deal's total due at signing, or the desked drive-off's total. */
  totalDueAtSigning: z.number().nullable(),
  /** Itemized when the deal was desked; null otherwise. */
  driveOff: driveOffSchema.nullable(),
  /** The concierge fee (0: waived). */
  conciergeFee: z.number(),
  incentives: z.array(z.string()),
  /** Who the client deals with: the broker's name, and the dealership's. */
  brokerName: z.string(),
  dealershipName: z.string().nullable(),
  clientName: z.string().nullable(),
  /**
   * The offers the client chooses one of (docs/decisions.md, "Proposal options"); empty when the proposal offers the
   * deal's desked terms alone (every proposal stored before options existed reads so).
   */
  options: z.array(proposalOptionSchema).default([]),
});
export type ProposalSnapshot = z.infer<typeof proposalSnapshotSchema>;
/** A snapshot as made (the route's response schema fills `options` in for one stored before they existed). */
export type ProposalSnapshotInput = z.input<typeof proposalSnapshotSchema>;

/** The index in `snapshot.options` of the option the client accepted, or null (not accepted, or no options). */
const acceptedOptionField = z.number().int().nullable();

/** A proposal as the deal page lists it (no token: only its hash is stored; the link is shown once, on creation). */
export const proposalSummarySchema = z.object({
  id: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  monthlyPayment: z.number(),
  termMonths: z.number().int(),
  /** The proposal's options (docs/decisions.md, "Proposal options"), and the one accepted. */
  options: z.array(proposalOptionSchema).default([]),
  acceptedOption: acceptedOptionField.default(null),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff routes

export const proposalParamsSchema = z.object({
  id: z
    .string()
    .max(64, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
  proposalId: z
    .string()
    .max(64, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});

/**
 * Where a shared proposal went: the client's e-mail on file, else their phone by text (`channel` null: the client has
 * neither, or the deal has no client; the link is for the broker to pass on). `status` as the outbox reports it.
 */
export const proposalDeliverySchema = z.object({
  channel: z.enum(['email', 'sms']).nullable(),
  to: z.string().nullable(),
  status: z.enum(['sent', 'retrying', 'failed']).nullable(),
  error: z.string().nullable(),
});
export type ProposalDelivery = z.infer<typeof proposalDeliverySchema>;

/**
 * POST /deals/{id}/proposals (201): the proposal, where it was sent, and its link, the only time the link is shown.
 * `replaced`: how many earlier sent proposals of the deal it withdrew.
 */
export const createProposalResponseSchema = z.object({
  proposal: proposalSummarySchema,
  token: z.string(),
  url: z.string(),
  delivery: proposalDeliverySchema,
  replaced: z.number().int(),
});
export type CreateProposalResponse = z.infer<typeof createProposalResponseSchema>;

export const dealProposalsResponseSchema = z.object({ proposals: z.array(proposalSummarySchema) });
export type DealProposals = z.infer<typeof dealProposalsResponseSchema>;

export const revokeProposalResponseSchema = z.object({ proposal: proposalSummarySchema });

// ---------------------------------------------------------------------------------------------------------------
// The client's reads

/** A proposal as its client reads it: its state and, unless revoked or expired (or invalid), the snapshot. */
export const proposalViewSchema = z.object({
  id: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** Which of `snapshot.options` the client accepted (docs/decisions.md, "Proposal options"). */
  acceptedOption: acceptedOptionField.default(null),
  createdAt: z.string(),
  snapshot: proposalSnapshotSchema,
});
export type ProposalView = z.infer<typeof proposalViewSchema>;

/** GET /consumer/deals/{id}/proposals: the deal's proposals that still say something (sent or accepted), newest first. */
export const consumerProposalsResponseSchema = z.object({ proposals: z.array(proposalViewSchema) });
export type ConsumerProposals = z.infer<typeof consumerProposalsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Public routes

/** Any text up to 128 characters reaches the lookup: a malformed token is `invalid`, like an unknown one. */
export const proposalTokenParamsSchema = z.object({
  token: z.string().min(1, 'Invalid token').max(128, 'Invalid token'),
});

/**
 * GET /proposals/{token}: `invalid` (unknown or malformed), `revoked` (also a sent one whose deal was deleted) and
 * `expired` carry the message to show and no proposal; `sent` and `accepted` carry it, except an accepted one whose
 * deal was deleted since, which carries PROPOSAL_DEAL_REMOVED_MESSAGE and no proposal.
 */
export const publicProposalResponseSchema = z.object({
  status: z.enum([...PROPOSAL_STATUSES, 'invalid']),
  message: z.string().nullable(),
  proposal: proposalViewSchema.nullable(),
});
export type PublicProposal = z.infer<typeof publicProposalResponseSchema>;

/**
 * POST /proposals/{token}/accept: accepted now, or already (`alreadyAccepted`, nothing changed); `acceptedOption` is the
 * option that stands, the first accept's even when a second one named another (docs/decisions.md, "Proposal options").
 */
export const acceptProposalResponseSchema = z.object({
  status: z.literal('accepted'),
  acceptedAt: z.string(),
  acceptedOption: acceptedOptionField.default(null),
  alreadyAccepted: z.boolean(),
  message: z.string(),
});
export type AcceptProposalResponse = z.infer<typeof acceptProposalResponseSchema>;

export const proposalQuestionSchema = z.object({ question: proposalQuestionField });
export type ProposalQuestionInput = z.input<typeof proposalQuestionSchema>;

/** POST /proposals/{token}/questions (201): the question is on the deal's trail; the e-mail's delivery so far. */
export const proposalQuestionResponseSchema = z.object({
  received: z.literal(true),
  delivery: z.enum(['sent', 'retrying', 'failed']),
});
