import { describe, expect, it } from 'vitest';
import {
  environmentLockedMessage,
  isCsrPem,
  isSessionTokenValue,
  isTechnicalOpen,
  isTokenCancellable,
  isTokenIssuable,
  isTokenRevealable,
  revealRefusal,
  SESSION_TOKEN_LIFETIME_MS,
  SESSION_TOKEN_VALUE_MAX_LENGTH,
  SESSION_TOKEN_VALUE_MIN_LENGTH,
  sessionTokenStatusAt,
  technicalStepOf,
  testRunRuleBreach,
  tokenExpiresAt,
  tokenRequestNeeds,
} from './technical.js';

/** A real PKCS#10 request's shape: base64 of a DER SEQUENCE, wrapped at 64. */
const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
const body = base64([0x30, 0x82, 0x01, 0x0a, ...Array<number>(120).fill(7)])
  .match(/.{1,64}/g)
  ?.join('\n');
const CSR = `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`;

describe('isCsrPem', () => {
  it('accepts a PEM certificate request, with CRLF, a BOM, leading blank lines, or the NEW form', () => {
    expect(isCsrPem(CSR)).toBe(true);
    expect(isCsrPem(CSR.replaceAll('\n', '\r\n'))).toBe(true);
    expect(isCsrPem(`\uFEFF\n\n${CSR}`)).toBe(true);
    expect(isCsrPem(CSR.replaceAll('CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST'))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'hello, this is my certificate request\n'],
    ['no END line', `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n`],
    ['an empty body', '-----BEGIN CERTIFICATE REQUEST-----\n-----END CERTIFICATE REQUEST-----\n'],
    ['a body that is not base64', CSR.replace(body ?? '', 'not base64 at all!')],
    ['a certificate, not a request', CSR.replaceAll('CERTIFICATE REQUEST', 'CERTIFICATE')],
    ['mismatched BEGIN and END', CSR.replace('END CERTIFICATE REQUEST', 'END NEW CERTIFICATE REQUEST')],
    ['text after the END line', `${CSR}trailing text\n`],
    ['a body that is no DER sequence', CSR.replace(body ?? '', base64(Array<number>(64).fill(1)))],
  ])('refuses %s', (_name, text) => {
    expect(isCsrPem(text)).toBe(false);
  });
});

describe('isTechnicalOpen', () => {
  it('opens IQE from TECHNICAL_IQE and PRD from TECHNICAL_PRD, never while suspended or withdrawn', () => {
    expect(isTechnicalOpen('APPROVALS')).toBe(false);
    expect(isTechnicalOpen('TECHNICAL_IQE')).toBe(true);
    expect(isTechnicalOpen('TECHNICAL_IQE', 'PRD')).toBe(false);
    expect(isTechnicalOpen('TECHNICAL_PRD', 'PRD')).toBe(true);
    expect(isTechnicalOpen('MAINTENANCE', 'PRD')).toBe(true);
    expect(isTechnicalOpen('SUSPENDED')).toBe(false);
    expect(isTechnicalOpen('WITHDRAWN', 'PRD')).toBe(false);
  });
});

describe('session tokens', () => {
  const issuedAt = new Date('2026-11-20T10:00:00Z');
  const expiresAt = tokenExpiresAt(issuedAt);

  it('expire 24 h after issue', () => {
    expect(expiresAt.getTime() - issuedAt.getTime()).toBe(SESSION_TOKEN_LIFETIME_MS);
    expect(sessionTokenStatusAt({ status: 'ISSUED', expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(
      'ISSUED',
    );
    expect(sessionTokenStatusAt({ status: 'ISSUED', expiresAt }, expiresAt)).toBe('EXPIRED');
    expect(sessionTokenStatusAt({ status: 'REQUESTED', expiresAt: null }, expiresAt)).toBe('REQUESTED');
  });

  it('are revealable once: issued, unexpired, not shown', () => {
    const now = new Date(issuedAt.getTime() + 1000);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: null }, now)).toBe(true);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: now }, now)).toBe(false);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: null }, expiresAt)).toBe(false);
    expect(isTokenRevealable({ status: 'CANCELLED', expiresAt: null, shownAt: null }, now)).toBe(false);
  });
});

