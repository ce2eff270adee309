import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../modal/modal-host';
import { closeModal } from '../../../modal/modal-store';
import { createMockContext } from '../../../test/fake-api/handlers';
import type { MockContext } from '../../../test/fake-api/mock-http';
import { organisationsHandlers } from '../../../test/fake-api/organisations-handlers';
import { storageAdminHandlers } from '../../../test/fake-api/storage-admin-handlers';
import { renderScreen } from '../../../test/render-screen';
import { toast } from '../../../toast/toast';
import { StoragePage } from './storage-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

const server = setupServer();
let calls: Array<{ method: string; url: string }> = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
let created = 0;
let context: MockContext;
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  calls = [];
  created = 0;
  const newId = () => `f9000000-0000-4000-8000-${String(++created).padStart(12, '0')}`;
  context = createMockContext({ delayMs: 0, newId });
  // The demo world's files, and the newest: a document nothing references.
  const [template] = context.db.storedFiles;
  if (template) {
    const guide = {
      name: 'Onboarding guide.pdf',
      purpose: 'DOCUMENT' as const,
      createdAt: '2030-01-01T00:00:00.000Z',
    };
    context.db.storedFiles.push({ ...template, id: newId(), ...guide });
  }
  server.resetHandlers(...storageAdminHandlers(context), ...organisationsHandlers(context));
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, url: decodeURIComponent(`${url.pathname}${url.search}`) });
  });
});
afterEach(async () => {
  act(() => closeModal());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

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

describe('/admin/storage (issue 13 item 3)', { timeout: 30_000 }, () => {
  it('lists the stored files with company, references and a download link, and the usage per container', async () => {
    renderPage();
    const shown = await names();
    expect(shown[0]).toBe('Onboarding guide.pdf');
    expect(shown).toHaveLength(20);
    const proof = context.db.storedFiles.find(
      (file) => shown.includes(file.name) && file.purpose === 'COPY_OF_PROOF',
    );
    expect(screen.getByRole('link', { name: `Download ${proof?.name}` })).toBeInTheDocument();
    const usage = screen.getByRole('table', { name: 'Usage per container' });
    expect(within(usage).getByRole('row', { name: /Agreement template/ })).toHaveTextContent(
      'portal-agreement-template',
    );
    expect(within(usage).getByRole('row', { name: /Total/ })).toHaveTextContent(
      String(context.db.storedFiles.length),
    );
    // A referenced file cannot be deleted: its button says why.
    expect(screen.getByRole('button', { name: `Delete ${proof?.name}` })).toBeDisabled();
  });

  it('filters by container through the URL and the call', async () => {
    const { url } = renderPage();
    await names();
    await user.selectOptions(screen.getByLabelText('Container'), 'COPY_OF_PROOF');
    await waitFor(() => expect(url()).toContain('purpose=COPY_OF_PROOF'));
    const proofs = context.db.storedFiles.filter((file) => file.purpose === 'COPY_OF_PROOF');
    await waitFor(async () => expect(await names()).toHaveLength(Math.min(20, proofs.length)));
    expect((await names()).every((name) => proofs.some((file) => file.name === name))).toBe(true);
    expect(
      calls.some(
        (call) => call.url.startsWith('/api/admin/files?') && call.url.includes('purpose=COPY_OF_PROOF'),
      ),
    ).toBe(true);
  });

  it('issue 23 item 18: filters by company, chosen in the searchable select from the API’s companies', async () => {
    const { url } = renderPage();
    await names();
    const owned = context.db.storedFiles.filter((file) => file.organisationId !== null);
    const company = context.db.organisations.find((each) => each.id === owned[0]?.organisationId);
    if (!company) throw new Error('the demo world has a company with files');
    await user.type(screen.getByRole('combobox', { name: 'Company' }), company.obpNumber);
    await user.click(
      await screen.findByRole('option', { name: `${company.legalName} (${company.obpNumber})` }),
    );
    await waitFor(() => expect(url()).toContain(`organisationId=${company.id}`));
    const theirs = owned.filter((file) => file.organisationId === company.id).map((file) => file.name);
    await waitFor(async () => expect((await names()).sort()).toEqual(theirs.sort()));
  });

  it('deletes an unreferenced file after the shared confirmation', async () => {
    renderPage();
    await names();
    await user.click(screen.getByRole('button', { name: 'Delete Onboarding guide.pdf' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await names()).not.toContain('Onboarding guide.pdf'), { timeout: 5000 });
    // issue 23 item 2: the delete confirms where the admin is.
    expect(toast.success).toHaveBeenCalledWith('Onboarding guide.pdf was deleted.');
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: expect.stringMatching(/^\/api\/admin\/files\/.+\?version=1$/),
    });
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
    // jsdom's FormData cannot go through Node's fetch whole: the test reads the fields the page sent.
    const sent: Array<{ purpose: unknown; file: boolean }> = [];
    server.use(
      http.post('/api/admin/files', async ({ request }) => {
        const form = await request.formData();
        sent.push({ purpose: form.get('purpose'), file: form.has('file') });
        return HttpResponse.json({ id: 'f9', name: 'Guide 2.pdf' }, { status: 201 });
      }),
    );
    renderPage();
    await names();
    await user.click(screen.getByRole('button', { name: 'Upload a file' }));
    const box = within(dialog());
    await user.upload(
      box.getByLabelText(/^File/),
      new File(['%PDF-1.4 test'], 'Guide 2.pdf', { type: 'application/pdf' }),
    );
    await user.click(box.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Guide 2.pdf was uploaded.'));
    expect(sent).toEqual([{ purpose: 'DOCUMENT', file: true }]);
    // The list and the usage are read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/admin/files/usage'))).toHaveLength(2),
    );
  });
});
