import type { Readable } from 'node:stream';
import { fileFormSchema, filesApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/api-error.js';
import { actorOf, callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { BlobNotFoundError } from '../../storage/blob-store.js';
import { contentDisposition } from '../../storage/file-names.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveUploadedFile, toDto } from '../../storage/stored-files.js';
import { getReadableFile } from './files-repository.js';

/**
 * The stored files' routes, as @portal/contracts filesApi declares them (domain.md /admin/storage): an
 * administrator uploads a file into its purpose's container; ADMIN, EMVO and EXTERNAL download, an EXTERNAL
 * user only their own organisation's files. Features that store a file with a record (a contact's copy of
 * proof, a CSR) use storage/receive-upload.ts and storage/save-with-file.ts in their own routes.
 */
export async function filesRoutes(app: FastifyInstance) {
  const { store } = app.fileStorage;
  const tags = ['files'];

  route(
    app,
    filesApi.upload,
    async ({ request }) => {
      const { file, fields } = await receiveUpload(request, {
        fields: fileFormSchema,
        purpose: (form) => form.purpose,
      });
      return saveUploadedFile(request.db, file, fields.organisationId ?? null, actorOf(request));
    },
    { tags },
  );

  route(
    app,
    filesApi.meta,
    async ({ params, request }) => toDto(await getReadableFile(request.db, params.id, callerOf(request))),
    { tags },
  );

  route(
    app,
    filesApi.download,
    async ({ params, request, reply }) => {
      const file = await getReadableFile(request.db, params.id, callerOf(request));
      let body: Readable;
      try {
        body = await store.get(file.container, file.blobKey);
      } catch (error) {
        if (!(error instanceof BlobNotFoundError)) throw error;
        request.log.error({ fileId: file.id, container: file.container }, 'a stored file has no blob');
        throw notFound(`No file ${file.id}`);
      }
      return reply
        .headers({
          'content-type': file.mime,
          'content-length': String(file.size),
          'content-disposition': contentDisposition(file.name),
          // The type is the one the content was recognised as; browsers must not guess another.
          'x-content-type-options': 'nosniff',
          // Documents such as a copy of an identity proof stay out of shared caches and the disk cache.
          'cache-control': 'private, no-store',
        })
        .send(body);
    },
    // Streamed as stored: compressing documents and images gains little and would drop Content-Length.
    { tags, compress: false },
  );
}
