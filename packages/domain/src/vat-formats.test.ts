import { describe, expect, it } from 'vitest';
import { isVatNumberShape, VAT_PATTERNS, type VatCountryCode } from './identifiers.js';
import { VAT_FORMATS, vatNumberFormatMessage } from './vat-formats.js';

describe('VAT formats', () => {
  it('says the country’s format with an example, never that it starts with the prefix', () => {
    expect(vatNumberFormatMessage('DE')).toBe(
      'A VAT number of Germany is DE followed by 9 digits, e.g. DE123456789.',
    );
    expect(vatNumberFormatMessage('gr')).toBe(
      'A VAT number of Greece is EL followed by 9 digits, e.g. EL123456789.',
    );
    expect(vatNumberFormatMessage('IS')).toBe('Enter the VAT number of Iceland.');
    expect(vatNumberFormatMessage('US')).toBe('Choose a country of the EEA first.');
    expect(vatNumberFormatMessage('DE')).not.toMatch(/prefix/);
  });

  it.each(Object.keys(VAT_PATTERNS) as VatCountryCode[])(
    '%s: its example has the country’s shape',
    (code) => {
      expect(isVatNumberShape(code, VAT_FORMATS[code].example)).toBe(true);
    },
  );
});
