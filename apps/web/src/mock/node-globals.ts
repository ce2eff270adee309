import { Buffer } from 'buffer/';
import process from 'process/browser.js';

/*
 * What the API's code (apps/api, run by mock-world.ts) and its stream library expect of Node: the Buffer
 * and process globals. Imported first by the worker, so it runs before any module that reads them.
 */
globalThis.Buffer ??= Buffer as unknown as typeof globalThis.Buffer;

// The port predates Node's base64url encoding (mailed links' tokens, the live stream's tickets): added
// here; its base64 decoder already reads the URL-safe alphabet.
type Encoding = Parameters<Buffer['toString']>[0];
const bufferToString = Buffer.prototype.toString;
Buffer.prototype.toString = function (this: Buffer, encoding?: Encoding | 'base64url', ...range: number[]) {
  if (encoding !== 'base64url') return bufferToString.call(this, encoding, ...range);
  return bufferToString
    .call(this, 'base64', ...range)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};
const from = Buffer.from;
Buffer.from = ((value: unknown, encoding?: unknown, ...rest: unknown[]) =>
  (from as (...args: unknown[]) => Buffer)(
    value,
    encoding === 'base64url' ? 'base64' : encoding,
    ...rest,
  )) as typeof Buffer.from;
globalThis.process ??= process as unknown as typeof globalThis.process;
