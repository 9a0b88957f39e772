import { describe, expect, it } from 'vitest';
import { calculateLease } from '../lease/calculate';
import { proposalSnapshotSchema } from './api';
import {
  dealTakesProposals,
  isProposalToken,
  itemizedDriveOff,
  mayShareProposal,
  proposalDestination,
  proposalForClient,
  proposalMonthlyPayment,
  proposalSnapshot,
  proposalStatus,
  proposalUrl,
} from './rules';

/** A deal as stored, with everything a client must not see set. */
const DEAL = {
  id: '01DEAL',
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  trim: 'XLE',
  imageUrl: null,
  vin: '1HGBH41JXMN109186',
  dealType: 'lease' as const,
  monthlyPayment: 311.04,
  downPayment: 0,
  termMonths: 36,
  mileageAllowance: 10_000,
  moneyFactor: 0.00125,
  apr: 3,
  totalDueAtSigning: null,
  conciergeFee: 500,
  incentives: ['Loyalty'],
  brokerFeeDealer: 400,
  brokerFeeClient: 600,
  brokerFeeTotal: 1000,
  brokerCommissionAmount: 250,
  heardAboutUs: 'Instagram',
  heardAboutUsReferral: 'Jane',
  heardAboutUsAffinity: 'Costco',
  notes: 'Client is price sensitive',
  stockNumber: 'A-1',
  desking: {
    msrp: 23_000,
    sellingPrice: 21_000,
    residualPercent: 57,
    moneyFactor: 0.00125,
    termMonths: 36,
    capitalizedFees: 1_200,
    upfrontFees: 400,
    cashDown: 1_000,
    taxRatePercent: 10.25,
    taxMethod: 'monthly',
    securityDeposits: { count: 2, amountEach: 350, moneyFactorReductionEach: 0.00007 },
  },
};
const NAMES = { brokerName: 'Brook Broker', dealershipName: 'Downtown Toyota', clientName: 'Casey Client' };

