/**
 * The deal's "Activity": who changed what and when, newest first (the API's order), each recorded field as
 * "Label: before -> after" in the words and formats of the deal page.
 */
import type { DealActivity } from '@shared/deals/api';
import { formatDateTime } from '@shared/format';
import { activityFieldLabel, activityShowsValuesOnly, activitySummary, formatActivityValue } from '../deal-format';
import styles from './deals.module.css';

export function ActivityList({ activity }: { activity: readonly DealActivity[] }) {
  if (activity.length === 0) return <p className={styles.muted}>No activity yet</p>;
  return (
    <ol className={styles.activity}>
      {activity.map((entry) => (
        <li key={entry.id} className={styles.activityEntry}>
          <p>
            <span className={styles.activityWho}>{activitySummary(entry)}</span>{' '}
            <time dateTime={entry.at} className={styles.muted}>
              {formatDateTime(entry.at)}
            </time>
          </p>
          {entry.changes.length > 0 && (
            <ul className={styles.changes}>
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {activityFieldLabel(change.field)}:{' '}
                  {activityShowsValuesOnly(entry.kind) ? (
                    formatActivityValue(change.field, change.after)
                  ) : (
                    <>
                      <span className={styles.before}>{formatActivityValue(change.field, change.before)}</span>
                      {' → '}
                      {formatActivityValue(change.field, change.after)}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
