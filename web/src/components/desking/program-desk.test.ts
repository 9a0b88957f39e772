import { describe, expect, it } from 'vitest';
import type { ProgramMatch } from '@shared/programs/api';
import { EMPTY_DESKING, deskingToLeaseInput, leaseInputToDesking, type DeskingValues } from './desking-model';
import {
  changeChoice,
  chooseProgram,
  programFromSaved,
  programReferenceOf,
  programSources,
  tickable,
  withMatchedIncentives,
} from './program-desk';

const match: ProgramMatch = {
  lenderId: 'example-auto-finance',
  lenderName: 'Example Auto Finance',
  month: '2026-12',
  programLabel: 'Example Auto Finance, December 2026 program',
  rowIndex: 4,
  year: 2027,
  make: 'Toyota',
  model: 'RAV4',
  trim: '',
  termMonths: 36,
  milesPerYear: 10000,
  residualPercent: 62,
  buyRateMoneyFactor: 0.0012,
  maxMarkup: 0.0004,
  maxMoneyFactor: 0.0016,
  acquisitionFee: { amount: 650, taxable: true },
  securityDeposits: null,
  onePay: { allowed: false, moneyFactor: null },
  incentives: [
    { name: 'Lease cash', amount: 1000, kind: 'lease_cash', stacksWith: ['loyalty'] },
    { name: 'Loyalty', amount: 500, kind: 'loyalty', stacksWith: ['lease_cash'] },
  ],
  states: [],
  zipPrefixes: [],
  effectiveFrom: '2026-12-01',
  effectiveTo: '2026-12-31',
};

const typed: DeskingValues = { ...EMPTY_DESKING, msrp: '40000', sellingPrice: '38000', rateKind: 'apr', rate: '3' };

describe('the desk filled from a program', () => {
  it('fills residual, money factor at the buy rate, the acquisition fee and lease cash, each labelled with the program', () => {
    const { values, program } = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });

    expect(values).toMatchObject({
      residualPercent: '62',
      rateKind: 'moneyFactor',
      rate: '0.0012',
      acquisitionFee: '650',
      acquisitionFeeTaxable: true,
      rebates: '1000',
    });
    expect(programSources(values, program)).toEqual({
      residualPercent: 'Example Auto Finance, December 2026 program',
      rate: 'Example Auto Finance, December 2026 program, buy rate 0.00120',
      acquisitionFee: 'Example Auto Finance, December 2026 program',
      rebates: 'Example Auto Finance, December 2026 program',
    });
  });

  it('adds the markup to the buy rate and the ticked incentives to the rebates, shown as buy rate + markup', () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    const marked = changeChoice(chosen.values, chosen.program, { markupText: '0.0002' });
    const ticked = changeChoice(marked.values, marked.program, { incentiveKinds: ['loyalty'] });

    expect(ticked.values).toMatchObject({ rate: '0.0014', rebates: '1500' });
    expect(programSources(ticked.values, ticked.program).rate).toBe(
      'Example Auto Finance, December 2026 program, buy rate 0.00120 + markup 0.00020',
    );
  });

  it('leaves the money factor as it was for a markup above the maximum', () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    expect(changeChoice(chosen.values, chosen.program, { markupText: '0.0005' }).values.rate).toBe('0.0012');
  });

  it('marks a number typed over the program\'s "override", keeps it when the markup changes, and saves it as overridden', () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    const overridden = { ...chosen.values, rate: '0.0015' };

    expect(programSources(overridden, chosen.program).rate).toBe(
      'override (Example Auto Finance, December 2026 program: 0.00120)',
    );
    expect(changeChoice(overridden, chosen.program, { markupText: '0.0001' }).values.rate).toBe('0.0015');
    expect(programReferenceOf(overridden, chosen.program)).toEqual({
      lenderId: 'example-auto-finance',
      month: '2026-12',
      rowIndex: 4,
      markup: 0,
      incentiveKinds: [],
      state: 'CA',
      deskedOn: '2026-12-05',
      overridden: ['moneyFactor'],
    });
  });

  it('reopens a saved deal with its program: saved numbers are the program\'s, an overridden field stays "override"', () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    const saved = leaseInputToDesking(deskingToLeaseInput({ ...chosen.values, rate: '0.0015' }));
    const program = programFromSaved(
      {
        ...programReferenceOf({ ...chosen.values, rate: '0.0015' }, chosen.program),
        overridden: ['moneyFactor'],
        lenderName: 'Example Auto Finance',
        buyRate: 0.0012,
        maxMarkup: 0.0004,
        programLabel: 'Example Auto Finance, December 2026 program',
      },
      saved,
    );

    expect(programSources(saved, program)).toMatchObject({
      residualPercent: 'Example Auto Finance, December 2026 program',
      rate: 'override',
      acquisitionFee: 'Example Auto Finance, December 2026 program',
    });
  });

  it("takes a reopened deal's incentives from its row in today's match: the ticks change and re-price the rebates", () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    const ticked = changeChoice(chosen.values, chosen.program, { incentiveKinds: ['loyalty'] });
    const saved = leaseInputToDesking(deskingToLeaseInput(ticked.values));
    const reopened = programFromSaved(
      {
        ...programReferenceOf(ticked.values, ticked.program),
        lenderName: 'Example Auto Finance',
        buyRate: 0.0012,
        maxMarkup: 0.0004,
        programLabel: 'Example Auto Finance, December 2026 program',
      },
      saved,
    );
    expect(tickable(reopened)).toEqual([]);

    const other = { ...match, rowIndex: 5, incentives: [] };
    const matched = withMatchedIncentives(reopened, [other, match]);
    expect(tickable(matched)).toEqual(['loyalty']);
    expect(matched.incentiveKinds).toEqual(['loyalty']);
    expect(matched.filled).toEqual(reopened.filled);

    const unticked = changeChoice(saved, matched, { incentiveKinds: [] });
    expect(unticked.values.rebates).toBe('1000');
    expect(programSources(unticked.values, unticked.program).rebates).toBe('Example Auto Finance, December 2026 program');
    expect(programReferenceOf(unticked.values, unticked.program)).toMatchObject({ incentiveKinds: [], overridden: [] });
  });

  it("leaves a reopened deal's incentives unknown while its row is not among today's matches", () => {
    const chosen = chooseProgram(typed, match, { state: 'ca', deskedOn: '2026-12-05' });
    const reopened = { ...chosen.program, incentives: null };
    expect(withMatchedIncentives(reopened, undefined)).toBe(reopened);
    expect(withMatchedIncentives(reopened, [{ ...match, month: '2027-01' }])).toBe(reopened);
    // Known incentives (a program chosen on this desk) stay as they are.
    expect(withMatchedIncentives(chosen.program, [{ ...match, incentives: [] }])).toBe(chosen.program);
  });
});
