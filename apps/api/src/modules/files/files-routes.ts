import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { ApiError, notFound } from '../../http/api-error.js';
import { roles, type SessionUser } from '../../plugins/auth.js';
import { BlobNotFoundError } from '../../storage/blob-store.js';
import { contentDisposition } from '../../storage/file-names.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { getReadableFile, saveUploadedFile, toDto } from './files-repository.js';
import { fileFormSchema, fileParams, storedFileSchema } from './files-schemas.js';

const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/** The auth plugin sets the user on every route with roles; this says so to the type checker. */
function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return request.user;
}

/**
 * Stored files (domain.md /admin/storage): an administrator uploads a file into its purpose's container;
 * ADMIN, EMVO and EXTERNAL download, an EXTERNAL user only their own organisation's files. Features that
 * store a file with a record (a contact's copy of proof, a CSR) use storage/receive-upload.ts and
 * storage/save-with-file.ts in their own routes.
 */
export async function filesRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { store } = app.fileStorage;
  const tags = ['files'];
  const readers = roles('ADMIN', 'EMVO', 'EXTERNAL');

  api.post(
    '/files',
    {
      config: { access: roles('ADMIN') },
      schema: {
        tags,
        summary: 'Uploads a file: multipart fields purpose, optional organisationId, then file',
        consumes: ['multipart/form-data'],
        response: { 201: storedFileSchema },
      },
    },
    async (request, reply) => {
      const { file, fields } = await receiveUpload(request, {
        fields: fileFormSchema,
        purpose: (form) => form.purpose,
      });
      const stored = await saveUploadedFile(db, file, fields.organisationId ?? null, actorOf(request));
      return reply.status(201).send(stored);
    },
  );

  api.get(
    '/files/:id/meta',
    {
      config: { access: readers },
      schema: { tags, summary: "A file's metadata", params: fileParams, response: { 200: storedFileSchema } },
    },
    async (request) => toDto(await getReadableFile(db, request.params.id, userOf(request))),
  );

  api.get(
    '/files/:id',
    {
      config: { access: readers },
      // Streamed as stored: compressing documents and images gains little and would drop Content-Length.
      compress: false,
      schema: { tags, summary: "Downloads a file's content", params: fileParams },
    },
    async (request, reply) => {
      const file = await getReadableFile(db, request.params.id, userOf(request));
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
  );
}
