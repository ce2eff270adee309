import {
  TEST_RUN_IMPORT_MAX_BYTES,
  testRunFieldsSchema,
  testRunImportReportSchema,
  testRunSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest } from '../../http/api-error.js';
import { roles } from '../../plugins/auth.js';
import { multipartFailure } from '../../storage/receive-upload.js';
import { reviewerOf } from '../reviews/reviewer.js';
import { addTestRun, importTestRuns } from './test-run-writes.js';

/**
 * Issue 12 item 2: the reviewers add test runs by hand or import them from a CSV (/emvo/tests-status-metrics).
 * EMVO only. The import takes the file as the request body (Content-Type text/csv) or as the one file of
 * a multipart body, at most TEST_RUN_IMPORT_MAX_BYTES either way (413 FILE_TOO_LARGE past it).
 */
export async function testRunsRoutes(app: FastifyInstance, options: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['test-runs'];
  const access = roles('EMVO');

  // This plugin's own parser (encapsulated: no other route reads text/csv).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: TEST_RUN_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  api.post(
    '/test-runs',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Adds one test run typed by a reviewer (409 TEST_RUN_EXISTS when the same run is stored)',
        body: testRunFieldsSchema,
        response: { 201: testRunSchema },
      },
    },
    async (request, reply) => {
      const run = await addTestRun(db, reviewerOf(request).actor, request.body);
      return reply.status(201).send(run);
    },
  );

  api.post(
    '/test-runs/import',
    {
      config: { access },
      bodyLimit: TEST_RUN_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Imports test runs from a CSV (text/csv body, or multipart with one file): writes the accepted lines, reports the others',
        consumes: ['text/csv', 'multipart/form-data'],
        response: { 200: testRunImportReportSchema },
      },
    },
    async (request) => importTestRuns(db, reviewerOf(request).actor, await csvOf(request)),
  );
}

/**
 * The CSV of an import request: the body itself (text/csv, as a script sends it) or the one file part of a
 * multipart body (as the SPA's http client sends a file). A file part over the limit throws 413.
 */
async function csvOf(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    try {
      const file = await request.file({ limits: { fileSize: TEST_RUN_IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('CSV_EMPTY', 'The request holds no file');
      return (await file.toBuffer()).toString('utf8');
    } catch (error) {
      // A broken body (another boundary, cut short) is the client's mistake: 4xx, never the parser's 500.
      throw multipartFailure(error);
    }
  }
  if (typeof request.body === 'string') return request.body;
  throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as text/csv or as a multipart file');
}
