import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../i18n/file-size';
import { allowedExtensions, type CheckFilesOptions, checkFiles, extensionOf } from './check-files';

/** A file of `size` bytes, without allocating them. */
function file(name: string, size = 10): File {
  const made = new File([], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

const names = (files: File[]) => files.map((one) => one.name);

describe('checkFiles (spec §5 Files)', () => {
  it.each<[string, File[], CheckFilesOptions, string[], Array<[string, string]>]>([
    ['an allowed extension is kept', [file('a.pdf')], { accept: ['pdf'], multiple: true }, ['a.pdf'], []],
    [
      "a purpose takes the API's extensions: a copy of proof is pdf, jpg or png",
      [file('proof.png'), file('proof.docx')],
      { accept: 'COPY_OF_PROOF', multiple: true },
      ['proof.png'],
      [['proof.docx', 'errors.form.extensionNotAllowed']],
    ],
    [
      "a purpose takes the API's size limit: a CSR is at most 1 MB",
      [file('iqe.csr', 1_000_000), file('big.csr', 1_000_001)],
      { accept: 'CSR', multiple: true },
      ['iqe.csr'],
      [['big.csr', 'errors.form.fileToLarge']],
    ],
    [
      'an upper-case extension is compared in lower case',
      [file('SCAN.PDF'), file('Photo.JpG')],
      { accept: ['pdf', 'image'], multiple: true },
      ['SCAN.PDF', 'Photo.JpG'],
      [],
    ],
    [
      'an extension outside the groups is rejected',
      [file('a.exe')],
      { accept: ['pdf'], multiple: true },
      [],
      [['a.exe', 'errors.form.extensionNotAllowed']],
    ],
    [
      'a file without extension is rejected',
      [file('README')],
      { accept: ['doc', 'pdf'], multiple: true },
      [],
      [['README', 'errors.form.extensionNotAllowed']],
    ],
    [
      'a dot file is a file without extension',
      [file('.pdf')],
      { accept: ['pdf'], multiple: true },
      [],
      [['.pdf', 'errors.form.extensionNotAllowed']],
    ],
    [
      'the image group: png, jpg, jpeg',
      [file('a.png'), file('b.jpg'), file('c.jpeg')],
      { accept: ['image'], multiple: true },
      ['a.png', 'b.jpg', 'c.jpeg'],
      [],
    ],
    [
      'the doc group: doc, docx',
      [file('a.doc'), file('b.docx')],
      { accept: ['doc'], multiple: true },
      ['a.doc', 'b.docx'],
      [],
    ],
    [
      'the sheet group: xls, xlsx, xlsm',
      [file('a.xls'), file('b.xlsx'), file('c.xlsm')],
      { accept: ['sheet'], multiple: true },
      ['a.xls', 'b.xlsx', 'c.xlsm'],
      [],
    ],
    [
      'the slide group: ppt, pptx',
      [file('a.ppt'), file('b.pptx')],
      { accept: ['slide'], multiple: true },
      ['a.ppt', 'b.pptx'],
      [],
    ],
    ['the csr group', [file('request.csr')], { accept: ['csr'], multiple: true }, ['request.csr'], []],
    [
      'a group not accepted rejects its extensions',
      [file('a.png')],
      { accept: ['doc'], multiple: true },
      [],
      [['a.png', 'errors.form.extensionNotAllowed']],
    ],
    [
      'exactly maxSizeMb × 1,000,000 bytes is accepted',
      [file('a.pdf', 2_000_000)],
      { accept: ['pdf'], maxSizeMb: 2, multiple: true },
      ['a.pdf'],
      [],
    ],
    [
      'one byte more is rejected',
      [file('a.pdf', 2_000_001)],
      { accept: ['pdf'], maxSizeMb: 2, multiple: true },
      [],
      [['a.pdf', 'errors.form.fileToLarge']],
    ],
    [
      'without maxSizeMb there is no limit',
      [file('a.pdf', 10 ** 10)],
      { accept: ['pdf'], multiple: true },
      ['a.pdf'],
      [],
    ],
    [
      'multiple keeps only the valid files',
      [file('a.pdf'), file('b.exe'), file('c.pdf', 1_000_001), file('d.PDF')],
      { accept: ['pdf'], maxSizeMb: 1, multiple: true },
      ['a.pdf', 'd.PDF'],
      [
        ['b.exe', 'errors.form.extensionNotAllowed'],
        ['c.pdf', 'errors.form.fileToLarge'],
      ],
    ],
  ])('%s', (_rule, files, options, kept, rejected) => {
    const checked = checkFiles(files, { ...options, multiple: true });
    expect(names(checked.value)).toEqual(kept);
    expect(checked.errors.map(({ file: one, key }) => [one.name, key])).toEqual(rejected);
  });

  it.each<[string, File[], string | null, string[]]>([
    ['single takes the first valid file', [file('a.exe'), file('b.pdf'), file('c.pdf')], 'b.pdf', ['a.exe']],
    ['single with no valid file is null', [file('a.exe')], null, ['a.exe']],
    ['single with no file is null', [], null, []],
  ])('%s', (_rule, files, value, rejected) => {
    const checked = checkFiles(files, { accept: ['pdf'] });
    expect(checked.value?.name ?? null).toBe(value);
    expect(checked.errors.map(({ file: one }) => one.name)).toEqual(rejected);
  });
});

describe('file helpers', () => {
  it.each([
    ['report.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['README', ''],
    ['.hidden', ''],
    ['trailing.', ''],
  ])('the extension of %s is %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });

  it('lists the allowed extensions of the groups once each', () => {
    expect(allowedExtensions(['image', 'pdf', 'image'])).toEqual(['png', 'jpg', 'jpeg', 'pdf']);
  });

  it.each([
    [0, '0 B'],
    [49, '49 B'],
    [999, '999 B'],
    [1000, '1 kB'],
    [15_360, '15.4 kB'],
    [999_949, '999.9 kB'],
    [999_990, '1 MB'],
    [1_000_000, '1 MB'],
    [2_500_000, '2.5 MB'],
    [12_345_678, '12.3 MB'],
  ])('formats %i bytes as %s (decimal units, as the limit)', (bytes, text) => {
    expect(formatFileSize(bytes, 'en')).toBe(text);
  });
});
