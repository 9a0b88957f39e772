/**
 * Request and response shapes of the commission ledger's routes (shared/api/routes.ts, feature `brokers`;
 * docs/decisions.md, "Commission ledger"):
 *
 * - GET  /brokers/{id}/commission?month=      one broker's statement of a month (the broker themself, admins)
 * - GET  /admin/commission?month=             every broker's statement totals of a month (admins), for payroll
 * - POST /admin/commission/adjustments        a bonus, spiff or chargeback with its reason (admins)
 * - POST /admin/commission/payouts            marks a broker's statement paid, locking its month (admins)
 */
import * as z from 'zod';
import { ADJUSTMENT_KINDS, COMMISSION_ENTRY_KINDS, COMMISSION_TYPES } from './enums';
import { brokerIdParamsSchema, monthSchema } from './api';
import { requiredText } from '../validation';
import { isCalendarDay } from './brokered-vehicles';

/** The largest adjustment, in dollars: a flat commission's ceiling (docs/decisions.md, "Brokers"). */
export const ADJUSTMENT_MAX = 100_000;
export const ADJUSTMENT_REASON_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 100;

export const COMMISSION_MESSAGES = {
  statementNotFound: 'Statement not found',
  brokerNotFound: 'Broker not found',
  brokerRequired: 'Choose a broker',
  kindRequired: 'Choose a bonus, spiff or chargeback',
  amountPositive: 'Amount must be more than 0',
  amountMax: `Amount must be at most ${ADJUSTMENT_MAX}`,
  amountCents: 'Amount can have at most 2 decimals',
  reasonRequired: 'Reason is required',
  referenceRequired: 'Payout reference is required',
  paidOnRequired: 'Payout date is required',
  paidOnInvalid: 'Payout date must be a real day, YYYY-MM-DD',
  futureMonth: 'A month can be paid once it has ended',
  alreadyPaid: 'This month is already paid',
  statementChanged: 'This statement changed since it was loaded. Reload and check it before marking it paid.',
};

// ---------------------------------------------------------------------------------------------------------------
// Requests

export const statementQuerySchema = z.object({ month: monthSchema.optional() });
export const commissionMonthQuerySchema = z.object({ month: monthSchema.optional() });

const dollars = z
  .number({ error: COMMISSION_MESSAGES.amountPositive })
  .gt(0, COMMISSION_MESSAGES.amountPositive)
  .max(ADJUSTMENT_MAX, COMMISSION_MESSAGES.amountMax)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, COMMISSION_MESSAGES.amountCents);

export const adjustmentRequestSchema = z.object({
  brokerId: z.string({ error: COMMISSION_MESSAGES.brokerRequired }).pipe(brokerIdParamsSchema.shape.id),
  kind: z.enum(ADJUSTMENT_KINDS, { error: COMMISSION_MESSAGES.kindRequired }),
  /** Dollars, always positive: a chargeback is booked negative. */
  amount: dollars,
  reason: requiredText(COMMISSION_MESSAGES.reasonRequired).max(
    ADJUSTMENT_REASON_MAX,
    `Reason must be at most ${ADJUSTMENT_REASON_MAX} characters`,
  ),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

export const payoutRequestSchema = z.object({
  brokerId: brokerIdParamsSchema.shape.id,
  month: monthSchema,
  // A blank date picker says what it needs; a date typed by hand must be a day of the calendar (2026-02-30 is not).
  paidOn: z
    .string({ error: COMMISSION_MESSAGES.paidOnRequired })
    .min(1, COMMISSION_MESSAGES.paidOnRequired)
    .refine(isCalendarDay, COMMISSION_MESSAGES.paidOnInvalid),
  reference: requiredText(COMMISSION_MESSAGES.referenceRequired).max(
    PAYOUT_REFERENCE_MAX,
    `Payout reference must be at most ${PAYOUT_REFERENCE_MAX} characters`,
  ),
  /** The closing balance the admin saw, in cents: a statement that changed since is refused (409). */
  expectedCents: z.number().int(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

export const commissionEntrySchema = z.object({
  entryId: z.string(),
  kind: z.enum(COMMISSION_ENTRY_KINDS),
  createdAt: z.string(),
  amountCents: z.number(),
  dealId: z.string().nullable(),
  clientName: z.string().nullable(),
  vehicle: z.string().nullable(),
  dealClosedAt: z.string().nullable(),
  feeCents: z.number().nullable(),
  commissionType: z.enum(COMMISSION_TYPES).nullable(),
  commissionValue: z.number().nullable(),
  reverses: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CommissionEntryView = z.infer<typeof commissionEntrySchema>;

export const payoutSchema = z.object({
  paidCents: z.number(),
  paidOn: z.string(),
  reference: z.string(),
  paidAt: z.string(),
});

export const statementTotalsSchema = z.object({
  brokerId: z.string(),
  fullName: z.string(),
  month: z.string(),
  openingCents: z.number(),
  earnedCents: z.number(),
  paidCents: z.number(),
  closingCents: z.number(),
  /** The month is locked: its own statement, or a later one, was marked paid. */
  locked: z.boolean(),
  payout: payoutSchema.nullable(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const statementResponseSchema = statementTotalsSchema.extend({
  currentMonth: z.string(),
  entries: z.array(commissionEntrySchema),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

export const commissionMonthResponseSchema = z.object({
  month: z.string(),
  currentMonth: z.string(),
  statements: z.array(statementTotalsSchema),
});
export type CommissionMonthResponse = z.infer<typeof commissionMonthResponseSchema>;
