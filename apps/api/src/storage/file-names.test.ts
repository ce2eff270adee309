import { describe, expect, it } from 'vitest';
import { contentDisposition, MAX_NAME_LENGTH, sanitizeFileName } from './file-names.js';

describe('sanitizeFileName: the base name only, nothing a file system or a header trips on', () => {
  it.each([
    ['a plain name', 'Statement 2026.pdf', 'Statement 2026.pdf'],
    ['a Unix path (traversal)', '../../etc/passwd.pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\me\\..\\proof.PNG', 'proof.PNG'],
    ['leading dots (a hidden file)', '...hidden.pdf', 'hidden.pdf'],
    ['trailing dots and spaces', 'report.pdf. . ', 'report.pdf'],
    ['control characters', 'in\u0000voi\u001fce\n.pdf', 'invoice.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['characters Windows forbids', 'a<b>c:d"e|f?g*.pdf', 'a_b_c_d_e_f_g_.pdf'],
    ['runs of white space', 'my   big\u00a0file.pdf', 'my big file.pdf'],
    ['accents kept (NFC)', 'Re\u0301sume\u0301 – Zürich.pdf', 'Résumé – Zürich.pdf'],
    ['nothing left', '../..', 'file'],
    ['an empty name', '', 'file'],
  ])('%s', (_case, raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it(`cuts a long name to ${MAX_NAME_LENGTH} characters, keeping the extension`, () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(MAX_NAME_LENGTH);
    expect(name.endsWith('é.docx')).toBe(true);
  });
});

describe('contentDisposition: an attachment, with filename* for names beyond ASCII (RFC 5987)', () => {
  it.each([
    ['an ASCII name', 'proof.pdf', 'attachment; filename="proof.pdf"'],
    [
      'a name with accents',
      'Résumé (1).pdf',
      `attachment; filename="R_sum_ (1).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%281%29.pdf`,
    ],
    ['a name with emoji', '📄.pdf', `attachment; filename="__.pdf"; filename*=UTF-8''%F0%9F%93%84.pdf`],
  ])('%s', (_case, name, expected) => {
    expect(contentDisposition(name)).toBe(expected);
  });
});
