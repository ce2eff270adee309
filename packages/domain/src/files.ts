import type { FilePurpose } from './enums.js';

/** spec §5: a file's size limit is in megabytes of 1,000,000 bytes. */
export const BYTES_PER_MB = 1_000_000;

export interface FileRule {
  /** Lower-case extensions, without the dot (spec §5 compares them in lower case). */
  extensions: readonly string[];
  /** The size limit in MB of 10⁶ bytes (spec §5). */
  maxMb: number;
}

/**
 * domain.md "Screens": the files each step allows (copyOfProof pdf/jpg/png; signed agreement pdf; invoicing
 * form pdf/doc/docx/xls/xlsx; CSR .csr). An administrator's own documents take spec §3's list of types.
 */
export const FILE_RULES: Record<FilePurpose, FileRule> = {
  COPY_OF_PROOF: { extensions: ['pdf', 'jpg', 'jpeg', 'png'], maxMb: 10 },
  AGREEMENT_TEMPLATE: { extensions: ['pdf'], maxMb: 25 },
  SIGNED_AGREEMENT: { extensions: ['pdf'], maxMb: 25 },
  INVOICING_FORM: { extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx'], maxMb: 10 },
  CSR: { extensions: ['csr'], maxMb: 1 },
  DOCUMENT: {
    extensions: ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip'],
    maxMb: 25,
  },
};

/** The lower-cased extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export const maxBytes = (purpose: FilePurpose) => FILE_RULES[purpose].maxMb * BYTES_PER_MB;

export const isAllowedExtension = (purpose: FilePurpose, name: string) =>
  FILE_RULES[purpose].extensions.includes(extensionOf(name));
