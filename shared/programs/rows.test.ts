import { describe, expect, it } from 'vitest';
import {
  appliesIn,
  autoMapProgramColumns,
  checkProgramRow,
  parseIncentives,
  PROGRAM_CSV_FIELDS,
  PROGRAM_CSV_HEADER,
  programLabel,
  rowProblemMessage,
  vehicleKey,
  type ProgramImportValues,
} from './rows';

const valid: ProgramImportValues = {
  year: '2027',
  make: 'Toyota',
  model: 'RAV4',
  termMonths: '36',
  milesPerYear: '10,000',
  residualPercent: '62%',
  buyRateMoneyFactor: '0.00185',
  effectiveFrom: '2026-12-01',
  effectiveTo: '2026-12-31',
};

describe('checkProgramRow', () => {
  it('reads a row with only the required columns: no deposits, no one-pay, everywhere', () => {
    const { row } = checkProgramRow(valid);
    expect(row).toMatchObject({
      milesPerYear: 10000,
      residualPercent: 62,
      maxMarkup: 0,
      trim: '',
      securityDeposits: null,
      onePay: { allowed: false, moneyFactor: null },
      acquisitionFee: { amount: 0, taxable: false },
      states: [],
      zipPrefixes: [],
    });
  });

  it.each([
    ['residual over 100%', { residualPercent: '100.5' }, 'residualPercent'],
    ['a residual of 0', { residualPercent: '0' }, 'residualPercent'],
    ['a money factor over 0.01', { buyRateMoneyFactor: '0.0101' }, 'buyRateMoneyFactor'],
    ['a markup over 0.01', { maxMarkup: '1' }, 'maxMarkup'],
    ['effective to before effective from', { effectiveTo: '2026-11-30' }, 'effectiveTo'],
    ['a date that does not exist', { effectiveFrom: '2026-02-30' }, 'effectiveFrom'],
    ['a missing model', { model: '' }, 'model'],
    ['a state that is not two letters', { states: 'California' }, 'states'],
    ['one-pay allowed without its money factor', { onePayAllowed: 'yes' }, 'onePayMoneyFactor'],
    ['an incentive of an unknown kind', { incentives: 'Cash: 500: cashback' }, 'incentives'],
  ])('refuses %s, naming the field', (_name, change, field) => {
    expect(checkProgramRow({ ...valid, ...change })).toMatchObject({ row: null, field });
  });

  it('keeps a residual of exactly 100% and a money factor of exactly 0.01', () => {
    expect(checkProgramRow({ ...valid, residualPercent: '100', buyRateMoneyFactor: '0.01' }).row).not.toBeNull();
  });
});

describe('parseIncentives', () => {
  it('reads name, amount, kind and the kinds it stacks with', () => {
    expect(parseIncentives('Winter cash: $1,500: Lease cash + loyalty, military; Grad: 500: college')).toEqual([
      { name: 'Winter cash', amount: 1500, kind: 'lease_cash', stacksWith: ['loyalty', 'military'] },
      { name: 'Grad', amount: 500, kind: 'college', stacksWith: [] },
    ]);
  });
});

describe('program rows: keys, regions, labels', () => {
  it('maps the example header to every field in order', () => {
    expect(Object.values(autoMapProgramColumns(PROGRAM_CSV_HEADER))).toEqual(PROGRAM_CSV_FIELDS.map((_, index) => index));
  });

  it('compares make and model without case or punctuation', () => {
    expect(vehicleKey('Mercedes-Benz ')).toBe(vehicleKey('mercedes  benz'));
  });

  it('applies a row in its states or ZIP prefixes, and a row naming neither everywhere', () => {
    expect(appliesIn({ states: [], zipPrefixes: [] }, 'NY')).toBe(true);
    expect(appliesIn({ states: ['CA'], zipPrefixes: [] }, 'ca')).toBe(true);
    expect(appliesIn({ states: ['CA'], zipPrefixes: [] }, 'NY')).toBe(false);
    expect(appliesIn({ states: [], zipPrefixes: ['940'] }, 'CA', '94016')).toBe(true);
    expect(appliesIn({ states: [], zipPrefixes: ['940'] }, 'CA')).toBe(false);
  });

  it('names a program and a row problem as a reader says them', () => {
    expect(programLabel('Example Auto Finance', '2026-12')).toBe('Example Auto Finance, December 2026 program');
    expect(rowProblemMessage(5, 'residualPercent', 'x')).toBe('Row 7, Residual %: x');
  });
});
