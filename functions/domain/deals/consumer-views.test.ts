import { describe, expect, it } from 'vitest';
import { consumerDealSchema, consumerPortalDealSchema } from '@shared/consumers/api';
import { consumerOffers, inTabOrder, toConsumerBroker, toConsumerDeal, toConsumerPortalDeal } from './consumer-views';
import { fullDeal } from './test-deals';

/** Every broker-only field of a deal: none may reach a consumer (shared/consumers/api.ts). */
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
  'dealershipId',
  'sourceVehicleId',
  'stockNumber',
  'isArchived',
  'creditScoreRange',
  'creditAppFormType',
  'tradeInHasLienholder',
  'tradeInLienholder',
  'tradeInPayoffBalance',
  'notSoldReason',
  'notSoldNotes',
  'followUpDate',
  'dealClosedAt',
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
    const portal = toConsumerPortalDeal(fullDeal(), 1, undefined);
    const view = toConsumerDeal(fullDeal());

    for (const key of STAFF_ONLY) {
      expect(portal).not.toHaveProperty(key);
      expect(view).not.toHaveProperty(key);
    }
    expect(Object.keys(portal).sort()).toEqual(Object.keys(consumerPortalDealSchema.shape).sort());
    expect(Object.keys(view).sort()).toEqual(Object.keys(consumerDealSchema.shape).sort());
  });

  it('shows the money factor of lease deals only', () => {
    expect(toConsumerDeal(fullDeal()).moneyFactor).toBe(0.00185);
    expect(toConsumerDeal(fullDeal({ dealType: 'finance' })).moneyFactor).toBeNull();
  });

  it('labels tabs deal-1, deal-2 in creation order, whatever order the deals were read in', () => {
    const newer = fullDeal({ id: 'd2', createdAt: '2026-02-01T00:00:00.000Z' });
    const older = fullDeal({ id: 'd1', createdAt: '2026-01-01T00:00:00.000Z' });

    const ordered = inTabOrder([newer, older]).map((item, index) => toConsumerPortalDeal(item, index + 1, undefined));

    expect(ordered.map((item) => [item.id, item.label])).toEqual([
      ['d1', 'deal-1'],
      ['d2', 'deal-2'],
    ]);
  });

  it("shows the broker's photo by the URL it is given, never the profile's object key", () => {
    const profile = { userId: 'b1', fullName: 'Dana Broker', profilePhotoUrl: 'b1/profile.png' } as never;

    expect(toConsumerBroker(profile, null, 'https://photos.example/b1/profile.png?X-Amz-Signature=abc')?.profilePhotoUrl).toBe(
      'https://photos.example/b1/profile.png?X-Amz-Signature=abc',
    );
  });

  it("shows a broker's contact card from the profile, and an admin acting as broker from the user", () => {
    expect(
      toConsumerBroker(
        { userId: 'b1', fullName: 'Dana Broker', email: 'dana@leasedesk.com', phone: '+14155550199', isApproved: true } as never,
        null,
        null,
      ),
    ).toEqual({ fullName: 'Dana Broker', email: 'dana@leasedesk.com', phone: '+14155550199', profilePhotoUrl: null });
    expect(toConsumerBroker(null, { userId: 'a1', fullName: 'Ada Admin', email: 'ada@leasedesk.com' } as never, null)).toEqual({
      fullName: 'Ada Admin',
      email: 'ada@leasedesk.com',
      phone: null,
      profilePhotoUrl: null,
    });
    expect(toConsumerBroker(null, null, null)).toBeNull();
  });
});
