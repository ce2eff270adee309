import type { FilePurpose } from '@portal/contracts';
import { fileSizeMessage, fileTypeMessage } from '@portal/domain';
import { ApiError, type ErrorEntry } from '../http/api-error.js';

// spec §8: 413 FILE_TOO_LARGE; 111 and 112 both show INVALID_FILE.

/** spec §5: over the purpose's limit (packages/domain upload-rules.ts). */
export const fileTooLarge = (purpose: FilePurpose) =>
  new ApiError(413, 'FILE_TOO_LARGE', fileSizeMessage(purpose));

/** 111: the extension is not in the purpose's list. */
export const typeNotAllowed = (purpose: FilePurpose, extension: string) =>
  new ApiError(400, '111', fileTypeMessage(purpose, extension));

/** 112: the bytes are not what the extension says (a renamed file). */
export const contentMismatch = (extension: string) =>
  new ApiError(400, '112', `The file's content is not a .${extension} file`);

/** A form field at fault, in the list shape the central handler gives validation errors (spec §8). */
export const invalidFields = (entries: Array<Omit<ErrorEntry, 'code'>>) =>
  new ApiError(
    400,
    'INVALID_FIELD',
    entries.map((entry) => entry.message).join('; '),
    entries.map((entry) => ({ code: 'INVALID_FIELD', ...entry })),
  );

/** A body that is not the one multipart form expected: refused with 4xx, never a 500. */
export const invalidMultipart = (message = 'The upload is not a well-formed multipart/form-data body') =>
  new ApiError(400, 'INVALID_MULTIPART', message);
