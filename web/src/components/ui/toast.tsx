/**
 * The one toast helper of the app: `toast({ title, description, variant })` from anywhere (components,
 * mutation callbacks), rendered by the single <Toaster /> mounted in the app provider.
 */
import { useEffect, useSyncExternalStore } from 'react';
import styles from './toast.module.css';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
}

const AUTO_DISMISS_MS = 6000;
const MAX_VISIBLE = 3;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function toast({ title, description, variant = 'default' }: ToastInput): number {
  const id = nextId++;
  emit([...toasts, { id, title, description, variant }].slice(-MAX_VISIBLE));
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/**
 * The live region is always in the DOM (a region created together with its content is often not announced),
 * so every toast added later is read out; each has a focusable dismiss button for keyboard users.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <section aria-label="Notifications" className={styles.viewport} aria-live="polite" aria-relevant="additions">
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </section>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [item.id]);

  const variantClass = item.variant === 'default' ? '' : styles[item.variant];
  return (
    <div className={`${styles.toast} ${variantClass}`} aria-atomic="true" data-variant={item.variant}>
      <p className={styles.title}>{item.title}</p>
      {item.description && <p className={styles.description}>{item.description}</p>}
      <button type="button" className={styles.close} onClick={() => dismissToast(item.id)} aria-label="Dismiss notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
