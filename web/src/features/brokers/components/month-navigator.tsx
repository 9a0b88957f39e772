/**
 * Previous Month / "November 2026" / Next Month. The month lives in the URL (?month=2026-11), so a month can be
 * linked, reloaded and reached with the browser's Back; Next Month is disabled at the current month, past which
 * the page cannot go (a later month typed into the URL reads as the current one).
 */
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { addMonths, currentMonth, monthFromParam, monthLabel, type MonthKey } from '../month';
import styles from './brokers.module.css';

/**
 * The month the page shows, from ?month=, and a way to change it. Without ?month= it is `fallback`: the current
 * month, or the previous one for payroll, which pays ended months only.
 */
export function useMonthParam(fallback: MonthKey = currentMonth()): [MonthKey, (month: MonthKey) => void] {
  const [params, setParams] = useSearchParams();
  const param = params.get('month');
  const month = param ? monthFromParam(param) : fallback;
  // Each month is a history entry, so the browser's Back returns to the month before.
  const setMonth = (next: MonthKey) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === fallback) updated.delete('month');
      else updated.set('month', next);
      return updated;
    });
  return [month, setMonth];
}

export function MonthNavigator({ month, onChange }: { month: MonthKey; onChange: (month: MonthKey) => void }) {
  const atCurrent = month === currentMonth();
  return (
    <nav className={styles.navigator} aria-label="Month">
      <Button variant="secondary" onClick={() => onChange(addMonths(month, -1))}>
        <span aria-hidden="true">← </span>Previous Month
      </Button>
      <p className={styles.monthLabel} aria-live="polite">
        {monthLabel(month)}
      </p>
      <Button
        variant="secondary"
        disabled={atCurrent}
        title={atCurrent ? 'This is the current month' : undefined}
        onClick={() => onChange(addMonths(month, 1))}
      >
        Next Month<span aria-hidden="true"> →</span>
      </Button>
    </nav>
  );
}
