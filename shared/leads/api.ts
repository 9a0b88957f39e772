/**
 * Request and response shapes of the lead inbox routes (shared/api/routes.ts, feature `leads`), used by the
 * handlers and the /leads screen. A lead is a quote request stored by POST /quote-requests (feature `quotes`).
 *
 * Who sees what (docs/decisions.md, "Leads"; the pure rules are in ./rules.ts):
 * - every route: admins, and approved, licensed brokers (those who may create the client and the deal a lead
 *   becomes). Pending or unlicensed brokers, dealers and consumers: 403.
 * - admins see every lead, filterable by status and by broker (assigned to or named as agent by the shopper).
 * - a broker sees the leads assigned to them or naming them as agent, and the open pool: unassigned leads that
 *   name no agent, which any broker may claim. A lead naming another agent and not assigned to the caller is
 *   hidden (404). An unassigned lead naming the caller may be claimed by them only.
 * - assign (admins): to an approved, licensed broker, or back to the pool (brokerId null), on the lead's revision the
 *   screen loaded: a lead changed since (another admin's assignment, a claim, a status change) is a 409, so of two
 *   assignments at once exactly one is recorded.
 * - claim (brokers): only an unassigned lead they may see; two claims at once: one wins, the other gets 409.
 * - status and convert: admins, and the broker the lead is assigned to (a broker claims first).
 *
 * - GET   /leads                 the inbox: one page newest first (status and broker filters), one call
 * - GET   /leads/{id}            one lead with every quote_leads column, its history and its e-mail notice
 * - POST  /leads/{id}/assign     { brokerId, revision }       -> the lead (409 LEAD_CHANGED_MESSAGE when stale)
 * - POST  /leads/{id}/claim                                   -> the lead
 * - PATCH /leads/{id}/status     { status }                   -> the lead
 * - POST  /leads/{id}/convert                                 -> { clientId, clientCreated, dealPrefill, lead }
 *   (dealPrefill: everything the shopper typed, as the deal form's fields: ./conversion.ts)
 */
import * as z from 'zod';
import {
  BODY_STYLES,
  LEAD_NOTIFICATION_STATUSES,
  QUOTE_LEAD_STATUSES,
  type LeadNotificationStatus,
  LEASE_OR_PURCHASE,
  PREFERRED_CONTACT_METHODS,
  PURCHASE_TIMEFRAMES,
  QUOTE_CREDIT_SCORE_RANGES,
  VEHICLE_PREFERENCES,
} from '../quotes/enums';
import { dealPrefillSchema } from './conversion';

export { dealPrefillSchema, type DealPrefill } from './conversion';

/** The lead statuses (our choice: docs/decisions.md, "Leads"); the quote request stores `new`. */
export const LEAD_STATUSES = QUOTE_LEAD_STATUSES;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  lost: 'Lost',
};

/** The e-mail notice sent to the admins and the named agent when the lead arrived (feature `quotes`). */
export { LEAD_NOTIFICATION_STATUSES, type LeadNotificationStatus };

export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;

export const LEADS_TITLE = 'Leads';
export const NO_LEADS_MESSAGE = 'No leads yet';
export const NO_MATCHING_LEADS_MESSAGE = 'No leads match these filters';
export const LEAD_NOT_FOUND_MESSAGE = 'Lead not found';
export const LEAD_INVALID_CURSOR_MESSAGE = 'Invalid cursor';
export const LEAD_INVALID_STATUS_MESSAGE = 'Please choose a valid status';
export const LEAD_INVALID_BROKER_MESSAGE = 'Please choose a broker from the list';
/** POST /leads/{id}/claim on a lead someone has (409). */
export const LEAD_ALREADY_ASSIGNED_MESSAGE = 'This lead has already been claimed by another broker';
/** POST /leads/{id}/assign to someone who is not an approved, licensed broker (400). */
export const LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE = 'Leads can only be assigned to approved, licensed brokers';
/** A status change or convert by a broker the lead is not assigned to (403). */
export const LEAD_NOT_YOURS_MESSAGE = 'Claim this lead before working on it';
/** Someone else changed the lead between read and write (an assignment on a stale revision, a lost retry): 409. */
export const LEAD_CHANGED_MESSAGE = 'This lead was changed by someone else. Reload it and try again.';
/** An assignment without the revision it was made on (400). */
export const LEAD_REVISION_REQUIRED_MESSAGE = 'Reload the lead and try again';
/** A broker's GET /leads?brokerId= naming someone else (403). */
export const LEAD_BROKER_FILTER_MESSAGE = 'Brokers can only filter by their own leads';
/**
 * 409 of convert in own book: the lead's e-mail is a client of another broker's book (client e-mails are unique, so
 * no second client can be made). Says nothing of that client or its broker (docs/decisions.md, "Lead conversion in own book").
 */
