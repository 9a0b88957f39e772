import { describe, expect, it } from 'vitest';
import { brokerStatsDeltas, type BrokerStatsFacts } from './broker-stats';

const deal = (overrides: Partial<BrokerStatsFacts> = {}): BrokerStatsFacts => ({
  brokerId: 'ann',
  createdAt: '2026-03-10T12:00:00.000Z',
  status: 'active',
  ...overrides,
});

const closed = (overrides: Partial<BrokerStatsFacts> = {}) =>
  deal({
    status: 'closed',
    dealClosedAt: '2026-04-02T09:00:00.000Z',
    brokerFeeDealer: 500,
    brokerFeeClient: 250.1,
    ...overrides,
  });

describe('broker month figures of a deal write', () => {
  it('counts a new deal in the month of its creation', () => {
    expect(brokerStatsDeltas(undefined, deal())).toEqual([{ brokerId: 'ann', month: '2026-03', changes: { dealsCreated: 1 } }]);
  });

  it('puts a deal created at 23:59:59.999Z on the last day in that month, and one closed at 00:00Z on the 1st in the next', () => {
    const edge = closed({ createdAt: '2026-01-31T23:59:59.999Z', dealClosedAt: '2026-02-01T00:00:00.000Z' });
    expect(brokerStatsDeltas(undefined, edge)).toEqual([
      { brokerId: 'ann', month: '2026-01', changes: { dealsCreated: 1 } },
      { brokerId: 'ann', month: '2026-02', changes: { dealsClosed: 1, feeCents: 75_010 } },
    ]);
  });

  it('counts closing by the month of deal_closed_at with the dealer and client fees in cents', () => {
    expect(brokerStatsDeltas(deal(), closed())).toEqual([
      { brokerId: 'ann', month: '2026-04', changes: { dealsClosed: 1, feeCents: 75_010 } },
    ]);
  });

  it('takes a deal leaving closed back out of its close month', () => {
    expect(brokerStatsDeltas(closed(), deal({ status: 'active' }))).toEqual([
      { brokerId: 'ann', month: '2026-04', changes: { dealsClosed: -1, feeCents: -75_010 } },
    ]);
  });

  it('follows a fee edit on a closed deal exactly, without float residue', () => {
    expect(brokerStatsDeltas(closed({ brokerFeeClient: 0.1 }), closed({ brokerFeeClient: 0.3 }))).toEqual([
      { brokerId: 'ann', month: '2026-04', changes: { feeCents: 20 } },
    ]);
  });

  it('moves every figure when the deal moves to another broker', () => {
    expect(brokerStatsDeltas(closed(), closed({ brokerId: 'bob' }))).toEqual([
      { brokerId: 'ann', month: '2026-03', changes: { dealsCreated: -1 } },
      { brokerId: 'ann', month: '2026-04', changes: { dealsClosed: -1, feeCents: -75_010 } },
      { brokerId: 'bob', month: '2026-03', changes: { dealsCreated: 1 } },
      { brokerId: 'bob', month: '2026-04', changes: { dealsClosed: 1, feeCents: 75_010 } },
    ]);
  });

  it('takes everything out when a deal is deleted', () => {
    expect(brokerStatsDeltas(closed(), undefined)).toEqual([
      { brokerId: 'ann', month: '2026-03', changes: { dealsCreated: -1 } },
      { brokerId: 'ann', month: '2026-04', changes: { dealsClosed: -1, feeCents: -75_010 } },
    ]);
  });

  it('changes nothing for an edit that touches no figure', () => {
    expect(brokerStatsDeltas(deal(), deal({ status: 'pending' }))).toEqual([]);
  });

  it('counts a closed deal without fees as closed, leaving the fees as they are', () => {
    expect(brokerStatsDeltas(deal(), closed({ brokerFeeDealer: undefined, brokerFeeClient: null }))).toEqual([
      { brokerId: 'ann', month: '2026-04', changes: { dealsClosed: 1 } },
    ]);
  });

  it('counts client deals only: a listing is inventory, and a deal becoming a listing leaves the figures', () => {
    expect(brokerStatsDeltas(undefined, deal({ clientDeal: false }))).toEqual([]);
    expect(brokerStatsDeltas(undefined, closed({ clientDeal: false }))).toEqual([]);
    expect(brokerStatsDeltas(deal(), deal({ clientDeal: false }))).toEqual([
      { brokerId: 'ann', month: '2026-03', changes: { dealsCreated: -1 } },
    ]);
  });
});
