/**
 * A performance chart with its numbers: a titled figure whose chart (lazily loaded recharts) is for the eye and
 * whose visually hidden table gives screen readers the same deals closed and fees month by month.
 */
import { lazy, Suspense, useId } from 'react';
import { formatMoneyWhole } from '@shared/format';
import { Spinner } from '@web/components/ui/spinner';
import { isEmptyChart, type ChartRow } from '../chart-data';
import styles from './brokers.module.css';

const PerformanceChart = lazy(() => import('./performance-chart'));

export function PerformanceFigure({ title, rows, height }: { title: string; rows: readonly ChartRow[]; height?: number }) {
  const captionId = useId();
  const empty = isEmptyChart(rows);
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.figureTitle}>
        {title}
      </figcaption>
      {empty && <p className={styles.muted}>No closed deals or fees in these months.</p>}
      <div className={styles.chart} aria-hidden="true" style={{ minHeight: height ?? 240 }}>
        <Suspense fallback={<Spinner decorative />}>
          <PerformanceChart rows={rows} height={height} />
        </Suspense>
      </div>
      {/* Hidden by a wrapper: a table is never narrower than its content, so a 1 px hidden table still reached
          past a phone's window (the page scrolled sideways); the wrapper's clipped 1 px box does not. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}: deals closed and fees by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Deals closed</th>
              <th scope="col">Fees</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.label}</th>
                <td>{row.dealsClosed}</td>
                <td>{formatMoneyWhole(row.fees)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
