import { describe, expect, it } from 'vitest';
import { uploadRefusal } from './upload-rules.js';

describe('uploadRefusal (spec §5)', () => {
  it('refuses an extension the purpose does not allow (111), then a file over its limit (413)', () => {
    expect(uploadRefusal('CSR', 'a.pdf', 10)).toEqual({
      status: 400,
      code: '111',
      message: '.pdf files are not allowed here; allowed: csr',
    });
    expect(uploadRefusal('CSR', 'README', 10)?.message).toMatch(
      /^A file without an extension is not allowed/,
    );
    expect(uploadRefusal('CSR', 'a.CSR', 1_000_001)).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than 1 MB',
    });
    expect(uploadRefusal('CSR', 'a.csr', 1_000_000)).toBeUndefined();
  });
});
