import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name announced to screen readers. */
  label?: string;
  /** Purely visual (inside a control that already announces its busy state). */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false }: SpinnerProps) {
  const className = `${styles.spinner} ${styles[size]}`;
  if (decorative) return <span className={className} aria-hidden="true" />;
  return (
    <span role="status" className={className}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A centred spinner for a section that is loading. */
export function LoadingBlock({ label }: { label?: string }) {
  return (
    <div className={styles.block}>
      <Spinner label={label} />
    </div>
  );
}

/** The whole viewport, while the session or a page loads. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <main className={styles.fullScreen}>
      <Spinner size="lg" label={label} />
    </main>
  );
}
