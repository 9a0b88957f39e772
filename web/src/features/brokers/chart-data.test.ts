import { describe, expect, it } from 'vitest';
import { chartRows, isEmptyChart } from './chart-data';

describe('chartRows', () => {
  it('gives every month of the window a row, oldest first, zeros where the API has nothing', () => {
    const rows = chartRows(
      [
        { month: '2026-11', dealsClosed: 2, fees: 1500 },
        { month: '2026-08', dealsClosed: 1, fees: 750.4 },
      ],
      '2026-11',
    );
    expect(rows).toEqual([
      { month: '2026-06', label: 'Jun 2026', dealsClosed: 0, fees: 0 },
      { month: '2026-07', label: 'Jul 2026', dealsClosed: 0, fees: 0 },
      { month: '2026-08', label: 'Aug 2026', dealsClosed: 1, fees: 750 },
      { month: '2026-09', label: 'Sep 2026', dealsClosed: 0, fees: 0 },
      { month: '2026-10', label: 'Oct 2026', dealsClosed: 0, fees: 0 },
      { month: '2026-11', label: 'Nov 2026', dealsClosed: 2, fees: 1500 },
    ]);
  });

  it('leaves out months outside the window', () => {
    const rows = chartRows([{ month: '2026-05', dealsClosed: 9, fees: 9000 }], '2026-11');
    expect(rows.map((row) => row.month)).not.toContain('2026-05');
    expect(isEmptyChart(rows)).toBe(true);
  });

  it('rounds fees to whole dollars, half up', () => {
    expect(chartRows([{ month: '2026-11', dealsClosed: 1, fees: 1234.5 }], '2026-11', 1)).toEqual([
      { month: '2026-11', label: 'Nov 2026', dealsClosed: 1, fees: 1235 },
    ]);
  });
});
