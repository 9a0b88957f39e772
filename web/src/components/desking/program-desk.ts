/**
 * The desk filled from a lender program (docs/decisions.md, "Programs"): the program chosen on the desk, the numbers
 * it put in the panel's fields, which of them the broker typed over ("override"), the label under each field, and
 * the reference the deal saves. The rules are shared/programs/desk.ts's; this maps them onto the panel's text.
 */
import type { ProgramMatch } from '@shared/programs/api';
import {
  PROGRAM_FILLED_FIELDS,
  filledValue,
  formatMoneyFactor,
  markupProblem,
  moneyFactorSource,
  overriddenFields,
  programFill,
  tickableKinds,
  type ClientIncentiveKind,
  type ProgramFilledField,
  type ProgramReferenceInput,
  type ProgramReferenceView,
} from '@shared/programs/desk';
import type { ProgramIncentive } from '@shared/programs/rows';
import { parseNumberInput } from '@web/components/ui/form-rules';
import { numberText, type DeskingNumberField, type DeskingValues } from './desking-model';

/** The panel's field each program number goes in. */
export const PANEL_FIELD: Record<ProgramFilledField, DeskingNumberField> = {
  residualPercent: 'residualPercent',
  moneyFactor: 'rate',
  acquisitionFee: 'acquisitionFee',
  rebates: 'rebates',
};

/** The program on the desk: the row chosen, what it said, the broker's choices on it and the numbers it filled. */
export interface DeskProgram {
  lenderId: string;
  lenderName: string;
  month: string;
  rowIndex: number;
  programLabel: string;
  buyRate: number;
  maxMarkup: number;
  /**
   * The row's incentives, when the desk read them from the match (a deal reopened knows its ticks only, until the
   * match answers its row: withMatchedIncentives).
   */
  incentives: ProgramIncentive[] | null;
  /** The markup as typed. */
  markupText: string;
  incentiveKinds: ClientIncentiveKind[];
  deskedOn: string;
  /** The client's state the program was matched in. */
  state: string;
  /** The numbers the program put in the fields: a field whose number differs is an override. */
  filled: Partial<Record<ProgramFilledField, number>>;
  /** The acquisition fee's tax flag the program gave. */
  acquisitionFeeTaxable: boolean;
}

/** The markup as a number (blank: none), or undefined when it is not one. */
export const markupOf = (program: Pick<DeskProgram, 'markupText'>): number | undefined => {
  const markup = parseNumberInput(program.markupText);
  return markup === undefined ? 0 : Number.isFinite(markup) ? markup : undefined;
};

/** What is wrong with the typed markup, or undefined. */
export function markupMessage(program: Pick<DeskProgram, 'markupText' | 'maxMarkup'>): string | undefined {
  const markup = markupOf(program);
  return markup === undefined ? 'Invalid number' : markupProblem(markup, program.maxMarkup);
}

/** The panel's numbers a program fills, as numbers (the rate only when it is a money factor). */
export function deskNumbers(values: DeskingValues): Partial<Record<ProgramFilledField, number | undefined>> {
  const read = (field: DeskingNumberField) => {
    const value = parseNumberInput(values[field]);
    return value !== undefined && Number.isFinite(value) ? value : undefined;
  };
  return {
    residualPercent: read('residualPercent'),
    moneyFactor: values.rateKind === 'moneyFactor' ? read('rate') : undefined,
    acquisitionFee: read('acquisitionFee'),
    rebates: read('rebates'),
  };
}

/** The fields typed over the program's numbers. */
export const programOverrides = (values: DeskingValues, program: DeskProgram): ProgramFilledField[] =>
  overriddenFields(program.filled, deskNumbers(values));

/**
 * The panel with the program's numbers in `fields` (every one when a program is chosen; only those not typed over
 * when the markup or the ticks change), and the program with what it filled.
 */
function fill(
  values: DeskingValues,
  program: DeskProgram,
  row: Parameters<typeof programFill>[0],
  fields: readonly ProgramFilledField[],
): { values: DeskingValues; program: DeskProgram } {
  const numbers = programFill(row, { markup: markupOf(program) ?? 0, incentiveKinds: program.incentiveKinds });
  const next: DeskingValues = { ...values };
  const filled = { ...program.filled };
  for (const field of fields) {
    next[PANEL_FIELD[field]] = numberText(filledValue(numbers, field));
    filled[field] = filledValue(numbers, field);
  }
  if (fields.includes('moneyFactor')) next.rateKind = 'moneyFactor';
  if (fields.includes('acquisitionFee')) next.acquisitionFeeTaxable = numbers.acquisitionFeeTaxable;
  return { values: next, program: { ...program, filled } };
}

/** A program chosen from the match: every number it fills goes in, with no markup and no incentive ticked yet. */
export function chooseProgram(
  values: DeskingValues,
  match: ProgramMatch,
  matchedIn: { state: string; deskedOn: string },
): { values: DeskingValues; program: DeskProgram } {
  const program: DeskProgram = {
    lenderId: match.lenderId,
    lenderName: match.lenderName,
    month: match.month,
    rowIndex: match.rowIndex,
    programLabel: match.programLabel,
    buyRate: match.buyRateMoneyFactor,
    maxMarkup: match.maxMarkup,
    incentives: match.incentives,
    markupText: '',
    incentiveKinds: [],
    deskedOn: matchedIn.deskedOn,
    state: matchedIn.state.toUpperCase(),
    filled: {},
    acquisitionFeeTaxable: match.acquisitionFee.taxable,
  };
  return fill(values, program, match, PROGRAM_FILLED_FIELDS);
}

