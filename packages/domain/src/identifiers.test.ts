import { describe, expect, it } from 'vitest';
import {
  EEA_COUNTRIES,
  formatObpNumber,
  gtinCheckDigit,
  isEeaCountry,
  isGtin14,
  isObpNumber,
  isPpn,
  isProductCode,
  isPzn,
  isVatNumberShape,
  normaliseVatNumber,
  parseObpNumber,
  ppnCheckDigits,
  ppnFromPzn,
  pznCheckDigit,
  VAT_PATTERNS,
} from './identifiers.js';

describe('domain.md: the OBP number is C and 5 digits (C00123)', () => {
  it.each<[number, string]>([
    [1, 'C00001'],
    [123, 'C00123'],
    [99_999, 'C99999'],
  ])('organisation %s is %s', (n, expected) => {
    expect(formatObpNumber(n)).toBe(expected);
    expect(isObpNumber(expected)).toBe(true);
    expect(parseObpNumber(expected)).toBe(n);
  });

  it.each([[0], [100_000], [-1], [1.5]])('%s has no OBP number', (n) => {
    expect(() => formatObpNumber(n)).toThrow(RangeError);
  });

  it.each([['c00123'], ['C0123'], ['C001234'], ['X00123'], [' C00123'], ['C00000']])('%s is not one', (s) => {
    expect(parseObpNumber(s)).toBeNull();
  });
});

