import { FILE_RULES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { CONTENT_RULES, checkContent } from './content-check.js';
import { SAMPLES } from './test-uploads.js';

const OOXML = 'application/vnd.openxmlformats-officedocument';

describe('checkContent: the first bytes must be what the extension says (issue; 112 otherwise)', () => {
  it('knows every extension some purpose allows', () => {
    const allowed = new Set(Object.values(FILE_RULES).flatMap((rule) => rule.extensions));
    expect([...allowed].filter((extension) => !CONTENT_RULES[extension])).toEqual([]);
  });

  it.each([
    ['pdf', SAMPLES.pdf, 'application/pdf'],
    ['jpg', SAMPLES.jpg, 'image/jpeg'],
    ['jpeg', SAMPLES.jpg, 'image/jpeg'],
    ['png', SAMPLES.png, 'image/png'],
    ['doc', SAMPLES.cfb, 'application/msword'],
    ['xls', SAMPLES.cfb, 'application/vnd.ms-excel'],
    ['ppt', SAMPLES.cfb, 'application/vnd.ms-powerpoint'],
    ['docx', SAMPLES.docx, `${OOXML}.wordprocessingml.document`],
    ['xlsx', SAMPLES.xlsx, `${OOXML}.spreadsheetml.sheet`],
    ['xlsx with [Content_Types].xml last', SAMPLES.xlsxContentTypesLast, `${OOXML}.spreadsheetml.sheet`],
    ['pptx', SAMPLES.pptx, `${OOXML}.presentationml.presentation`],
    ['zip', SAMPLES.zip, 'application/zip'],
    ['zip holding an Office document', SAMPLES.docx, 'application/zip'],
    ['csr', Buffer.from(SAMPLES.csr), 'application/pkcs10'],
    [
      'csr (NEW CERTIFICATE REQUEST)',
      Buffer.from(SAMPLES.csr.replaceAll('CERTIFICATE', 'NEW CERTIFICATE')),
      'application/pkcs10',
    ],
    ['csr after a BOM and a blank line', Buffer.from(`\uFEFF\n${SAMPLES.csr}`), 'application/pkcs10'],
  ])('accepts a real %s and stores it as %s', async (label, bytes, mime) => {
    const extension = label.split(' ')[0] ?? '';
    expect(await checkContent(extension, bytes.subarray(0, 64 * 1024))).toBe(mime);
  });

  it.each([
    ['a PNG named .pdf', 'pdf', SAMPLES.png],
    ['text named .png', 'png', Buffer.from(SAMPLES.text)],
    ['a PDF named .jpg', 'jpg', SAMPLES.pdf],
    ['a PDF named .doc', 'doc', SAMPLES.pdf],
    ['a plain zip named .docx', 'docx', SAMPLES.zip],
    ['a docx named .xlsx', 'xlsx', SAMPLES.docx],
    ['an xlsx named .pptx', 'pptx', SAMPLES.xlsx],
    ['a PDF named .zip', 'zip', SAMPLES.pdf],
    ['a PDF named .csr', 'csr', SAMPLES.pdf],
    ['a certificate (not a request) named .csr', 'csr', Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n')],
    ['an empty .pdf', 'pdf', Buffer.alloc(0)],
    ['an extension no purpose allows', 'exe', Buffer.from('MZ')],
  ])('refuses %s with 112', async (_case, extension, bytes) => {
    await expect(checkContent(extension, bytes)).rejects.toMatchObject({ statusCode: 400, code: '112' });
  });
});
