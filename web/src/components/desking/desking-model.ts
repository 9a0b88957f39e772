/**
 * The desking panel's model: the text a broker types, read into the lease calculator's input (shared/lease), and
 * what the panel shows for it: the quote, or each refused field's message. No lease math here: calculateLease and
 * leaseGrid price everything (docs/lease-math.md).
 */
import { calculateLease, LeaseInputError, leaseGrid, type LeaseInput, type LeaseQuote } from '@shared/lease/calculate';
import type { TaxMethod } from '@shared/lease/schemas';
import { acquisitionFeeOf, withAcquisitionFee } from '@shared/programs/desk';
import { parseNumberInput } from '@web/components/ui/form-rules';

/** The number fields of the panel, as typed. */
export const DESKING_NUMBER_FIELDS = [
  'msrp',
  'sellingPrice',
  'residualPercent',
  'rate',
  'termMonths',
  'capitalizedFees',
  'acquisitionFee',
  'upfrontFees',
  'rebates',
  'tradeEquity',
  'cashDown',
  'taxRatePercent',
  'securityDepositCount',
  'securityDepositAmountEach',
  'securityDepositReductionEach',
] as const;
export type DeskingNumberField = (typeof DESKING_NUMBER_FIELDS)[number];

export interface DeskingValues extends Record<DeskingNumberField, string> {
  /** Whether `rate` is a money factor or an APR in percent. */
  rateKind: 'moneyFactor' | 'apr';
  taxMethod: TaxMethod;
  zeroDriveOff: boolean;
  /** Whether the acquisition fee is taxed (a lender program says; docs/lease-math.md, "Fees"). */
  acquisitionFeeTaxable: boolean;
}

export const EMPTY_DESKING: DeskingValues = {
  msrp: '',
  sellingPrice: '',
  residualPercent: '',
  rate: '',
  termMonths: '36',
  capitalizedFees: '',
  acquisitionFee: '',
  upfrontFees: '',
  rebates: '',
  tradeEquity: '',
  cashDown: '',
  taxRatePercent: '',
  securityDepositCount: '',
  securityDepositAmountEach: '',
  securityDepositReductionEach: '',
  rateKind: 'moneyFactor',
  taxMethod: 'monthly',
  zeroDriveOff: false,
  acquisitionFeeTaxable: false,
};

/** Default grid axes: terms 24/36/39 by cash downs 0/1,000/2,000, the usual lease terms and down payments. */
export const DEFAULT_GRID_AXES = { termMonths: [24, 36, 39], cashDown: [0, 1000, 2000] } as const;

/** A number as the panel's text ('' for none). */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);

/** The typed text read into the calculator's input; blank optional fields are left out (the schema's defaults). */
export function deskingToLeaseInput(values: DeskingValues): LeaseInput {
  const read = (field: DeskingNumberField): number | undefined => parseNumberInput(values[field]);
  const input: Record<string, unknown> = {
    msrp: read('msrp'),
    sellingPrice: read('sellingPrice'),
    residualPercent: read('residualPercent'),
    [values.rateKind]: read('rate'),
    termMonths: read('termMonths'),
    capitalizedFees: read('capitalizedFees'),
    upfrontFees: read('upfrontFees'),
    rebates: read('rebates'),
    tradeEquity: read('tradeEquity'),
    cashDown: read('cashDown'),
    taxRatePercent: read('taxRatePercent'),
    taxMethod: values.taxMethod,
    zeroDriveOff: values.zeroDriveOff,
  };
  // The acquisition fee is a named fee, capitalized (a lender program's; shared/programs/desk.ts).
  const acquisitionFee = read('acquisitionFee');
  if (acquisitionFee !== undefined) input.fees = withAcquisitionFee(undefined, acquisitionFee, values.acquisitionFeeTaxable);
  const count = read('securityDepositCount');
  if (count !== undefined && count !== 0) {
    input.securityDeposits = {
      count,
      amountEach: read('securityDepositAmountEach'),
      moneyFactorReductionEach: read('securityDepositReductionEach') ?? 0,
    };
  }
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return input as LeaseInput;
}

