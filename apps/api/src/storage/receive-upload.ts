import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FilePurpose } from '@portal/contracts';
import { extensionOf, isAllowedExtension } from '@portal/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { ApiError } from '../http/api-error.js';
import { sanitizeFileName } from './file-names.js';
import type { FileStorage } from './file-storage.js';
import { invalidFields, invalidMultipart, typeNotAllowed } from './upload-errors.js';
import { UploadInspector } from './upload-inspector.js';

/** A file written to the store whose stored_files row is not written yet: hand it to saveWithFile. */
export interface StagedFile {
  purpose: FilePurpose;
  container: string;
  /** The blob's generated key (a uuid), never the user's file name. */
  key: string;
  /** The user's file name, sanitised (file-names.ts). */
  name: string;
  /** The type its content was recognised as (content-check.ts). */
  mime: string;
  size: number;
  sha256: string;
  /** Removes the blob (saveWithFile does it when the transaction fails); it never throws, it logs. */
  discard(): Promise<void>;
  /** The storage it was staged in (its store, the companies' quota), for saveWithFile. */
  storage: FileStorage;
  /** The request's log: saveWithFile logs there a replaced file's blob it could not remove. */
  log: FastifyBaseLogger;
}

export interface ReceivedUpload<Fields> {
  file: StagedFile;
  /** The form's text fields, sent before the file. */
  fields: Fields;
}

type RawFields = Record<string, string>;

/** What the form says about the upload: its fields (validated) and the purpose, known before the file. */
type FormReader<Fields> = (raw: RawFields) => { fields: Fields; purpose: FilePurpose };

/**
 * issue: an upload streamed from a multipart body into the store (never buffered whole): the one file part,
 * after the text fields, checked against its purpose's rules (extension 111, size 413 FILE_TOO_LARGE,
 * content 112), its name sanitised, its sha256 computed on the way. Nothing is stored for a refused file,
 * and a body that is not the one form expected (no file, two files, broken) answers 4xx.
 *
 *   const { file } = await receiveUpload(request, 'CSR');
 *   const { file, fields } = await receiveUpload(request, { fields: schema, purpose: (f) => f.purpose });
 *
 * Then write its row and the record that references it with saveWithFile, at once: a staged file that is
 * not saved must be discarded.
 */
export function receiveUpload(
  request: FastifyRequest,
  purpose: FilePurpose,
): Promise<ReceivedUpload<RawFields>>;
export function receiveUpload<Schema extends z.ZodMiniType>(
  request: FastifyRequest,
  form: { fields: Schema; purpose: FilePurpose | ((fields: z.output<Schema>) => FilePurpose) },
): Promise<ReceivedUpload<z.output<Schema>>>;
export function receiveUpload<Schema extends z.ZodMiniType>(
  request: FastifyRequest,
  form: FilePurpose | { fields: Schema; purpose: FilePurpose | ((fields: z.output<Schema>) => FilePurpose) },
): Promise<ReceivedUpload<RawFields | z.output<Schema>>> {
  if (typeof form === 'string') return receive(request, (raw) => ({ fields: raw, purpose: form }));
  return receive(request, (raw) => {
    const parsed = form.fields.safeParse(raw);
    if (!parsed.success) {
      throw invalidFields(
        parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      );
    }
    const purpose = typeof form.purpose === 'function' ? form.purpose(parsed.data) : form.purpose;
    return { fields: parsed.data, purpose };
  });
}

async function receive<Fields>(request: FastifyRequest, read: FormReader<Fields>) {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  const raw: RawFields = {};
  let received: ReceivedUpload<Fields> | undefined;
  try {
    for await (const part of partsOf(request)) {
      // Fields come first, since they say where the file goes; nothing may follow the file.
      if (received) throw invalidMultipart('Send the fields first, then one file, and nothing after it');
      if (part.type === 'field') {
        if (part.valueTruncated) throw invalidFields([{ field: part.fieldname, message: 'Too long' }]);
        raw[part.fieldname] = String(part.value);
        continue;
      }
      const { fields, purpose } = read(raw);
      received = { file: await stage(request, part, purpose), fields };
    }
  } catch (error) {
    await received?.file.discard();
    throw error;
  }
  if (!received) throw invalidFields([{ field: 'file', message: 'Attach a file' }]);
  return received;
}

/** The request's parts, any parser failure (a broken body, too many parts) turned into a 4xx ApiError. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartFailure(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * A multipart parser's failure as the 4xx it is (a broken body, too many parts, a part past its limit):
 * the parser's own errors carry no status, and would otherwise answer 500.
 */
export function multipartFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, 'FILE_TOO_LARGE', 'The file is too large');
  if (code === 'FST_FILES_LIMIT') return new ApiError(400, 'TOO_MANY_FILES', 'Send one file');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(400, 'TOO_MANY_FIELDS', 'The form has too many fields');
  }
  return invalidMultipart();
}

/** Streams the file part through the inspector into the store under a new key. */
async function stage(
  request: FastifyRequest,
  part: MultipartFile,
  purpose: FilePurpose,
): Promise<StagedFile> {
  const storage = request.server.fileStorage;
  const { store, containerFor } = storage;
  const name = sanitizeFileName(part.filename);
  const extension = extensionOf(name);
  // spec §5: the extension, in lower case, against the purpose's list.
  if (!isAllowedExtension(purpose, name)) throw typeNotAllowed(purpose, extension);

  const container = containerFor(purpose);
  const key = randomUUID();
  const inspector = new UploadInspector(purpose, extension);
  // Whose fault a failure is: the body's (it broke before or while the inspector read it: 4xx) or the
  // store's (5xx). A small body may be parsed, and have failed, before its part reaches this function.
  let bodyFailed = part.file.errored !== null;
  let storeSide = false;
  inspector.once('close', () => {
    storeSide = true;
  });
  part.file.once('error', () => {
    // After the inspector closed, the error is the pipe tearing the body down, not the body's own.
    if (!storeSide) bodyFailed = true;
  });
  // The callback only ends the pipe; its error (the same one) reaches put through the inspector.
  const body = pipeline(part.file, inspector, () => undefined);
  try {
    await store.put(container, key, body);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A broken or aborted body is the caller's fault (4xx); a store that fails is ours (5xx).
    if (bodyFailed) throw multipartFailure(error);
    throw error;
  }
  const { size, sha256, mime } = inspector.result();
  return {
    purpose,
    container,
    key,
    name,
    mime,
    size,
    sha256,
    discard: () =>
      store.delete(container, key).catch((error: unknown) => {
        // The row was never written, so the blob is an orphan (the sweep removes it later, orphan-sweep.ts):
        // worth a log line, not the caller's error.
        request.log.error({ err: error, container, key }, 'could not remove an unsaved upload');
      }),
    storage,
    log: request.log,
  };
}
