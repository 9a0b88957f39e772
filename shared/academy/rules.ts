/** Academy progress: completed items / published items, as a rounded percentage. */

/**
 * 0 when nothing is published. Capped at 100 because a completed item may since have been unpublished,
 * which would otherwise push a broker past 100%.
 */
export function academyProgressPercent(completedCount: number, publishedCount: number): number {
  if (publishedCount <= 0) return 0;
  return Math.min(100, Math.round((completedCount / publishedCount) * 100));
}

/**
 * A test's score: the share of questions answered with their correct choice, as a rounded percentage (0-100).
 * `answers` holds one chosen index per question, in order; the caller checks the count first.
 */
export function academyTestScore(answerKey: readonly number[], answers: readonly number[]): number {
  return academyScoreOf(academyTestResults(answerKey, answers));
}

/** The score of one graded attempt (./academyTestResults): the share of correct answers, a rounded percentage. */
export function academyScoreOf(results: readonly boolean[]): number {
  if (results.length === 0) return 0;
  return Math.round((results.filter(Boolean).length / results.length) * 100);
}

/**
 * Whether each question of one attempt was answered with its correct choice, in question order. The learner is told
 * which questions they got wrong, never which choice was right (the answer key stays on the server).
 */
export function academyTestResults(answerKey: readonly number[], answers: readonly number[]): boolean[] {
  return answerKey.map((answer, index) => answers[index] === answer);
}

/** The categories of `items` (already ordered by category), each once, in order: the academy's tabs. */
export function academyCategories(items: readonly { category: string }[]): string[] {
  return [...new Set(items.map((item) => item.category))];
}
