import { organisationsApi } from '@portal/contracts';
import type { TestRunRow } from '@portal/demo-data';
import type { Stage } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../modal/modal-host';
import { closeModal } from '../../../modal/modal-store';
import { createMockContext } from '../../../test/fake-api/handlers';
import { metricsHandlers } from '../../../test/fake-api/metrics-handlers';
import type { MockDb } from '../../../test/fake-api/mock-db';
import { type RecordedCall, recordCalls } from '../../../test/recorded-calls';
import { renderScreen } from '../../../test/render-screen';
import { toast } from '../../../toast/toast';
import { MetricsPage } from './metrics-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));
// uPlot draws on a canvas, which jsdom has not: the chart stands in as its labels and values.
vi.mock('./uplot-chart', () => ({
  UPlotChart: ({ labels, series }: { labels: string[]; series: { label: string; values: unknown[] } }) => (
    <div data-testid="uplot-chart">{`${series.label}: ${labels.map((label, i) => `${label}=${series.values[i]}`).join(' ')}`}</div>
  ),
}));

const NOW = new Date('2026-06-17T10:00:00Z'); // a Wednesday: its week starts on Monday 15 June
const DAY = 86_400_000;
const server = setupServer();
let calls: RecordedCall[] = [];

/**
 * A small world instead of the demo's: three companies, their runs, three open token requests and one move
 * to production 12.5 days after registration, so every figure below can be read off it.
 */
function smallWorld(db: MockDb) {
  const [organisation] = db.organisations;
  const [run] = db.testRuns;
  const [move] = db.stageEvents;
  if (!organisation || !run || !move) throw new Error('The demo world has no technical company');
  const at = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
  const company = (n: number, stage: Stage, legalName: string) => ({
    ...organisation,
    ...{ id: `00000000-0000-4000-8000-00000000000${n}`, obpNumber: `C0000${n}`, legalName, stage },
    ...{ email: `c${n}@company.test`, version: 1, createdAt: at(100) },
  });
  const alpha = company(1, 'TECHNICAL_IQE', 'Alpha Pharma');
  const beta = company(2, 'TECHNICAL_PRD', 'Beta Biotech');
  db.organisations = [alpha, beta, company(3, 'REGISTERED', 'Gamma Generics')];
  const runOf = (
    n: number,
    organisationId: string,
    environment: TestRunRow['environment'],
    passed: boolean,
    days: number,
  ) => ({
    ...run,
    ...{ id: `b5000000-0000-4000-8000-00000000000${n}`, organisationId, environment, executedAt: at(days) },
    result: passed ? ('PASSED' as const) : ('FAILED' as const),
  });
  db.testRuns = [
    runOf(1, alpha.id, 'IQE', true, 1),
    runOf(2, alpha.id, 'IQE', false, 2),
    runOf(3, alpha.id, 'ITE', true, 20),
    runOf(4, beta.id, 'PRD', false, 3),
  ];
  db.sessionTokens = db.sessionTokens.slice(0, 3);
  db.stageEvents = [{ ...move, organisationId: beta.id, toStage: 'TECHNICAL_PRD', at: at(100 - 12.5) }];
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  const context = createMockContext({ delayMs: 0, now: () => NOW });
  smallWorld(context.db);
  server.resetHandlers(...metricsHandlers(context));
  calls = recordCalls(server);
});
afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

const user = userEvent.setup({ delay: null });
function renderPage(path = '/emvo/tests-status-metrics') {
  const routes = [
    {
      path: '/emvo/tests-status-metrics',
      element: (
        <>
          <MetricsPage />
          <ModalHost />
        </>
      ),
    },
  ];
  return renderScreen({ routes, path });
}

