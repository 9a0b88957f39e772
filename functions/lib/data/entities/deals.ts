/**
 * Deals (also the marketplace vehicle record), the stock-number uniqueness item and the per-vehicle view total.
 */
import { defineSchema } from './define-schema';
import { CREDIT_APP_FORM_TYPES, DEAL_STATUSES, DEAL_TYPES } from '../enums';

export const dealSchema = defineSchema({
  model: { entity: 'deal', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string' },
    dealershipId: { type: 'string' },
    brokerId: { type: 'string', required: true },
    year: { type: 'number', required: true },
    make: { type: 'string', required: true },
    model: { type: 'string', required: true },
    trim: { type: 'string' },
    vin: { type: 'string' },
    imageUrl: { type: 'string' },
    dealType: { type: DEAL_TYPES, required: true },
    status: { type: DEAL_STATUSES, required: true },
    stockNumber: { type: 'string' },
    availableStock: { type: 'number' },
    msrp: { type: 'number' },
    totalDueAtSigning: { type: 'number' },
    monthlyPayment: { type: 'number', required: true },
    downPayment: { type: 'number', required: true },
    termMonths: { type: 'number', required: true },
    mileageAllowance: { type: 'number' },
    moneyFactor: { type: 'number' },
    apr: { type: 'number' },
    notes: { type: 'string' },
    incentives: { type: 'list', items: { type: 'string' } },
    /** YYYY-MM-DD. */
    expirationDate: { type: 'string' },
    isArchived: { type: 'boolean', required: true },
    heardAboutUs: { type: 'string' },
    heardAboutUsReferral: { type: 'string' },
    heardAboutUsAffinity: { type: 'string' },
    creditScoreRange: { type: 'string' },
    hasTradeIn: { type: 'boolean' },
    tradeInMake: { type: 'string' },
    tradeInModel: { type: 'string' },
    tradeInYear: { type: 'number' },
    tradeInMileage: { type: 'number' },
    tradeInCondition: { type: 'string' },
    tradeInHasLienholder: { type: 'boolean' },
    tradeInLienholder: { type: 'string' },
    tradeInPayoffBalance: { type: 'number' },
    brokerFeeDealer: { type: 'number' },
    brokerFeeClient: { type: 'number' },
    brokerFeeTotal: { type: 'number' },
    brokerCommissionAmount: { type: 'number' },
    notSoldReason: { type: 'string' },
    followUpDate: { type: 'string' },
    notSoldNotes: { type: 'string' },
    creditAppFormType: { type: CREDIT_APP_FORM_TYPES, required: true },
    conciergeFee: { type: 'number' },
    conciergeFeePaid: { type: 'boolean' },
    dealClosedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    /**
     * The status, copied only when the deal has an expiration date: the byExpiry key. The deal store writes it
     * with every put; it is never returned.
     */
    expiryStatus: { type: DEAL_STATUSES, hidden: true },
    /**
     * Incremented by every write. Deals are written whole (a conditional put on the revision read before) in one
     * transaction with their counter deltas, so a concurrent change is a conflict, never a lost update or a
     * counter applied twice.
     */
    revision: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Deals list (statuses available, pending, active, closed), newest first; created-at ranges. */
    byStatus: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['status'] }, sk: { field: 'gsi1sk', composite: ['createdAt'] } },
    /** A broker's deals (profile, monthly stats), newest first. Every deal has a broker. */
    byBroker: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['brokerId'] }, sk: { field: 'gsi2sk', composite: ['createdAt'] } },
    /**
     * A client's deals (consumer portal, past purchases). Sparse: unassigned deals are not in it. ElectroDB writes an
     * index only when all of its composites are present, so an optional attribute cannot share a key with a
     * required one; a client has a handful of deals, ordered in memory.
     */
    byClient: { index: 'gsi3', pk: { field: 'gsi3pk', composite: ['clientId'] }, sk: { field: 'gsi3sk', composite: [] } },
    /** A dealership's deals and vehicles (dealer views). Sparse, like byClient. */
    byDealership: { index: 'gsi4', pk: { field: 'gsi4pk', composite: ['dealershipId'] }, sk: { field: 'gsi4sk', composite: [] } },
    /** The marketplace: non-archived (or, for admins, archived) vehicles ordered by make then model. */
    marketplace: {
      index: 'gsi5',
      pk: { field: 'gsi5pk', composite: ['isArchived'] },
      sk: { field: 'gsi5sk', composite: ['make', 'model', 'id'] },
    },
    /**
     * Deals of a status by expiration date: the expiry job (dates before today in the expirable statuses) and the
     * archive (status expired, latest date first). Sparse: only deals with an expiration date (see expiryStatus).
     */
    byExpiry: {
      index: 'gsi6',
      pk: { field: 'gsi6pk', composite: ['expiryStatus'] },
      sk: { field: 'gsi6sk', composite: ['expirationDate'] },
    },
  },
});

/** Claims a stock number for one deal; created in the deal's transaction so two deals can never share one. */
export const stockNumberSchema = defineSchema({
  model: { entity: 'stockNumber', version: '1', service: 'leasedesk' },
  attributes: {
    /** Normalised (trimmed, upper-cased) before use; keys are case-insensitive anyway. */
    stockNumber: { type: 'string', required: true, readOnly: true },
    dealId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byStockNumber: { pk: { field: 'pk', composite: ['stockNumber'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** Running totals per marketplace vehicle, kept apart from the deal so a view never rewrites the deal's six index entries. */
export const vehicleStatsSchema = defineSchema({
  model: { entity: 'vehicleStats', version: '1', service: 'leasedesk' },
  attributes: {
    vehicleId: { type: 'string', required: true, readOnly: true },
    views: { type: 'number' },
  },
  indexes: {
    byVehicle: { pk: { field: 'pk', composite: ['vehicleId'] }, sk: { field: 'sk', composite: [] } },
  },
});
