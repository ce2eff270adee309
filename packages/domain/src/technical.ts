import type { GatewayEnvironment, Stage } from './enums.js';
import { dateOf, iso } from './iso.js';
import { words } from './words.js';

/**
 * domain.md "Life of an application", the technical step: from TECHNICAL_IQE the company picks a gateway,
 * uploads CSR files, requests session tokens per environment (IQE, PRD) and sees its test runs; production
 * (PRD) opens when a reviewer moves it to TECHNICAL_PRD. Pure rules; the API stores and answers.
 */

/** The environments the company works in: a gateway, CSRs and session tokens per environment. */
export const TECHNICAL_ENVIRONMENTS = ['IQE', 'PRD'] as const satisfies readonly GatewayEnvironment[];
export type TechnicalEnvironment = (typeof TECHNICAL_ENVIRONMENTS)[number];

/** domain.md TestRun: environment ITE / IQE / PRD. */
export const TEST_RUN_ENVIRONMENTS = ['ITE', 'IQE', 'PRD'] as const;
export type TestRunEnvironment = (typeof TEST_RUN_ENVIRONMENTS)[number];
export const TEST_RESULTS = ['PASSED', 'FAILED'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];
export const TEST_RUN_SOURCES = ['MANUAL', 'CSV_IMPORT'] as const;
export type TestRunSource = (typeof TEST_RUN_SOURCES)[number];

/** domain.md SessionToken: status REQUESTED / ISSUED / EXPIRED / CANCELLED. */
export const SESSION_TOKEN_STATUSES = ['REQUESTED', 'ISSUED', 'EXPIRED', 'CANCELLED'] as const;
export type SessionTokenStatus = (typeof SESSION_TOKEN_STATUSES)[number];

/** domain.md CertificateRequest status: uploaded by the company, then accepted or rejected by EMVO. */
export const CERTIFICATE_REQUEST_STATUSES = ['UPLOADED', 'ACCEPTED', 'REJECTED'] as const;
export type CertificateRequestStatus = (typeof CERTIFICATE_REQUEST_STATUSES)[number];

/** domain.md SessionToken: "expiresAt = issuedAt + 24 h". */
export const SESSION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const tokenExpiresAt = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + SESSION_TOKEN_LIFETIME_MS);

/**
 * domain.md Screens, /emvo/session-tokens: "Issue (token value 16 to 512 characters, no spaces)". No white
 * space of any kind (a space, a tab or a line break pasted with the value would make it another value).
 */
export const SESSION_TOKEN_VALUE_MIN_LENGTH = 16;
export const SESSION_TOKEN_VALUE_MAX_LENGTH = 512;
export const SESSION_TOKEN_VALUE_PATTERN = /^\S{16,512}$/u;

/** Whether a reviewer's pasted value may be issued as a session token (SESSION_TOKEN_VALUE_PATTERN). */
export const isSessionTokenValue = (value: string): boolean => SESSION_TOKEN_VALUE_PATTERN.test(value);

/** A reviewer issues a token that is requested, nothing else (an issued one is never issued again). */
export const isTokenIssuable = (token: { status: SessionTokenStatus }): boolean =>
  token.status === 'REQUESTED';

/**
 * A reviewer cancels a token that is requested or issued and still valid; an expired or cancelled one is
 * over already ("Cancel with a reason").
 */
export const isTokenCancellable = (
  token: { status: SessionTokenStatus; expiresAt: Date | null },
  now: Date,
): boolean => {
  const status = sessionTokenStatusAt(token, now);
  return status === 'REQUESTED' || status === 'ISSUED';
};

/**
 * What a company needs before it requests a session token for an environment: its gateway there and a CSR
 * EMVO has not rejected (a token is issued for a gateway and a certificate; without them a reviewer has
 * nothing to issue it for). The API refuses the request while any is missing (company-refusals.ts
 * tokenRequestRefusal); the SPA says which and keeps the request closed.
 */
export const TOKEN_REQUEST_NEEDS = ['GATEWAY', 'CSR'] as const;
export type TokenRequestNeed = (typeof TOKEN_REQUEST_NEEDS)[number];

export function tokenRequestNeeds(step: {
  gateway: object | null;
  csrs: ReadonlyArray<{ status: CertificateRequestStatus }>;
}): TokenRequestNeed[] {
  const needs: TokenRequestNeed[] = [];
  if (!step.gateway) needs.push('GATEWAY');
  if (!step.csrs.some((csr) => csr.status !== 'REJECTED')) needs.push('CSR');
  return needs;
}

/** The stages from which each environment is open: IQE from TECHNICAL_IQE, PRD from TECHNICAL_PRD. */
const OPEN_FROM: Record<TechnicalEnvironment, readonly Stage[]> = {
  IQE: ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'],
  PRD: ['TECHNICAL_PRD', 'MAINTENANCE'],
};

