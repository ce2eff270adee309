import { Readable } from 'node:stream';

/** A file part as @fastify/multipart gives it to receive-upload.ts and the test runs' import. */
interface FilePart {
  type: 'file';
  fieldname: string;
  filename: string;
  mimetype: string;
  encoding: string;
  file: Readable & { truncated: boolean };
  toBuffer(): Promise<Buffer>;
  fields: Record<string, never>;
}

interface FieldPart {
  type: 'field';
  fieldname: string;
  value: string;
  valueTruncated: false;
  fieldnameTruncated: false;
}

/**
 * The multipart methods @fastify/multipart decorates a request with (`isMultipart`, `parts`, `file`),
 * over the Fetch request's form data: the parts in the order sent, each file's bytes as a stream.
 */
export function multipartOf(incoming: Request) {
  const isMultipart = () => (incoming.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  let form: Promise<FormData> | undefined;

  async function* parts(): AsyncGenerator<FieldPart | FilePart> {
    form ??= incoming.formData();
    for (const [fieldname, value] of await form) {
      if (typeof value === 'string') {
        yield { type: 'field', fieldname, value, valueTruncated: false, fieldnameTruncated: false };
        continue;
      }
      const bytes = Buffer.from(await value.arrayBuffer());
      const file = Object.assign(Readable.from([bytes], { objectMode: false }), { truncated: false });
      const { name: filename, type: mimetype } = value;
      const toBuffer = async () => bytes;
      yield { type: 'file', fieldname, filename, mimetype, encoding: '7bit', file, toBuffer, fields: {} };
    }
  }

  /** The first file part; one over `limits.fileSize` fails as @fastify/multipart's does. */
  async function file(options: { limits?: { fileSize?: number } } = {}): Promise<FilePart | undefined> {
    for await (const part of parts()) {
      if (part.type !== 'file') continue;
      const size = (await part.toBuffer()).length;
      if (size > (options.limits?.fileSize ?? Number.POSITIVE_INFINITY)) {
        throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      }
      return part;
    }
    return undefined;
  }

  return { isMultipart, parts, file };
}
