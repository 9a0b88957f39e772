import type { Page } from 'playwright-core';

/**
 * Resolves once the page's finite CSS animations and transitions (a toast sliding and fading in) have finished.
 * axe-core measures colour contrast with the opacity of the moment, so a check that runs while a toast is still
 * fading in reports its text as low-contrast: call this before expectAccessible() right after a toast appears.
 * Endless animations (spinners) are not waited for.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
