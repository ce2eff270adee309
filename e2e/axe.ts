import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe on the page as it is: its serious and critical violations, each with the nodes at fault. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
