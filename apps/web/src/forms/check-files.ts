import type { FilePurpose } from '@portal/contracts';
import { BYTES_PER_MB, extensionOf, FILE_RULES } from '@portal/domain';
import { tk } from '../i18n/i18n';

// Below the forms, for the ui/ links that show a stored file's size too.
export { BYTES_PER_MB, extensionOf };

/** spec §5 Files: the allowed extensions by group. */
export const FILE_GROUPS = {
  image: ['png', 'jpg', 'jpeg'],
  doc: ['doc', 'docx'],
  sheet: ['xls', 'xlsx', 'xlsm'],
  slide: ['ppt', 'pptx'],
  pdf: ['pdf'],
  csr: ['csr'],
} as const satisfies Record<string, readonly string[]>;

export type FileGroup = keyof typeof FILE_GROUPS;

/** spec §5 Files messages (the key's spelling is the spec's: fileToLarge). */
export const FILE_MESSAGES = {
  extensionNotAllowed: tk('errors.form.extensionNotAllowed'),
  fileToLarge: tk('errors.form.fileToLarge'),
} as const;

export interface FileRejection {
  file: File;
  key: (typeof FILE_MESSAGES)[keyof typeof FILE_MESSAGES];
}

/**
 * What a file input accepts: spec §5 groups of extensions, or a stored file's purpose, whose extensions and
 * size limit are the ones the API enforces (packages/domain FILE_RULES).
 */
export type FileAccept = readonly FileGroup[] | FilePurpose;

export interface CheckFilesOptions {
  accept: FileAccept;
  /** No limit when absent (spec §5: the default is not shown); a purpose's own limit by default. */
  maxSizeMb?: number | undefined;
  multiple?: boolean;
}

export interface CheckedFiles<TValue> {
  /** The valid files when multiple, else the first valid file or null. */
  value: TValue;
  /** The rejected files, dropped from the value, each with its message key. */
  errors: FileRejection[];
}

/** The extensions the groups (or the purpose) allow, in lower case, without dots. */
export function allowedExtensions(accept: FileAccept): string[] {
  if (typeof accept === 'string') return [...FILE_RULES[accept].extensions];
  return [...new Set(accept.flatMap((group) => FILE_GROUPS[group]))];
}

/** The size limit in MB: the one given, else the purpose's; none for groups without one. */
export const maxSizeMbOf = (accept: FileAccept, maxSizeMb: number | undefined) =>
  maxSizeMb ?? (typeof accept === 'string' ? FILE_RULES[accept].maxMb : undefined);

/**
 * spec §5 Files: each file's extension, in lower case, must be in the allowed groups
 * (errors.form.extensionNotAllowed), and its size at most maxSizeMb × 1,000,000 bytes
 * (errors.form.fileToLarge). Rejected files are dropped: the value is the list of valid files when
 * multiple, else the first valid one (or null).
 */
export function checkFiles(
  files: Iterable<File>,
  options: CheckFilesOptions & { multiple: true },
): CheckedFiles<File[]>;
export function checkFiles(
  files: Iterable<File>,
  options: CheckFilesOptions & { multiple?: false },
): CheckedFiles<File | null>;
export function checkFiles(
  files: Iterable<File>,
  options: CheckFilesOptions,
): CheckedFiles<File[] | File | null>;
export function checkFiles(
  files: Iterable<File>,
  options: CheckFilesOptions,
): CheckedFiles<File[] | File | null> {
  const extensions = allowedExtensions(options.accept);
  const maxSizeMb = maxSizeMbOf(options.accept, options.maxSizeMb);
  const limit = maxSizeMb === undefined ? Number.POSITIVE_INFINITY : maxSizeMb * BYTES_PER_MB;
  const valid: File[] = [];
  const errors: FileRejection[] = [];
  for (const file of files) {
    if (!extensions.includes(extensionOf(file.name)))
      errors.push({ file, key: FILE_MESSAGES.extensionNotAllowed });
    else if (file.size > limit) errors.push({ file, key: FILE_MESSAGES.fileToLarge });
    else valid.push(file);
  }
  return { value: options.multiple ? valid : (valid[0] ?? null), errors };
}
