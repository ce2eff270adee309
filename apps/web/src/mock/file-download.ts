import { filesApi } from '@portal/contracts';
import { mayReadFile } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { apiError, callerOf, type MockContext } from './mock-http';
import { mockRoute } from './mock-route';

/**
 * A stored file's bytes are kept as a latin1 string (one character a byte), so the store stays JSON. These
 * two convert to and from it.
 */
export const contentOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
export const bytesOf = (content: string) => Uint8Array.from(content, (char) => char.charCodeAt(0));

/** The file's bytes as the API streams them: its type, length and attachment name. */
export const downloadResponse = (file: { name: string; mime: string; content: string }) => {
  const bytes = bytesOf(file.content);
  return new HttpResponse(bytes, {
    headers: {
      'content-type': file.mime,
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
    },
  });
};

/** filesApi.download (GET /api/files/:id): any stored file the caller may read (domain mayReadFile), else 404. */
export const fileDownloadRoute = (context: MockContext): HttpHandler =>
  mockRoute(context, filesApi.download, async ({ params, request }) => {
    const { db } = context;
    const file = db.storedFiles.find((row) => row.id === params.id);
    const caller = callerOf(context, request);
    const publishedTemplate = db.agreementTemplates.some((template) => template.fileId === params.id);
    if (!file || !caller || !mayReadFile(caller, file, publishedTemplate)) {
      return apiError(404, 'NOT_FOUND', `No file ${params.id}`);
    }
    return downloadResponse(file);
  });
