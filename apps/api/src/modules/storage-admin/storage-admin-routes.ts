import {
  STORED_FILES_LIST,
  storageUploadFieldsSchema,
  storageUsageSchema,
  storedFileRowSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { versionQuerySchema } from '../../http/version-query.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveUploadedFile } from '../files/files-repository.js';
import { deleteStoredFile } from './delete-stored-file.js';
import { storageUsage } from './storage-usage.js';
import { findStoredFileRow, listStoredFiles } from './stored-files-list.js';

const fileParams = z.object({ id: z.uuid() });

/** The actor audit rows name: the caller's email, else their subject (as files-routes.ts does). */
const actorOf = (request: FastifyRequest) => request.user?.email ?? request.user?.subject ?? 'unknown';

/**
 * domain.md /admin/storage (issue 13 item 3): browse the stored files by container and company with their
 * reference counts, the usage per container, upload into a container (the stored-files service and its
 * checks: extension, size, content), delete an unreferenced file. Downloads are GET /api/files/:id, which
 * an ADMIN may read. Every route is ADMIN only.
 */
export async function storageAdminRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { store, containerFor } = app.fileStorage;
  const tags = ['storage'];
  const access = roles('ADMIN');

  api.get(
    '/admin/files',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The stored files, newest first, each with how many records reference it',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(storedFileRowSchema) },
      },
    },
    async (request) => listStoredFiles(db, parseListRequest(request.query, STORED_FILES_LIST)),
  );

  api.get(
    '/admin/files/usage',
    {
      config: { access },
      schema: { tags, summary: 'Files and bytes per container', response: { 200: storageUsageSchema } },
    },
    async () => storageUsage(db, containerFor),
  );

  api.post(
    '/admin/files',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Uploads a file into a container: multipart fields purpose, optional organisationId, then file',
        consumes: ['multipart/form-data'],
        response: { 201: storedFileRowSchema },
      },
    },
    async (request, reply) => {
      const { file, fields } = await receiveUpload(request, {
        fields: storageUploadFieldsSchema,
        purpose: (form) => form.purpose,
      });
      const stored = await saveUploadedFile(db, file, fields.organisationId ?? null, actorOf(request));
      return reply.status(201).send(await findStoredFileRow(db, stored.id));
    },
  );

  api.delete(
    '/admin/files/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes a file nothing references (409 FILE_IN_USE otherwise), its row then its blob',
        params: fileParams,
        querystring: versionQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteStoredFile(db, store, request.log, {
        id: request.params.id,
        version: request.query.version,
        actor: actorOf(request),
      });
      return reply.status(204).send(null);
    },
  );
}
