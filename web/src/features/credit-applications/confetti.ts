/**
 * The thank-you page's celebration (spec section 9): 50 pieces of confetti for 3 seconds, and none at all for
 * visitors who ask for reduced motion.
 */
import confetti from 'canvas-confetti';
import { CONFETTI_DURATION_MS, CONFETTI_PIECES } from '@shared/constants';

/** canvas-confetti moves pieces once per animation frame; at 60 frames a second this many ticks last 3 seconds. */
export const CONFETTI_TICKS = Math.round((CONFETTI_DURATION_MS / 1000) * 60);

export function prefersReducedMotion(view: Pick<Window, 'matchMedia'> = window): boolean {
  return view.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Starts the confetti unless reduced motion is asked for; the returned function stops it (unmount). */
export function celebrate(view: Pick<Window, 'matchMedia' | 'setTimeout' | 'clearTimeout'> = window): () => void {
  if (prefersReducedMotion(view)) return () => undefined;
  void confetti({ particleCount: CONFETTI_PIECES, ticks: CONFETTI_TICKS, spread: 70, origin: { y: 0.6 } });
  // However slow the frames, nothing is left falling after the 3 seconds.
  const timer = view.setTimeout(() => confetti.reset(), CONFETTI_DURATION_MS);
  return () => {
    view.clearTimeout(timer);
    confetti.reset();
  };
}
