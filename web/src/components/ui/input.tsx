import type { ComponentProps } from 'react';
import styles from './input.module.css';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={[styles.input, className].filter(Boolean).join(' ')} {...props} />;
}
