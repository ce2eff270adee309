import {
  metricsApi,
  organisationSummarySchema,
  organisationsApi,
  type TestRunImportReport,
  testRunsApi,
} from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { apiKey } from '../../../http/api-call';
import { ModalHost } from '../../../modal/modal-host';
import { closeModal } from '../../../modal/modal-store';
import { createMockContext } from '../../../test/fake-api/handlers';
import { createMockDb, type MockDb } from '../../../test/fake-api/mock-db';
import { testRunHandlers } from '../../../test/fake-api/test-run-handlers';
import { renderScreen } from '../../../test/render-screen';
import { toast } from '../../../toast/toast';
import { TestRunsActions } from './test-runs-actions';
import { previewTestRunCsv } from './test-runs-api';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

const server = setupServer();
let db: MockDb;
/** The runs a test added to the demo world's. */
let added: () => MockDb['testRuns'];
let imports: number;
/** The OBP numbers each organisations call asked for. */
let lookups: string[][];
const REPORT: TestRunImportReport = {
  accepted: 1,
  duplicates: 1,
  rejected: [{ line: 4, code: 'UNKNOWN_COMPANY', field: 'obpNumber', message: 'No company has C09999' }],
};
/** The demo world's first companies, which the company picker lists. */
const COMPANIES = createMockDb().organisations.slice(0, 3);
const acme = COMPANIES[0] ?? { id: '', obpNumber: 'C00101', legalName: 'Acme' };
const boreal = COMPANIES[1] ?? { id: '', obpNumber: 'C00102', legalName: 'Boreal' };

