import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe, { type NodeResult } from 'axe-core';

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

/**
 * Waits for the page to stop changing because of its calls: the loader bar is up while any request is in
 * flight (loader-bar.tsx), and a screen redraws when its last answer comes. axe reads the page for a second
 * or two and keeps what it read first: a redraw meanwhile (the technical step enables its gateway field
 * again once its reload is in, a few hundred ms late in mock mode) can have it measure a field against
 * what was there a moment before. 15 s at most: a page whose calls never end is measured as it is.
 */
async function callsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  // The redraw that follows the last answer.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * A node at fault, as a failing run's log needs it: its selector, and for a contrast rule the colours axe
 * measured (a flaky contrast failure is otherwise a selector and no clue of what covered it).
 */
function nodeAtFault(node: NodeResult): string {
  const target = node.target.join(' ');
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string } | undefined;
  if (!data?.fgColor && !data?.bgColor) return target;
  const behind = node.any[0]?.relatedNodes?.map((related) => related.target.join(' ')).join(' | ');
  return `${target} (${data.fgColor} on ${data.bgColor}${behind ? `, behind: ${behind}` : ''})`;
}

/** axe on the page as it is, every rule: its violations, each with the nodes at fault. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast may also start fading out while axe runs (a second or two with every rule): with reduced
  // motion its fades last 1 ms (toast.module.css), so it is fully shown or gone.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await callsSettled(page);
  await animationsSettled(page);
  return (await new AxeBuilder({ page }).options({ rules: EVERY_RULE }).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map(nodeAtFault).join(', ')}`,
  );
}
