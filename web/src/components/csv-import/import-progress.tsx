/** The progress bar of a CSV import's chunks: "Imported 300 of 2000", announced as it moves. */
import { useId } from 'react';
import styles from './csv-import.module.css';

export function ImportProgress({ done, total }: { done: number; total: number }) {
  const id = useId();
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <label htmlFor={id}>
        Imported {done} of {total}
      </label>
      <progress id={id} className={styles.progress} max={100} value={percent} />
    </div>
  );
}
