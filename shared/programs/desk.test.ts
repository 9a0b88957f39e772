/**
 * The desk filled from a lender program (docs/decisions.md, "Programs"): what a row fills, the markup's bounds, the
 * incentives a client qualifies for and how they stack, which numbers count as overridden, and what a newer month
 * would make the payment.
 */
import { describe, expect, it } from 'vitest';
import { calculateLease, type LeaseInput } from '../lease/calculate';
import {
  deskedWithProgram,
  formatMoneyFactor,
  incentivesTaken,
  localDate,
  markupProblem,
  moneyFactorSource,
  newerProgramNote,
  newerProgramPayment,
  overriddenFields,
  programFill,
  programReferenceSchema,
  tickableKinds,
  withAcquisitionFee,
  type ComparedMatch,
} from './desk';
import type { ProgramIncentive } from './rows';

const leaseCash: ProgramIncentive = { name: 'Lease cash', amount: 1000, kind: 'lease_cash', stacksWith: ['loyalty', 'military'] };
const loyalty: ProgramIncentive = { name: 'Loyalty', amount: 500, kind: 'loyalty', stacksWith: ['lease_cash'] };
const conquest: ProgramIncentive = { name: 'Conquest', amount: 750, kind: 'conquest', stacksWith: [] };
const military: ProgramIncentive = { name: 'Military', amount: 250, kind: 'military', stacksWith: ['lease_cash', 'loyalty'] };

const row = {
  residualPercent: 62,
  buyRateMoneyFactor: 0.0012,
  maxMarkup: 0.0004,
  acquisitionFee: { amount: 650, taxable: false },
  incentives: [leaseCash, loyalty, conquest, military],
};

describe('programFill', () => {
  it('fills the residual, the buy rate plus the markup, the acquisition fee and the incentives the client qualifies for', () => {
    expect(programFill(row, { markup: 0.0002, incentiveKinds: ['loyalty'] })).toEqual({
      residualPercent: 62,
      buyRate: 0.0012,
      markup: 0.0002,
      moneyFactor: 0.0014,
      acquisitionFee: 650,
      acquisitionFeeTaxable: false,
      incentives: [leaseCash, loyalty],
      rebates: 1500,
    });
  });

  it("holds a markup above the program's maximum at the maximum, and a negative one at 0", () => {
    expect(programFill(row, { markup: 0.001, incentiveKinds: [] }).moneyFactor).toBe(0.0016);
    expect(programFill(row, { markup: -0.001, incentiveKinds: [] }).moneyFactor).toBe(0.0012);
  });

  it('says the money factor as buy rate plus markup, five decimals', () => {
    expect(moneyFactorSource({ buyRate: 0.0012, markup: 0.0002 })).toBe('buy rate 0.00120 + markup 0.00020');
    expect(moneyFactorSource({ buyRate: 0.00185, markup: 0 })).toBe('buy rate 0.00185');
    expect(formatMoneyFactor(0.001235)).toBe('0.001235');
  });
});

describe('markupProblem', () => {
  it("accepts 0 up to the program's maximum and refuses more, or less than 0", () => {
    expect(markupProblem(0, 0.0004)).toBeUndefined();
    expect(markupProblem(0.0004, 0.0004)).toBeUndefined();
    expect(markupProblem(0.00041, 0.0004)).toBe('Markup can be at most 0.00040 on this program');
    expect(markupProblem(-0.0001, 0.0004)).toBe('Markup cannot be negative');
  });
});

describe('incentivesTaken', () => {
  it('always takes lease cash, and only the ticked kinds besides', () => {
    expect(incentivesTaken(row.incentives, [])).toEqual([leaseCash]);
    expect(incentivesTaken(row.incentives, ['military'])).toEqual([leaseCash, military]);
  });

  it('keeps the largest first and leaves out one that does not stack with those kept', () => {
    // Conquest ($750) stacks with nothing: lease cash ($1,000) is larger and kept, conquest is left out.
    expect(incentivesTaken(row.incentives, ['conquest', 'loyalty'])).toEqual([leaseCash, loyalty]);
    expect(incentivesTaken([conquest, loyalty], ['conquest', 'loyalty'])).toEqual([conquest]);
  });

  it('lists the kinds a broker may tick: only those the program offers', () => {
    expect(tickableKinds([leaseCash, military])).toEqual(['military']);
  });
});

