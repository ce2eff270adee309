import { describe, expect, it } from 'vitest';
import { patterns } from './patterns';

type PatternName = keyof typeof patterns;

const local64 = 'a'.repeat(64);
const local65 = 'a'.repeat(65);

/** spec §5: the name pattern forbids digits and these characters. */
const NAME_FORBIDDEN = [
  ...'0123456789',
  ...[',', ';', ':', '=', '+', '*', '"', '!', '?', '/', '(', ')', '&', '§', '$', '€', '_', '@', '#'],
  ...['<', '>', '^', '%', '²', '³'],
];

/**
 * What no name holds, a person's or a company's: line breaks, tabs and other control characters, the line
 * and paragraph separators, and the direction overrides (a name is one line a mail can quote).
 */
const NOT_ONE_LINE = [
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
];

/** spec §5: every pattern with the values it accepts and the values it rejects. */
const examples: Record<PatternName, { accepted: string[]; rejected: string[] }> = {
  email: {
    accepted: [
      'jane.doe@example.com',
      'jane_doe+news@mail.example.co.uk',
      'J-D.99@EXAMPLE.ORG',
      `${local64}@example.com`, // a local part of 64 characters
      'a@b-c.io',
    ],
    rejected: [
      `${local65}@example.com`, // a local part of 65 characters
      'jane@example.c', // a one-letter top level domain
      'jane@example.c0m', // a top level domain with a digit
      'jane@localhost', // no top level domain
      'jane doe@example.com', // a space
      'jane!@example.com', // a character outside the local part's set
      '@example.com', // no local part
      'jane@', // no domain
      'jane@@example.com',
      'jane@example..com',
      '',
    ],
  },
  name: {
    accepted: ['Jane', 'Jean-Luc Picard', "O'Brien", 'Zoë Müller-Lüdenscheidt', 'Dr. Jane Doe', 'Ærøskøbing'],
    // One row per forbidden character: the ten digits, then the characters spec §5 lists.
    rejected: [...NAME_FORBIDDEN, ...NOT_ONE_LINE].map((character) => `Jane ${character} Doe`),
  },
  oneLine: {
    accepted: [
      'Acme Pharma GmbH',
      'Gamma, "Generics" & Co. (BE) 2',
      "Beta;=cmd|' /C calc'!A0",
      'Ærø Medicinal A/S',
    ],
    rejected: [
      ...NOT_ONE_LINE.map((character) => `ACME${character}NV`),
      'ACME\n\nSECURITY NOTICE: https://evil.test',
      '',
    ],
  },
  tel: {
    accepted: ['0123456789', '+44 (0) 20 7946 0958', '+32 2 123 45 67', '(02) 123'],
    // '+()' holds no digit; the API refuses it, so the SPA does too (one contract pattern).
    rejected: ['0123-456', '+44.20.7946', '0800 CALL ME', '123/456', '', '+()', '+ ( )'],
  },
  url: {
    accepted: [
      'example.com',
      'www.example.com',
      'http://example.com',
      'https://portal.example.co.uk',
      'HTTPS://EXAMPLE.COM',
      'https://example.com/path/page?x=1#top',
      // A port, which the API accepts, so the SPA does too (one contract pattern).
      'https://sub.example.com:8443/x',
      'example.com:8080',
    ],
    rejected: [
      'ftp://example.com', // only http(s)
      'https://example', // no top level domain
      'https://example.c', // a one-letter top level domain
      'https//example.com',
      'https://exa mple.com',
      'https://example.com/a b',
      '',
    ],
  },
  houseNumber: {
    accepted: ['12', '12a', '12AB', '1'],
    rejected: ['a12', '12-3', '12 a', 'a', '', '12a3'],
  },
};

describe('patterns (spec §5, as packages/contracts writes them)', () => {
  for (const [pattern, { accepted, rejected }] of Object.entries(examples) as Array<
    [PatternName, (typeof examples)[PatternName]]
  >) {
    describe(pattern, () => {
      it.each(accepted)(`accepts %j`, (value) => {
        expect(patterns[pattern].test(value)).toBe(true);
      });
      it.each(rejected)(`rejects %j`, (value) => {
        expect(patterns[pattern].test(value)).toBe(false);
      });
    });
  }

  it('has one name row per forbidden character: 10 digits and the 25 characters of spec §5', () => {
    expect(new Set(NAME_FORBIDDEN).size).toBe(35);
  });

  it.each([
    ['email', `${'a'.repeat(64)}@${'a-'.repeat(20_000)}.1`],
    ['email', `a@${'a.'.repeat(20_000)}1`],
    ['url', `https://${'a.'.repeat(20_000)}a `],
    ['url', `https://example.com/${'a'.repeat(40_000)} `],
    ['name', `${'a'.repeat(40_000)}1`],
    ['oneLine', `${'a'.repeat(40_000)}\n`],
    ['houseNumber', `${'1'.repeat(40_000)}-`],
  ] satisfies Array<[PatternName, string]>)('%s fails fast on a long hostile input', (pattern, value) => {
    const start = performance.now();
    expect(patterns[pattern].test(value)).toBe(false);
    expect(performance.now() - start).toBeLessThan(100);
  });
});
