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

/** issue: one container per purpose, `${prefix}${purpose in lower case with -}`, e.g. portal-copy-of-proof. */
export const containerName = (prefix: string, purpose: FilePurpose) =>
  `${prefix}${purpose.toLowerCase().replaceAll('_', '-')}`;

export const maxBytes = (purpose: FilePurpose) => FILE_RULES[purpose].maxMb * BYTES_PER_MB;

export const isAllowedExtension = (purpose: FilePurpose, name: string) =>
  FILE_RULES[purpose].extensions.includes(extensionOf(name));

/**
 * Who may read a stored file: ADMIN and EMVO every file; an EXTERNAL user those of the organisation they
 * act for, and a published version of the participation agreement template (it belongs to no organisation:
 * every company downloads it to sign). Any other file is answered as a missing one, so nothing leaks.
 */
export function mayReadFile(
  caller: { roles: readonly string[]; organisationId: string | null },
  file: { organisationId: string | null; purpose: FilePurpose },
  publishedTemplate: boolean,
): boolean {
  if (caller.roles.includes('ADMIN') || caller.roles.includes('EMVO')) return true;
  if (file.purpose === 'AGREEMENT_TEMPLATE' && file.organisationId === null) return publishedTemplate;
  return file.organisationId !== null && file.organisationId === caller.organisationId;
}