/** A saved desking (the calculator's input) as the panel's text. */
export function leaseInputToDesking(input: Partial<LeaseInput>): DeskingValues {
  const rateKind = input.apr !== undefined && input.moneyFactor === undefined ? 'apr' : 'moneyFactor';
  return {
    ...EMPTY_DESKING,
    msrp: numberText(input.msrp),
    sellingPrice: numberText(input.sellingPrice),
    residualPercent: numberText(input.residualPercent),
    rate: numberText(rateKind === 'apr' ? input.apr : input.moneyFactor),
    termMonths: numberText(input.termMonths),
    capitalizedFees: numberText(input.capitalizedFees),
    acquisitionFee: numberText(acquisitionFeeOf(input)?.amount),
    acquisitionFeeTaxable: acquisitionFeeOf(input)?.taxable ?? false,
    upfrontFees: numberText(input.upfrontFees),
    rebates: numberText(input.rebates),
    tradeEquity: numberText(input.tradeEquity),
    cashDown: numberText(input.cashDown),
    taxRatePercent: numberText(input.taxRatePercent),
    securityDepositCount: numberText(input.securityDeposits?.count),
    securityDepositAmountEach: numberText(input.securityDeposits?.amountEach),
    securityDepositReductionEach: numberText(input.securityDeposits?.moneyFactorReductionEach),
    rateKind,
    taxMethod: input.taxMethod ?? 'monthly',
    zeroDriveOff: input.zeroDriveOff ?? false,
  };
}

/** Where a refused input's message shows: the calculator's field path mapped to the panel's field. */
export function panelField(path: string): string {
  if (path === 'moneyFactor' || path === 'apr') return 'rate';
  if (path === 'securityDeposits.count' || path === 'securityDeposits') return 'securityDepositCount';
  if (path === 'securityDeposits.amountEach') return 'securityDepositAmountEach';
  if (path === 'securityDeposits.moneyFactorReductionEach') return 'securityDepositReductionEach';
  if (path === 'fees' || path.startsWith('fees.')) return 'acquisitionFee';
  return path;
}

export type DeskingOutcome =
  { ok: true; input: LeaseInput; quote: LeaseQuote } | { ok: false; input: LeaseInput; errors: Record<string, string> };

/** The lease priced, or every refused field's message keyed by the panel's field. */
export function deskLease(values: DeskingValues): DeskingOutcome {
  const input = deskingToLeaseInput(values);
  try {
    return { ok: true, input, quote: calculateLease(input) };
  } catch (error) {
    if (!(error instanceof LeaseInputError)) throw error;
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(error.fields)) errors[panelField(path)] ??= message;
    return { ok: false, input, errors };
  }
}

/**
 * The grid: each term (rows) by each cash down (columns), or undefined for a cell the calculator refuses (a down
 * above the capitalized cost). One leaseGrid call when every cell prices; cell by cell when one does not.
 */
export function deskGrid(input: LeaseInput, axes: { termMonths: number[]; cashDown: number[] }): (LeaseQuote | undefined)[][] {
  try {
    return leaseGrid(input, axes);
  } catch (error) {
    if (!(error instanceof LeaseInputError)) throw error;
    return axes.termMonths.map((termMonths) =>
      axes.cashDown.map((cashDown) => {
        try {
          return leaseGrid(input, { termMonths: [termMonths], cashDown: [cashDown] })[0]?.[0];
        } catch (cellError) {
          if (cellError instanceof LeaseInputError) return undefined;
          throw cellError;
        }
      }),
    );
  }
}

/** The difference between a typed monthly payment and the computed one, when more than $1; undefined otherwise. */
export function paymentDifference(typed: unknown, computed: number | undefined): number | undefined {
  if (typeof typed !== 'number' || !Number.isFinite(typed) || computed === undefined) return undefined;
  const difference = Math.round((typed - computed) * 100) / 100;
  return Math.abs(difference) > 1 ? difference : undefined;
}
