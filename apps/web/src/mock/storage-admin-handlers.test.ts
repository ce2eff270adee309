import { File as NodeFile } from 'node:buffer';
import type { StorageUsage, StoredFileRow } from '@portal/contracts';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockAuditLog, type MockAuditLog } from './audit-log';
import {
  createMockStorage,
  DEMO_PDF,
  DEMO_PDF_SHA256,
  sha256,
  storageAdminHandlers,
} from './storage-admin-handlers';

const server = setupServer();
let audit: MockAuditLog;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  let created = 0;
  const newId = () => `f9000000-0000-4000-8000-${String(++created).padStart(12, '0')}`;
  audit = createMockAuditLog();
  server.resetHandlers(
    ...storageAdminHandlers({ delayMs: 0, newId }, { storage: createMockStorage(), audit }),
  );
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };
const call = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, location.origin), { ...init, headers: { ...AUTH, ...init.headers } });
const list = async (query = '') =>
  (await (await call(`/api/admin/files${query}`)).json()) as ListPage<StoredFileRow>;
/** A multipart upload built with Node's own FormData (jsdom's cannot go through Node's fetch). */
async function upload(purpose: string, name: string, content = '%PDF-1.4 x') {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const body = new NodeFormData();
  body.append('purpose', purpose);
  body.append('file', new NodeFile([content], name) as unknown as Blob);
  return call('/api/admin/files', { method: 'POST', body });
}

describe('mock mode: /api/admin/files (apps/api modules/storage-admin)', () => {
  it('hashes the demo file as the API would', async () => {
    expect(await sha256(DEMO_PDF)).toBe(DEMO_PDF_SHA256);
  });

  it('lists the demo files newest first, filtered by container and searched by name', async () => {
    expect((await list()).total).toBe(4);
    expect((await list('?purpose=COPY_OF_PROOF')).items.map((row) => row.name)).toEqual([
      'Passport scan.pdf',
    ]);
    expect((await list('?search=guide')).items.map((row) => row.name)).toEqual(['Onboarding guide.pdf']);
    expect((await call('/api/admin/files?purpose=NOPE')).status).toBe(400);
  });

  it('uploads into a container with its extension rule, sums the usage and writes the audit trail', async () => {
    const refused = await upload('CSR', 'a.pdf');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: '111' });
    const created = await upload('DOCUMENT', 'notes.pdf', '%PDF-1.4 notes');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      name: 'notes.pdf',
      container: 'portal-document',
      referenceCount: 0,
      size: 14,
    });
    const usage = (await (await call('/api/admin/files/usage')).json()) as StorageUsage;
    expect(usage.totalFiles).toBe(5);
    expect(usage.containers.find((row) => row.purpose === 'DOCUMENT')).toMatchObject({ files: 2 });
    expect(audit.rows.at(-1)).toMatchObject({ action: 'CREATE', entity: 'storedFile' });
  });

  it('deletes an unreferenced file, refuses a referenced one with 409 FILE_IN_USE, and serves the bytes', async () => {
    const [guide] = (await list('?search=guide')).items;
    const [proof] = (await list('?purpose=COPY_OF_PROOF')).items;
    if (!guide || !proof) throw new Error('demo files missing');
    expect((await call(`/api/files/${proof.id}`)).status).toBe(200);
    const refused = await call(`/api/admin/files/${proof.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'FILE_IN_USE' });
    expect((await call(`/api/admin/files/${guide.id}?version=2`, { method: 'DELETE' })).status).toBe(409);
    expect((await call(`/api/admin/files/${guide.id}?version=1`, { method: 'DELETE' })).status).toBe(204);
    expect((await list()).total).toBe(3);
    expect(audit.rows.at(-1)).toMatchObject({ action: 'DELETE', entityId: guide.id });
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(new URL('/api/admin/files', location.origin))).status).toBe(401);
  });
});
