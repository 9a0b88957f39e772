/**
 * A deal (also the marketplace vehicle record). Its six index keys are linked to its attributes; the sparse ones
 * (client, dealership, expiry) are left out when the attribute they key is absent. Only the deals store writes
 * deals, always whole, on the revision it read.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { CREDIT_APP_FORM_TYPES, DEAL_STATUSES, DEAL_TYPES, type DealStatus } from '@functions/domain/enums';
import { isListing } from '@shared/marketplace/inventory';
import { COMMISSION_TYPES } from '@shared/brokers/enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, sortable } from '@functions/lib/data/keys';

/** Index partitions, named once for the entity and the store that queries them. */
export const dealPartitions = {
  byStatus: (status: DealStatus) => `DEAL#status#${status}`,
  byBroker: (brokerId: string) => `BROKER#${brokerId}`,
  /** A broker's listings, apart from their client deals (the profile's recent deals are client deals). */
  listingsByBroker: (brokerId: string) => `BROKER#${brokerId}#listings`,
  byClient: (clientId: string) => `CLIENT#${clientId}`,
  byDealership: (dealershipId: string) => `DEALERSHIP#${dealershipId}`,
  marketplace: (isArchived: boolean) => `MARKETPLACE#archived#${isArchived}`,
  byExpiry: (status: DealStatus) => `DEAL#expiry#${status}`,
};

const newestKey = ({ createdAt, id }: { createdAt: string; id: string }) => `DEAL#${createdAt}#${id}`;

