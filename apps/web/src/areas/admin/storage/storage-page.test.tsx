import { simplePdf } from '@portal/demo-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../modal/modal-host';
import { confirmedBeside } from '../../../test/action-feedback';
import { renderScreen } from '../../../test/render-screen';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { StoragePage } from './storage-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

/** The demo world's files, and the newest: a document an administrator keeps, which nothing references. */
async function addGuide({ db }: TestWorld) {
  const template = await db.selectFrom('storedFiles').selectAll().limit(1).executeTakeFirstOrThrow();
  await db
    .insertInto('storedFiles')
    .values({
      ...{ container: 'portal-document', blobKey: 'onboarding-guide', mime: 'application/pdf' },
      ...{ size: template.size, sha256: template.sha256, uploadedBy: template.uploadedBy, kept: true },
      ...{ name: 'Onboarding guide.pdf', purpose: 'DOCUMENT', organisationId: null },
      ...{ createdAt: '2030-01-01T00:00:00.000Z', createdBy: 'test', updatedBy: 'test' },
    })
    .execute();
}
// Before each test mock mode's world (the API's own code over the demo world), with the guide.
const { server, world, calls } = worldSuite(addGuide);
beforeEach(() => vi.mocked(toast.success).mockClear());

/** The stored files' rows. */
const files = () => world().db.selectFrom('storedFiles').selectAll().execute();

const user = userEvent.setup({ delay: null });
const dialog = () => screen.getByRole('dialog');

function renderPage(path = '/admin/storage') {
  const routes = [
    {
      path: '/admin/storage',
      element: (
        <>
          <StoragePage />
          <ModalHost />
        </>
      ),
    },
  ];
  return renderScreen({ routes, path, roles: ['EmvoPortalAdmin'] });
}

/** The file names of the table's body rows. */
async function names() {
  const table = await screen.findByRole('table', { name: 'Storage' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('a')?.textContent ?? '');
}

describe('/admin/storage', { timeout: 30_000 }, () => {
  it('lists the stored files with company, references and a download link, and the usage per container', async () => {
    renderPage();
    const shown = await names();
    expect(shown[0]).toBe('Onboarding guide.pdf');
    expect(shown).toHaveLength(20);
    const stored = await files();
    const proof = stored.find((file) => shown.includes(file.name) && file.purpose === 'COPY_OF_PROOF');
    expect(screen.getByRole('link', { name: `Download ${proof?.name}` })).toBeInTheDocument();
    const usage = screen.getByRole('table', { name: 'Usage per container' });
    expect(within(usage).getByRole('row', { name: /Agreement template/ })).toHaveTextContent(
      'portal-agreement-template',
    );
    expect(within(usage).getByRole('row', { name: /Total/ })).toHaveTextContent(String(stored.length));
    // A referenced file cannot be deleted: its button says why.
    expect(screen.getByRole('button', { name: `Delete ${proof?.name}` })).toBeDisabled();
  });

  it('filters by container through the URL and the call', async () => {
    const { url } = renderPage();
    await names();
    await user.selectOptions(screen.getByLabelText('Container'), 'COPY_OF_PROOF');
    await waitFor(() => expect(url()).toContain('purpose=COPY_OF_PROOF'));
    const proofs = (await files()).filter((file) => file.purpose === 'COPY_OF_PROOF');
    await waitFor(async () => expect(await names()).toHaveLength(Math.min(20, proofs.length)));
    expect((await names()).every((name) => proofs.some((file) => file.name === name))).toBe(true);
    expect(
      calls.some(
        (call) => call.url.startsWith('/api/admin/files?') && call.url.includes('purpose=COPY_OF_PROOF'),
      ),
    ).toBe(true);
  });

  it('Filters by company, chosen in the searchable select from the API’s companies', async () => {
    const { url } = renderPage();
    await names();
    const owned = (await files()).filter((file) => file.organisationId !== null);
    const company = await world()
      .db.selectFrom('organisations')
      .selectAll()
      .where('id', '=', owned[0]?.organisationId ?? '')
      .executeTakeFirstOrThrow();
    await user.type(screen.getByRole('combobox', { name: 'Company' }), company.obpNumber);
    await user.click(
      await screen.findByRole('option', { name: `${company.legalName} (${company.obpNumber})` }),
    );
    await waitFor(() => expect(url()).toContain(`organisationId=${company.id}`));
    const theirs = owned.filter((file) => file.organisationId === company.id).map((file) => file.name);
    await waitFor(async () => expect((await names()).sort()).toEqual(theirs.sort()));
  });

  it('spec §9: the company filter is the select that says "/" when nothing matches and has no "Clear all"', async () => {
    const { url } = renderPage();
    await names();
    const company = await world().db.selectFrom('organisations').selectAll().executeTakeFirstOrThrow();
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.type(input, 'qqqqqq');
    expect(await screen.findByText('/')).toBeInTheDocument();
    expect(screen.queryByText('No items found')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, company.obpNumber);
    await user.click(
      await screen.findByRole('option', { name: `${company.legalName} (${company.obpNumber})` }),
    );
    // Chosen: the clear indicator shows, untitled.
    await waitFor(() => expect(url()).toContain(`organisationId=${company.id}`));
    expect(screen.queryByTitle('Clear all')).not.toBeInTheDocument();
  });

  it('deletes an unreferenced file after the shared confirmation', async () => {
    renderPage();
    await names();
    await user.click(screen.getByRole('button', { name: 'Delete Onboarding guide.pdf' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await names()).not.toContain('Onboarding guide.pdf'), { timeout: 5000 });
    // Said beside the page's Upload button; the row's Delete button is gone, so the words take the focus.
    const deleted = await confirmedBeside(
      'Onboarding guide.pdf was deleted.',
      screen.getByRole('button', { name: 'Upload a file' }),
    );
    await waitFor(() => expect(deleted).toHaveFocus());
    expect(toast.success).not.toHaveBeenCalled();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        url: expect.stringMatching(/^\/api\/admin\/files\/.+\?version=1$/),
      }),
    );
    expect((await files()).map((file) => file.name)).not.toContain('Onboarding guide.pdf');
  });

  it('shows the catalogue message when the API answers 409 FILE_IN_USE', async () => {
    server.use(
      http.delete('/api/admin/files/:id', () =>
        HttpResponse.json({ code: 'FILE_IN_USE', message: 'referenced' }, { status: 409 }),
      ),
    );
    const { notify } = renderPage();
    await names();
    await user.click(screen.getByRole('button', { name: 'Delete Onboarding guide.pdf' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'This file is still referenced by a record and cannot be deleted.',
        'error',
      ),
    );
  });

  it('uploads a file into the chosen container', async () => {
    renderPage();
    await names();
    await user.click(screen.getByRole('button', { name: 'Upload a file' }));
    const box = within(dialog());
    await user.upload(
      box.getByLabelText(/^File/),
      new File([simplePdf(['Guide 2'])], 'Guide 2.pdf', { type: 'application/pdf' }),
    );
    await user.click(box.getByRole('button', { name: 'Save' }));
    await confirmedBeside('Guide 2.pdf was uploaded.', screen.getByRole('button', { name: 'Upload a file' }));
    const uploaded = await world()
      .db.selectFrom('storedFiles')
      .selectAll()
      .where('name', '=', 'Guide 2.pdf')
      .executeTakeFirstOrThrow();
    expect(uploaded).toMatchObject({ purpose: 'DOCUMENT', organisationId: null, kept: true });
    // The list and the usage are read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/admin/files/usage'))).toHaveLength(2),
    );
  });
});