describe('domain.md: a product code is a 14-digit GTIN or a 12-digit PPN', () => {
  it.each<[string, string, boolean]>([
    ['a GTIN-14 from an EAN-13 with a leading 0', '04006381333931', true],
    ['the GS1 example GTIN-14', '10614141000415', true],
    ['a GTIN-14 with a wrong check digit', '10614141000416', false],
    ['13 digits are no GTIN-14', '4006381333931', false],
    ['letters are no GTIN', '1061414100041A', false],
  ])('%s: %s', (_rule, code, expected) => {
    expect(isGtin14(code)).toBe(expected);
  });

  it('the GS1 check digit: weights 3 and 1 from the right, up to a multiple of 10', () => {
    // 1061414100041 from the right: 1·3 + 4·1 + 0·3 + 0·1 + 0·3 + 1·1 + 4·3 + 1·1 + 4·3 + 1·1 + 6·3 + 0·1 + 1·3 = 75 → 5
    expect(gtinCheckDigit('1061414100041')).toBe(5);
    expect(gtinCheckDigit('12a')).toBeNull();
  });

  it('the IFA worked example: PRA 11 + PZN 03752864 → ASCII sum 3409, mod 97 = 14 → PPN 110375286414', () => {
    // IFA, "Check Digit Calculations of PZN, PPN and Basic UDI-DI" (26 January 2024): ASCII codes
    // 49 49 48 51 55 53 50 56 54 52 × weights 2…11 = 98+147+192+255+330+371+400+504+540+572 = 3409;
    // 3409 / 97 = 35 remainder 14.
    expect(ppnCheckDigits('1103752864')).toBe('14');
    expect(isPpn('110375286414')).toBe(true);
    expect(ppnFromPzn('03752864')).toBe('110375286414');
  });

  it('the IFA PZN example: 2758089 weighted 1…7 gives 174, mod 11 = 9 → PZN 27580899', () => {
    expect(pznCheckDigit('2758089')).toBe(9);
    expect(isPzn('27580899')).toBe(true);
    expect(ppnFromPzn('27580899')).toBe('112758089923');
    expect(ppnFromPzn('27580898')).toBeNull();
  });

  it('a single-digit remainder is written with a leading zero (Basic UDI-DI example of the same IFA page)', () => {
    expect(ppnCheckDigits('PP12345ABCD.12345678.90')).toBe('04');
  });

  it.each<[string, string, boolean]>([
    ['the IFA example', '110375286414', true],
    ['a wrong PPN check digit', '110375286415', false],
    ['two digits swapped', '110375826414', false],
    ['another PRA code', '120375286414', false],
    [
      'a PZN with a wrong check digit, even with matching PPN digits',
      `1103752865${ppnCheckDigits('1103752865')}`,
      false,
    ],
    ['11 digits', '11037528641', false],
  ])('%s: %s', (_rule, code, expected) => {
    expect(isPpn(code)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['10614141000415', true],
    ['110375286414', true],
    ['123456789012', false],
    ['12345678901234', false],
    ['', false],
  ])('%s is a product code: %s', (code, expected) => {
    expect(isProductCode(code)).toBe(expected);
  });
});

describe('EEA countries and VAT number shapes', () => {
  it('the EEA is the EU 27 plus Iceland, Liechtenstein and Norway, sorted by English name', () => {
    expect(EEA_COUNTRIES).toHaveLength(30);
    const names = EEA_COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(EEA_COUNTRIES.map((c) => c.code)).size).toBe(30);
    expect(isEeaCountry('NO')).toBe(true);
    expect(isEeaCountry('CH')).toBe(false);
    expect(isEeaCountry('GB')).toBe(false);
  });

  it('every EEA country has a pattern except Iceland and Liechtenstein', () => {
    const withPattern = Object.keys(VAT_PATTERNS).sort();
    const expected = EEA_COUNTRIES.map((c) => c.code)
      .filter((code) => code !== 'IS' && code !== 'LI')
      .sort();
    expect(withPattern).toEqual(expected);
  });

  it.each<[string, string, string, boolean]>([
    ['Austria: ATU and 8 digits', 'AT', 'ATU12345678', true],
    ['Belgium: 10 digits starting 0 or 1', 'BE', 'BE 0123.456.789', true],
    ['Belgium: not starting 2', 'BE', 'BE2123456789', false],
    ['Bulgaria: 9 or 10 digits', 'BG', 'BG1234567890', true],
    ['Cyprus: 8 digits and a letter', 'CY', 'CY12345678X', true],
    ['Czechia: 8 to 10 digits', 'CZ', 'CZ12345678', true],
    ['Germany: 9 digits, any case and spaces', 'de', 'de 123 456 789', true],
    ['Germany: 8 digits are too few', 'DE', 'DE12345678', false],
    ['Germany: the prefix is required', 'DE', '123456789', false],
    ['Greece uses the prefix EL', 'GR', 'EL123456789', true],
    ['Greece: not GR', 'GR', 'GR123456789', false],
    ['Greece may be named EL', 'EL', 'EL123456789', true],
    ['Spain: a letter, 7 digits, a letter or digit', 'ES', 'ESX1234567X', true],
    ['Spain: 8 digits and a letter', 'ES', 'ES12345678Z', true],
    ['Spain: not 9 digits', 'ES', 'ES123456789', false],
    ['France: 2 characters and the SIREN', 'FR', 'FR40303265045', true],
    ['France: no letter O in the key', 'FR', 'FRO0303265045', false],
    ['Croatia: 11 digits', 'HR', 'HR12345678901', true],
    ['Ireland: 7 digits and a letter', 'IE', 'IE1234567T', true],
    ['Ireland: 7 digits and two letters', 'IE', 'IE1234567WI', true],
    ['Ireland: the old form', 'IE', 'IE8Z49289F', true],
    ['Italy: 11 digits', 'IT', 'IT12345678901', true],
    ['Lithuania: 9 or 12 digits', 'LT', 'LT123456789012', true],
    ['Lithuania: not 10', 'LT', 'LT1234567890', false],
    ['Latvia: 11 digits', 'LV', 'LV12345678901', true],
    ['Luxembourg: 8 digits', 'LU', 'LU12345678', true],
    ['Malta: 8 digits', 'MT', 'MT12345678', true],
    ['Netherlands: 9 digits, B, 2 digits, with dots', 'NL', 'NL8537.22.046.B01', true],
    ['Netherlands: the B is required', 'NL', 'NL853722046001', false],
    ['Norway: 9 digits and MVA', 'NO', 'NO 123 456 789 MVA', true],
    ['Norway: MVA is required', 'NO', 'NO123456789', false],
    ['Poland: 10 digits', 'PL', 'PL1234567890', true],
    ['Portugal: 9 digits', 'PT', 'PT123456789', true],
    ['Romania: 2 to 10 digits, no leading 0', 'RO', 'RO18547290', true],
    ['Romania: not a leading 0', 'RO', 'RO0123', false],
    ['Sweden: 12 digits ending 01', 'SE', 'SE123456789001', true],
    ['Sweden: not ending 02', 'SE', 'SE123456789002', false],
    ['Slovenia: 8 digits', 'SI', 'SI12345678', true],
    ['Slovakia: 10 digits', 'SK', 'SK1234567890', true],
    ['Denmark: 8 digits', 'DK', 'DK12345678', true],
    ['Estonia: 9 digits', 'EE', 'EE123456789', true],
    ['Finland: 8 digits', 'FI', 'FI12345678', true],
    ['Hungary: 8 digits', 'HU', 'HU12345678', true],
    ['Iceland: no pattern, any non-blank value', 'IS', '12345', true],
    ['Liechtenstein: no pattern, any non-blank value', 'LI', 'MWST 12345', true],
    ['Iceland: but not blank', 'IS', ' . ', false],
    ['outside the EEA: never', 'CH', 'CHE123456789', false],
    ['another country’s number is not this country’s', 'FR', 'DE123456789', false],
  ])('%s', (_rule, country, vat, expected) => {
    expect(isVatNumberShape(country, vat)).toBe(expected);
  });

  it('normalises by removing spaces and dots and upper-casing', () => {
    expect(normaliseVatNumber(' nl 8537.22.046.b01 ')).toBe('NL853722046B01');
  });
});
