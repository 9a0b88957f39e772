/**
 * The program import screen's own rules (docs/decisions.md, "Programs"), pure: which required columns are not mapped
 * yet, and the month a file's program is for unless the admin says otherwise.
 */
import {
  PROGRAM_CSV_FIELDS,
  PROGRAM_REQUIRED_FIELDS,
  programValues,
  type ProgramColumnMapping,
  type ProgramCsvField,
} from '@shared/programs/rows';
import { localDate } from '@shared/programs/desk';

/** The required fields no column is mapped to, in the order the screen shows them. */
export const unmappedRequiredFields = (mapping: ProgramColumnMapping): ProgramCsvField[] =>
  PROGRAM_CSV_FIELDS.filter(
    (field) => (PROGRAM_REQUIRED_FIELDS as readonly ProgramCsvField[]).includes(field) && mapping[field] === null,
  );

/**
 * The month a file's program is for, as a first guess: the month its first row takes effect (a lender's December
 * program starts on December 1st), or this month when the first row says no date.
 */
export function programMonthOf(records: readonly string[][], mapping: ProgramColumnMapping, now: Date): string {
  const from = records[0] ? programValues(records[0], mapping).effectiveFrom : undefined;
  return from && /^\d{4}-(0[1-9]|1[0-2])-\d{2}$/.test(from) ? from.slice(0, 7) : localDate(now).slice(0, 7);
}
