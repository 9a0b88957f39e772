import { describe, expect, it } from 'vitest';
import { consumerDealSchema, consumerPortalDealSchema } from '@shared/consumers/api';
import type { Deal } from './deals';
import { consumerOffers, inTabOrder, toConsumerBroker, toConsumerDeal, toConsumerPortalDeal } from './consumer-views';

/** A deal with every staff-only field set, so a leak would show. */
const deal = (changes: Partial<Deal> = {}): Deal => ({
  id: 'd1',
  clientId: 'c1',
  clientName: 'Casey Jordan',
  brokerId: 'b1',
  dealershipId: 'ds1',
  year: 2026,
  make: 'BMW',
  model: 'X5',
  dealType: 'lease',
  status: 'finalized',
  monthlyPayment: 899,
  downPayment: 2500,
  termMonths: 36,
  moneyFactor: 0.00185,
  apr: 4.44,
  isArchived: false,
  creditAppFormType: 'generic',
  heardAboutUs: 'Referral',
  heardAboutUsReferral: 'A friend',
  brokerFeeDealer: 500,
  brokerFeeClient: 400,
  brokerFeeTotal: 900,
  brokerCommissionAmount: 270,
  stockNumber: 'LD-1',
  notSoldNotes: 'internal',
  conciergeFee: 500,
  conciergeFeePaid: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  revision: 3,
  ...changes,
});

const STAFF_ONLY = [
  'heardAboutUs',
  'heardAboutUsReferral',
  'heardAboutUsAffinity',
  'brokerFeeDealer',
  'brokerFeeClient',
  'brokerFeeTotal',
  'brokerCommissionAmount',
  'brokerId',
  'clientId',
  'clientName',
  'stockNumber',
  'creditAppFormType',
  'notSoldReason',
  'notSoldNotes',
  'followUpDate',
  'revision',
];

describe('consumerOffers', () => {
  it.each([
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: false }, true, false],
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: true }, false, false],
    [{ status: 'finalized', conciergeFee: 0, conciergeFeePaid: false }, false, false],
    [{ status: 'closed', conciergeFee: 500, conciergeFeePaid: false }, false, true],
    [{ status: 'active', conciergeFee: 500, conciergeFeePaid: false }, false, false],
  ] as const)('%j: payment %s, referral %s', (facts, paymentOffered, referralOffered) => {
    expect(consumerOffers(facts)).toEqual({ paymentOffered, referralOffered });
  });

  it('treats a deal stored without a fee as waived', () => {
    expect(consumerOffers({ status: 'finalized' })).toEqual({ paymentOffered: false, referralOffered: false });
  });
});

describe('the consumer views', () => {
  it('copy no staff-only field of the deal into the portal deal or the deal view', () => {
    const portal = toConsumerPortalDeal(deal(), 1, undefined);
    const view = toConsumerDeal(deal());

    for (const key of STAFF_ONLY) {
      expect(portal).not.toHaveProperty(key);
      expect(view).not.toHaveProperty(key);
    }
    expect(Object.keys(portal).sort()).toEqual(Object.keys(consumerPortalDealSchema.shape).sort());
    expect(Object.keys(view).sort()).toEqual(Object.keys(consumerDealSchema.shape).sort());
  });

  it('shows the money factor of lease deals only', () => {
    expect(toConsumerDeal(deal()).moneyFactor).toBe(0.00185);
    expect(toConsumerDeal(deal({ dealType: 'finance' })).moneyFactor).toBeNull();
  });

  it('labels tabs deal-1, deal-2 in creation order, whatever order the deals were read in', () => {
    const newer = deal({ id: 'd2', createdAt: '2026-02-01T00:00:00.000Z' });
    const older = deal({ id: 'd1', createdAt: '2026-01-01T00:00:00.000Z' });

    const ordered = inTabOrder([newer, older]).map((item, index) => toConsumerPortalDeal(item, index + 1, undefined));

    expect(ordered.map((item) => [item.id, item.label])).toEqual([
      ['d1', 'deal-1'],
      ['d2', 'deal-2'],
    ]);
  });

  it("shows a broker's contact card from the profile, and an admin acting as broker from the user", () => {
    expect(
      toConsumerBroker(
        { userId: 'b1', fullName: 'Dana Broker', email: 'dana@leasedesk.com', phone: '+14155550199', isApproved: true } as never,
        null,
      ),
    ).toEqual({ fullName: 'Dana Broker', email: 'dana@leasedesk.com', phone: '+14155550199', profilePhotoUrl: null });
    expect(toConsumerBroker(null, { userId: 'a1', fullName: 'Ada Admin', email: 'ada@leasedesk.com' } as never)).toEqual({
      fullName: 'Ada Admin',
      email: 'ada@leasedesk.com',
      phone: null,
      profilePhotoUrl: null,
    });
    expect(toConsumerBroker(null, null)).toBeNull();
  });
});