/**
 * The markup or the ticks changed: the money factor and the rebates follow, unless typed over. A markup that is not
 * a number, or above the maximum, leaves the money factor as it was (its message shows under the markup).
 */
export function changeChoice(
  values: DeskingValues,
  program: DeskProgram,
  choice: { markupText?: string; incentiveKinds?: ClientIncentiveKind[] },
): { values: DeskingValues; program: DeskProgram } {
  const next = { ...program, ...choice };
  const overridden = programOverrides(values, program);
  const fields = PROGRAM_FILLED_FIELDS.filter(
    (field) =>
      !overridden.includes(field) &&
      ((field === 'moneyFactor' && choice.markupText !== undefined && markupMessage(next) === undefined) ||
        (field === 'rebates' && choice.incentiveKinds !== undefined && next.incentives !== null)),
  );
  const row = {
    residualPercent: program.filled.residualPercent ?? 0,
    buyRateMoneyFactor: program.buyRate,
    maxMarkup: program.maxMarkup,
    acquisitionFee: { amount: program.filled.acquisitionFee ?? 0, taxable: program.acquisitionFeeTaxable },
    incentives: program.incentives ?? [],
  };
  return fill(values, next, row, fields);
}

/**
 * A reopened deal's program with its row's incentives, so the broker may tick or untick them as when it was chosen:
 * the deal keeps only the kinds ticked, and rows never change once imported, so the row the desk's match answers
 * today (same lender, month and row) is the one desked. Unchanged when the incentives are known already, or the row
 * is not among today's matches (its month has ended, or the vehicle, term, mileage or state changed since): the
 * broker then chooses a program to change them (docs/decisions.md, "Programs").
 */
export function withMatchedIncentives(program: DeskProgram, matches: readonly ProgramMatch[] | undefined): DeskProgram {
  if (program.incentives !== null || !matches) return program;
  const row = matches.find(
    (match) => match.lenderId === program.lenderId && match.month === program.month && match.rowIndex === program.rowIndex,
  );
  return row ? { ...program, incentives: row.incentives } : program;
}

/** The kinds the broker may tick on the program (none known for a reopened deal's program not matched today). */
export const tickable = (program: DeskProgram): ClientIncentiveKind[] =>
  program.incentives ? tickableKinds(program.incentives) : [];

/** Under each filled field: the program's label (with buy rate and markup for the money factor), or "override". */
export function programSources(values: DeskingValues, program: DeskProgram): Partial<Record<DeskingNumberField, string>> {
  const overridden = programOverrides(values, program);
  const sources: Partial<Record<DeskingNumberField, string>> = {};
  for (const field of PROGRAM_FILLED_FIELDS) {
    const was = program.filled[field];
    if (overridden.includes(field)) {
      const theirs = was === undefined ? '' : field === 'moneyFactor' ? formatMoneyFactor(was) : numberText(was);
      sources[PANEL_FIELD[field]] = theirs ? `override (${program.programLabel}: ${theirs})` : 'override';
    } else if (field === 'moneyFactor') {
      sources.rate = `${program.programLabel}, ${moneyFactorSource({ buyRate: program.buyRate, markup: markupOf(program) ?? 0 })}`;
    } else {
      sources[PANEL_FIELD[field]] = program.programLabel;
    }
  }
  return sources;
}

/** The reference the deal saves (the server checks the row and the markup). */
export function programReferenceOf(values: DeskingValues, program: DeskProgram): ProgramReferenceInput {
  return {
    lenderId: program.lenderId,
    month: program.month,
    rowIndex: program.rowIndex,
    markup: markupOf(program) ?? 0,
    incentiveKinds: program.incentiveKinds,
    state: program.state,
    deskedOn: program.deskedOn,
    overridden: programOverrides(values, program),
  };
}

/**
 * A saved deal's program back on the desk: the numbers of the fields not overridden are the program's (they were
 * saved as it filled them); an overridden field stays an override.
 */
export function programFromSaved(reference: ProgramReferenceView, values: DeskingValues): DeskProgram {
  const numbers = deskNumbers(values);
  const filled: Partial<Record<ProgramFilledField, number>> = {};
  for (const field of PROGRAM_FILLED_FIELDS) {
    const value = numbers[field];
    if (!reference.overridden.includes(field) && value !== undefined) filled[field] = value;
  }
  return {
    lenderId: reference.lenderId,
    lenderName: reference.lenderName,
    month: reference.month,
    rowIndex: reference.rowIndex,
    programLabel: reference.programLabel,
    buyRate: reference.buyRate,
    maxMarkup: reference.maxMarkup,
    incentives: null,
    markupText: reference.markup > 0 ? formatMoneyFactor(reference.markup) : '',
    incentiveKinds: reference.incentiveKinds,
    deskedOn: reference.deskedOn,
    state: reference.state,
    filled,
    acquisitionFeeTaxable: values.acquisitionFeeTaxable,
  };
}
