/** The academy function's data: the courses, tests and progress, and the counters of the academy admin screen. */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/domain/academy/academy';
import { counterStore } from '@functions/domain/counters/counters';

export const academyData = functionData((table) => ({
  academy: academyStore(table),
  counters: counterStore(table),
}));

export type AcademyData = ReturnType<typeof academyData>;
