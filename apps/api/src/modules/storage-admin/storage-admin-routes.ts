import { fileFormSchema, storageAdminApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveUploadedFile } from '../../storage/stored-files.js';
import { deleteStoredFile } from './delete-stored-file.js';
import { storageUsage } from './storage-usage.js';
import { findStoredFileRow, listStoredFiles } from './stored-files-list.js';

/**
 * The storage routes, as @portal/contracts storageAdminApi declares them (domain.md /admin/storage, issue
 * 13 item 3): browse the stored files by container and company with their reference counts, the usage per
 * container, upload into a container (the stored-files service and its checks: extension, size, content),
 * delete an unreferenced file. Downloads are filesApi.download, which an ADMIN may read. ADMIN only.
 */
export async function storageAdminRoutes(app: FastifyInstance) {
  const { store, containerFor } = app.fileStorage;
  const tags = ['storage'];

  route(app, storageAdminApi.list, async ({ query, request }) => listStoredFiles(request.db, query), {
    tags,
  });
  route(app, storageAdminApi.usage, async ({ request }) => storageUsage(request.db, containerFor), { tags });
  route(
    app,
    storageAdminApi.upload,
    async ({ request }) => {
      const { file, fields } = await receiveUpload(request, {
        fields: fileFormSchema,
        purpose: (form) => form.purpose,
      });
      const stored = await saveUploadedFile(
        request.db,
        file,
        fields.organisationId ?? null,
        actorOf(request),
      );
      return findStoredFileRow(request.db, stored.id);
    },
    { tags },
  );
  route(
    app,
    storageAdminApi.remove,
    async ({ params, query, request }) => {
      await deleteStoredFile(request.db, store, request.log, {
        id: params.id,
        version: query.version,
        actor: actorOf(request),
      });
      return undefined;
    },
    { tags },
  );
}
