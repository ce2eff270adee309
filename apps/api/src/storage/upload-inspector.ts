import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FilePurpose } from '@portal/contracts';
import { maxBytes } from '@portal/domain';
import { checkContent, SNIFF_BYTES } from './content-check.js';
import { fileTooLarge } from './upload-errors.js';

export interface Inspection {
  size: number;
  sha256: string;
  mime: string;
}

/**
 * The tap an upload streams through on its way to the store. It counts the bytes and fails as soon as they
 * pass the purpose's limit (so reading stops there), hashes them (sha256), and holds back the first
 * SNIFF_BYTES until their content matches the extension: the store receives nothing of a refused file.
 */
export class UploadInspector extends Transform {
  readonly #purpose: FilePurpose;
  readonly #extension: string;
  readonly #limit: number;
  readonly #hash: Hash = createHash('sha256');
  #size = 0;
  #head: Buffer[] = [];
  #headLength = 0;
  #mime: string | undefined;
  #sha256: string | undefined;

  constructor(purpose: FilePurpose, extension: string) {
    super();
    this.#purpose = purpose;
    this.#extension = extension;
    this.#limit = maxBytes(purpose);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    // issue: stop reading as soon as the limit is exceeded.
    if (this.#size > this.#limit) {
      callback(fileTooLarge(this.#purpose));
    } else if (this.#mime !== undefined) {
      this.#hash.update(chunk);
      callback(null, chunk);
    } else {
      this.#hash.update(chunk);
      this.#head.push(chunk);
      this.#headLength += chunk.length;
      if (this.#headLength < SNIFF_BYTES) callback();
      else this.#release().then(() => callback(), callback);
    }
  }

  override _flush(callback: TransformCallback): void {
    const done = () => {
      this.#sha256 = this.#hash.digest('hex');
      callback();
    };
    if (this.#mime !== undefined) done();
    else this.#release().then(done, callback);
  }

  /** Judges the held-back head and, when it passes, lets it through. */
  async #release(): Promise<void> {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.#mime = await checkContent(this.#extension, head);
    this.push(head);
  }

  /** What was read, once the stream has ended. */
  result(): Inspection {
    if (this.#mime === undefined || this.#sha256 === undefined) {
      throw new Error('The upload has not been read to its end');
    }
    return { size: this.#size, sha256: this.#sha256, mime: this.#mime };
  }
}
