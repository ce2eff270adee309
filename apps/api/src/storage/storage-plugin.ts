import multipart from '@fastify/multipart';
import { FILE_RULES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured blob store and each purpose's container (storage/file-storage.ts). */
    fileStorage: FileStorage;
  }
}

/** The largest limit of any purpose; each upload is held to its own purpose's limit (upload-inspector.ts). */
const LARGEST_FILE_BYTES = Math.max(...Object.values(FILE_RULES).map((rule) => rule.maxMb)) * 1_000_000;

/**
 * Stored files for every module: multipart bodies parsed as streams (@fastify/multipart, never buffered
 * whole) and the configured store, decorated as `app.fileStorage`. Routes take uploads through
 * receiveUpload and saveWithFile (see README.md here).
 */
export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    /** The configured store (node/configured-file-storage.ts on a server). */
    options: { fileStorage: FileStorage },
  ) => {
    await app.register(multipart, {
      limits: {
        // A backstop above every purpose's limit, which the inspector enforces sooner; one more byte, so
        // the inspector, not the parser, notices a file over the largest limit.
        fileSize: LARGEST_FILE_BYTES + 1,
        // One file per request; a second one is refused (receive-upload.ts), not silently dropped.
        files: 1,
        fields: 20,
        fieldSize: 10_000,
        parts: 25,
        headerPairs: 100,
      },
    });
    app.decorate('fileStorage', options.fileStorage);
    // An upload refused before its body was read to the end (too large, wrong type, two files) leaves
    // bytes nobody reads, and the paused connection would hang on to them: close it after the answer
    // rather than draining (maybe many) megabytes.
    app.addHook('onSend', async (request, reply) => {
      if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
    });
  },
  { name: 'storage' },
);