/** Every key of a nested value, as dotted paths. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${prefix}${key}`, ...keysOf(inner, `${prefix}${key}.`)]);
}

describe('proposalSnapshot', () => {
  it("copies what the client is offered and never the broker's fees, commission, lead source, notes or desking input", () => {
    const snapshot = proposalSnapshot(DEAL, NAMES);

    const keys = keysOf(snapshot).join(' ');
    for (const hidden of ['brokerFee', 'Commission', 'heardAboutUs', 'notes', 'desking', 'stockNumber', 'vin', 'msrp']) {
      expect(keys).not.toContain(hidden);
    }
    expect(JSON.stringify(snapshot)).not.toMatch(/Instagram|Costco|price sensitive/);
    expect(proposalSnapshotSchema.strict().safeParse(snapshot).success).toBe(true);
    expect(snapshot).toMatchObject({
      vehicle: { year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE', imageUrl: null },
      monthlyPayment: calculateLease(DEAL.desking as never).monthlyPayment,
      termMonths: 36,
      mileageAllowance: 10_000,
      conciergeFee: 500,
      brokerName: 'Brook Broker',
    });
  });

  it('is a copy: changing the deal afterwards changes no snapshot taken', () => {
    const deal = { ...DEAL, desking: undefined, incentives: ['Loyalty'] };
    const snapshot = proposalSnapshot(deal, NAMES);

    deal.monthlyPayment = 999;
    deal.incentives.push('Conquest');

    expect(snapshot.monthlyPayment).toBe(311.04);
    expect(snapshot.incentives).toEqual(['Loyalty']);
  });

  it('itemizes the drive-off of a desked lease, adding up to the quote to the cent, and uses it as the total due', () => {
    const quote = calculateLease(DEAL.desking as never);
    const driveOff = itemizedDriveOff(DEAL.desking)!;

    expect(driveOff.total).toBe(quote.driveOff);
    expect(driveOff.firstPayment).toBe(quote.monthlyPayment);
    expect(driveOff.cashDown).toBe(1_000);
    expect(driveOff.upfrontFees).toBe(400);
    expect(driveOff.upfrontTax).toBe(quote.upfrontTax);
    expect(driveOff.securityDeposits).toBe(700);
    const sum = Math.round(
      (driveOff.firstPayment + driveOff.cashDown + driveOff.upfrontFees + driveOff.upfrontTax + driveOff.securityDeposits) * 100,
    );
    expect(sum).toBe(Math.round(driveOff.total * 100));
    expect(proposalSnapshot(DEAL, NAMES).totalDueAtSigning).toBe(quote.driveOff);
  });

  it('counts named fees paid at signing as upfront fees, not as security deposits', () => {
    const desking = {
      ...(DEAL.desking as object),
      fees: [
        { name: 'Doc fee', amount: 300, capitalized: false, taxable: true },
        { name: 'Acquisition', amount: 995, capitalized: true, taxable: false },
      ],
    };
    const quote = calculateLease(desking as never);
    const driveOff = itemizedDriveOff(desking)!;

    expect(driveOff.upfrontFees).toBe(700); // 400 + the 300 doc fee; the capitalized fee is in the payment
    expect(driveOff.securityDeposits).toBe(700);
    expect(driveOff.upfrontTax).toBe(quote.upfrontTax);
    expect(driveOff.total).toBe(quote.driveOff);
  });

  it("shows a one-pay lease's one payment as its first payment, with no deposits", () => {
    const { securityDeposits: _deposits, ...desking } = DEAL.desking as Record<string, unknown>;
    const onePay = { ...desking, onePay: true };
    const quote = calculateLease(onePay as never);
    const driveOff = itemizedDriveOff(onePay)!;

    expect(driveOff.firstPayment).toBe(Math.round((quote.onePayAmount! - quote.upfrontTax) * 100) / 100);
    expect(driveOff.securityDeposits).toBe(0);
    expect(driveOff.total).toBe(quote.driveOff);
  });

  it("keeps the deal's own total due at signing, and has no drive-off without a desking input or on a finance deal", () => {
    expect(proposalSnapshot({ ...DEAL, totalDueAtSigning: 2_500 }, NAMES).totalDueAtSigning).toBe(2_500);
    expect(proposalSnapshot({ ...DEAL, desking: undefined }, NAMES)).toMatchObject({ driveOff: null, totalDueAtSigning: null });
    expect(proposalSnapshot({ ...DEAL, dealType: 'finance' }, NAMES)).toMatchObject({ driveOff: null, moneyFactor: null });
    expect(itemizedDriveOff({ msrp: -1 })).toBeNull();
  });
});

describe('the monthly payment a proposal offers', () => {
  it("is the desking computation's on a desked lease, whatever payment was typed into the deal", () => {
    const desked = calculateLease(DEAL.desking as never).monthlyPayment;
    expect(desked).not.toBe(DEAL.monthlyPayment);

    expect(proposalMonthlyPayment(DEAL)).toBe(desked);
    expect(proposalSnapshot({ ...DEAL, monthlyPayment: 1 }, NAMES).monthlyPayment).toBe(desked);
    // The first payment of the itemized drive-off is the same figure.
    expect(proposalSnapshot(DEAL, NAMES).driveOff?.firstPayment).toBe(desked);
  });

  it("is the deal's own field without a desking input that prices, or on a finance deal", () => {
    expect(proposalMonthlyPayment({ ...DEAL, desking: undefined })).toBe(311.04);
    expect(proposalMonthlyPayment({ ...DEAL, desking: { msrp: -1 } })).toBe(311.04);
    expect(proposalMonthlyPayment({ ...DEAL, dealType: 'finance' })).toBe(311.04);
  });
});

describe('which deals take proposals, and whose a proposal is', () => {
  it('refuses closed and not-sold deals only', () => {
    expect(dealTakesProposals({ status: 'closed' })).toBe(false);
    expect(dealTakesProposals({ status: 'not_sold' })).toBe(false);
    for (const status of ['available', 'pending', 'active', 'finalized']) expect(dealTakesProposals({ status })).toBe(true);
  });

  it("belongs to the client it was made out to: another client (or none) on the deal makes it no one's", () => {
    expect(proposalForClient({ clientId: 'c1' }, { clientId: 'c1' })).toBe(true);
    expect(proposalForClient({ clientId: 'c1' }, { clientId: 'c2' })).toBe(false);
    expect(proposalForClient({ clientId: 'c1' }, { clientId: null })).toBe(false);
    expect(proposalForClient({ clientId: null }, { clientId: 'c2' })).toBe(false);
    // Stored before proposals named their client.
    expect(proposalForClient({}, { clientId: 'c2' })).toBe(true);
  });

  it("is sent to the client's e-mail on file, else their phone by text, else nowhere", () => {
    expect(proposalDestination({ email: ' a@example.com ', phone: '5551234567' })).toEqual({
      channel: 'email',
      to: 'a@example.com',
    });
    expect(proposalDestination({ email: '', phone: '5551234567' })).toEqual({ channel: 'sms', to: '5551234567' });
    expect(proposalDestination({})).toBeNull();
    expect(proposalDestination(null)).toBeNull();
  });
});

describe('proposalStatus', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('reads a sent proposal past its date as expired, and one in date as sent', () => {
    expect(proposalStatus({ status: 'sent', validUntil: '2026-11-25T11:59:59.999Z' }, now)).toBe('expired');
    expect(proposalStatus({ status: 'sent', validUntil: now.toISOString() }, now)).toBe('expired');
    expect(proposalStatus({ status: 'sent', validUntil: '2026-11-25T12:00:00.001Z' }, now)).toBe('sent');
  });

  it('keeps accepted, revoked, replaced and withdrawn whatever the date', () => {
    expect(proposalStatus({ status: 'accepted', validUntil: '2020-01-01T00:00:00.000Z' }, now)).toBe('accepted');
    expect(proposalStatus({ status: 'revoked', validUntil: '2030-01-01T00:00:00.000Z' }, now)).toBe('revoked');
    expect(proposalStatus({ status: 'replaced', validUntil: '2020-01-01T00:00:00.000Z' }, now)).toBe('replaced');
    expect(proposalStatus({ status: 'withdrawn', validUntil: '2020-01-01T00:00:00.000Z' }, now)).toBe('withdrawn');
  });
});

describe('tokens, links and who shares', () => {
  it('accepts only 22 base64url characters as a token, and builds the public page URL', () => {
    expect(isProposalToken('AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    expect(isProposalToken('short')).toBe(false);
    expect(isProposalToken('AbCdEfGhIjKlMnOpQrSt_/')).toBe(false);
    expect(proposalUrl('AbCdEfGhIjKlMnOpQrSt_-', 'https://app.example')).toBe(
      'https://app.example/proposal/AbCdEfGhIjKlMnOpQrSt_-',
    );
  });

  it("lets the deal's broker and admins share, not another broker, a dealer or a consumer", () => {
    const deal = { brokerId: 'b1' };
    expect(mayShareProposal({ userId: 'b1', role: 'broker' }, deal)).toBe(true);
    expect(mayShareProposal({ userId: 'a1', role: 'admin' }, deal)).toBe(true);
    expect(mayShareProposal({ userId: 'b2', role: 'broker' }, deal)).toBe(false);
    expect(mayShareProposal({ userId: 'b1', role: 'dealer' }, deal)).toBe(false);
    expect(mayShareProposal({ userId: 'b1', role: 'consumer' }, deal)).toBe(false);
  });
});
