/** The programs function's data: lenders, their months' programs and the program rows. */
import { functionData } from '@functions/lib/data/function-data';
import { programStore } from './programs';

export const programsData = functionData((table) => ({ programs: programStore(table) }));

export type ProgramsData = ReturnType<typeof programsData>;
