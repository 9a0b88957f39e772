import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionCents, type CommissionAgreement } from '@shared/brokers/commission';
import {
  bookingEntries,
  bookingPlan,
  isEmptyPlan,
  monthAdditions,
  type BookingFacts,
  type NewEntry,
  type StandingBooking,
} from './booking';

const now = new Date('2026-05-10T12:00:00.000Z');
const tenPercent: CommissionAgreement = { commissionType: 'percentage', commissionValue: 10 };

const deal = (overrides: Partial<BookingFacts> = {}): BookingFacts => ({
  id: 'd1',
  brokerId: 'ann',
  status: 'active',
  clientDeal: true,
  clientName: 'Jo Client',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  ...overrides,
});
const closed = (overrides: Partial<BookingFacts> = {}) =>
  deal({
    status: 'closed',
    dealClosedAt: '2026-04-02T09:00:00.000Z',
    brokerFeeDealer: 500,
    brokerFeeClient: 250.1,
    ...overrides,
  });

const context = (overrides: Partial<Parameters<typeof bookingEntries>[2]> = {}) => ({
  sequence: 0,
  agreement: tenPercent,
  paidThrough: () => null,
  now,
  ...overrides,
});

function book(standing: StandingBooking | null, after: BookingFacts | undefined, input = context()) {
  return bookingEntries(bookingPlan(standing, after), after ?? closed(), input);
}

describe('booking commission on a deal write', () => {
  it('books a closing deal once, in its close month, at the agreement in force, with the deal as it was', () => {
    const { entries, standing, sequence } = book(null, closed());
    expect(entries).toEqual([
      {
        entryId: 'd1#0001',
        kind: 'booking',
        brokerId: 'ann',
        month: '2026-04',
        amountCents: 7_501,
        createdAt: now.toISOString(),
        dealId: 'd1',
        sequence: 1,
        clientName: 'Jo Client',
        vehicle: '2026 Toyota RAV4',
        dealClosedAt: '2026-04-02T09:00:00.000Z',
        feeCents: 75_010,
        commissionType: 'percentage',
        commissionValue: 10,
      },
    ]);
    expect(sequence).toBe(1);
    expect(standing).toMatchObject({ entryId: 'd1#0001', amountCents: 7_501, month: '2026-04', commissionValue: 10 });
  });

  it('books nothing for a deal that does not earn: not closed, a listing, or without a close date', () => {
    expect(isEmptyPlan(bookingPlan(null, deal()))).toBe(true);
    expect(isEmptyPlan(bookingPlan(null, closed({ clientDeal: false })))).toBe(true);
    expect(isEmptyPlan(bookingPlan(null, closed({ dealClosedAt: null })))).toBe(true);
  });

  it('books a deal of a broker with no agreement at 0, so it still shows on the statement', () => {
    const { entries } = book(null, closed(), context({ agreement: null }));
    expect(entries).toMatchObject([{ kind: 'booking', amountCents: 0 }]);
    expect(entries[0]).not.toHaveProperty('commissionType');
  });

  it('leaves a booked deal alone when nothing it earns on changed, whatever the broker rate is now', () => {
    const { standing } = book(null, closed());
    expect(isEmptyPlan(bookingPlan(standing, closed({ notes: 'x' } as Partial<BookingFacts>)))).toBe(true);
  });

  it('reverses the booking of a reopened deal with the same amount negated, and books it again once net when it closes again', () => {
    const first = book(null, closed());
    const reopened = bookingEntries(bookingPlan(first.standing, deal()), deal(), context({ sequence: first.sequence }));
    expect(reopened.entries).toMatchObject([
      { entryId: 'd1#0002', kind: 'reversal', amountCents: -7_501, reverses: 'd1#0001', month: '2026-04' },
    ]);
    expect(reopened.standing).toBeNull();

    const again = closed({ dealClosedAt: '2026-05-09T10:00:00.000Z' });
    const reclosed = bookingEntries(bookingPlan(reopened.standing, again), again, context({ sequence: reopened.sequence }));
    expect(reclosed.entries).toMatchObject([{ entryId: 'd1#0003', kind: 'booking', amountCents: 7_501, month: '2026-05' }]);
    const net = [...first.entries, ...reopened.entries, ...reclosed.entries].reduce((sum, entry) => sum + entry.amountCents, 0);
    expect(net).toBe(7_501);
  });

  it('rebooks a fee edit on a closed deal at the agreement it closed under, not the rate in force now', () => {
    const first = book(null, closed());
    const edited = closed({ brokerFeeClient: 500 });
    const { entries } = bookingEntries(
      bookingPlan(first.standing, edited),
      edited,
      context({ sequence: 1, agreement: { commissionType: 'flat', commissionValue: 9 } }),
    );
    expect(entries).toMatchObject([
      { kind: 'reversal', amountCents: -7_501 },
      { kind: 'booking', amountCents: 10_000, feeCents: 100_000, commissionType: 'percentage', commissionValue: 10 },
    ]);
  });

  it("moves a deal to another broker: the first broker's booking is reversed, the new broker's agreement books it", () => {
    const first = book(null, closed());
    const moved = closed({ brokerId: 'bob' });
    const { entries } = bookingEntries(
      bookingPlan(first.standing, moved),
      moved,
      context({ sequence: 1, agreement: { commissionType: 'flat', commissionValue: 250 } }),
    );
    expect(entries).toMatchObject([
      { kind: 'reversal', brokerId: 'ann', amountCents: -7_501 },
      { kind: 'booking', brokerId: 'bob', amountCents: 25_000, commissionType: 'flat' },
    ]);
  });

  it('reverses the booking of a deleted deal', () => {
    const first = book(null, closed());
    const { entries, standing } = bookingEntries(bookingPlan(first.standing, undefined), closed(), context({ sequence: 1 }));
    expect(entries).toMatchObject([{ kind: 'reversal', amountCents: -7_501 }]);
    expect(standing).toBeNull();
  });

  it('lands an entry whose month is paid in the month after the last paid one', () => {
    const first = book(null, closed());
    const paidThrough = () => '2026-04';
    const { entries } = bookingEntries(bookingPlan(first.standing, deal()), deal(), context({ sequence: 1, paidThrough }));
    expect(entries).toMatchObject([{ kind: 'reversal', month: '2026-05' }]);
    const late = book(null, closed({ dealClosedAt: '2026-03-30T10:00:00.000Z' }), context({ paidThrough }));
    expect(late.entries).toMatchObject([{ kind: 'booking', month: '2026-05' }]);
  });
});

