/**
 * A lead from the public quote wizard (a `quote_leads` record): the intake's columns, written once by the quotes
 * feature (functions/quotes), plus the inbox's state: status, assignment and whether the new-lead e-mail went out. The
 * leads feature (functions/domain/leads/leads.ts) reads and updates it.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { LEAD_NOTIFICATION_STATUSES, QUOTE_LEAD_STATUSES } from '@shared/quotes/enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const QUOTE_LEADS_PARTITION = 'QUOTELEADS';
export const quoteLeadsOfBroker = (brokerId: string) => `QUOTELEADS#${brokerId}`;
/** The lead inbox's partitions (gsi3 to gsi6, below). */
export const leadsOfStatus = (status: string) => `QUOTELEADS#status#${status}`;
export const leadsOfAssignee = (brokerId: string) => `QUOTELEADS#assignee#${brokerId}`;
export const LEADS_POOL_PARTITION = 'QUOTELEADS#pool';
/** Who holds a lead in gsi4: its assignee, else the open pool when it names no agent (its agent claims it). */
export function leadHolder(assignedBrokerId: string | undefined, agentId: string | undefined): string | undefined {
  if (assignedBrokerId) return leadsOfAssignee(assignedBrokerId);
  return agentId ? undefined : LEADS_POOL_PARTITION;
}

