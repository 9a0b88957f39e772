/**
 * The figures behind the performance charts: a broker's (or the team's) last months as chart rows, oldest first,
 * with a row for every month of the window even when the API has nothing for it (a month without deals is a 0
 * bar, not a gap that shifts the axis). Fees are whole dollars, as the product shows fees everywhere.
 */
import { roundTo } from '@shared/math';
import { monthsEndingWith, shortMonthLabel, type MonthKey } from './month';

/** What the charts read of one month of a broker's figures. */
export interface MonthPoint {
  month: string;
  dealsClosed: number;
  fees: number;
}

export interface ChartRow {
  month: MonthKey;
  /** "Nov 2026": the axis label and the row header of the numbers table. */
  label: string;
  dealsClosed: number;
  /** Whole dollars. */
  fees: number;
}

/** The months of the charts. */
export const CHART_MONTHS = 6;

/** `points` laid on the `count` months ending with `last`; months absent from `points` are zeros, others are ignored. */
export function chartRows(points: readonly MonthPoint[], last: MonthKey, count = CHART_MONTHS): ChartRow[] {
  const byMonth = new Map(points.map((point) => [point.month, point]));
  return monthsEndingWith(last, count).map((month) => {
    const point = byMonth.get(month);
    return {
      month,
      label: shortMonthLabel(month),
      dealsClosed: point?.dealsClosed ?? 0,
      fees: roundTo(point?.fees ?? 0, 0),
    };
  });
}

/** Whether a chart would show nothing but zeros (the screen then says so in words instead). */
export function isEmptyChart(rows: readonly ChartRow[]): boolean {
  return rows.every((row) => row.dealsClosed === 0 && row.fees === 0);
}
