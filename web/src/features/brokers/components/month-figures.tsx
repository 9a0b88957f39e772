/**
 * One month's figures of a broker (or the team): deals created, deals closed, fees and commission, whole dollars.
 * The same block on the performance page's cards and on the profile, so both read alike.
 */
import type { MonthFigures } from '@shared/brokers/api';
import { formatMoneyWhole } from '@shared/format';
import styles from './brokers.module.css';

export function MonthFiguresList({ figures, wide = false }: { figures: MonthFigures; wide?: boolean }) {
  const items = [
    { label: 'Deals created', value: String(figures.dealsCreated) },
    { label: 'Deals closed', value: String(figures.dealsClosed) },
    { label: 'Fees', value: formatMoneyWhole(figures.fees) },
    { label: 'Commission', value: formatMoneyWhole(figures.commission) },
  ];
  return (
    <dl className={wide ? `${styles.figures} ${styles.figuresWide}` : styles.figures}>
      {items.map(({ label, value }) => (
        // Value first in the DOM would read "3 Deals created"; the label comes first and CSS puts it below.
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
