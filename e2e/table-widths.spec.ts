import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * Every table screen holds its shape at a phone's, a laptop's and a desktop's width: the
 * page never scrolls sideways (the table scrolls in its own box), no two cells of a row paint over each
 * other, no header is cut without its full text at hand, and every row's buttons stay inside the row.
 */
const WIDTHS = [412, 1366, 1920] as const;
/** Screenshots to look at (not committed): /tmp/shots/<screen>-<width>.png. */
const SHOT_WIDTHS: ReadonlySet<number> = new Set([412, 1366]);
const SHOTS = '/tmp/shots';

interface Screen {
  name: string;
  path: string;
  account: string;
  home: RegExp;
}

const admin = (name: string, path: string): Screen => ({
  name,
  path,
  account: 'admin@portal.test',
  home: /\/admin$/,
});
const reviewer = (name: string, path: string): Screen => ({
  name,
  path,
  account: 'reviewer@portal.test',
  home: /\/emvo$/,
});

const company = (name: string, path: string): Screen => ({
  name,
  path,
  account: 'external@portal.test',
  home: /\/external\/onboarding$/,
});

const SCREENS: readonly Screen[] = [
  // A screen's own table (TableScrollBox), not the shared one: the people of the company.
  company('people', '/external/onboarding/people'),
  admin('users', '/admin/users'),
  admin('gateways', '/admin/gateways'),
  admin('tooltips', '/admin/tooltips'),
  admin('disclaimer-contents', '/admin/disclaimer-contents'),
  admin('storage', '/admin/storage'),
  admin('audit', '/admin/audit'),
  reviewer('legitimacy', '/emvo/legitimacy'),
  reviewer('contractual', '/emvo/contractual'),
  reviewer('financial', '/emvo/financial'),
  reviewer('session-tokens', '/emvo/session-tokens'),
  reviewer('metrics', '/emvo/tests-status-metrics'),
];

/** What the page measures of itself: the layout faults the item lists, as sentences (none when it holds). */
function layoutFaults(): string[] {
  const faults: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth) {
    faults.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth} px`);
  }
  type Box = { left: number; right: number; top: number; bottom: number };
  const clip = (box: Box, by: DOMRect): Box => ({
    left: Math.max(box.left, by.left),
    right: Math.min(box.right, by.right),
    top: Math.max(box.top, by.top),
    bottom: Math.min(box.bottom, by.bottom),
  });
  // The painted part of a cell's content: each text line and control, cut by every box that clips it.
  const painted = (cell: Element): Box[] => {
    const boxes: Box[] = [];
    const clipped = (node: Node, rect: DOMRect) => {
      let box: Box = rect;
      for (let at = node.parentElement; at; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== 'visible') box = clip(box, at.getBoundingClientRect());
        if (at === cell) break;
      }
      if (box.right - box.left > 0.5 && box.bottom - box.top > 0.5) boxes.push(box);
    };
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) clipped(text, rect);
    }
    for (const control of cell.querySelectorAll('button, a, input, select, svg')) {
      clipped(control, control.getBoundingClientRect());
    }
    return boxes;
  };
  const overlaps = (a: Box, b: Box) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  document.querySelectorAll('table').forEach((table, tableIndex) => {
    for (const th of table.querySelectorAll('thead th')) {
      const label = th.querySelector('[data-header-label]') ?? th;
      const cut = label.scrollWidth > label.clientWidth + 1;
      if (cut && !th.closest('[title]') && !label.closest('[title]')) {
        faults.push(`table ${tableIndex}: header "${th.textContent}" is cut without a title`);
      }
    }
    table.querySelectorAll('tbody tr').forEach((row, rowIndex) => {
      const cells = [...row.querySelectorAll(':scope > td')];
      if (cells.length < 2) return;
      const boxes = cells.map(painted);
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          if (boxes[i]?.some((a) => boxes[j]?.some((b) => overlaps(a, b)))) {
            faults.push(`table ${tableIndex} row ${rowIndex}: cells ${i} and ${j} overlap`);
          }
        }
      }
      const rowBox = row.getBoundingClientRect();
      for (const button of row.querySelectorAll('button')) {
        const box = button.getBoundingClientRect();
        const inside =
          box.left >= rowBox.left - 1 &&
          box.right <= rowBox.right + 1 &&
          box.top >= rowBox.top - 1 &&
          box.bottom <= rowBox.bottom + 1;
        if (!inside) {
          faults.push(
            `table ${tableIndex} row ${rowIndex}: button "${button.textContent}" is outside its row`,
          );
        }
      }
    });
  });
  return faults;
}

async function tablesLoaded(page: Page) {
  await expect(page.locator('table').first()).toBeVisible();
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading results', { exact: true })).toHaveCount(0);
}

test.describe('every table screen holds its shape at 412, 1366 and 1920 px', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const screen of SCREENS) {
    test(`${screen.name}`, async ({ page }) => {
      await signIn(page, screen.account);
      await expect(page).toHaveURL(screen.home);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(screen.path);
        await tablesLoaded(page);
        if (SHOT_WIDTHS.has(width)) {
          await page.screenshot({ path: `${SHOTS}/${screen.name}-${width}.png`, fullPage: true });
        }
        expect(await page.evaluate(layoutFaults), `${screen.name} at ${width} px`).toEqual([]);
        // The table scrolls in its own box, reachable and named for keyboard scrolling.
        const box = page.locator('[data-table-scroll]').first();
        await expect(box).toHaveAttribute('tabindex', '0');
        await expect(box).toHaveAccessibleName(/.+/);
      }
    });
  }
});
