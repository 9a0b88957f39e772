/**
 * A table of program rows, one row per vehicle, term and mileage, with every number a desk quotes from (residual,
 * buy rate and the most markup, fees, deposits, one-pay, incentives, where and when it applies). `lead` adds a first
 * column (the file's row number for admins, the lender's program for brokers).
 */
import type { ReactNode } from 'react';
import { formatDate, formatMileage } from '@shared/format';
import type { ProgramRow } from '@shared/programs/rows';
import tableStyles from '@web/components/ui/table.module.css';
import { acquisitionFeeOf, depositsOf, incentiveOf, onePayOf, vehicleOf, whereOf } from '../program-format';
import styles from './programs.module.css';

export interface ProgramRowsTableProps<Row extends ProgramRow> {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  lead?: { heading: string; cell: (row: Row) => ReactNode };
}

export function ProgramRowsTable<Row extends ProgramRow>({ caption, rows, rowKey, lead }: ProgramRowsTableProps<Row>) {
  const headings = [
    ...(lead ? [lead.heading] : []),
    'Vehicle',
    'Term',
    'Miles',
    'Residual',
    'Buy rate MF',
    'Max markup',
    'Acquisition fee',
    'Security deposits',
    'One-pay',
    'Incentives',
    'Where',
    'Effective',
  ];
  return (
    // Wider than a window: the wrap scrolls sideways, so it takes the focus (arrow keys scroll it) and is named.
    <div className={tableStyles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={tableStyles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {lead && <td>{lead.cell(row)}</td>}
              <th scope="row">{vehicleOf(row)}</th>
              <td className={tableStyles.number}>{row.termMonths} mo</td>
              <td className={tableStyles.number}>{formatMileage(row.milesPerYear)}</td>
              <td className={tableStyles.number}>{row.residualPercent}%</td>
              <td className={tableStyles.number}>{row.buyRateMoneyFactor}</td>
              <td className={tableStyles.number}>{row.maxMarkup}</td>
              <td>{acquisitionFeeOf(row)}</td>
              <td>{depositsOf(row)}</td>
              <td>{onePayOf(row)}</td>
              <td>
                {row.incentives.length === 0 ? (
                  <span className={styles.muted}>None</span>
                ) : (
                  <ul className={styles.list}>
                    {row.incentives.map((incentive) => (
                      <li key={incentive.name}>{incentiveOf(incentive)}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td>{whereOf(row)}</td>
              <td>
                {formatDate(row.effectiveFrom)} to {formatDate(row.effectiveTo)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
