import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * Every rule axe has, its experimental ones included (label-content-name-mismatch,
 * WCAG 2.5.3, is one), whatever their impact.
 */
const EVERY_RULE = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]));

/**
 * Waits for the page's finite animations (a toast sliding and fading in) to end: axe measures colours as
 * painted, and half-faded text fails a contrast rule it passes once shown. Endless or paused ones (a
 * spinner, a toast's progress bar held by the pointer) never end: only running, finite ones are awaited,
 * and for 2 s at most.
 */
const animationsSettled = (page: Page) =>
  page.evaluate(() => {
    const running = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
      )
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });

/** axe on the page as it is, every rule: its violations, each with the nodes at fault. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast may also start fading out while axe runs (a second or two with every rule): with reduced
  // motion its fades last 1 ms (toast.module.css), so it is fully shown or gone.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await animationsSettled(page);
  return (await new AxeBuilder({ page }).options({ rules: EVERY_RULE }).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
