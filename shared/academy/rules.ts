/** Academy progress (spec section 9): completed items / published items, as a rounded percentage. */

/**
 * 0 when nothing is published. Capped at 100 because a completed item may since have been unpublished,
 * which would otherwise push a broker past 100%.
 */
export function academyProgressPercent(completedCount: number, publishedCount: number): number {
  if (publishedCount <= 0) return 0;
  return Math.min(100, Math.round((completedCount / publishedCount) * 100));
}
