import { describe, expect, it } from 'vitest';
import { FILE_PURPOSES } from './enums.js';
import { storageUsageOf } from './storage-usage.js';

describe('storageUsageOf', () => {
  it('sums files and bytes per container, every purpose listed', () => {
    const usage = storageUsageOf(
      [
        { purpose: 'DOCUMENT', files: 1, bytes: 10 },
        { purpose: 'DOCUMENT', files: 2, bytes: 5 },
        { purpose: 'CSR', files: 1, bytes: 1 },
      ],
      (purpose) => `c-${purpose}`,
    );
    expect(usage.containers).toHaveLength(FILE_PURPOSES.length);
    expect(usage.containers).toContainEqual({
      purpose: 'DOCUMENT',
      container: 'c-DOCUMENT',
      files: 3,
      bytes: 15,
    });
    expect(usage.containers).toContainEqual({
      purpose: 'INVOICING_FORM',
      container: 'c-INVOICING_FORM',
      files: 0,
      bytes: 0,
    });
    expect(usage).toMatchObject({ totalFiles: 4, totalBytes: 16 });
  });
});
