import { crc32 } from 'node:zlib';

// Test helpers: small files of each kind, built by hand so the tests need no fixture files, and multipart
// bodies built the way a browser builds them (FormData).

export interface FormFile {
  name: string;
  content: Uint8Array | string;
  /** The form field; 'file' unless given. */
  field?: string;
}

/** A form as a browser fills it: the fields first, then the files. */
export function uploadForm(fields: Record<string, string>, files: FormFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field ?? 'file', new Blob([file.content]), file.name);
  return form;
}

/** A form's multipart/form-data bytes and content-type header, as fetch would send them, for app.inject. */
export async function multipartBody(form: FormData) {
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, headers: { 'content-type': response.headers.get('content-type') ?? '' } };
}

/** A zip archive of stored (uncompressed) entries, in the order given. */
export function zipArchive(entries: Array<[name: string, content: string | Uint8Array]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OOXML = 'application/vnd.openxmlformats-officedocument';
const contentTypes = (partName: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${partName}" ContentType="${mainType}.main+xml"/></Types>`;

/** An Office Open XML package as Office writes it: [Content_Types].xml first. */
const officeFile = (folder: string, part: string, mainType: string) =>
  zipArchive([
    ['[Content_Types].xml', contentTypes(`/${folder}/${part}`, mainType)],
    ['_rels/.rels', '<Relationships/>'],
    [`${folder}/${part}`, '<document/>'],
  ]);

/** A minimal 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
  png: PNG,
  jpg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
  ]),
  /** An OLE2 compound file header, as .doc, .xls and .ppt start. */
  cfb: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  docx: officeFile('word', 'document.xml', `${OOXML}.wordprocessingml.document`),
  xlsx: officeFile('xl', 'workbook.xml', `${OOXML}.spreadsheetml.sheet`),
  pptx: officeFile('ppt', 'presentation.xml', `${OOXML}.presentationml.presentation`),
  /**
   * An xlsx as some writers (openpyxl) lay it out: [Content_Types].xml last, here beyond the first 64 KiB,
   * where file-type only sees a zip.
   */
  xlsxContentTypesLast: zipArchive([
    ['docProps/app.xml', '<Properties/>'],
    ['xl/workbook.xml', '<workbook/>'],
    ['xl/worksheets/sheet1.xml', `<worksheet>${' '.repeat(70_000)}</worksheet>`],
    ['[Content_Types].xml', contentTypes('/xl/workbook.xml', `${OOXML}.spreadsheetml.sheet`)],
  ]),
  zip: zipArchive([['notes.txt', 'hello']]),
  csr: '-----BEGIN CERTIFICATE REQUEST-----\nMIICWjCCAUICAQAwFTETMBEGA1UEAwwKcG9ydGFsLnRlc3Q=\n-----END CERTIFICATE REQUEST-----\n',
  text: 'just some text, not a picture\n',
};
