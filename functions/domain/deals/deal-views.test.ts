import { describe, expect, it } from 'vitest';
import { consumerDealSchema, consumerPortalDealSchema } from '@shared/consumers/api';
import type { Deal } from './deals';
import { conciergeFeeFields, listingFields, offerFields, paymentFields, tradeInFields, vehicleFields } from './deal-views';
import { fullDeal, sparseDeal } from './test-deals';

/** Every field a consumer view may carry, as the consumer response schemas (the second guard) list them. */
const CONSUMER_KEYS = new Set([...Object.keys(consumerDealSchema.shape), ...Object.keys(consumerPortalDealSchema.shape)]);

/** The named fields of the deal, as stored. */
const storedFields = (deal: Deal, keys: (keyof Deal)[]) => Object.fromEntries(keys.map((key) => [key, deal[key]]));

describe('the deal view field lists', () => {
  const deal = fullDeal();

  it('give the vehicle and its payment to every view', () => {
    expect(vehicleFields(deal)).toEqual(storedFields(deal, ['id', 'year', 'make', 'model', 'trim']));
    expect(paymentFields(deal)).toEqual(storedFields(deal, ['monthlyPayment', 'downPayment', 'termMonths']));
  });

  it('add the photo, VIN, terms, incentives and notes for the offer', () => {
    expect(offerFields(deal)).toEqual({
      ...vehicleFields(deal),
      ...paymentFields(deal),
      ...storedFields(deal, ['vin', 'imageUrl', 'mileageAllowance', 'apr', 'incentives', 'notes']),
    });
  });

  it('give the trade-in without its lienholder or payoff balance', () => {
    expect(tradeInFields(deal)).toEqual(
      storedFields(deal, ['hasTradeIn', 'tradeInYear', 'tradeInMake', 'tradeInModel', 'tradeInMileage', 'tradeInCondition']),
    );
  });

  it('give the concierge fee and whether it is paid', () => {
    expect(conciergeFeeFields(fullDeal({ conciergeFeePaid: true }))).toEqual({ conciergeFee: 500, conciergeFeePaid: true });
  });

  it('give the staff how the vehicle is listed', () => {
    expect(listingFields(deal)).toEqual(
      storedFields(deal, [
        'dealershipId',
        'brokerId',
        'stockNumber',
        'msrp',
        'totalDueAtSigning',
        'expirationDate',
        'isArchived',
      ]),
    );
  });

  it('answer every absent field as null, but no incentives as none, no trade-in and a waived unpaid fee', () => {
    const sparse = sparseDeal();
    const answered = {
      ...offerFields(sparse),
      ...tradeInFields(sparse),
      ...conciergeFeeFields(sparse),
      ...listingFields(sparse),
    };

    expect(Object.fromEntries(Object.entries(answered).filter(([, value]) => value !== null))).toEqual({
      ...storedFields(sparse, ['id', 'year', 'make', 'model', 'brokerId', 'isArchived']),
      ...paymentFields(sparse),
      incentives: [],
      hasTradeIn: false,
      conciergeFee: 0,
      conciergeFeePaid: false,
    });
  });

  it.each([
    ['vehicleFields', vehicleFields],
    ['paymentFields', paymentFields],
    ['offerFields', offerFields],
    ['tradeInFields', tradeInFields],
    ['conciergeFeeFields', conciergeFeeFields],
  ] as const)('%s holds only fields a consumer may see, so the consumer views can build on it', (_name, fields) => {
    expect(Object.keys(fields(deal)).filter((key) => !CONSUMER_KEYS.has(key))).toEqual([]);
  });

  it('keep the listing fields (dealership, broker, stock number...) to staff views', () => {
    expect(Object.keys(listingFields(deal)).filter((key) => CONSUMER_KEYS.has(key))).toEqual([]);
  });
});
