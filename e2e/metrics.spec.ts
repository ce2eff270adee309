import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { apiAs } from './reviewer-api';

test('a reviewer sees the charts drawn, imports a CSV with one bad line, and a second import adds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reviewer = await apiAs(browser, 'reviewer@portal.test', /\/emvo$/);
  const { items } = await reviewer.get<{ items: Array<{ obpNumber: string; legalName: string }> }>(
    '/api/metrics/companies?stage=TECHNICAL_IQE',
  );
  const company = items[0];
  expect(company, 'a demo company testing in IQE').toBeDefined();
  if (!company) return;

  const { page } = reviewer;
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tests status metrics' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tests status metrics' })).toBeVisible();
  // Both charts are drawn: a canvas each, with a size (uPlot draws once it knows its width).
  const canvases = page.locator('canvas');
  await expect(canvases).toHaveCount(2);
  for (const canvas of await canvases.all()) {
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(box?.height ?? 0).toBeGreaterThan(50);
  }
  expect(await axeViolations(page)).toEqual([]);

  const scenario = `E2E import ${Date.now()}`;
  const csv = [
    'obpNumber,environment,scenario,result,errorCode,executedAt',
    `${company.obpNumber},IQE,${scenario} A,PASSED,,2026-11-02T09:30:00Z`,
    `${company.obpNumber},IQE,${scenario} B,FAILED,,2026-11-02T10:30:00Z`,
    `${company.obpNumber},IQE,${scenario} C,FAILED,NMVS_E42,2026-11-02T11:30:00Z`,
  ].join('\n');
  const file = { name: 'runs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  const importOnce = async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV file').setInputFiles(file);
    return dialog;
  };
  const dialog = await importOnce();
  // The browser's preview: line 3 (a failed run without its error code) is refused, with its reason.
  await expect(dialog.getByText('Ready to import: 2. Refused: 1.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Refused lines' })).toContainText(
    'A failed run needs its error code',
  );
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Added: 2. Already stored: 0. Refused: 1.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const again = await importOnce();
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(again.getByText('Added: 0. Already stored: 2. Refused: 1.')).toBeVisible();
});
