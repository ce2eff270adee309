import type { FilePurpose } from './enums.js';
import { extensionOf, FILE_RULES, isAllowedExtension, maxBytes } from './files.js';

/** A refused upload (spec §8: 111 shows INVALID_FILE, 413 FILE_TOO_LARGE), as the API and mock mode answer it. */
export interface UploadRefusal {
  status: 400 | 413;
  code: '111' | 'FILE_TOO_LARGE';
  message: string;
}

/** 111's message: the extension is not in the purpose's list (spec §5 compares it in lower case). */
export function fileTypeMessage(purpose: FilePurpose, extension: string): string {
  const what = extension ? `.${extension} files are` : 'A file without an extension is';
  return `${what} not allowed here; allowed: ${FILE_RULES[purpose].extensions.join(', ')}`;
}

/** 413's message: over the purpose's limit (spec §5: MB of 10⁶ bytes). */
export const fileSizeMessage = (purpose: FilePurpose) =>
  `The file is larger than ${FILE_RULES[purpose].maxMb} MB`;

/** A file's name and size against its purpose's rules: the extension first, then the size. */
export function uploadRefusal(purpose: FilePurpose, name: string, size: number): UploadRefusal | undefined {
  if (!isAllowedExtension(purpose, name)) {
    return { status: 400, code: '111', message: fileTypeMessage(purpose, extensionOf(name)) };
  }
  if (size > maxBytes(purpose))
    return { status: 413, code: 'FILE_TOO_LARGE', message: fileSizeMessage(purpose) };
  return undefined;
}
