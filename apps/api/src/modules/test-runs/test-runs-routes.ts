import { TEST_RUN_IMPORT_MAX_BYTES, testRunsApi } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../http/api-error.js';
import { actorOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { multipartFailure } from '../../storage/receive-upload.js';
import { addTestRun, importTestRuns } from './test-run-writes.js';

/**
 * The reviewers add test runs by hand or import them from a CSV, as @portal/contracts
 * testRunsApi declares them (EMVO only). The import takes the file as the request body (Content-Type
 * text/csv) or as the one file of a multipart body, at most TEST_RUN_IMPORT_MAX_BYTES either way (413
 * FILE_TOO_LARGE past it).
 */
export async function testRunsRoutes(app: FastifyInstance) {
  const tags = ['test-runs'];

  // This plugin's own parser (encapsulated: no other route reads text/csv).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: TEST_RUN_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route(app, testRunsApi.add, async ({ body, request }) => addTestRun(request.db, actorOf(request), body), {
    tags,
  });
  route(
    app,
    testRunsApi.import,
    async ({ request }) => importTestRuns(request.db, actorOf(request), await csvOf(request)),
    { tags, bodyLimit: TEST_RUN_IMPORT_MAX_BYTES, consumes: ['text/csv', 'multipart/form-data'] },
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
