import { createHash } from 'node:crypto';
import type { StorageUsage, StoredFileRow } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';
import { fileDownloadRoute, storageAdminHandlers } from './storage-admin-handlers';

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0 });
  server.resetHandlers(...storageAdminHandlers(context), fileDownloadRoute(context));
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock.ADMIN' };
const call = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, location.origin), { ...init, headers: { ...AUTH, ...init.headers } });
const list = async (query = '') =>
  (await (await call(`/api/admin/files${query}`)).json()) as ListPage<StoredFileRow>;
/** A multipart upload of one file into a container. */
async function upload(purpose: string, name: string, content = '%PDF-1.4 x') {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', new File([content], name, { type: 'application/pdf' }));
  return call('/api/admin/files', { method: 'POST', body });
}
const template = () => {
  const [row] = context.db.agreementTemplates;
  const file = context.db.storedFiles.find((it) => it.id === row?.fileId);
  if (!file) throw new Error('no agreement template in the demo world');
  return file;
};

describe('mock mode: /api/admin/files (apps/api modules/storage-admin)', () => {
  it('lists the stored files with their company, container, hash and references counted from the tables', async () => {
    const page = await list('?limit=100');
    expect(page.total).toBe(context.db.storedFiles.length);
    const file = template();
    const [row] = (await list('?purpose=AGREEMENT_TEMPLATE')).items;
    expect(row).toEqual({
      id: file.id,
      name: file.name,
      purpose: 'AGREEMENT_TEMPLATE',
      container: 'portal-agreement-template',
      organisationId: null,
      organisationName: null,
      size: file.size,
      mime: 'application/pdf',
      sha256: createHash('sha256').update(file.content, 'latin1').digest('hex'),
      uploadedBy: file.uploadedBy,
      createdAt: file.createdAt,
      referenceCount: 1,
      version: 1,
    });
    const proof = page.items.find((it) => it.purpose === 'COPY_OF_PROOF');
    const company = context.db.organisations.find((it) => it.id === proof?.organisationId);
    expect(proof).toMatchObject({ organisationName: company?.legalName, referenceCount: 1 });
    expect((await call('/api/admin/files?purpose=NOPE')).status).toBe(400);
  });

  it('uploads into a container with its extension rule, sums the usage and writes the audit trail', async () => {
    const refused = await upload('CSR', 'a.pdf');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: '111' });
    const created = await upload('DOCUMENT', 'notes.pdf', '%PDF-1.4 notes');
    expect(created.status).toBe(201);
    const row = (await created.json()) as StoredFileRow;
    expect(row).toMatchObject({
      name: 'notes.pdf',
      container: 'portal-document',
      referenceCount: 0,
      size: 14,
      uploadedBy: 'admin@portal.test',
    });
    expect(await (await call(`/api/files/${row.id}`)).text()).toBe('%PDF-1.4 notes');
    const usage = (await (await call('/api/admin/files/usage')).json()) as StorageUsage;
    expect(usage.totalFiles).toBe(context.db.storedFiles.length);
    expect(usage.containers.find((it) => it.purpose === 'DOCUMENT')).toMatchObject({ files: 1, bytes: 14 });
    const audit = context.db.auditLog.at(-1);
    expect(audit).toMatchObject({ action: 'CREATE', entity: 'storedFile', entityId: row.id });
    expect(audit?.diff).not.toHaveProperty('content');
  });

  it('deletes an unreferenced file at its version, refuses a referenced one with 409 FILE_IN_USE', async () => {
    const refused = await call(`/api/admin/files/${template().id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'FILE_IN_USE' });
    const { id } = (await (await upload('DOCUMENT', 'guide.pdf')).json()) as StoredFileRow;
    expect((await call(`/api/admin/files/${id}?version=2`, { method: 'DELETE' })).status).toBe(409);
    expect((await call(`/api/admin/files/${id}?version=1`, { method: 'DELETE' })).status).toBe(204);
    expect(context.db.storedFiles.some((it) => it.id === id)).toBe(false);
    expect(context.db.auditLog.at(-1)).toMatchObject({
      action: 'DELETE',
      entityId: id,
      diff: { name: 'guide.pdf' },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(new URL('/api/admin/files', location.origin))).status).toBe(401);
  });
});
