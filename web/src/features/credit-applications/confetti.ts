/**
 * The thank-you page's celebration: 50 pieces of confetti for 3 seconds, and none at all for
 * visitors who ask for reduced motion.
 */
import confetti from 'canvas-confetti';
import { CONFETTI_DURATION_MS, CONFETTI_PIECES } from '@shared/constants';

/** canvas-confetti moves pieces once per animation frame; at 60 frames a second this many ticks last 3 seconds. */
export const CONFETTI_TICKS = Math.round((CONFETTI_DURATION_MS / 1000) * 60);

export function prefersReducedMotion(view: Pick<Window, 'matchMedia'> = window): boolean {
  return view.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let cannon: confetti.CreateTypes | undefined;
/**
 * The library's full-window canvas, animated on the page's own thread. Its default instance animates in a Worker
 * built from a blob: URL, which the site's Content-Security-Policy refuses (worker-src falls back to script-src
 * 'self'), so the browser reported a violation on every thank-you page.
 */
const fire = () => (cannon ??= confetti.create(undefined, { resize: true, useWorker: false }));

/** Starts the confetti unless reduced motion is asked for; the returned function stops it (unmount). */
export function celebrate(view: Pick<Window, 'matchMedia' | 'setTimeout' | 'clearTimeout'> = window): () => void {
  if (prefersReducedMotion(view)) return () => undefined;
  void fire()({ particleCount: CONFETTI_PIECES, ticks: CONFETTI_TICKS, spread: 70, origin: { y: 0.6 } });
  // However slow the frames, nothing is left falling after the 3 seconds.
  const timer = view.setTimeout(() => fire().reset(), CONFETTI_DURATION_MS);
  return () => {
    view.clearTimeout(timer);
    fire().reset();
  };
}
