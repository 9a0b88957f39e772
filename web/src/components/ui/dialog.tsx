/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape to close,
 * the inert background and focus return for free.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /**
   * Where it sits: centred (the default), or near the top, for a dialog whose height changes as you use it (the
   * global search's results), so its first line does not move.
   */
  placement?: 'center' | 'top';
}

export function Dialog({ open, onClose, title, description, children, placement = 'center' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={placement === 'top' ? `${styles.dialog} ${styles.top}` : styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape and form[method=dialog] close the element natively; keep React's state in step. React passes a
      // nested dialog's close up its tree: only this dialog's own closing closes it. The browser sends `close` in a
      // later task, and a busy page may run a click first: a dialog closed and opened again (Cancel, then another
      // row's Edit) gets its earlier `close` while open, which must not shut it.
      onClose={(event) => {
        if (event.target === event.currentTarget && !event.currentTarget.open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.header}>
            <div>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              )}
            </div>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close dialog">
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/**
 * A dialog gives the focus back to what had it when it opened; when that was no control (a press on a button disabled
 * while its action ran focuses the page's main region instead; a row's button is gone with its row), the keyboard
 * would carry on from the page's start. This hands the focus to `fallback` instead, once `open` turns false: when it
 * sits on nothing, on something gone, or on an element only a script may focus (tabindex -1: the body, the main
 * region). Call it in the component that renders the dialog: its effect runs after the dialog's own has closed it (a
 * child's effects run first), when the page behind is no longer inert.
 */
export function useFocusAfterDialog(open: boolean, fallback: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !focused.isConnected || focused.tabIndex < 0) fallback.current?.focus();
    }
    wasOpen.current = open;
  }, [open, fallback]);
}