export const dealSchema = item({
  id: string().key(),
  clientId: string().optional(),
  /**
   * The client's full name, copied on every deal write that sets the client and kept in step when the client is
   * renamed: the deals list orders and groups by it without reading clients.
   */
  clientName: string().optional(),
  dealershipId: string().optional(),
  brokerId: string(),
  /** The marketplace vehicle a client deal was created from (its pending deals are counted on the vehicle). */
  sourceVehicleId: string().optional(),
  /** The quote lead a client deal was created from (its convert); the lead lists the deal (quote-lead.ts `dealIds`). */
  sourceLeadId: string().optional(),
  /**
   * A marketplace listing (true) or a client deal (false): shared/marketplace/inventory.ts. Every write stores it;
   * absent only on deals written before 25 Nov 2026, until the inventory migration (docs/operations.md) rewrites them.
   */
  listing: boolean().optional(),
  year: number(),
  make: string(),
  model: string(),
  trim: string().optional(),
  vin: string().optional(),
  imageUrl: string().optional(),
  dealType: string().enum(...DEAL_TYPES),
  status: string().enum(...DEAL_STATUSES),
  /** Normalised (trimmed, upper-cased) by the store; the stockNumber item makes it unique. */
  stockNumber: string().optional(),
  availableStock: number().optional(),
  msrp: number().optional(),
  totalDueAtSigning: number().optional(),
  monthlyPayment: number(),
  downPayment: number(),
  termMonths: number(),
  mileageAllowance: number().optional(),
  moneyFactor: number().optional(),
  apr: number().optional(),
  notes: string().optional(),
  incentives: list(string()).optional(),
  /** YYYY-MM-DD. */
  expirationDate: string().optional(),
  isArchived: boolean(),
  heardAboutUs: string().optional(),
  heardAboutUsReferral: string().optional(),
  heardAboutUsAffinity: string().optional(),
  creditScoreRange: string().optional(),
  hasTradeIn: boolean().optional(),
  tradeInMake: string().optional(),
  tradeInModel: string().optional(),
  tradeInYear: number().optional(),
  tradeInMileage: number().optional(),
  tradeInCondition: string().optional(),
  tradeInHasLienholder: boolean().optional(),
  tradeInLienholder: string().optional(),
  tradeInPayoffBalance: number().optional(),
  /** The desking panel's lease input (shared/lease LeaseInput, checked by the request schema), stored as a map. */
  desking: any().optional(),
  /**
   * The lender program row the desking was filled from (shared/programs/desk.ts ProgramReference, checked by the
   * request schema and the deal service) with the lender's name as imported, stored as a map.
   */
  program: any().optional(),
  brokerFeeDealer: number().optional(),
  brokerFeeClient: number().optional(),
  brokerFeeTotal: number().optional(),
  brokerCommissionAmount: number().optional(),
  notSoldReason: string().optional(),
  followUpDate: string().optional(),
  notSoldNotes: string().optional(),
  creditAppFormType: string().enum(...CREDIT_APP_FORM_TYPES),
  conciergeFee: number().optional(),
  conciergeFeePaid: boolean().optional(),
  /**
   * Provider payments that did not mark the fee paid (another amount or currency, or a fee already paid), kept for an
   * admin to resolve (functions/payments/payments.ts). Amounts in minor units; absent amount or currency: not given.
   */
  paymentsToReview: list(
    map({
      eventId: string(),
      amountCents: number().optional(),
      currency: string().optional(),
      dueCents: number(),
      feeAlreadyPaid: boolean(),
      receivedAt: string(),
    }),
  ).optional(),
  dealClosedAt: string().optional(),
  /**
   * The commission booking in force (docs/decisions.md, "Commission ledger"): what the deal's last booking entry said,
   * absent while nothing is booked. Written by the deals store only, with the entries, in the deal's transaction.
   */
  commission: map({
    entryId: string(),
    brokerId: string(),
    month: string(),
    dealClosedAt: string(),
    feeCents: number(),
    amountCents: number(),
    commissionType: string()
      .enum(...COMMISSION_TYPES)
      .optional(),
    commissionValue: number().optional(),
  }).optional(),
  /** The last booking sequence used by the deal's ledger entries (their keys: functions/domain/commission/entities.ts). */
  commissionSequence: number().optional(),
  /**
   * A finalized or closed lease's start and maturity days (YYYY-MM-DD; they date the maturity reminders): the start
   * defaults to the day it closed (or was finalized), the maturity is start + term months. Set by the deals store on
   * every write of a started lease, absent on any other deal (functions/domain/deals/system-tasks.ts `leaseDates`).
   */
  leaseStartDate: string().optional(),
  maturityDate: string().optional(),
  createdAt: string(),
  /**
   * Incremented by every write. Deals are written whole (a conditional put on the revision read before) in one
   * transaction with their counter deltas, so a concurrent change is a conflict, never a lost update or a
   * counter applied twice.
   */
  revision: number(),
}).and((_schema) => ({
  /** Deals list (statuses available, pending, active, closed), newest first; created-at ranges. */
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ status }) => dealPartitions.byStatus(status)),
  gsi1sk: string().hidden().link<typeof _schema>(newestKey),
  /** A broker's client deals (profile, monthly stats), newest first; their listings in a partition of their own. */
  gsi2pk: string()
    .hidden()
    .link<typeof _schema>((deal) =>
      isListing(deal) ? dealPartitions.listingsByBroker(deal.brokerId) : dealPartitions.byBroker(deal.brokerId),
    ),
  gsi2sk: string().hidden().link<typeof _schema>(newestKey),
  /** A client's deals (consumer portal, past purchases). Sparse: unassigned deals are not in it. */
  gsi3pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ clientId }) => (clientId ? dealPartitions.byClient(clientId) : undefined)),
  gsi3sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((deal) => (deal.clientId ? newestKey(deal) : undefined)),
  /** A dealership's deals and vehicles (dealer views). Sparse, like the client index. */
  gsi4pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ dealershipId }) => (dealershipId ? dealPartitions.byDealership(dealershipId) : undefined)),
  gsi4sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((deal) => (deal.dealershipId ? newestKey(deal) : undefined)),
  /** The marketplace: non-archived (or, for admins, archived) listings ordered by make then model. Sparse: listings only. */
  gsi5pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((deal) => (isListing(deal) ? dealPartitions.marketplace(deal.isArchived) : undefined)),
  gsi5sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>((deal) => (isListing(deal) ? `${sortable(deal.make)}#${sortable(deal.model)}#${deal.id}` : undefined)),
  /**
   * Deals of a status by expiration date: the expiry job (dates before today in the expirable statuses) and the
   * archive (status expired, latest date first). Sparse: only deals with an expiration date.
   */
  gsi6pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ status, expirationDate }) => (expirationDate ? dealPartitions.byExpiry(status) : undefined)),
  gsi6sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ expirationDate, id }) => (expirationDate ? `${expirationDate}#${id}` : undefined)),
}));

export const dealEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'deal',
      table,
      schema: dealSchema,
      computeKey: ({ id }) => ({ pk: `DEAL#${id}`, sk: 'DEAL' }),
    }),
);

export type Deal = FormattedItem<ReturnType<typeof dealEntity>>;
