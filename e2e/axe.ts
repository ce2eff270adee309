import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * Issue 23 item 32: every rule axe has, its experimental ones included (label-content-name-mismatch,
 * WCAG 2.5.3, is one), whatever their impact.
 */
const EVERY_RULE = Object.fromEntries(axe.getRules().map(({ ruleId }) => [ruleId, { enabled: true }]));

/** axe on the page as it is, every rule: its violations, each with the nodes at fault. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).options({ rules: EVERY_RULE }).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