beforeAll(() => {
  stubResizeObserver();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  db = createMockDb();
  const demoRuns = db.testRuns.length;
  added = () => db.testRuns.slice(demoRuns);
  imports = 0;
  lookups = [];
  let ids = 0;
  server.resetHandlers(
    http.get(organisationsApi.list.path, ({ request }) => {
      // The list language's `obpNumber=C00101,C00102` (the import's preview looks its companies up).
      const wanted = new URL(request.url).searchParams.get('obpNumber')?.split(',');
      lookups.push(wanted ?? []);
      const rows = COMPANIES.filter((row) => !wanted || wanted.includes(row.obpNumber));
      return HttpResponse.json({
        items: rows.map((row) =>
          organisationSummarySchema.parse({ ...row, address: { city: row.city, country: row.country } }),
        ),
        page: 1,
        limit: 100,
        total: rows.length,
      });
    }),
    // jsdom's FormData cannot travel through Node's fetch: this answers the import without reading the file
    // (the mock handlers' own test reads a real multipart body).
    http.post(testRunsApi.import.path, () => {
      imports += 1;
      return HttpResponse.json(REPORT);
    }),
    ...testRunHandlers(
      createMockContext({
        delayMs: 0,
        db,
        newId: () => `f6000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
      }),
    ),
  );
  vi.mocked(toast.success).mockClear();
});
afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

const user = userEvent.setup({ delay: null });

function renderActions() {
  const routes = [
    {
      path: '/emvo/tests-status-metrics',
      element: (
        <>
          <TestRunsActions />
          <ModalHost />
        </>
      ),
    },
  ];
  const { notify, queryClient } = renderScreen({ routes, path: '/emvo/tests-status-metrics' });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidatedKeys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { notify, invalidatedKeys };
}

const dialog = () => screen.getByRole('dialog');

describe('TestRunsActions: add a test run', { timeout: 30_000 }, () => {
  it('checks the run with the contracts rules, then adds it and reloads the metrics', async () => {
    const { invalidatedKeys } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Add test run' }));
    const form = within(dialog());
    await user.click(form.getByRole('combobox', { name: /Company/ }));
    await user.click(await screen.findByRole('option', { name: `${acme.obpNumber} · ${acme.legalName}` }));
    await user.type(form.getByRole('textbox', { name: /Scenario/ }), 'Verify a pack');
    await user.click(form.getByRole('radio', { name: 'Failed' }));
    await user.click(form.getByRole('button', { name: 'Add the run' }));
    // A failure without its error code: the domain's rule in the contract, before anything is sent, in
    // the catalogue's words for the API's code.
    expect(await form.findByText('A failed run needs its error code.')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Scenario/ })).toHaveAttribute('maxlength', '200');
    expect(added()).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /Error code/ }), 'NMVS_NC_PC_02');
    await user.click(form.getByRole('button', { name: 'Add the run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added()).toEqual([
      expect.objectContaining({
        organisationId: acme.id,
        environment: 'IQE',
        scenario: 'Verify a pack',
        result: 'FAILED',
        errorCode: 'NMVS_NC_PC_02',
        source: 'MANUAL',
      }),
    ]);
    expect(toast.success).toHaveBeenCalledWith(`The run "Verify a pack" of ${acme.legalName} is added.`);
    expect(invalidatedKeys()).toEqual(expect.arrayContaining([apiKey(metricsApi.figures)]));
  });

  it('keeps the form open with the API refusal (the same run twice: 409)', async () => {
    const { notify } = renderActions();
    const add = async () => {
      await user.click(screen.getByRole('button', { name: 'Add test run' }));
      const form = within(dialog());
      await user.click(form.getByRole('combobox', { name: /Company/ }));
      await user.click(await screen.findByRole('option', { name: `${acme.obpNumber} · ${acme.legalName}` }));
      await user.type(form.getByRole('textbox', { name: /Scenario/ }), 'Verify a pack');
      await user.click(form.getByRole('radio', { name: 'Passed' }));
      await user.clear(form.getByLabelText(/Executed at/));
      await user.type(form.getByLabelText(/Executed at/), '2026-01-05T10:00');
      await user.click(form.getByRole('button', { name: 'Add the run' }));
    };
    await add();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await add();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This run is already stored for this company',
    );
    expect(within(dialog()).getByRole('textbox', { name: /Scenario/ })).toHaveValue('Verify a pack');
    // Said once, in the dialog: no toast besides.
    expect(notify).not.toHaveBeenCalled();
    expect(added()).toHaveLength(1);
  });
});

describe('TestRunsActions: import a CSV', { timeout: 30_000 }, () => {
  const HEADER = 'obpNumber,environment,scenario,result,errorCode,executedAt';
  const csvFile = (lines: string[]) => new File([lines.join('\n')], 'runs.csv', { type: 'text/csv' });

  it('previews the accepted and refused lines, then shows the API report', async () => {
    const { invalidatedKeys } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const box = within(dialog());
    expect(box.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    await user.upload(
      box.getByLabelText('CSV file'),
      csvFile([
        HEADER,
        `${acme.obpNumber},IQE,Verify a pack,PASSED,,2026-01-05T10:00:00Z`,
        `${acme.obpNumber},IQE,Verify a batch,FAILED,,2026-01-05T11:00:00Z`,
        `${boreal.obpNumber},PRD,Verify a pack,passed,,2026-01-05T12:00:00+01:00`,
        'C09999,IQE,Verify a pack,PASSED,,2026-01-05T10:00:00Z',
        `${acme.obpNumber},XYZ,Verify a pack,PASSED,,2026-01-05T10:00:00Z`,
      ]),
    );
    // Issue 23 item 15: the unknown company is refused before confirming, with the import's own rule.
    expect(await box.findByText('Ready to import: 2. Refused: 3.')).toBeInTheDocument();
    expect(lookups).toEqual([[acme.obpNumber, boreal.obpNumber, 'C09999']]);
    const accepted = box.getByRole('table', { name: /Lines to import/ });
    expect(
      within(accepted)
        .getAllByRole('row')
        .map((row) => row.querySelector('th')?.textContent),
    ).toEqual(['Line', '2', '4']);
    const refused = within(box.getByRole('table', { name: 'Refused lines' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // Each reason in words, never the validator's own text.
    expect(refused).toEqual([
      '3A failed run needs its error code.',
      '5No company has this OBP number.',
      '6The environment is one of ITE, IQE, PRD.',
    ]);

    await user.click(box.getByRole('button', { name: 'Import' }));
    expect(await box.findByText('Added: 1. Already stored: 1. Refused: 1.')).toBeInTheDocument();
    expect(imports).toBe(1);
    expect(
      within(box.getByRole('table', { name: 'Refused lines' })).getByRole('row', { name: /4/ }),
    ).toHaveTextContent('No company has this OBP number');
    expect(toast.success).toHaveBeenCalledWith('1 run imported.');
    expect(invalidatedKeys()).toEqual(expect.arrayContaining([apiKey(metricsApi.figures)]));
    // The primary button, not the title's close cross (both are named Close).
    const close = box
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    if (!close) throw new Error('No Close button');
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a CSV template built from the columns the import reads, which the preview reads back', async () => {
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const link = within(dialog()).getByRole('link', { name: 'Download a CSV template.' });
    expect(link).toHaveAttribute('download', 'test-runs-template.csv');
    const template = decodeURIComponent(
      link.getAttribute('href')?.replace(/^data:text\/csv;charset=utf-8,/, '') ?? '',
    );
    expect(template.split('\r\n')[0]).toBe(HEADER);
    expect(previewTestRunCsv(template)).toMatchObject({ ok: true, rejected: [], runs: [{ line: 2 }] });
  });

  it('refuses a file without the columns before sending anything', async () => {
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const box = within(dialog());
    await user.upload(box.getByLabelText('CSV file'), csvFile(['company,env', 'C00001,IQE']));
    expect(await box.findByRole('alert')).toHaveTextContent('The header line lacks some of the columns');
    expect(box.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    expect(imports).toBe(0);
  });
});
