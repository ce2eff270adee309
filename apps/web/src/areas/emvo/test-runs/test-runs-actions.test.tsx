import { metricsApi, testRunsApi } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { apiKey } from '../../../http/api-call';
import { ModalHost } from '../../../modal/modal-host';
import { renderScreen } from '../../../test/render-screen';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { TestRunsActions } from './test-runs-actions';
import { previewTestRunCsv } from './test-runs-api';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

/** When the test began: the runs stored since are the ones it added. */
let since: Date;
/** The demo world's first two companies by name, which the company picker lists first. */
let acme: { id: string; obpNumber: string; legalName: string };
let boreal: typeof acme;

async function findCompanies({ db }: TestWorld) {
  [acme, boreal] = await db
    .selectFrom('organisations')
    .select(['id', 'obpNumber', 'legalName'])
    .orderBy('legalName')
    .limit(2)
    .execute()
    .then(([first, second]) => {
      if (!first || !second) throw new Error('The demo world has companies');
      return [first, second];
    });
  since = new Date();
}
// Before each test mock mode's world: the API's own code over the demo world.
const { world, calls } = worldSuite(findCompanies);
beforeAll(() => stubResizeObserver());
beforeEach(() => vi.mocked(toast.success).mockClear());

/** The runs stored since the test began. */
const added = () => world().db.selectFrom('testRuns').selectAll().where('createdAt', '>=', since).execute();
/** The imports sent, and the OBP numbers each organisations call asked for (`obpNumber=C00101,C00102`). */
const imports = () =>
  calls.filter((call) => call.method === 'POST' && call.url === testRunsApi.import.path).length;
const lookups = () =>
  calls
    .filter((call) => call.url.startsWith('/api/organisations?') && call.url.includes('obpNumber='))
    .map((call) => new URL(call.url, location.origin).searchParams.get('obpNumber')?.split(','));

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
    expect(await added()).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /Error code/ }), 'NMVS_NC_PC_02');
    await user.click(form.getByRole('button', { name: 'Add the run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await added()).toEqual([
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
    expect(await added()).toHaveLength(1);
  });
});

describe('TestRunsActions: import a CSV', { timeout: 30_000 }, () => {
  const HEADER = 'obpNumber,environment,scenario,result,errorCode,executedAt';
  const csvFile = (lines: string[]) => new File([lines.join('\n')], 'runs.csv', { type: 'text/csv' });

  it('previews the accepted and refused lines, then shows the API report', async () => {
    // Boreal's run is already stored: the import counts it as such.
    await world()
      .db.insertInto('testRuns')
      .values({
        ...{ organisationId: boreal.id, environment: 'PRD', scenario: 'Verify a pack', result: 'PASSED' },
        ...{ executedAt: '2026-01-05T11:00:00Z', source: 'MANUAL', createdBy: 'test', updatedBy: 'test' },
        createdAt: '2026-01-06T00:00:00Z',
      })
      .execute();
    const { invalidatedKeys } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const box = within(dialog());
    expect(box.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    // The portal's file picker, as every file field has it: the native input hidden behind its button.
    const input = box.getByLabelText('CSV file');
    expect(input.className).toMatch(/nativeFile/);
    expect(input.nextElementSibling).toHaveTextContent('Choose a file');
    await user.upload(
      input,
      csvFile([
        HEADER,
        `${acme.obpNumber},IQE,Verify a pack,PASSED,,2026-01-05T10:00:00Z`,
        `${acme.obpNumber},IQE,Verify a batch,FAILED,,2026-01-05T11:00:00Z`,
        `${boreal.obpNumber},PRD,Verify a pack,passed,,2026-01-05T12:00:00+01:00`,
        'C09999,IQE,Verify a pack,PASSED,,2026-01-05T10:00:00Z',
        `${acme.obpNumber},XYZ,Verify a pack,PASSED,,2026-01-05T10:00:00Z`,
      ]),
    );
    // The unknown company is refused before confirming, with the import's own rule.
    expect(await box.findByText('Ready to import: 2. Refused: 3.')).toBeInTheDocument();
    expect(box.getByText('runs.csv')).toBeInTheDocument();
    expect(lookups()).toEqual([[acme.obpNumber, boreal.obpNumber, 'C09999']]);
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
    // The API reads the whole file with the same rules: the new run added, Boreal's counted as stored.
    expect(await box.findByText('Added: 1. Already stored: 1. Refused: 3.')).toBeInTheDocument();
    expect(imports()).toBe(1);
    expect(await added()).toEqual([
      expect.objectContaining({ organisationId: acme.id, scenario: 'Verify a pack', source: 'CSV_IMPORT' }),
    ]);
    const reported = within(box.getByRole('table', { name: 'Refused lines' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(reported).toEqual(refused);
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
    expect(imports()).toBe(0);
  });
});