describe('testRunRuleBreach (a test run typed or imported)', () => {
  const now = new Date('2026-05-04T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  it.each([
    ['a pass without error code', 'PASSED', null, '2026-05-04T11:00:00Z', null],
    ['a failure with its error code', 'FAILED', 'E-104', '2026-05-04T11:00:00Z', null],
    ['a run within the minute of clock leeway', 'PASSED', '', '2026-05-04T12:00:59Z', null],
    ['a failure without error code', 'FAILED', null, '2026-05-04T11:00:00Z', 'ERROR_CODE_REQUIRED'],
    ['a failure with a blank error code', 'FAILED', '   ', '2026-05-04T11:00:00Z', 'ERROR_CODE_REQUIRED'],
    ['a pass with an error code', 'PASSED', 'E-104', '2026-05-04T11:00:00Z', 'ERROR_CODE_NOT_ALLOWED'],
    ['a run in the future', 'PASSED', null, '2026-05-04T12:01:01Z', 'EXECUTED_IN_FUTURE'],
  ] as const)('%s', (_name, result, errorCode, executedAt, code) => {
    expect(testRunRuleBreach({ result, errorCode, executedAt: at(executedAt) }, now)?.code ?? null).toBe(
      code,
    );
  });
});

describe('a session token value (16 to 512 characters, no spaces)', () => {
  it.each([
    ['16 characters', 'a'.repeat(16), true],
    ['512 characters', 'b'.repeat(512), true],
    ['symbols of a real token', 'eyJhbGciOi.J9-_+/=~abc', true],
    ['15 characters: too short', 'a'.repeat(15), false],
    ['513 characters: too long', 'a'.repeat(513), false],
    ['a space inside', 'abcdefgh ijklmnopq', false],
    ['a trailing line break', `${'a'.repeat(20)}\n`, false],
    ['a tab', `${'a'.repeat(10)}\t${'a'.repeat(10)}`, false],
    ['a no-break space', `${'a'.repeat(10)}\u00a0${'a'.repeat(10)}`, false],
    ['empty', '', false],
  ])('%s: %s', (_name, value, valid) => {
    expect(isSessionTokenValue(value)).toBe(valid);
  });

  it('names its limits', () => {
    expect([SESSION_TOKEN_VALUE_MIN_LENGTH, SESSION_TOKEN_VALUE_MAX_LENGTH]).toEqual([16, 512]);
  });
});

describe("a reviewer's issue and cancel", () => {
  const issuedAt = new Date('2026-11-20T10:00:00Z');
  const expiresAt = tokenExpiresAt(issuedAt);
  const before = new Date(expiresAt.getTime() - 1);

  it('issues a requested token only', () => {
    expect(isTokenIssuable({ status: 'REQUESTED' })).toBe(true);
    expect(isTokenIssuable({ status: 'ISSUED' })).toBe(false);
    expect(isTokenIssuable({ status: 'CANCELLED' })).toBe(false);
    expect(isTokenIssuable({ status: 'EXPIRED' })).toBe(false);
  });

  it.each([
    ['requested', { status: 'REQUESTED' as const, expiresAt: null }, before, true],
    ['issued, not expired', { status: 'ISSUED' as const, expiresAt }, before, true],
    ['issued, expired', { status: 'ISSUED' as const, expiresAt }, expiresAt, false],
    ['cancelled', { status: 'CANCELLED' as const, expiresAt: null }, before, false],
  ])('cancels a token %s: %s', (_name, token, now, cancellable) => {
    expect(isTokenCancellable(token, now)).toBe(cancellable);
  });
});

