/**
 * For actions outside a form (the form binding guards its own submit): runs the action at most once at a time, so
 * a double click while the first call runs sends one request. The flag is set synchronously, before React can
 * re-render the control as busy.
 */
import { useCallback, useRef } from 'react';

export function useSingleFlight<Args extends unknown[]>(
  action: (...args: Args) => Promise<unknown>,
): (...args: Args) => Promise<void> {
  const running = useRef(false);
  return useCallback(
    async (...args: Args) => {
      if (running.current) return;
      running.current = true;
      try {
        await action(...args);
      } finally {
        running.current = false;
      }
    },
    [action],
  );
}
