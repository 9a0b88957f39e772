import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}

/** The button look as a class list, for links that must look like buttons (`<Link className={buttonClassName()}>`). */
export function buttonClassName({ variant = 'primary', size = 'md', block = false, className }: ButtonStyleOptions = {}): string {
  return [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, className]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner, disables the button and announces the busy state. */
  isLoading?: boolean;
  /**
   * The <button> (React 19 passes a function component's ref as a prop, spread onto the element with the rest). Staff
   * screens only: preact/compat, which renders the public pages, does not pass it to a function component.
   */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  className,
  isLoading = false,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
