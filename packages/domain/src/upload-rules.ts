import type { FilePurpose } from './enums.js';
import { FILE_RULES } from './files.js';

/** 111's message: the extension is not in the purpose's list (spec §5 compares it in lower case). */
export function fileTypeMessage(purpose: FilePurpose, extension: string): string {
  const what = extension ? `.${extension} files are` : 'A file without an extension is';
  return `${what} not allowed here; allowed: ${FILE_RULES[purpose].extensions.join(', ')}`;
}

/** 413's message: over the purpose's limit (spec §5: MB of 10⁶ bytes). */
export const fileSizeMessage = (purpose: FilePurpose) =>
  `The file is larger than ${FILE_RULES[purpose].maxMb} MB`;
