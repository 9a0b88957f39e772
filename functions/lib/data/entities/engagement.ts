/** Credit applications, consumer invitations, referrals and quote leads. */
import { defineSchema } from './define-schema';
import { CREDIT_APPLICATION_STATUSES, INVITATION_STATUSES, INVITATION_TYPES } from '../enums';

export const creditApplicationSchema = defineSchema({
  model: { entity: 'creditApplication', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    /** 128-bit random, the only thing the public link carries. */
    token: { type: 'string', required: true, readOnly: true },
    dealId: { type: 'string', required: true, readOnly: true },
    status: { type: CREDIT_APPLICATION_STATUSES, required: true },
    /** ISO date-time after which a valid link reads as expired. */
    validUntil: { type: 'string' },
    completedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
    byDeal: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['dealId'] }, sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] } },
  },
});

export const invitationSchema = defineSchema({
  model: { entity: 'invitation', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    /** 128-bit random, carried by the sign-up link. */
    token: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    clientName: { type: 'string', required: true },
    clientEmail: { type: 'string' },
    clientPhone: { type: 'string' },
    invitationType: { type: INVITATION_TYPES, required: true },
    invitedBy: { type: 'string', required: true, readOnly: true },
    /** `used` is set in the same conditional write that creates the consumer's link: one account per invitation. */
    status: { type: INVITATION_STATUSES, required: true },
    /** ISO date-time; not the table's TTL attribute, so an expired invitation still reads as expired. */
    validUntil: { type: 'string', required: true },
    usedBy: { type: 'string' },
    usedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
    byClient: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['clientId'] }, sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] } },
  },
});

export const referralSchema = defineSchema({
  model: { entity: 'referral', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    fullName: { type: 'string', required: true },
    email: { type: 'string', required: true },
    dealId: { type: 'string' },
    referrerUserId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byReferrer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['referrerUserId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});

export const quoteLeadSchema = defineSchema({
  model: { entity: 'quoteLead', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    // contact
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    zipCode: { type: 'string', required: true },
    preferredContactMethod: { type: ['text', 'call', 'email'] as const },
    // vehicle
    vehiclePreference: { type: ['exact', 'help'] as const, required: true },
    exactVehicleYear: { type: 'number' },
    exactVehicleMake: { type: 'string' },
    exactVehicleModel: { type: 'string' },
    exactVehicleTrim: { type: 'string' },
    bodyStyle: { type: 'string' },
    mustHaveFeatures: { type: 'list', items: { type: 'string' } },
    mustHaveOptions: { type: 'string' },
    // purchase
    creditScoreRange: { type: 'string' },
    purchaseTimeframe: { type: 'string' },
    monthlyPaymentBudget: { type: 'number' },
    leaseOrPurchase: { type: 'string' },
    // agent
    brokerId: { type: 'string' },
    workingWithBroker: { type: 'boolean' },
    // trade-in (the first one; others go to additionalNotes)
    hasTradeIn: { type: 'boolean' },
    tradeInYear: { type: 'number' },
    tradeInMake: { type: 'string' },
    tradeInModel: { type: 'string' },
    tradeInMileage: { type: 'number' },
    tradeInCondition: { type: 'number' },
    tradeInHasLienholder: { type: 'boolean' },
    tradeInLienholderName: { type: 'string' },
    tradeInPayoffBalance: { type: 'number' },
    // flags
    hasCosigner: { type: 'boolean' },
    hasPriorAutoLoan: { type: 'boolean' },
    isMilitary: { type: 'boolean' },
    isAaaMember: { type: 'boolean' },
    isCostcoMember: { type: 'boolean' },
    isCollegeStudent: { type: 'boolean' },
    isFirstResponder: { type: 'boolean' },
    currentlyLeasing: { type: 'boolean' },
    currentLeaseBrand: { type: 'string' },
    additionalNotes: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byCreated: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] } },
    /** Leads that named an agent (sparse; ElectroDB writes an index only when all its composites are present). */
    byBroker: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['brokerId'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});
