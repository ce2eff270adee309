import { organisationsApi, weekStartOf } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import type { Stage } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dateFormat } from '../../../i18n/date-format';
import { ModalHost } from '../../../modal/modal-host';
import { renderScreen } from '../../../test/render-screen';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { MetricsPage } from './metrics-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));
// uPlot draws on a canvas, which jsdom has not: the chart stands in as its labels and values.
vi.mock('./uplot-chart', () => ({
  UPlotChart: ({ labels, series }: { labels: string[]; series: { label: string; values: unknown[] } }) => (
    <div data-testid="uplot-chart">{`${series.label}: ${labels.map((label, i) => `${label}=${series.values[i]}`).join(' ')}`}</div>
  ),
}));

const DAY = 86_400_000;

/** The small world's companies' ids: Alpha in IQE tests, Beta in production, Gamma registered. */
const ALPHA = '00000000-0000-4000-8000-000000000001';
const BETA = '00000000-0000-4000-8000-000000000002';
const GAMMA = '00000000-0000-4000-8000-000000000003';

/** When the small world's rows happened, set up relative to the real clock the API reads "this week" from. */
interface SmallWorldTimes {
  /** Alpha's IQE runs, both this week (Monday to now): the later one passed, the earlier one failed. */
  iqePassed: Date;
  iqeFailed: Date;
  /** Beta's failed PRD run, three days ago. */
  prdFailed: Date;
}

/**
 * A small world instead of the demo's: three companies, their runs, three open token requests and one move
 * to production 12.5 days after registration, so every figure below can be read off it. The demo world's
 * companies go with what refers to them (their people stay, with no company).
 */
async function smallWorld({ db }: TestWorld): Promise<SmallWorldTimes> {
  for (const table of ['testRuns', 'stageEvents', 'sessionTokens', 'certificateRequests'] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.updateTable('storedFiles').set({ organisationId: null }).execute();
  await db.updateTable('registrations').set({ organisationId: null }).execute();
  await db.updateTable('users').set({ organisationId: null }).execute();
  await db.deleteFrom('organisations').execute();

  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const written = { createdBy: 'test', updatedBy: 'test' };
  const company = (id: string, n: number, stage: Stage, legalName: string) => ({
    ...{ id, obpNumber: `C0000${n}`, legalName, stage },
    ...{ orgType: 'OPM' as const, email: `c${n}@company.test`, createdAt: ago(100), ...written },
  });
  await db
    .insertInto('organisations')
    .values([
      company(ALPHA, 1, 'TECHNICAL_IQE', 'Alpha Pharma'),
      company(BETA, 2, 'TECHNICAL_PRD', 'Beta Biotech'),
      company(GAMMA, 3, 'REGISTERED', 'Gamma Generics'),
    ])
    .execute();
  // This week's runs fall between its Monday (UTC) and now, whatever day the test runs on.
  const weekStart = weekStartOf(new Date(now)).getTime();
  const thisWeek = (share: number) => new Date(weekStart + (now - weekStart) * share);
  const times = { iqePassed: thisWeek(0.5), iqeFailed: thisWeek(0.25), prdFailed: ago(3) };
  const run = (
    organisationId: string,
    environment: 'ITE' | 'IQE' | 'PRD',
    passed: boolean,
    executedAt: Date,
  ) => ({
    ...{
      organisationId,
      environment,
      scenario: `${environment} ${passed ? 'passing' : 'failing'}`,
      executedAt,
    },
    ...{ result: passed ? ('PASSED' as const) : ('FAILED' as const), source: 'MANUAL' as const, ...written },
  });
  await db
    .insertInto('testRuns')
    .values([
      run(ALPHA, 'IQE', true, times.iqePassed),
      run(ALPHA, 'IQE', false, times.iqeFailed),
      run(ALPHA, 'ITE', true, ago(20)),
      run(BETA, 'PRD', false, times.prdFailed),
    ])
    .execute();
  const requested = (organisationId: string, environment: 'IQE' | 'PRD') => ({
    ...{ organisationId, environment, requestedBy: 'spoc@company.test', requestedAt: ago(1), ...written },
  });
  await db
    .insertInto('sessionTokens')
    .values([requested(ALPHA, 'IQE'), requested(ALPHA, 'PRD'), requested(GAMMA, 'IQE')])
    .execute();
  await db
    .insertInto('stageEvents')
    .values({
      ...{
        organisationId: BETA,
        move: 'MOVE_TO_PRODUCTION',
        fromStage: 'TECHNICAL_IQE',
        toStage: 'TECHNICAL_PRD',
      },
      ...{ actor: DEMO_ACCOUNTS.reviewer.email, role: 'EMVO', comment: null, at: ago(100 - 12.5) },
    })
    .execute();
  return times;
}

/** A day as the table shows a moment (the reader's time zone), and a week's start as the charts name it. */
const dayOf = (date: Date) => dateFormat('en').date(date.toISOString());
const weekOf = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);

let times: SmallWorldTimes;
// Before each test mock mode's world (the API's own code), made small.
const { server, calls } = worldSuite(async (world) => {
  times = await smallWorld(world);
});
beforeEach(() => vi.mocked(toast.success).mockClear());

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

describe('/emvo/tests-status-metrics', PAGE_TESTS, () => {
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
    // This week (its Monday) has Alpha's two IQE runs, the week before none.
    const thisWeek = weekStartOf(times.iqePassed);
    const lastWeek = weekOf(new Date(thisWeek.getTime() - 7 * DAY));
    expect(
      within(passRate).getByRole('row', { name: `${weekOf(thisWeek)} 50 % of 2 runs` }),
    ).toBeInTheDocument();
    expect(within(passRate).getByRole('row', { name: `${lastWeek} No runs` })).toBeInTheDocument();
    expect(screen.getAllByTestId('uplot-chart')).toHaveLength(2);
    const [stageChart, rateChart] = screen.getAllByTestId('uplot-chart');
    expect(stageChart).toHaveTextContent('Testing (IQE)=1');
    expect(rateChart).toHaveTextContent(`${weekOf(thisWeek)}=50`);

    expect(await rows()).toEqual([
      [
        'C00001',
        'Alpha Pharma',
        'Testing (IQE)',
        dayOf(times.iqePassed),
        '100 %',
        '50 %',
        '—',
        'Move to production',
      ],
      [
        'C00002',
        'Beta Biotech',
        'Production (PRD)',
        dayOf(times.prdFailed),
        '—',
        '—',
        '0 %',
        'Move to maintenance',
      ],
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
    // Beside the button, what the file is.
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
        `C00002,Beta Biotech,c2@company.test,TECHNICAL_PRD,${times.prdFailed.toISOString()},,,0\r\n`,
    );
    click.mockRestore();
  });

  it('moves a company to production in the shared modal, then offers maintenance', async () => {
    renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Move to production: Alpha Pharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Alpha Pharma to production?' });
    // The rate as it is, never "has passed its IQE tests".
    expect(dialog).toHaveAccessibleDescription(
      "Alpha Pharma (C00001) passed 50 % of its IQE test runs. It moves on to the production environment (PRD), and the company's SPOC is told by mail.",
    );
    await user.type(within(dialog).getByLabelText(/Comment/), 'All IQE scenarios passed');
    await user.click(within(dialog).getByRole('button', { name: 'Move to production' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/organisations/${ALPHA}/stage-moves`,
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
    // The focus starts on the comment.
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