describe('the technical step as the company sees it', () => {
  const NOW = new Date('2026-10-01T12:00:00Z');
  const gateway = (id: string, name: string, environments: string[], certified = true) => ({
    id,
    name,
    active: true,
    certified,
    environments,
  });
  const gateways = [
    gateway('g1', 'beta', ['IQE', 'PRD']),
    gateway('g2', 'Acme', ['IQE']),
    gateway('g3', 'Uncertified', ['IQE'], false),
  ];
  const token = (id: string, environment: string, requestedAt: string, issuedAt: string | null) => ({
    id,
    environment,
    status: issuedAt ? ('ISSUED' as const) : ('REQUESTED' as const),
    requestedAt,
    issuedAt,
    expiresAt: issuedAt ? new Date(Date.parse(issuedAt) + SESSION_TOKEN_LIFETIME_MS) : null,
    shownAt: null,
  });
  const records = {
    stage: 'TECHNICAL_IQE' as const,
    access: 'FULL' as const,
    gateway: { id: 'g2', name: 'Acme', environments: ['IQE'] },
    gateways,
    csrs: [{ id: 'c1', environment: 'IQE', status: 'UPLOADED' as const, createdAt: NOW, file: 'a.csr' }],
    tokens: [
      token('t1', 'IQE', '2026-09-01T00:00:00Z', '2026-09-02T00:00:00Z'),
      token('t2', 'IQE', '2026-10-01T10:00:00Z', '2026-10-01T11:00:00Z'),
    ],
    testRuns: [
      {
        id: 'r1',
        environment: 'IQE',
        scenario: 'Old',
        result: 'PASSED' as const,
        errorCode: null,
        executedAt: '2026-09-01T00:00:00Z',
      },
      {
        id: 'r2',
        environment: 'ITE',
        scenario: 'Elsewhere',
        result: 'PASSED' as const,
        errorCode: null,
        executedAt: NOW,
      },
    ],
  };

  it('IQE open at TECHNICAL_IQE: its gateway, rows newest first, an old token expired, choosable gateways by name', () => {
    const step = technicalStepOf(records, NOW);
    expect(step).toMatchObject({ open: true, editable: true });
    const { IQE, PRD } = step.environments;
    expect(IQE).toMatchObject({ open: true, gateway: { id: 'g2', name: 'Acme' } });
    expect(IQE.csrs).toEqual([
      { id: 'c1', file: 'a.csr', status: 'UPLOADED', uploadedAt: NOW.toISOString() },
    ]);
    expect(IQE.tokens.map((each) => [each.id, each.status, each.valueAvailable])).toEqual([
      ['t2', 'ISSUED', true],
      ['t1', 'EXPIRED', false],
    ]);
    expect(IQE.testRuns.map((run) => run.scenario)).toEqual(['Old']);
    expect(IQE.gateways.map((each) => each.name)).toEqual(['Acme', 'beta']);
    expect(PRD).toMatchObject({
      open: false,
      gateway: null,
      tokens: [],
      gateways: [{ id: 'g1', name: 'beta' }],
    });
  });

  it('closed before TECHNICAL_IQE; a READ_ONLY user may not change it', () => {
    expect(technicalStepOf({ ...records, stage: 'APPROVALS' }, NOW)).toMatchObject({
      open: false,
      editable: false,
    });
    expect(technicalStepOf({ ...records, access: 'READ_ONLY' }, NOW)).toMatchObject({
      open: true,
      editable: false,
    });
  });
});

describe('why the company cannot use an environment, or see a token, now', () => {
  it('an environment is locked before its stage, with the stage named', () => {
    expect(environmentLockedMessage('TECHNICAL_IQE', 'IQE')).toBeNull();
    expect(environmentLockedMessage('TECHNICAL_IQE', 'PRD')).toBe(
      'Production opens when a reviewer moves the company to production (stage technical iqe)',
    );
    expect(environmentLockedMessage('SUSPENDED', 'IQE')).toMatch(
      /^The technical step opens .+\(stage suspended\)$/,
    );
  });

  it('a token is shown once, while issued and unexpired', () => {
    const now = new Date('2026-10-01T12:00:00Z');
    const issued = { status: 'ISSUED' as const, expiresAt: new Date('2026-10-02T00:00:00Z'), shownAt: null };
    expect(revealRefusal(issued, now)).toBeNull();
    expect(revealRefusal({ ...issued, shownAt: now }, now)?.code).toBe('TOKEN_ALREADY_SHOWN');
    expect(revealRefusal({ ...issued, expiresAt: now }, now)).toEqual({
      code: 'TOKEN_NOT_AVAILABLE',
      message: 'This session token is expired: there is no value to show',
    });
    expect(revealRefusal({ status: 'REQUESTED', expiresAt: null, shownAt: null }, now)?.code).toBe(
      'TOKEN_NOT_AVAILABLE',
    );
  });
});

describe('tokenRequestNeeds', () => {
  const gateway = { id: 'g1', name: 'Hub' };
  it('needs the gateway and a CSR that is not rejected', () => {
    expect(tokenRequestNeeds({ gateway: null, csrs: [] })).toEqual(['GATEWAY', 'CSR']);
    expect(tokenRequestNeeds({ gateway, csrs: [] })).toEqual(['CSR']);
    expect(tokenRequestNeeds({ gateway, csrs: [{ status: 'REJECTED' }] })).toEqual(['CSR']);
    expect(tokenRequestNeeds({ gateway: null, csrs: [{ status: 'UPLOADED' }] })).toEqual(['GATEWAY']);
    expect(tokenRequestNeeds({ gateway, csrs: [{ status: 'REJECTED' }, { status: 'UPLOADED' }] })).toEqual(
      [],
    );
    expect(tokenRequestNeeds({ gateway, csrs: [{ status: 'ACCEPTED' }] })).toEqual([]);
  });
});
