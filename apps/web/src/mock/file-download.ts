import { type FilePurpose, filesApi } from '@portal/contracts';
import { mayReadFile, uploadRefusal } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { apiError, callerOf, type MockContext, mockRoute, refused } from './mock-http';

/**
 * A stored file's bytes are kept as a latin1 string (one character a byte), so the store stays JSON. These
 * two convert to and from it.
 */
const contentOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
export const bytesOf = (content: string) => Uint8Array.from(content, (char) => char.charCodeAt(0));

/**
 * An upload's one file (the multipart field "file") by its purpose's rules (domain uploadRefusal: the
 * extension 111, the size 413): its name, type and content, or the refusal to answer.
 */
export async function readUpload(form: FormData, purpose: FilePurpose) {
  const file = form.get('file');
  // Not `instanceof File`: the request's File may come from another realm (msw in a test's jsdom).
  if (file === null || typeof file === 'string') {
    return apiError(400, 'BAD_REQUEST', 'Send one file in the field "file"');
  }
  const refusal = refused(uploadRefusal(purpose, file.name, file.size));
  if (refusal) return refusal;
  const content = contentOf(new Uint8Array(await file.arrayBuffer()));
  return { name: file.name, mime: file.type || 'application/octet-stream', content };
}

/**
 * filesApi.download (GET /api/files/:id): any stored file the caller may read (domain mayReadFile), as the
 * API streams it (its type, length and attachment name), else 404.
 */
export const fileDownloadRoute = (context: MockContext): HttpHandler =>
  mockRoute(context, filesApi.download, async ({ params, request }) => {
    const { db } = context;
    const file = db.storedFiles.find((row) => row.id === params.id);
    const caller = callerOf(context, request);
    const publishedTemplate = db.agreementTemplates.some((template) => template.fileId === params.id);
    if (!file || !caller || !mayReadFile(caller, file, publishedTemplate)) {
      return apiError(404, 'NOT_FOUND', `No file ${params.id}`);
    }
    const bytes = bytesOf(file.content);
    return new HttpResponse(bytes, {
      headers: {
        'content-type': file.mime,
        'content-length': String(bytes.length),
        'content-disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
      },
    });
  });
