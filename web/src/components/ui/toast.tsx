/**
 * The one toast helper of the app: `toast({ title, description, variant })` from anywhere (components,
 * mutation callbacks), rendered by the single <Toaster /> mounted in the app provider.
 *
 * A form names its toasts with a `group` (one per form, e.g. 'sign-up'): a success of that group replaces the
 * group's error toasts still shown ("Invalid Email" must not stay beside "Account created!"), and an
 * error of the group replaces its earlier errors, so one form shows at most its latest error. Toasts of other
 * groups, and ungrouped ones, are left alone.
 */
import { useEffect, useSyncExternalStore } from 'react';
import styles from './toast.module.css';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** The form (or flow) the toast speaks for; see the module comment. */
  group?: string;
}

interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  group?: string;
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

export function toast({ title, description, variant = 'default', group }: ToastInput): number {
  const id = nextId++;
  const kept = group === undefined || variant === 'default' ? toasts : toasts.filter((t) => !replaces(group, t));
  emit([...kept, { id, title, description, variant, group }].slice(-MAX_VISIBLE));
  return id;
}

/**
 * The failure toast of a request: its title above the error's message, as an error of `group` when the form names
 * one. Shaped as a mutation's `onError` (`onError: failureToast('Error saving content')`), and callable directly.
 */
export function failureToast(title: string, group?: string): (error: Error) => void {
  return (error) => {
    toast({ title, description: error.message, variant: 'destructive', group });
  };
}

/** A success or an error of `group` replaces the group's errors. */
function replaces(group: string, shown: ToastItem): boolean {
  return shown.group === group && shown.variant === 'destructive';
}

/** The toasts shown now (for tests). */
export function shownToasts(): readonly Readonly<ToastItem>[] {
  return toasts;
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
