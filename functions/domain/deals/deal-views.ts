/**
 * The field lists every answered view of a deal is built from: the staff deal, the marketplace vehicle, the
 * trending card, the deals list's card, the archive's row and the consumer's deal and portal tab. Each view spreads
 * the lists it shows and adds only its own fields, so a field's name and its "absent" value are written once.
 *
 * Every list but `listingFields` holds only what a consumer may see (shared/consumers/api.ts names what they may
 * not), so a consumer's view is built by adding to them, never by removing from a staff view: a field added to a
 * deal later reaches a consumer only if someone lists it for them. Pure; in lib because several features answer
 * deals (features do not import each other).
 */
import type { Deal } from './deals';

/** The vehicle's name: in every view of a deal, down to the archive's row and the trending strip. */
export function vehicleFields(deal: Deal) {
  return {
    id: deal.id,
    year: deal.year,
    make: deal.make,
    model: deal.model,
    trim: deal.trim ?? null,
  };
}

/** The payment a card leads with: monthly, down and term. */
export function paymentFields(deal: Deal) {
  return {
    monthlyPayment: deal.monthlyPayment,
    downPayment: deal.downPayment,
    termMonths: deal.termMonths,
  };
}

/** The offer as its page shows it: the vehicle and payment with the photo, VIN, terms, incentives and notes. */
export function offerFields(deal: Deal) {
  return {
    ...vehicleFields(deal),
    ...paymentFields(deal),
    vin: deal.vin ?? null,
    imageUrl: deal.imageUrl ?? null,
    mileageAllowance: deal.mileageAllowance ?? null,
    apr: deal.apr ?? null,
    incentives: deal.incentives ?? [],
    notes: deal.notes ?? null,
  };
}

/** The trade-in as a consumer reads it; staff also see its lienholder and payoff balance. */
export function tradeInFields(deal: Deal) {
  return {
    hasTradeIn: deal.hasTradeIn ?? false,
    tradeInYear: deal.tradeInYear ?? null,
    tradeInMake: deal.tradeInMake ?? null,
    tradeInModel: deal.tradeInModel ?? null,
    tradeInMileage: deal.tradeInMileage ?? null,
    tradeInCondition: deal.tradeInCondition ?? null,
  };
}

/** The concierge fee (0 when waived) and whether it is paid: the consumer and staff alike see it. */
export function conciergeFeeFields(deal: Deal) {
  return {
    conciergeFee: deal.conciergeFee ?? 0,
    conciergeFeePaid: deal.conciergeFeePaid ?? false,
  };
}

/**
 * Staff only: how the vehicle is listed (its dealership, who added it, stock number, MSRP, due at signing, expiry,
 * archived). The staff deal and the marketplace vehicle show it; a consumer's view never does.
 */
export function listingFields(deal: Deal) {
  return {
    dealershipId: deal.dealershipId ?? null,
    brokerId: deal.brokerId,
    stockNumber: deal.stockNumber ?? null,
    msrp: deal.msrp ?? null,
    totalDueAtSigning: deal.totalDueAtSigning ?? null,
    expirationDate: deal.expirationDate ?? null,
    isArchived: deal.isArchived,
  };
}
