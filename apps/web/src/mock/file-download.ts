import { filesApi } from '@portal/contracts';
import { type HttpHandler, HttpResponse } from 'msw';
import type { MockContext } from './mock-http';
import { mockRoute } from './mock-route';

/** What a download answers of a file a mock group keeps. */
export interface MockDownload {
  name: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The file's bytes as the API streams them: its type, length and attachment name. */
export const downloadResponse = (file: MockDownload) =>
  new HttpResponse(file.bytes, {
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes.length),
      'content-disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
    },
  });

/**
 * filesApi.download (GET /api/files/:id) for the files one mock group keeps: `find` answers one of its
 * files, or undefined for an id that is not its own, which msw then asks the next handler of the path about
 * (mock-route.ts). The delay, the 401 and the id's rule are mockRoute's.
 */
export const fileDownloadRoute = (
  context: MockContext,
  find: (id: string) => MockDownload | undefined,
): HttpHandler =>
  mockRoute(context, filesApi.download, async ({ params }) => {
    const file = find(params.id);
    return file ? downloadResponse(file) : undefined;
  });