describe('overriddenFields', () => {
  const filled = { residualPercent: 62, moneyFactor: 0.0014, acquisitionFee: 650, rebates: 1500 };

  it("marks a number typed over the program's, or left blank, and not one equal to it", () => {
    expect(overriddenFields(filled, { ...filled })).toEqual([]);
    expect(overriddenFields(filled, { ...filled, moneyFactor: 0.0015 })).toEqual(['moneyFactor']);
    expect(overriddenFields(filled, { ...filled, rebates: undefined })).toEqual(['rebates']);
    expect(overriddenFields(filled, { ...filled, moneyFactor: 0.0014000001 })).toEqual([]);
  });

  it('counts a field the program never filled as overridden', () => {
    expect(overriddenFields({ residualPercent: 62 }, { residualPercent: 62, moneyFactor: 0.0014 })).toEqual([
      'moneyFactor',
      'acquisitionFee',
      'rebates',
    ]);
  });
});

describe('withAcquisitionFee', () => {
  it("replaces the lease's acquisition fee and keeps its other fees", () => {
    const doc = { name: 'Doc fee', amount: 85, capitalized: false, taxable: true };
    expect(
      withAcquisitionFee([doc, { name: 'Acquisition fee', amount: 595, capitalized: true, taxable: true }], 650, false),
    ).toEqual([doc, { name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }]);
    expect(withAcquisitionFee([doc], undefined, false)).toEqual([doc]);
  });
});

const desking: LeaseInput = {
  msrp: 40_000,
  sellingPrice: 38_000,
  residualPercent: 62,
  moneyFactor: 0.0014,
  termMonths: 36,
  rebates: 1500,
  fees: [{ name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }],
  taxRatePercent: 8,
};
const reference = {
  lenderId: 'example-auto-finance',
  month: '2026-12',
  markup: 0.0002,
  incentiveKinds: ['loyalty' as const],
  overridden: [],
};
const january: ComparedMatch = {
  ...row,
  residualPercent: 60,
  lenderId: 'example-auto-finance',
  lenderName: 'Example Auto Finance',
  month: '2027-01',
};

describe('newerProgramPayment', () => {
  it("prices the deal's desking with the newest later month of its lender, same markup and incentives", () => {
    const newer = newerProgramPayment(desking, reference, [
      { ...january, month: '2026-12' },
      january,
      { ...january, lenderId: 'other-lender', month: '2027-02', residualPercent: 50 },
    ]);
    expect(newer).toEqual({
      lenderName: 'Example Auto Finance',
      month: '2027-01',
      payment: calculateLease({ ...desking, residualPercent: 60 }).monthlyPayment,
      saved: calculateLease(desking).monthlyPayment,
    });
    expect(newerProgramNote(newer!, (amount) => `$${amount.toFixed(2)}`)).toBe(
      `A newer program (Example Auto Finance, January 2027) would make the payment $${newer!.payment.toFixed(2)} instead of $${newer!.saved.toFixed(2)}.`,
    );
  });

  it('keeps the numbers the broker overrode', () => {
    expect(newerProgramPayment(desking, { ...reference, overridden: ['residualPercent'] }, [january])).toBeUndefined();
    expect(
      deskedWithProgram({ ...desking, residualPercent: 55 }, programFill(january, reference), ['residualPercent'])
        .residualPercent,
    ).toBe(55);
  });

  it('says nothing without a later month, or when it leaves the payment as saved', () => {
    expect(newerProgramPayment(desking, reference, [{ ...january, month: '2026-11' }])).toBeUndefined();
    expect(newerProgramPayment(desking, reference, [{ ...january, residualPercent: 62 }])).toBeUndefined();
  });
});

describe('programReferenceSchema', () => {
  it('takes a row, the markup, ticked kinds, the state and the day, and refuses what names no row', () => {
    const valid = {
      lenderId: 'example-auto-finance',
      month: '2026-12',
      rowIndex: 3,
      markup: 0.0002,
      incentiveKinds: ['loyalty', 'loyalty'],
      state: 'ca',
      deskedOn: '2026-12-05',
      overridden: ['moneyFactor'],
    };
    expect(programReferenceSchema.parse(valid)).toEqual({ ...valid, incentiveKinds: ['loyalty'], state: 'CA' });
    expect(programReferenceSchema.safeParse({ ...valid, rowIndex: -1 }).success).toBe(false);
    expect(programReferenceSchema.safeParse({ ...valid, month: '2026-13' }).success).toBe(false);
    expect(programReferenceSchema.safeParse({ ...valid, overridden: ['msrp'] }).success).toBe(false);
  });
});

describe('localDate', () => {
  it("gives the browser's calendar date, not UTC's", () => {
    // Late evening local time: a zone west of UTC is already on the next UTC day.
    const evening = new Date(2026, 11, 5, 23, 30);
    expect(localDate(evening)).toBe('2026-12-05');
    expect(localDate(new Date(2027, 0, 9, 0, 5))).toBe('2027-01-09');
  });
});