/** The body rows of the companies table, each as its cells' text. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Companies' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

const PAGE_TESTS = { timeout: 20_000 };

describe('/emvo/tests-status-metrics (issue 12 items 2 to 4)', PAGE_TESTS, () => {
  it('shows the figures as cards, each chart with its numbers as a table, and the per-company table', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tests status metrics' }),
    ).toBeInTheDocument();
    const figures = await screen.findByText('Open token requests');
    const cards = figures.closest('dl');
    expect(cards).not.toBeNull();
    const terms = within(cards as HTMLElement)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Companies',
      'IQE pass rate, latest week with runs',
      'Open token requests',
      'Median days to production',
    ]);
    const values = within(cards as HTMLElement)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual([
      '3',
      '2 in the technical stages',
      '50 %',
      'over 2 runs',
      '3',
      'requested, waiting to be issued',
      '12.5',
      'from registration, over 1 company',
    ]);

    // The charts load lazily; each has a title and its numbers in a table for screen readers.
    const stages = await screen.findByRole('table', { name: 'Companies per stage' });
    expect(within(stages).getByRole('row', { name: 'Testing (IQE) 1' })).toBeInTheDocument();
    expect(within(stages).getByRole('row', { name: 'Registered 1' })).toBeInTheDocument();
    const passRate = screen.getByRole('table', { name: 'IQE pass rate per week, last 12 weeks' });
    expect(within(passRate).getByRole('row', { name: 'Jun 15 50 % of 2 runs' })).toBeInTheDocument();
    expect(within(passRate).getByRole('row', { name: 'Jun 8 No runs' })).toBeInTheDocument();
    expect(screen.getAllByTestId('uplot-chart')).toHaveLength(2);
    const [stageChart, rateChart] = screen.getAllByTestId('uplot-chart');
    expect(stageChart).toHaveTextContent('Testing (IQE)=1');
    expect(rateChart).toHaveTextContent('Jun 15=50');

    expect(await rows()).toEqual([
      ['C00001', 'Alpha Pharma', 'Testing (IQE)', 'Jun 16, 2026', '100 %', '50 %', '—', 'Move to production'],
      ['C00002', 'Beta Biotech', 'Production (PRD)', 'Jun 14, 2026', '—', '—', '0 %', 'Move to maintenance'],
      ['C00003', 'Gamma Generics', 'Registered', 'No runs', '—', '—', '—', ''],
    ]);
  });

  it('filters by stage in the URL and exports the table’s query as CSV with the bearer token', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { url } = renderPage();
    await rows();
    await user.selectOptions(screen.getByLabelText('Stage'), 'TECHNICAL_PRD');
    await waitFor(() => expect(url()).toBe('/emvo/tests-status-metrics?stage=TECHNICAL_PRD'));
    await waitFor(async () => expect((await rows()).map((row) => row[0])).toEqual(['C00002']));

    const link = screen.getByRole('link', { name: 'Export CSV' });
    // Issue 23 item 15: beside the button, what the file is.
    expect(link).toHaveAccessibleDescription(
      'A report of this table, per company. It is not a file the CSV import reads: the import takes test runs.',
    );
    expect(link.getAttribute('href')).toBe(
      `${location.origin}/api/metrics/companies.csv?stage=TECHNICAL_PRD`,
    );
    await user.click(link);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exported = calls.find((call) => call.url.startsWith('/api/metrics/companies.csv'));
    expect(exported).toMatchObject({
      url: '/api/metrics/companies.csv?stage=TECHNICAL_PRD',
      authorization: 'Bearer mock.EMVO',
    });
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe(
      'obpNumber,legalName,email,stage,lastRunAt,passRateIte,passRateIqe,passRatePrd\r\n' +
        `C00002,Beta Biotech,c2@company.test,TECHNICAL_PRD,${new Date(NOW.getTime() - 3 * DAY).toISOString()},,,0\r\n`,
    );
    click.mockRestore();
  });

  it('moves a company to production in the shared modal, then offers maintenance', async () => {
    renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Move to production: Alpha Pharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Alpha Pharma to production?' });
    // Issue 23 item 16: the rate as it is, never "has passed its IQE tests".
    expect(dialog).toHaveAccessibleDescription(
      "Alpha Pharma (C00001) passed 50 % of its IQE test runs. It moves on to the production environment (PRD), and the company's SPOC is told by mail.",
    );
    await user.type(within(dialog).getByLabelText(/Comment/), 'All IQE scenarios passed');
    await user.click(within(dialog).getByRole('button', { name: 'Move to production' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/organisations/00000000-0000-4000-8000-000000000001/stage-moves',
      body: { move: 'MOVE_TO_PRODUCTION', reason: 'All IQE scenarios passed', version: 1 },
    });
    expect(toast.success).toHaveBeenCalledWith('Alpha Pharma is in production.');
    expect(
      await screen.findByRole('button', { name: 'Move to maintenance: Alpha Pharma' }),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await rows())[0]?.[2]).toBe('Production (PRD)'));
  });

  it('keeps the modal and the comment on a stale version (409), with the catalogue’s message beside it', async () => {
    server.use(
      http.post(organisationsApi.stageMove.path, () =>
        HttpResponse.json(
          { code: 'VERSION_CONFLICT', message: 'Someone else changed this record; reload it and try again' },
          { status: 409 },
        ),
      ),
    );
    const { notify } = renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Move to production: Alpha Pharma' }));
    const dialog = await screen.findByRole('dialog');
    // issue 22 item 5: the focus starts on the comment.
    expect(within(dialog).getByLabelText(/Comment/)).toHaveFocus();
    await user.keyboard('All IQE scenarios passed');
    await user.click(within(dialog).getByRole('button', { name: 'Move to production' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this record. Reload it and try again.',
    );
    expect(within(dialog).getByLabelText(/Comment/)).toHaveValue('All IQE scenarios passed');
    expect(notify).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
