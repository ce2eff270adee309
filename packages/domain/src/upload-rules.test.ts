import { describe, expect, it } from 'vitest';
import { fileSizeMessage, fileTypeMessage } from './upload-rules.js';

describe('an upload refusal in words (spec §5)', () => {
  it('names the extensions the purpose allows (111), and its limit in MB (413)', () => {
    expect(fileTypeMessage('CSR', 'pdf')).toBe('.pdf files are not allowed here; allowed: csr');
    expect(fileTypeMessage('CSR', '')).toMatch(/^A file without an extension is not allowed/);
    expect(fileSizeMessage('CSR')).toBe('The file is larger than 1 MB');
  });
});
