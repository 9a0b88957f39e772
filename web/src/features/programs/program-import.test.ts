import { describe, expect, it } from 'vitest';
import { autoMapProgramColumns, PROGRAM_CSV_HEADER } from '@shared/programs/rows';
import { programMonthOf, unmappedRequiredFields } from './program-import';

describe('the program import screen', () => {
  it('finds the required fields no column is mapped to, in screen order', () => {
    const mapping = autoMapProgramColumns(PROGRAM_CSV_HEADER);
    expect(unmappedRequiredFields(mapping)).toEqual([]);
    expect(unmappedRequiredFields({ ...mapping, effectiveTo: null, year: null, trim: null })).toEqual(['year', 'effectiveTo']);
  });

  it("guesses the program's month from the first row's effective-from date, else this month", () => {
    const header = ['Make', 'Effective from'];
    const mapping = autoMapProgramColumns(header);
    const now = new Date(2026, 10, 20);
    expect(programMonthOf([['Toyota', '2026-12-01']], mapping, now)).toBe('2026-12');
    expect(programMonthOf([['Toyota', 'soon']], mapping, now)).toBe('2026-11');
    expect(programMonthOf([], mapping, now)).toBe('2026-11');
  });
});
