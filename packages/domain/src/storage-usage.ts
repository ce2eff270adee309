import { FILE_PURPOSES, type FilePurpose } from './enums.js';

/**
 * Every column that references a stored file (table and column as named in TypeScript). The admin deletes
 * a file only when none of them names it; apps/api storage/file-references.ts counts over
 * this list, and its test checks the list against the database's own foreign keys.
 */
export const FILE_REFERENCES = [
  { table: 'contacts', column: 'copyOfProofFileId' },
  { table: 'participationAgreements', column: 'signedFileId' },
  { table: 'invoicingInformation', column: 'formFileId' },
  { table: 'agreementTemplates', column: 'fileId' },
  { table: 'certificateRequests', column: 'fileId' },
] as const;

/** Files and bytes of one purpose (a group of them, or one file: files 1, bytes its size). */
export interface PurposeCount {
  purpose: FilePurpose;
  files: number;
  bytes: number;
}

/**
 * "usage totals per container": files and bytes per purpose's container, every purpose
 * listed (an empty one with 0), and the totals.
 */
export function storageUsageOf(
  counts: readonly PurposeCount[],
  containerFor: (purpose: FilePurpose) => string,
) {
  const containers = FILE_PURPOSES.map((purpose) => {
    const inside = counts.filter((row) => row.purpose === purpose);
    const sum = (key: 'files' | 'bytes') => inside.reduce((total, row) => total + row[key], 0);
    return { purpose, container: containerFor(purpose), files: sum('files'), bytes: sum('bytes') };
  });
  const total = (key: 'files' | 'bytes') => containers.reduce((sum, row) => sum + row[key], 0);
  return { containers, totalFiles: total('files'), totalBytes: total('bytes') };
}
