import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeModal } from '../modal/modal-store';

// Node's fetch (undici) sends only its own FormData as multipart: from Node 22 on, jsdom's is posted as the
// text "[object FormData]" and msw reads no part. A browser has one FormData, File and Blob; the tests use
// Node's three, so what the pages and tests build is what fetch sends.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor;
Object.assign(globalThis, { FormData: NodeFormData, File: NodeFile, Blob: NodeBlob });
// jsdom gives the tests its own realm's Uint8Array and ArrayBuffer, of which Node's Buffer and the bytes its
// APIs return are not instances: the API's upload check (file-type) refused every file mock mode's world
// received. A browser has one of each; the tests use Node's.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
Object.assign(globalThis, {
  Uint8Array: NodeUint8Array,
  ArrayBuffer: new NodeUint8Array(0).buffer.constructor,
});

afterEach(() => {
  // The one modal is a module's state, which the files of the shared project share: none outlives its test.
  act(() => closeModal());
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