describe('month additions', () => {
  it('adds the entries of a write per broker and month', () => {
    expect(
      monthAdditions([
        { brokerId: 'ann', month: '2026-04', amountCents: -100 },
        { brokerId: 'ann', month: '2026-04', amountCents: 250 },
        { brokerId: 'bob', month: '2026-04', amountCents: 250 },
      ]),
    ).toEqual([
      { brokerId: 'ann', month: '2026-04', earnedCents: 150, entryCount: 2 },
      { brokerId: 'bob', month: '2026-04', earnedCents: 250, entryCount: 1 },
    ]);
  });
});

describe('the ledger over any history of deal writes', () => {
  const agreementArb = fc.record({
    commissionType: fc.constantFrom('percentage' as const, 'flat' as const, null),
    commissionValue: fc.integer({ min: 0, max: 10_000 }).map((cents) => cents / 100),
  });
  const writeArb = fc.record({
    deal: fc.constantFrom('d1', 'd2', 'd3'),
    brokerId: fc.constantFrom('ann', 'bob'),
    status: fc.constantFrom('active', 'closed', 'closed', 'deleted'),
    closedMonth: fc.constantFrom('2026-01', '2026-02', '2026-03'),
    dealer: fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
    client: fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
    agreement: agreementArb,
    paidThrough: fc.constantFrom(null, '2026-01', '2026-02'),
  });

  it('sums, per broker, to what the deals still standing earn, and a deal that stopped earning nets to 0', () => {
    fc.assert(
      fc.property(fc.array(writeArb, { maxLength: 40 }), (writes) => {
        const deals = new Map<string, { standing: StandingBooking | null; sequence: number; facts?: BookingFacts }>();
        const ledger: NewEntry[] = [];
        for (const write of writes) {
          const state = deals.get(write.deal) ?? { standing: null, sequence: 0 };
          const after =
            write.status === 'deleted'
              ? undefined
              : deal({
                  id: write.deal,
                  brokerId: write.brokerId,
                  status: write.status,
                  dealClosedAt: `${write.closedMonth}-15T10:00:00.000Z`,
                  brokerFeeDealer: write.dealer,
                  brokerFeeClient: write.client,
                });
          const plan = bookingPlan(state.standing, after);
          if (isEmptyPlan(plan)) continue;
          const result = bookingEntries(plan, after ?? state.facts!, {
            sequence: state.sequence,
            agreement: write.agreement,
            paidThrough: () => write.paidThrough,
            now,
          });
          for (const entry of result.entries) {
            if (write.paidThrough) expect(entry.month > write.paidThrough).toBe(true);
          }
          ledger.push(...result.entries);
          deals.set(write.deal, { standing: result.standing, sequence: result.sequence, facts: after ?? state.facts });
        }
        const ids = new Set(ledger.map((entry) => entry.entryId));
        expect(ids.size).toBe(ledger.length);
        for (const brokerId of ['ann', 'bob']) {
          const booked = ledger.filter((entry) => entry.brokerId === brokerId).reduce((sum, entry) => sum + entry.amountCents, 0);
          const standing = [...deals.values()]
            .filter(({ standing }) => standing?.brokerId === brokerId)
            .reduce((sum, { standing }) => sum + standing!.amountCents, 0);
          expect(booked).toBe(standing);
        }
        for (const [id, { standing }] of deals) {
          const net = ledger.filter((entry) => entry.dealId === id).reduce((sum, entry) => sum + entry.amountCents, 0);
          expect(net).toBe(standing?.amountCents ?? 0);
          if (standing) expect(standing.amountCents).toBe(commissionCents(standing, standing.feeCents));
        }
      }),
    );
  });
});