export const quoteLeadSchema = item({
  id: string().key(),
  // contact
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: string(),
  zipCode: string(),
  preferredContactMethod: string().enum('text', 'call', 'email').optional(),
  // vehicle
  vehiclePreference: string().enum('exact', 'help'),
  exactVehicleYear: number().optional(),
  exactVehicleMake: string().optional(),
  exactVehicleModel: string().optional(),
  exactVehicleTrim: string().optional(),
  bodyStyle: string().optional(),
  mustHaveFeatures: list(string()).optional(),
  mustHaveOptions: string().optional(),
  // purchase
  creditScoreRange: string().optional(),
  purchaseTimeframe: string().optional(),
  monthlyPaymentBudget: number().optional(),
  leaseOrPurchase: string().optional(),
  // agent
  brokerId: string().optional(),
  workingWithBroker: boolean().optional(),
  // trade-in (the first one; others go to additionalNotes)
  hasTradeIn: boolean().optional(),
  tradeInYear: number().optional(),
  tradeInMake: string().optional(),
  tradeInModel: string().optional(),
  tradeInMileage: number().optional(),
  tradeInCondition: number().optional(),
  tradeInHasLienholder: boolean().optional(),
  tradeInLienholderName: string().optional(),
  tradeInPayoffBalance: number().optional(),
  // flags
  hasCosigner: boolean().optional(),
  hasPriorAutoLoan: boolean().optional(),
  isMilitary: boolean().optional(),
  isAaaMember: boolean().optional(),
  isCostcoMember: boolean().optional(),
  isCollegeStudent: boolean().optional(),
  isFirstResponder: boolean().optional(),
  currentlyLeasing: boolean().optional(),
  currentLeaseBrand: string().optional(),
  additionalNotes: string().optional(),
  /** The marketplace vehicle reserved from the trending embed ("Reserve This Deal"), and its name as it read then. */
  reservedVehicleId: string().optional(),
  reservedVehicleName: string().optional(),
  createdAt: string(),
  // inbox state
  /** Every lead starts `new`. */
  status: string().enum(...QUOTE_LEAD_STATUSES),
  /** The broker working the lead (admins assign, a broker may claim an unassigned one). */
  assignedBrokerId: string().optional(),
  /**
   * The new-lead e-mail to the admins and the named agent, recorded after the lead is stored (absent until it has
   * been tried): `failed` with SES's error when any recipient could not be sent to. The lead is kept either way.
   */
  notification: map({
    status: string().enum(...LEAD_NOTIFICATION_STATUSES),
    error: string().optional(),
    /** ISO time of the attempt. */
    at: string(),
  }).optional(),

  /**
   * The acknowledgement to the shopper (by their preferred contact method: e-mail, or a text), kept like
   * `notification` by the outbox (functions/quotes/acknowledgement.ts); absent on leads from before it existed.
   */
  acknowledgement: map({
    channel: string().enum('email', 'sms'),
    status: string().enum(...LEAD_NOTIFICATION_STATUSES),
    error: string().optional(),
    at: string(),
  }).optional(),

  // ---- The lead inbox (feature leads: functions/domain/leads/leads.ts writes these after the create) ----
  /** The assignee's full name, kept for the inbox list (set with assignedBrokerId). */
  assignedBrokerName: string().optional(),
  /** Oldest first; a lead without one arrived as new at createdAt. */
  statusHistory: list(map({ status: string(), byId: string(), byName: string(), at: string() })).optional(),
  assignmentHistory: list(
    map({
      brokerId: string().optional(),
      brokerName: string().optional(),
      byId: string(),
      byName: string(),
      at: string(),
      claimed: boolean(),
      /** Assigned on arrival to the approved agent the shopper picked (functions/quotes). */
      automatic: boolean().optional(),
    }),
  ).optional(),
  convertedClientId: string().optional(),
  /** The deals created from the lead, oldest first (functions/deals/data/lead-deals.ts appends each after the deal is stored). */
  dealIds: list(string()).optional(),
  /**
   * Incremented by every inbox write (leads.ts `save`), each conditioned on the revision read: an admin's
   * assignment carries the revision the screen loaded and a stale one is a 409. Absent (0) until the first write,
   * so the quote request's create and its e-mail notice never touch it.
   */
  revision: number().optional(),

  // ---- ADF leads (functions/leads/adf-inbound.ts): absent on quote requests ----
  /** Where the lead came from: absent for the quote wizard, `adf` for an ADF document posted to a lead address. */
  source: string().enum('adf').optional(),
  /** The ADF sender: the provider's name (and its service), or the vendor's. */
  adfProvider: string().optional(),
  /** The sender's prospect id and source (`source|id`), when given. */
  adfProspectId: string().optional(),
  exactVehicleVin: string().optional(),
  exactVehicleStock: string().optional(),
  /**
   * A returning shopper's later inquiries (functions/leads/adf-leads.ts: the same e-mail or phone within 30 days,
   * while the lead is open), oldest first, the last ADF_MAX_INQUIRIES kept.
   */
  inquiries: list(
    map({
      at: string(),
      provider: string().optional(),
      vehicle: string().optional(),
      comments: string().optional(),
    }),
  ).optional(),
  /** The dealership whose lead address received it (absent: the company's address). */
  dealershipId: string().optional(),
  dealershipName: string().optional(),
}).and((_schema) => ({
  /** Staff: every lead, newest last. */
  gsi1pk: string().hidden().const(QUOTE_LEADS_PARTITION),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
  /** An agent's leads (sparse: leads that named an agent). */
  gsi2pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ brokerId }) => (brokerId ? quoteLeadsOfBroker(brokerId) : undefined)),
  gsi2sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ brokerId, createdAt, id }) => (brokerId ? `${createdAt}#${id}` : undefined)),

  // ---- The lead inbox's lists (docs/data-model.md, "Leads"): each newest first by `${createdAt}#${id}` ----
  /** Every lead of one status (admins' status filter). */
  gsi3pk: string()
    .hidden()
    .link<typeof _schema>(({ status }) => leadsOfStatus(status)),
  gsi3sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
  /** The assignee's leads, or the open pool (unassigned, naming no agent); absent for a named lead not yet claimed. */
  gsi4pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ assignedBrokerId, brokerId }) => leadHolder(assignedBrokerId, brokerId)),
  gsi4sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ assignedBrokerId, brokerId, createdAt, id }) =>
      leadHolder(assignedBrokerId, brokerId) ? `${createdAt}#${id}` : undefined,
    ),
  /** gsi4 within one status. */
  gsi5pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ assignedBrokerId, brokerId, status }) => {
      const holder = leadHolder(assignedBrokerId, brokerId);
      return holder ? `${holder}#status#${status}` : undefined;
    }),
  gsi5sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ assignedBrokerId, brokerId, createdAt, id }) =>
      leadHolder(assignedBrokerId, brokerId) ? `${createdAt}#${id}` : undefined,
    ),
  /** gsi2 (the named agent's leads) within one status. */
  gsi6pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ brokerId, status }) => (brokerId ? `${quoteLeadsOfBroker(brokerId)}#status#${status}` : undefined)),
  gsi6sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ brokerId, createdAt, id }) => (brokerId ? `${createdAt}#${id}` : undefined)),
}));

const quoteLeadKey = (id: string) => ({ pk: `QUOTELEAD#${id}`, sk: 'QUOTELEAD' });

/** Where the outbox records how the new-lead e-mails went (functions/lib/outbox.ts). */
export const leadNotificationRecord = (id: string) => ({
  ...quoteLeadKey(id),
  statusPath: 'notification.status',
  errorPath: 'notification.error',
});

/** Where the outbox records how the shopper's acknowledgement went. */
export const leadAcknowledgementRecord = (id: string) => ({
  ...quoteLeadKey(id),
  statusPath: 'acknowledgement.status',
  errorPath: 'acknowledgement.error',
});

export const quoteLeadEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'quoteLead',
      table,
      schema: quoteLeadSchema,
      computeKey: ({ id }) => quoteLeadKey(id),
    }),
);

export type QuoteLead = FormattedItem<ReturnType<typeof quoteLeadEntity>>;
