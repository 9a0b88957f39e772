/**
 * What a consumer reads (feature `consumers`, shared/api/routes.ts), used by the handlers and the web client:
 *
 * - GET /consumer/portal   the portal in one call: the consumer's deals (tabs deal-1, deal-2, ...) and "My Broker"
 * - GET /deals/{id}        a consumer's own deal in the reduced view (consumerDealDetailSchema); any other is a 404
 *
 * Consumer-visible fields only, listed explicitly: never the lead source, the broker fees or
 * commission, the credit application, the activity trail, the stock number, the not-sold fields or the revision.
 * docs/decisions.md "Consumers" says why each field is or is not here.
 */
import * as z from 'zod';
import { DEAL_STATUSES, DEAL_TYPES } from '../deals/enums';
import { vehicleNameSchema, vehicleSummarySchema } from '../vehicles/summary';

/** The tab label of the n-th deal (1-based), oldest first: "deal-1", "deal-2", ... */
export function dealTabLabel(position: number): string {
  return `deal-${position}`;
}

/** "Paid" once the concierge fee is paid (the portal's payment card). */
export const CONCIERGE_FEE_PAID_LABEL = 'Paid';

// ---------------------------------------------------------------------------------------------------------------
// GET /consumer/portal

export const consumerDealershipSchema = z.object({
  name: z.string(),
  location: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type ConsumerDealership = z.infer<typeof consumerDealershipSchema>;

export const consumerBrokerSchema = z.object({
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Public URL of the broker's photo, or null. */
  profilePhotoUrl: z.string().nullable(),
});
export type ConsumerBroker = z.infer<typeof consumerBrokerSchema>;

export const consumerPortalDealSchema = z.object({
  id: z.string(),
  /** "deal-1", "deal-2", ... in creation order. */
  label: z.string(),
  ...vehicleNameSchema.shape,
  imageUrl: z.string().nullable(),
  status: z.enum(DEAL_STATUSES),
  dealType: z.enum(DEAL_TYPES),
  monthlyPayment: z.number(),
  downPayment: z.number(),
  termMonths: z.number().int(),
  mileageAllowance: z.number().nullable(),
  apr: z.number().nullable(),
  dealership: consumerDealershipSchema.nullable(),
  /** Whole dollars; 0 when waived. */
  conciergeFee: z.number(),
  conciergeFeePaid: z.boolean(),
  /** The "Pay concierge fee" button: finalized, fee above 0 and not paid (POST /deals/{id}/concierge-payment). */
  paymentOffered: z.boolean(),
  /** Refer a friend (POST /referrals): closed deals only. */
  referralOffered: z.boolean(),
  createdAt: z.string(),
});
export type ConsumerPortalDeal = z.infer<typeof consumerPortalDealSchema>;

export const consumerPortalResponseSchema = z.object({
  /** Oldest first, so a deal keeps its tab label when a newer one arrives. Empty for a consumer with no deal yet. */
  deals: z.array(consumerPortalDealSchema),
  /** "My Broker": the broker of the consumer's latest deal, else the broker who created the client; null if neither. */
  broker: consumerBrokerSchema.nullable(),
});
export type ConsumerPortal = z.infer<typeof consumerPortalResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /deals/{id} as a consumer

/** The deal's fields a consumer sees on /deals/{id}: the vehicle, the terms, incentives, trade-in, notes, the fee. */
export const consumerDealSchema = z.object({
  ...vehicleSummarySchema.shape,
  vin: z.string().nullable(),
  imageUrl: z.string().nullable(),
  dealType: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  monthlyPayment: z.number(),
  downPayment: z.number(),
  termMonths: z.number().int(),
  mileageAllowance: z.number().nullable(),
  /** Lease deals only (null otherwise). */
  moneyFactor: z.number().nullable(),
  apr: z.number().nullable(),
  incentives: z.array(z.string()),
  hasTradeIn: z.boolean(),
  tradeInYear: z.number().int().nullable(),
  tradeInMake: z.string().nullable(),
  tradeInModel: z.string().nullable(),
  tradeInMileage: z.number().int().nullable(),
  tradeInCondition: z.string().nullable(),
  /** "Additional notes": consumers see them; only the fields named at the top of this file are withheld. */
  notes: z.string().nullable(),
  conciergeFee: z.number(),
  conciergeFeePaid: z.boolean(),
  createdAt: z.string(),
});
export type ConsumerDeal = z.infer<typeof consumerDealSchema>;

/**
 * The consumer's reduced deal detail. `view: 'consumer'` tells it apart from the staff detail (shared/deals/api.ts
 * `dealDetailResponseSchema`), which has no `view` key.
 */
export const consumerDealDetailSchema = z.object({
  view: z.literal('consumer'),
  deal: consumerDealSchema,
  /** The consumer's own client record, as the client card shows it. */
  client: z.object({
    fullName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    creditScoreRange: z.string().nullable(),
  }),
  dealership: consumerDealershipSchema.nullable(),
  paymentOffered: z.boolean(),
  referralOffered: z.boolean(),
});
export type ConsumerDealDetail = z.infer<typeof consumerDealDetailSchema>;
