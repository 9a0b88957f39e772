import { describe, expect, it } from 'vitest';
import {
  acceptedProposalId,
  activityFieldLabel,
  activitySummary,
  dealName,
  formatActivityValue,
  formatApr,
  paymentToReviewNotice,
} from './deal-format';

describe('deal name and APR', () => {
  it('names a deal by year, make and model', () => {
    expect(dealName({ year: 2026, make: 'BMW', model: 'X5' })).toBe('2026 BMW X5');
  });

  it('writes an APR to 2 decimals, or a dash when there is none', () => {
    expect(formatApr(4.44)).toBe('4.44%');
    expect(formatApr(3)).toBe('3.00%');
    expect(formatApr(null)).toBe('—');
  });
});

describe('activity values', () => {
  it.each([
    ['status', 'not_sold', 'Not Sold'],
    ['status', 'closed', 'Closed'],
    ['dealType', 'lease', 'Lease'],
    ['conciergeFee', 250, '$250'],
    ['brokerFeeDealer', 499.5, '$500'],
    ['monthlyPayment', 449.5, '$449.50'],
    ['apr', 4.44, '4.44%'],
    ['mileageAllowance', 12000, '12,000 mi/yr'],
    ['termMonths', 36, '36 months'],
    ['followUpDate', '2026-12-05', '12/05/2026'],
    ['conciergeFeePaid', true, 'Yes'],
    ['moneyFactor', 0.00185, '0.00185'],
    ['brokerId', 'Dana Broker', 'Dana Broker'],
    ['notSoldReason', null, '—'],
    ['notSoldNotes', '', '—'],
  ] as const)('%s %s reads "%s"', (field, value, expected) => {
    expect(formatActivityValue(field, value)).toBe(expected);
  });

  it('labels each recorded field for a reader, and keeps an unknown field name as it is', () => {
    expect(activityFieldLabel('brokerFeeClient')).toBe('Client fee');
    expect(activityFieldLabel('dealershipId')).toBe('Dealership');
    expect(activityFieldLabel('somethingNew')).toBe('somethingNew');
  });

  it('says who did what', () => {
    expect(activitySummary({ kind: 'updated', actor: { id: 'u1', name: 'Dana Broker' } })).toBe('Dana Broker updated the deal');
    expect(activitySummary({ kind: 'expired', actor: { id: null, name: 'System' } })).toBe('System expired the deal');
  });
});

describe("the admin's notice of a payment to review", () => {
  const payment = {
    eventId: 'evt_1',
    amountCents: 50_000,
    currency: 'usd',
    dueCents: 60_000,
    feeAlreadyPaid: false,
    receivedAt: '2026-05-01T12:00:00.000Z',
  };

  it('names the amount received and the amount due', () => {
    expect(paymentToReviewNotice(payment)).toBe('Payment of $500.00 received; $600.00 due — review');
    expect(paymentToReviewNotice({ ...payment, currency: 'eur', amountCents: 60_000 })).toBe(
      'Payment of 600.00 EUR received; $600.00 due — review',
    );
  });

  it('says when the fee had been paid already', () => {
    expect(paymentToReviewNotice({ ...payment, dueCents: 0, feeAlreadyPaid: true })).toBe(
      'Payment of $500.00 received; the concierge fee was already paid — review and refund',
    );
  });

  it('labels the trail entry and its fields', () => {
    expect(activitySummary({ kind: 'payment_review', actor: { id: null, name: 'Payment provider' } })).toBe(
      'Payment provider received a payment that does not match the fee (not marked paid)',
    );
    expect(activityFieldLabel('amountPaid')).toBe('Amount paid');
    expect(activityFieldLabel('amountDue')).toBe('Amount due');
  });
});

describe('the accepted proposal the deal page shows', () => {
  type Entry = Parameters<typeof acceptedProposalId>[0][number];
  const accepted = (id: string): Entry => ({
    kind: 'proposal_accepted',
    changes: [
      { field: 'status', before: 'available', after: 'pending' },
      { field: 'proposalId', before: null, after: id },
    ],
  });

  it('is the newest acceptance on the trail (newest first), or none', () => {
    expect(acceptedProposalId([{ kind: 'updated', changes: [] }, accepted('p2'), accepted('p1')])).toBe('p2');
    expect(
      acceptedProposalId([{ kind: 'proposal_question', changes: [{ field: 'proposalId', before: null, after: 'p3' }] }]),
    ).toBeNull();
    expect(acceptedProposalId([])).toBeNull();
  });
});
