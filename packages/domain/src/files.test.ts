import { describe, expect, it } from 'vitest';
import { containerName, isAllowedExtension, maxBytes } from './files.js';

describe('files', () => {
  it('names one container per purpose: the prefix, then the purpose in lower case with -', () => {
    expect(containerName('portal-', 'COPY_OF_PROOF')).toBe('portal-copy-of-proof');
    expect(containerName('', 'CSR')).toBe('csr');
  });

  it('checks the extension in lower case and the limit in MB of 10⁶ bytes (spec §5)', () => {
    expect(isAllowedExtension('CSR', 'REQUEST.CSR')).toBe(true);
    expect(isAllowedExtension('CSR', 'request.pdf')).toBe(false);
    expect(maxBytes('CSR')).toBe(1_000_000);
  });
});
