/**
 * A request started by a click, for the public pages that carry no query library (docs/decisions.md, "Public
 * pages"): `isPending` while it runs, and `mutate(input, { onSuccess, onError })` as TanStack Query's mutations
 * take it, so a component can be handed either. `onSettled` runs after either outcome (a reload of what changed).
 */
import { useCallback, useRef, useState } from 'react';

export interface ActionCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: Error) => void;
}

export function useAction<TResult, TInput>(
  run: (input: TInput) => Promise<TResult>,
  onSettled?: () => void,
): { isPending: boolean; mutate: (input: TInput, callbacks?: ActionCallbacks<TResult>) => void } {
  const [isPending, setPending] = useState(false);
  // The latest callbacks without re-creating `mutate` on every render.
  const latest = useRef({ run, onSettled });
  latest.current = { run, onSettled };
  const mutate = useCallback((input: TInput, callbacks: ActionCallbacks<TResult> = {}) => {
    setPending(true);
    latest.current.run(input).then(
      (result) => {
        setPending(false);
        callbacks.onSuccess?.(result);
        latest.current.onSettled?.();
      },
      (error: unknown) => {
        setPending(false);
        callbacks.onError?.(error instanceof Error ? error : new Error(String(error)));
        latest.current.onSettled?.();
      },
    );
  }, []);
  return { isPending, mutate };
}