export const LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE =
  "A client with this lead's email is in another broker's book. Ask an admin to convert this lead.";

/** Lead ids are ULIDs (the seed's are readable ids): letters, digits and hyphens. Anything else is a 400. */
const idSchema = z
  .string()
  .max(128, 'Invalid id')
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid id');

export const leadIdParamsSchema = z.object({ id: idSchema });
export type LeadIdParams = z.infer<typeof leadIdParamsSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /leads query. Brokers may pass only their own id as brokerId ("mine": without the open pool). */
export const leadListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(LEAD_STATUSES, LEAD_INVALID_STATUS_MESSAGE).optional()),
  brokerId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Opaque: the `nextCursor` of the previous page with the same filters. */
  cursor: z.string().max(2048, LEAD_INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number('Invalid limit')
    .int('Invalid limit')
    .min(1, 'Invalid limit')
    .max(LEAD_PAGE_SIZE_MAX, 'Invalid limit')
    .default(LEAD_PAGE_SIZE_DEFAULT),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const LEAD_SOURCES = ['quote', 'adf'] as const;
/** The inbox's label of a lead's source. */
export const LEAD_SOURCE_LABELS = { quote: 'Quote request', adf: 'ADF' } as const;

/** What an ADF lead carries beyond a quote request's fields (docs/decisions.md, "ADF leads"). */
export const leadAdfSchema = z.object({
  /** The sender (the document's provider, or its vendor). */
  provider: z.string().nullable(),
  /** The sender's prospect id and source ("source|id"). */
  prospectId: z.string().nullable(),
  vin: z.string().nullable(),
  stock: z.string().nullable(),
  /** The dealership whose lead address received it; null for the company's address. */
  dealership: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The shopper's later inquiries, oldest first: they came back (same e-mail or phone within 30 days) while the lead
   * was open, so the inquiry joined this lead instead of making a second one.
   */
  inquiries: z.array(
    z.object({
      at: z.string(),
      provider: z.string().nullable(),
      vehicle: z.string().nullable(),
      comments: z.string().nullable(),
    }),
  ),
});
export type LeadAdf = z.infer<typeof leadAdfSchema>;

export const leadPersonSchema = z.object({ id: z.string(), fullName: z.string() });
export type LeadPerson = z.infer<typeof leadPersonSchema>;

export const leadNotificationSchema = z.object({
  status: z.enum(LEAD_NOTIFICATION_STATUSES),
  /** Why the e-mail failed (the provider's message); null unless failed. */
  error: z.string().nullable(),
  /** When the notice was sent or failed. */
  at: z.string(),
});
export type LeadNotification = z.infer<typeof leadNotificationSchema>;

/** The shopper's acknowledgement (by e-mail or text) sent when the lead arrived; null on leads from before it. */
export const leadAcknowledgementSchema = leadNotificationSchema.extend({ channel: z.enum(['email', 'sms']) });
export type LeadAcknowledgement = z.infer<typeof leadAcknowledgementSchema>;

/** What the caller may do with the lead (the detail's buttons); decided by ./rules.ts on the server. */
export const leadActionsSchema = z.object({
  canAssign: z.boolean(),
  canClaim: z.boolean(),
  canChangeStatus: z.boolean(),
  canConvert: z.boolean(),
});
export type LeadActions = z.infer<typeof leadActionsSchema>;

/**
 * A lead in the inbox list. The age ("3 min ago") and the "Waiting > 5 min" mark are computed in the browser from
 * `createdAt` and `status` (isWaitingTooLong in ./rules.ts), so they stay right while the page is open.
 */
export const leadSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
  /** "2026 Toyota RAV4 XLE" for an exact request, "SUV" (with features) for "help me figure it out". */
  vehicleSummary: z.string(),
  status: z.enum(LEAD_STATUSES),
  createdAt: z.string(),
  /** The broker working the lead; null while it waits in the pool or for its agent to claim it. */
  assignee: leadPersonSchema.nullable(),
  /** The agent the shopper said they work with, if any. */
  agent: leadPersonSchema.nullable(),
  /** The new-lead e-mail notice failed: the inbox shows "E-mail notice failed". */
  notificationFailed: z.boolean(),
  /** Where the lead came from: the quote wizard, or an ADF document posted to a lead address (shown as "ADF"). */
  source: z.enum(LEAD_SOURCES),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadListResponseSchema = z.object({
  /** Newest first. */
  leads: z.array(leadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadStatusChangeSchema = z.object({
  status: z.enum(LEAD_STATUSES),
  by: leadPersonSchema,
  at: z.string(),
});
export type LeadStatusChange = z.infer<typeof leadStatusChangeSchema>;

export const leadAssignmentChangeSchema = z.object({
  /** Null: returned to the pool. */
  broker: leadPersonSchema.nullable(),
  by: leadPersonSchema,
  at: z.string(),
  /** A broker claimed the lead (rather than an admin assigning it). */
  claimed: z.boolean(),
  /** Assigned on arrival to the approved agent the shopper picked (docs/decisions.md, "Lead conversion"). */
  automatic: z.boolean(),
});
export type LeadAssignmentChange = z.infer<typeof leadAssignmentChangeSchema>;

/** GET /leads/{id} and every write's answer: every quote_leads column, the history and the notice. */
export const leadDetailSchema = leadSummarySchema.extend({
  zipCode: z.string(),
  vehiclePreference: z.enum(VEHICLE_PREFERENCES),
  exactVehicleYear: z.number().int().nullable(),
  exactVehicleMake: z.string().nullable(),
  exactVehicleModel: z.string().nullable(),
  exactVehicleTrim: z.string().nullable(),
  bodyStyle: z.enum(BODY_STYLES).nullable(),
  mustHaveFeatures: z.array(z.string()),
  mustHaveOptions: z.string().nullable(),
  creditScoreRange: z.enum(QUOTE_CREDIT_SCORE_RANGES).nullable(),
  purchaseTimeframe: z.enum(PURCHASE_TIMEFRAMES).nullable(),
  monthlyPaymentBudget: z.number().nullable(),
  leaseOrPurchase: z.enum(LEASE_OR_PURCHASE).nullable(),
  workingWithBroker: z.boolean(),
  hasTradeIn: z.boolean(),
  tradeInYear: z.number().int().nullable(),
  tradeInMake: z.string().nullable(),
  tradeInModel: z.string().nullable(),
  tradeInMileage: z.number().nullable(),
  tradeInCondition: z.number().int().nullable(),
  tradeInHasLienholder: z.boolean(),
  tradeInLienholderName: z.string().nullable(),
  tradeInPayoffBalance: z.number().nullable(),
  hasCosigner: z.boolean(),
  hasPriorAutoLoan: z.boolean(),
  isMilitary: z.boolean(),
  isAaaMember: z.boolean(),
  isCostcoMember: z.boolean(),
  isCollegeStudent: z.boolean(),
  isFirstResponder: z.boolean(),
  currentlyLeasing: z.boolean(),
  currentLeaseBrand: z.string().nullable(),
  /** The extra trade-ins ("Additional trade-ins: #2: ..."). */
  additionalNotes: z.string().nullable(),
  /**
   * The marketplace vehicle the shopper reserved from the trending embed ("Reserve This Deal"), by id and by its name
   * as it read then ("2025 Honda Civic Sport"); null when the request named none.
   */
  reservedVehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  notification: leadNotificationSchema.nullable(),
  acknowledgement: leadAcknowledgementSchema.nullable(),
  /** Oldest first; the first entry is the lead's arrival as new. */
  statusHistory: z.array(leadStatusChangeSchema),
  /** Oldest first. */
  assignmentHistory: z.array(leadAssignmentChangeSchema),
  /** The client the lead was converted into. */
  convertedClientId: z.string().nullable(),
  /** The deals created from the lead (each records the lead as its `sourceLeadId`), oldest first. */
  dealIds: z.array(z.string()),
  actions: leadActionsSchema,
  /** The ADF lead's extra facts; null for a quote request. */
  adf: leadAdfSchema.nullable(),
  /** Send it back with an assignment: one on an older revision is refused with 409 (LEAD_CHANGED_MESSAGE). */
  revision: z.number().int().nonnegative(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/**
 * POST /leads/{id}/assign (admins): an approved, licensed broker's id, or null to return the lead to the pool, and the
 * lead's `revision` the screen loaded.
 */
export const assignLeadRequestSchema = z.object({
  brokerId: idSchema.nullable(),
  revision: z
    .number(LEAD_REVISION_REQUIRED_MESSAGE)
    .int(LEAD_REVISION_REQUIRED_MESSAGE)
    .nonnegative(LEAD_REVISION_REQUIRED_MESSAGE),
});
export type AssignLeadRequest = z.input<typeof assignLeadRequestSchema>;

/** PATCH /leads/{id}/status. */
export const updateLeadStatusRequestSchema = z.object({
  status: z.enum(LEAD_STATUSES, LEAD_INVALID_STATUS_MESSAGE),
});
export type UpdateLeadStatusRequest = z.input<typeof updateLeadStatusRequestSchema>;

/** POST /leads/{id}/convert: the client made from the lead (or the one with its e-mail) and the lead, converted. */
export const convertLeadResponseSchema = z.object({
  clientId: z.string(),
  /** False when an existing client had the lead's e-mail. */
  clientCreated: z.boolean(),
  dealPrefill: dealPrefillSchema,
  lead: leadDetailSchema,
});
export type ConvertLeadResponse = z.infer<typeof convertLeadResponseSchema>;