/**
 * Is the technical step open (no environment given: IQE, the first) or this environment open? Never while
 * SUSPENDED or WITHDRAWN, never before a reviewer moved the company to TECHNICAL_IQE.
 */
export const isTechnicalOpen = (stage: Stage, environment: TechnicalEnvironment = 'IQE'): boolean =>
  OPEN_FROM[environment].includes(stage);

/** Why the company cannot use the environment now (its 409 STEP_LOCKED message), or null while it is open. */
export function environmentLockedMessage(stage: Stage, environment: TechnicalEnvironment): string | null {
  if (isTechnicalOpen(stage, environment)) return null;
  return environment === 'PRD'
    ? `Production opens when a reviewer moves the company to production (stage ${words(stage)})`
    : `The technical step opens when a reviewer moves the company to IQE testing (stage ${words(stage)})`;
}

/** A token's status as the company sees it now: an issued token past its expiry reads EXPIRED. */
export function sessionTokenStatusAt(
  token: { status: SessionTokenStatus; expiresAt: Date | null },
  now: Date,
): SessionTokenStatus {
  if (token.status === 'ISSUED' && token.expiresAt && token.expiresAt.getTime() <= now.getTime()) {
    return 'EXPIRED';
  }
  return token.status;
}

/** An issued value may be shown once: issued, not expired, not shown yet. */
export const isTokenRevealable = (
  token: { status: SessionTokenStatus; expiresAt: Date | null; shownAt: Date | null },
  now: Date,
): boolean => sessionTokenStatusAt(token, now) === 'ISSUED' && token.shownAt === null;

/**
 * Why an issued token's value is not shown now (409), or null when it may be, once: shown already, or not
 * issued, cancelled or expired.
 */
export function revealRefusal(
  token: { status: SessionTokenStatus; expiresAt: Date | null; shownAt: Date | null },
  now: Date,
): { code: 'TOKEN_ALREADY_SHOWN' | 'TOKEN_NOT_AVAILABLE'; message: string } | null {
  if (token.shownAt) {
    const message = 'This session token was shown once already; request a new one if it is lost';
    return { code: 'TOKEN_ALREADY_SHOWN', message };
  }
  if (isTokenRevealable(token, now) && token.expiresAt) return null;
  const message = `This session token is ${words(sessionTokenStatusAt(token, now))}: there is no value to show`;
  return { code: 'TOKEN_NOT_AVAILABLE', message };
}

const CSR_PEM =
  /^-----BEGIN (NEW )?CERTIFICATE REQUEST-----\r?\n((?:[A-Za-z0-9+/=]+[ \t]*\r?\n)+)-----END \1?CERTIFICATE REQUEST-----\s*$/;

/**
 * A certificate signing request in PEM, as openssl writes it: an optional BOM and leading blank lines, the
 * BEGIN line (CERTIFICATE REQUEST, or NEW CERTIFICATE REQUEST as some tools write), base64 lines, the
 * matching END line, nothing but blank space after. The body must decode to a DER SEQUENCE (0x30), which
 * every PKCS#10 request is. Anything else (a certificate, a key, a renamed binary) is refused.
 */
export function isCsrPem(text: string): boolean {
  const trimmed = text.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  const match = CSR_PEM.exec(trimmed);
  if (!match?.[2]) return false;
  const body = match[2].replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  // atob, not Buffer: the domain runs in the browser too.
  const der = atob(body);
  return der.length >= 16 && der.charCodeAt(0) === 0x30;
}

/**
 * A test run (domain.md TestRun), whether a reviewer types it or a CSV line brings it. A FAILED
 * run names the hub's error code it failed with (a reviewer who follows up needs it); a PASSED run has none
 * (a code on a pass would read as a failure in the metrics). It ran already: an executedAt in the future is
 * a typing mistake, with a minute's leeway for the clocks of the browser, the CSV's tool and the API.
 */
export const TEST_RUN_RULE_CODES = [
  'ERROR_CODE_REQUIRED',
  'ERROR_CODE_NOT_ALLOWED',
  'EXECUTED_IN_FUTURE',
] as const;
export type TestRunRuleCode = (typeof TEST_RUN_RULE_CODES)[number];
export const TEST_RUN_CLOCK_LEEWAY_MS = 60_000;
/** An error code as the hub's test tools print it: 1 to 50 characters, no spaces. */
export const TEST_RUN_ERROR_CODE_MAX_LENGTH = 50;
export const TEST_RUN_SCENARIO_MAX_LENGTH = 200;

