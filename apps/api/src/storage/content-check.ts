import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import { contentMismatch } from './upload-errors.js';

/** How much of a file's start is read before its content is judged: enough for file-type's zip walk. */
export const SNIFF_BYTES = 64 * 1024;

const OOXML = 'application/vnd.openxmlformats-officedocument';
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CSR_HEADERS = ['-----BEGIN CERTIFICATE REQUEST-----', '-----BEGIN NEW CERTIFICATE REQUEST-----'];

interface ContentRule {
  /** Whether the first bytes, and what file-type made of them, are this kind of file. */
  matches(detected: FileTypeResult | undefined, head: Buffer): boolean;
  /** The type the file is stored and served with: a fixed one per extension, never the browser's claim. */
  mime: string;
}

const detectedAs =
  (...mimes: string[]) =>
  (detected: FileTypeResult | undefined) =>
    detected !== undefined && mimes.includes(detected.mime);

/** The names of the zip entries whose local headers lie within the bytes read. */
function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  for (let at = head.indexOf(ZIP_LOCAL_HEADER); at >= 0; at = head.indexOf(ZIP_LOCAL_HEADER, at + 4)) {
    if (at + 30 > head.length) break;
    const nameLength = head.readUInt16LE(at + 26);
    names.push(head.subarray(at + 30, at + 30 + nameLength).toString('latin1'));
  }
  return names;
}

/**
 * An Office Open XML file: file-type reads [Content_Types].xml when it comes first (as Office writes it).
 * Some writers put it last, beyond the bytes read; file-type then reports a plain zip, which passes when
 * the entries read include the format's own folder (word/, xl/, ppt/).
 */
const openXml =
  (mime: string, folder: string): ContentRule['matches'] =>
  (detected, head) =>
    detected?.mime === mime ||
    (detected?.mime === 'application/zip' && zipEntryNames(head).some((name) => name.startsWith(folder)));

/** An OLE2 compound file (Office 97-2003), which file-type names application/x-cfb. */
const compoundFile = detectedAs('application/x-cfb');

/** issue: what each allowed extension's bytes must be (covers every extension of FILE_RULES). */
export const CONTENT_RULES: Readonly<Record<string, ContentRule>> = {
  pdf: { matches: detectedAs('application/pdf'), mime: 'application/pdf' },
  jpg: { matches: detectedAs('image/jpeg'), mime: 'image/jpeg' },
  jpeg: { matches: detectedAs('image/jpeg'), mime: 'image/jpeg' },
  // An animated PNG is a PNG too.
  png: { matches: detectedAs('image/png', 'image/apng'), mime: 'image/png' },
  doc: { matches: compoundFile, mime: 'application/msword' },
  xls: { matches: compoundFile, mime: 'application/vnd.ms-excel' },
  ppt: { matches: compoundFile, mime: 'application/vnd.ms-powerpoint' },
  docx: {
    matches: openXml(`${OOXML}.wordprocessingml.document`, 'word/'),
    mime: `${OOXML}.wordprocessingml.document`,
  },
  xlsx: { matches: openXml(`${OOXML}.spreadsheetml.sheet`, 'xl/'), mime: `${OOXML}.spreadsheetml.sheet` },
  pptx: {
    matches: openXml(`${OOXML}.presentationml.presentation`, 'ppt/'),
    mime: `${OOXML}.presentationml.presentation`,
  },
  // Any zip archive: an archive that happens to hold an Office document or a jar is still a zip.
  zip: {
    matches: (_detected, head) => head.subarray(0, 4).equals(ZIP_LOCAL_HEADER),
    mime: 'application/zip',
  },
  // A certificate signing request in PEM, as openssl writes it (an optional BOM and blank lines first).
  csr: {
    matches: (_detected, head) => {
      const text = head
        .subarray(0, 200)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart();
      return CSR_HEADERS.some((header) => text.startsWith(header));
    },
    mime: 'application/pkcs10',
  },
};

/**
 * issue: the content sniffed from its first bytes, so a lying extension is refused (112). Answers the type
 * to store the file with.
 */
export async function checkContent(extension: string, head: Buffer): Promise<string> {
  const rule = CONTENT_RULES[extension];
  if (!rule || head.length === 0) throw contentMismatch(extension);
  // file-type throws on some malformed inputs; such bytes are no file of any allowed kind.
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!rule.matches(detected, head)) throw contentMismatch(extension);
  return rule.mime;
}
