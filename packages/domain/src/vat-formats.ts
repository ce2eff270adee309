import { EEA_COUNTRIES, isEeaCountry, type VatCountryCode } from './identifiers.js';

/**
 * What each country's VAT number looks like, in words, with an example: the same shapes
 * as VAT_PATTERNS (identifiers.ts, the VIES table), said so a person can correct the number. One home for
 * the message the API and the SPA give when a number does not have its country's shape.
 */
export const VAT_FORMATS: Readonly<Record<VatCountryCode, { format: string; example: string }>> = {
  AT: { format: 'ATU followed by 8 digits', example: 'ATU12345678' },
  BE: { format: 'BE followed by 10 digits, the first 0 or 1', example: 'BE0123456789' },
  BG: { format: 'BG followed by 9 or 10 digits', example: 'BG123456789' },
  CY: { format: 'CY followed by 8 digits and a letter', example: 'CY12345678X' },
  CZ: { format: 'CZ followed by 8 to 10 digits', example: 'CZ12345678' },
  DE: { format: 'DE followed by 9 digits', example: 'DE123456789' },
  DK: { format: 'DK followed by 8 digits', example: 'DK12345678' },
  EE: { format: 'EE followed by 9 digits', example: 'EE123456789' },
  ES: {
    format: 'ES followed by 9 characters: a letter or digit, 7 digits, a letter or digit (not both digits)',
    example: 'ESX1234567X',
  },
  FI: { format: 'FI followed by 8 digits', example: 'FI12345678' },
  FR: { format: 'FR followed by 2 letters or digits and 9 digits', example: 'FR40303265045' },
  GR: { format: 'EL followed by 9 digits', example: 'EL123456789' },
  HR: { format: 'HR followed by 11 digits', example: 'HR12345678901' },
  HU: { format: 'HU followed by 8 digits', example: 'HU12345678' },
  IE: { format: 'IE followed by 7 digits and 1 or 2 letters', example: 'IE1234567WA' },
  IT: { format: 'IT followed by 11 digits', example: 'IT12345678901' },
  LT: { format: 'LT followed by 9 or 12 digits', example: 'LT123456789' },
  LU: { format: 'LU followed by 8 digits', example: 'LU12345678' },
  LV: { format: 'LV followed by 11 digits', example: 'LV12345678901' },
  MT: { format: 'MT followed by 8 digits', example: 'MT12345678' },
  NL: { format: 'NL followed by 9 digits, B and 2 digits', example: 'NL123456789B01' },
  NO: { format: 'NO followed by 9 digits and MVA', example: 'NO123456789MVA' },
  PL: { format: 'PL followed by 10 digits', example: 'PL1234567890' },
  PT: { format: 'PT followed by 9 digits', example: 'PT123456789' },
  RO: { format: 'RO followed by 2 to 10 digits, the first not 0', example: 'RO1234567890' },
  SE: { format: 'SE followed by 10 digits and 01', example: 'SE123456789001' },
  SI: { format: 'SI followed by 8 digits', example: 'SI12345678' },
  SK: { format: 'SK followed by 10 digits', example: 'SK1234567890' },
};

/**
 * Why `vat` is not a VAT number of `country`: the country's format in words, with an example ("A VAT
 * number of Germany is DE followed by 9 digits, e.g. DE123456789."). Never "it starts with the prefix"
 * when it does.
 */
export function vatNumberFormatMessage(country: string): string {
  const upper = country.trim().toUpperCase();
  const code = upper === 'EL' ? 'GR' : upper;
  if (!isEeaCountry(code)) return 'Choose a country of the EEA first.';
  const name = EEA_COUNTRIES.find((entry) => entry.code === code)?.name ?? code;
  if (!(code in VAT_FORMATS)) return `Enter the VAT number of ${name}.`;
  const { format, example } = VAT_FORMATS[code as VatCountryCode];
  return `A VAT number of ${name} is ${format}, e.g. ${example}.`;
}