export interface TestRunRuleBreach {
  code: TestRunRuleCode;
  /** The field at fault. */
  field: 'errorCode' | 'executedAt';
  message: string;
}

/** The first rule a run breaks, or null when it keeps them all. `errorCode` is blank-trimmed to null first. */
export function testRunRuleBreach(
  run: { result: TestResult; errorCode: string | null | undefined; executedAt: Date },
  now: Date,
): TestRunRuleBreach | null {
  const errorCode = run.errorCode?.trim() || null;
  if (run.result === 'FAILED' && errorCode === null) {
    return { code: 'ERROR_CODE_REQUIRED', field: 'errorCode', message: 'A failed run needs its error code' };
  }
  if (run.result === 'PASSED' && errorCode !== null) {
    return { code: 'ERROR_CODE_NOT_ALLOWED', field: 'errorCode', message: 'A passed run has no error code' };
  }
  if (run.executedAt.getTime() > now.getTime() + TEST_RUN_CLOCK_LEEWAY_MS) {
    return {
      code: 'EXECUTED_IN_FUTURE',
      field: 'executedAt',
      message: 'A run cannot be executed in the future',
    };
  }
  return null;
}

type Moment = Date | string;
const newestFirst = <Row extends { id: string }>(rows: readonly Row[], at: (row: Row) => Moment) =>
  [...rows].sort((a, b) => iso(at(b)).localeCompare(iso(at(a))) || b.id.localeCompare(a.id));

/** What is stored of a company's technical step: its gateway and every row of its own, all environments. */
export interface TechnicalRecords<File> {
  stage: Stage;
  access: 'FULL' | 'READ_ONLY';
  /** The company's gateway (organisations.gateway_id), one for both environments. */
  gateway: { id: string; name: string; environments: readonly string[] } | null;
  /** Every gateway: those active, certified and offering an environment may be chosen there. */
  gateways: ReadonlyArray<{
    id: string;
    name: string;
    active: boolean;
    certified: boolean;
    environments: readonly string[];
  }>;
  csrs: ReadonlyArray<{
    id: string;
    environment: string;
    status: CertificateRequestStatus;
    createdAt: Moment;
    file: File;
  }>;
  tokens: ReadonlyArray<{
    id: string;
    environment: string;
    status: SessionTokenStatus;
    requestedAt: Moment;
    issuedAt: Moment | null;
    expiresAt: Moment | null;
    shownAt: Moment | null;
  }>;
  testRuns: ReadonlyArray<{
    id: string;
    environment: string;
    scenario: string;
    result: TestResult;
    errorCode: string | null;
    executedAt: Moment;
  }>;
}

/**
 * The technical step as the company sees it (contracts technicalStepSchema), per environment: open or not,
 * the gateway where it offers the environment, CSRs, tokens (an issued one past expiry reads EXPIRED; its
 * value shown once) and test runs newest first, and the gateways it may choose there, by name.
 */
export function technicalStepOf<File>(records: TechnicalRecords<File>, now: Date) {
  const { stage, gateway } = records;
  const environmentStep = (environment: TechnicalEnvironment) => {
    const here = <Row extends { environment: string }>(rows: readonly Row[]) =>
      rows.filter((row) => row.environment === environment);
    return {
      environment,
      open: isTechnicalOpen(stage, environment),
      gateway: gateway?.environments.includes(environment) ? { id: gateway.id, name: gateway.name } : null,
      csrs: newestFirst(here(records.csrs), (row) => row.createdAt).map((row) => ({
        id: row.id,
        file: row.file,
        status: row.status,
        uploadedAt: iso(row.createdAt),
      })),
      tokens: newestFirst(here(records.tokens), (row) => row.requestedAt).map((row) => {
        const token = { status: row.status, expiresAt: dateOf(row.expiresAt), shownAt: dateOf(row.shownAt) };
        return {
          id: row.id,
          status: sessionTokenStatusAt(token, now),
          requestedAt: iso(row.requestedAt),
          issuedAt: iso(row.issuedAt),
          expiresAt: iso(row.expiresAt),
          valueAvailable: isTokenRevealable(token, now),
        };
      }),
      testRuns: newestFirst(here(records.testRuns), (row) => row.executedAt).map((row) => ({
        scenario: row.scenario,
        result: row.result,
        errorCode: row.errorCode,
        executedAt: iso(row.executedAt),
      })),
      gateways: records.gateways
        .filter((row) => row.active && row.certified && row.environments.includes(environment))
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))
        .map((row) => ({ id: row.id, name: row.name })),
    };
  };
  const open = isTechnicalOpen(stage);
  return {
    open,
    editable: open && records.access === 'FULL',
    environments: { IQE: environmentStep('IQE'), PRD: environmentStep('PRD') },
  };
}
