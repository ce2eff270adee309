// ---------------------------------------------------------------------------------------------------------
// OBP number (domain.md Organisation: "obpNumber (C00123…)")
// ---------------------------------------------------------------------------------------------------------

export const OBP_NUMBER_PATTERN = /^C\d{5}$/;
export const MAX_OBP_SEQUENCE = 99_999;

/** The OBP number of the n-th organisation: 'C' and 5 digits. Throws a RangeError outside 1…99,999. */
export function formatObpNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_OBP_SEQUENCE) {
    throw new RangeError(`An OBP number's sequence runs from 1 to ${MAX_OBP_SEQUENCE}, got ${n}`);
  }
  return `C${String(n).padStart(5, '0')}`;
}

export const isObpNumber = (s: string): boolean => OBP_NUMBER_PATTERN.test(s);

/** The sequence number of an OBP number ('C00123' → 123), or null when it is none. */
export const parseObpNumber = (s: string): number | null =>
  isObpNumber(s) && s !== 'C00000' ? Number(s.slice(1)) : null;

// ---------------------------------------------------------------------------------------------------------
// Product codes (domain.md MAH products: "productCode (14-digit GTIN or 12-digit PPN)")
// ---------------------------------------------------------------------------------------------------------

const digitsOf = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0) - 48);

/**
 * The GS1 mod-10 check digit of a GTIN's leading digits: from the right, weights 3, 1, 3, 1…; the check
 * digit brings the sum up to a multiple of 10. `body` is the GTIN without its last digit.
 */
export function gtinCheckDigit(body: string): number | null {
  if (!/^\d+$/.test(body)) return null;
  const sum = digitsOf(body)
    .reverse()
    .reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** A 14-digit GTIN whose last digit is its GS1 check digit. */
export const isGtin14 = (code: string): boolean =>
  /^\d{14}$/.test(code) && gtinCheckDigit(code.slice(0, 13)) === Number(code.slice(13));

/**
 * The PZN's own check digit (IFA, "Check Digit Calculations of PZN, PPN and Basic UDI-DI", 2024): the first
 * seven digits weighted 1…7, the sum mod 11. A remainder of 10 is never issued as a PZN: null.
 */
export function pznCheckDigit(first7: string): number | null {
  if (!/^\d{7}$/.test(first7)) return null;
  const remainder = digitsOf(first7).reduce((acc, digit, i) => acc + digit * (i + 1), 0) % 11;
  return remainder === 10 ? null : remainder;
}

export const isPzn = (pzn: string): boolean =>
  /^\d{8}$/.test(pzn) && pznCheckDigit(pzn.slice(0, 7)) === Number(pzn.slice(7));

/**
 * The two PPN check digits (same IFA document): each character's ASCII code times its weight, weights
 * starting at 2 on the left and rising by one; the sum mod 97, written with 2 digits.
 * Worked example of the IFA: '1103752864' → 3409 → 3409 mod 97 = 14 → PPN 110375286414.
 */
export function ppnCheckDigits(base: string): string {
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) sum += base.charCodeAt(i) * (i + 2);
  return String(sum % 97).padStart(2, '0');
}

/** The PRA code of the German PZN, the only one that makes the 12-digit PPN of domain.md. */
export const PPN_PRA_CODE_PZN = '11';

/**
 * A 12-digit PPN (domain.md; the database's check `^[0-9]{12}$`): PRA code '11', an 8-digit PZN with a valid
 * check digit (IFA: for PRA code 11 the product number is a PZN) and the two mod-97 check digits. Other
 * PRA codes carry national numbers of other lengths, so they cannot make a 12-digit code here.
 */
export const isPpn = (code: string): boolean =>
  /^\d{12}$/.test(code) &&
  code.startsWith(PPN_PRA_CODE_PZN) &&
  isPzn(code.slice(2, 10)) &&
  ppnCheckDigits(code.slice(0, 10)) === code.slice(10);

/** The PPN of a PZN ('03752864' → '110375286414'), or null when the PZN is not valid. */
export function ppnFromPzn(pzn: string): string | null {
  if (!isPzn(pzn)) return null;
  const base = `${PPN_PRA_CODE_PZN}${pzn}`;
  return `${base}${ppnCheckDigits(base)}`;
}

/** domain.md: a product code is a 14-digit GTIN or a 12-digit PPN. */
export const isProductCode = (code: string): boolean => isGtin14(code) || isPpn(code);

// ---------------------------------------------------------------------------------------------------------
// Countries and VAT numbers (domain.md Organisation: "address {…, country (EEA)}", vatNumber)
// ---------------------------------------------------------------------------------------------------------

/** The EEA: the EU 27 plus Iceland, Liechtenstein and Norway, ISO 3166-1 alpha-2, sorted by English name. */
export const EEA_COUNTRIES = [
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NO', name: 'Norway' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
] as const;
export type EeaCountryCode = (typeof EEA_COUNTRIES)[number]['code'];

/** The EEA's country codes, in the order of EEA_COUNTRIES (by name). */
export const EEA_COUNTRY_CODES: readonly EeaCountryCode[] = EEA_COUNTRIES.map((c) => c.code);

const EEA_CODES: ReadonlySet<string> = new Set(EEA_COUNTRY_CODES);
export const isEeaCountry = (code: string): code is EeaCountryCode => EEA_CODES.has(code);

/** Iceland and Liechtenstein: VIES does not cover them and there is no EU-style prefix to enforce. */
export const VAT_COUNTRIES_WITHOUT_PATTERN = ['IS', 'LI'] as const satisfies readonly EeaCountryCode[];
export type VatCountryCode = Exclude<EeaCountryCode, (typeof VAT_COUNTRIES_WITHOUT_PATTERN)[number]>;

/**
 * The shape of a VAT number per country (the European Commission's VIES table), prefix included, after
 * normalising (upper case, no spaces or dots). Keyed by ISO code: Greece is GR, its VAT prefix is EL.
 * Norway: the organisation number followed by MVA. A shape says nothing of the number's existence.
 */
export const VAT_PATTERNS: Readonly<Record<VatCountryCode, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  // VIES: the first and last characters may be letters or digits, but not both digits.
  ES: /^ES(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^FI\d{8}$/,
  // VIES: 2 characters (letters but I and O, or digits), then the 9-digit SIREN.
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^EL\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  // VIES: the old 8-character form (9S99999L) and the current 8 or 9 (9999999L, 9999999WI).
  IE: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(?:\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  NO: /^NO\d{9}MVA$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Upper case, spaces and dots removed: 'nl 8537.22.046.b01' → 'NL853722046B01'. */
export const normaliseVatNumber = (vat: string): string => vat.replace(/[\s.]/g, '').toUpperCase();

const hasPattern = (code: EeaCountryCode): code is VatCountryCode => code in VAT_PATTERNS;

/**
 * Does `vat` have the shape of a VAT number of `country` (ISO code, any case; 'EL' is read as Greece)?
 * Spaces and dots are ignored and case does not matter. Iceland and Liechtenstein have no enforced
 * pattern: any non-blank value passes. A country outside the EEA never passes.
 */
export function isVatNumberShape(country: string, vat: string): boolean {
  const upper = country.trim().toUpperCase();
  const code = upper === 'EL' ? 'GR' : upper;
  if (!isEeaCountry(code)) return false;
  const normalised = normaliseVatNumber(vat);
  return hasPattern(code) ? VAT_PATTERNS[code].test(normalised) : normalised !== '';
}
