import type { HTMLAttributes } from 'react';
import styles from './badge.module.css';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'destructive';

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={[styles.badge, styles[variant], className].filter(Boolean).join(' ')} {...props} />;
}
