import {
  OBP_NUMBER_PATTERN,
  TEST_RESULTS,
  TEST_RUN_ENVIRONMENTS,
  TEST_RUN_ERROR_CODE_MAX_LENGTH,
  TEST_RUN_RULE_CODES,
  TEST_RUN_SCENARIO_MAX_LENGTH,
  TEST_RUN_SOURCES,
  testRunRuleBreach,
} from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';

/**
 * Test runs a reviewer adds by hand (POST /api/test-runs) or imports from a CSV
 * (POST /api/test-runs/import, text/csv). One schema checks a run either way: the SPA's form and its CSV
 * preview, the API's body and its re-validation of every CSV line. The company is named by its OBP number
 * (C00123): what a CSV from the hub's test tools carries and what a reviewer reads on every screen.
 */

/** `executedAt` as ISO 8601 with a zone ('2026-05-04T09:30:00Z', '…+02:00'): a run is an instant. */
const executedAtSchema = z.iso.datetime({ offset: true, message: 'An ISO date-time with its zone' });

/** A text value of an enum, forgiving blank space and case (a CSV typed by hand says "passed"). */
const upperEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(z.string().check(z.trim(), z.toUpperCase()), z.enum(values));

/** A run's fields one by one (the API's body schema; it applies the domain's rules itself, with their codes). */
export const testRunFieldsSchema = z.object({
  obpNumber: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.regex(OBP_NUMBER_PATTERN, 'An OBP number such as C00123')),
  environment: upperEnum(TEST_RUN_ENVIRONMENTS),
  scenario: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEST_RUN_SCENARIO_MAX_LENGTH)),
  result: upperEnum(TEST_RESULTS),
  // Blank is none; a code is one word (the hub's codes have no spaces).
  errorCode: z.pipe(
    z.nullish(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(TEST_RUN_ERROR_CODE_MAX_LENGTH),
          z.regex(/^\S*$/, 'An error code has no spaces'),
        ),
    ),
    z.transform((value) => value || null),
  ),
  executedAt: executedAtSchema,
});

/**
 * One test run as typed or imported: its fields, then packages/domain testRunRuleBreach (error code, time)
 * against `now` (a function, so that one schema built once checks each run against the clock of its check).
 */
export const testRunInputSchemaAt = (now: () => Date) =>
  testRunFieldsSchema.check(
    z.superRefine((run, context) => {
      const breach = testRunRuleBreach(
        { result: run.result, errorCode: run.errorCode, executedAt: new Date(run.executedAt) },
        now(),
      );
      if (breach) {
        context.addIssue({
          code: 'custom',
          path: [breach.field],
          message: breach.message,
          params: { code: breach.code },
        });
      }
    }),
  );
export const testRunInputSchema = testRunInputSchemaAt(() => new Date());
export type TestRunInput = z.output<typeof testRunInputSchema>;
/** What a form or a client sends (before trimming and upper-casing). */
export type TestRunDraft = z.input<typeof testRunInputSchema>;

/** A stored run, as POST /api/test-runs answers it. */
export const testRunSchema = z.object({
  id: z.uuid(),
  organisationId: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  environment: z.enum(TEST_RUN_ENVIRONMENTS),
  scenario: z.string(),
  result: z.enum(TEST_RESULTS),
  errorCode: z.nullable(z.string()),
  executedAt: isoDateTime,
  source: z.enum(TEST_RUN_SOURCES),
  createdBy: z.string(),
  createdAt: isoDateTime,
});
export type TestRun = z.infer<typeof testRunSchema>;

// ---------------------------------------------------------------------------------------------------------
// The CSV import
// ---------------------------------------------------------------------------------------------------------

/** The CSV's columns, named in its header row (any order; other columns are ignored). */
export const TEST_RUN_CSV_COLUMNS = [
  'obpNumber',
  'environment',
  'scenario',
  'result',
  'errorCode',
  'executedAt',
] as const;
export type TestRunCsvColumn = (typeof TEST_RUN_CSV_COLUMNS)[number];

/** An import holds at most this many runs (lines after the header) and this many bytes (413 FILE_TOO_LARGE). */
export const TEST_RUN_IMPORT_MAX_LINES = 5000;
export const TEST_RUN_IMPORT_MAX_BYTES = 1_000_000;

/**
 * Why a line is refused: a field against the schema (INVALID_FIELD, with the field), the domain's rules
 * (packages/domain TEST_RUN_RULE_CODES), a line the CSV parser could not read or whose column count differs
 * from the header's, the same run twice in one file, or (API only) no company with that OBP number.
 */
export const TEST_RUN_LINE_CODES = [
  'INVALID_FIELD',
  ...TEST_RUN_RULE_CODES,
  'MALFORMED_LINE',
  'COLUMN_COUNT',
  'DUPLICATE_IN_FILE',
  'UNKNOWN_COMPANY',
] as const;
export type TestRunLineCode = (typeof TEST_RUN_LINE_CODES)[number];

/** A refused line: its number in the file (the header is line 1), why, and the field at fault. */
export const testRunRejectionSchema = z.object({
  line: z.int().check(z.minimum(1)),
  code: z.enum(TEST_RUN_LINE_CODES),
  field: z.optional(z.string()),
  message: z.string(),
});
export type TestRunRejection = z.infer<typeof testRunRejectionSchema>;

/** The import's answer: runs written, runs already there (nothing added), lines refused. */
export const testRunImportReportSchema = z.object({
  accepted: z.int().check(z.minimum(0)),
  duplicates: z.int().check(z.minimum(0)),
  rejected: z.array(testRunRejectionSchema),
});
export type TestRunImportReport = z.infer<typeof testRunImportReportSchema>;

/** Why a whole file is refused (400): a header without the columns, or more lines than an import holds. */
export const TEST_RUN_FILE_CODES = ['CSV_COLUMNS_MISSING', 'CSV_EMPTY', 'TOO_MANY_LINES'] as const;
export type TestRunFileCode = (typeof TEST_RUN_FILE_CODES)[number];

/**
 * The reviewers add test runs by hand or import them from a CSV (/emvo/tests-status-metrics).
 * EMVO only. The import takes the file as the one file of a multipart body (as the SPA sends it) or as the
 * request body itself (Content-Type text/csv, as a script sends it), at most TEST_RUN_IMPORT_MAX_BYTES
 * either way (413 FILE_TOO_LARGE past it).
 */
const access = roles('EMVO');
export const testRunsApi = {
  add: endpoint({
    method: 'POST',
    path: '/api/test-runs',
    access,
    summary: 'Adds one test run typed by a reviewer (409 TEST_RUN_EXISTS when the same run is stored)',
    body: testRunFieldsSchema,
    response: testRunSchema,
    status: 201,
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/test-runs/import',
    access,
    summary:
      'Imports test runs from a CSV (text/csv body, or multipart with one file): writes the accepted lines, reports the others',
    body: 'multipart',
    response: testRunImportReportSchema,
  }),
};

/** A line the reader accepted: its number in the file and the run. */
export interface ReadTestRun {
  line: number;
  run: TestRunInput;
}

export type TestRunCsvReading =
  | { ok: true; runs: ReadTestRun[]; rejected: TestRunRejection[] }
  | { ok: false; code: TestRunFileCode; message: string };

/** A parser's complaint about one row (papaparse's ParseError: its `row`, 0 for the header). */
export interface CsvRowError {
  row?: number | undefined;
  message: string;
}

const KNOWN_RULE_CODES: readonly string[] = TEST_RUN_LINE_CODES;

/** The refusal of one line from its first zod issue: a domain rule's own code, else INVALID_FIELD. */
function rejectionOf(line: number, issue: z.core.$ZodIssue): TestRunRejection {
  const field = issue.path.map(String).join('.');
  const ruleCode = issue.code === 'custom' ? issue.params?.code : undefined;
  const code =
    typeof ruleCode === 'string' && KNOWN_RULE_CODES.includes(ruleCode)
      ? (ruleCode as TestRunLineCode)
      : 'INVALID_FIELD';
  return { line, code, ...(field ? { field } : {}), message: issue.message };
}

/** A run's identity (domain.md TestRun: unique by company, environment, scenario and time). */
export const testRunKey = (run: TestRunInput): string =>
  [run.obpNumber, run.environment, run.scenario, new Date(run.executedAt).toISOString()].join('\u0000');

/**
 * Reads a CSV parsed into rows of text (papaparse with `header: false`, so row i is line i + 1; blank lines
 * are skipped but keep their numbers): the header row names the columns, every other row is checked
 * against testRunInputSchema. The SPA's preview and the API's import both read the file through this.
 */
export function readTestRunCsv(
  rows: readonly (readonly string[])[],
  errors: readonly CsvRowError[] = [],
  now: Date = new Date(),
): TestRunCsvReading {
  const schema = testRunInputSchemaAt(() => now);
  const header = rows[0]?.map((name) => name.trim().replace(/^\uFEFF/, ''));
  if (!header || header.every((name) => name === '')) {
    return { ok: false, code: 'CSV_EMPTY', message: 'The file has no header line' };
  }
  const missing = TEST_RUN_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      ok: false,
      code: 'CSV_COLUMNS_MISSING',
      message: `The header line lacks the columns ${missing.join(', ')} (expected ${TEST_RUN_CSV_COLUMNS.join(', ')})`,
    };
  }
  const lines = rows
    .map((cells, index) => ({ cells, line: index + 1 }))
    .slice(1)
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (lines.length > TEST_RUN_IMPORT_MAX_LINES) {
    return {
      ok: false,
      code: 'TOO_MANY_LINES',
      message: `An import holds at most ${TEST_RUN_IMPORT_MAX_LINES} runs; this file has ${lines.length}`,
    };
  }
  const malformed = new Map<number, string>();
  for (const error of errors) {
    if (error.row !== undefined && !malformed.has(error.row + 1)) malformed.set(error.row + 1, error.message);
  }
  const runs: ReadTestRun[] = [];
  const rejected: TestRunRejection[] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of lines) {
    const parseError = malformed.get(line);
    if (parseError !== undefined) {
      rejected.push({ line, code: 'MALFORMED_LINE', message: parseError });
      continue;
    }
    if (cells.length !== header.length) {
      rejected.push({
        line,
        code: 'COLUMN_COUNT',
        message: `${cells.length} columns where the header has ${header.length}`,
      });
      continue;
    }
    const record = Object.fromEntries(
      TEST_RUN_CSV_COLUMNS.map((column) => [column, cells[header.indexOf(column)] ?? '']),
    );
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      if (issue) rejected.push(rejectionOf(line, issue));
      continue;
    }
    const key = testRunKey(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) {
      rejected.push({ line, code: 'DUPLICATE_IN_FILE', message: `The same run as line ${first}` });
      continue;
    }
    seen.set(key, line);
    runs.push({ line, run: parsed.data });
  }
  return { ok: true, runs, rejected };
}

/** Why a line naming no company is refused (UNKNOWN_COMPANY), in the API's words. */
export const unknownCompanyMessage = (obpNumber: string) => `No company has the OBP number ${obpNumber}`;

/**
 * The lines of a reading whose company does not exist, refused (UNKNOWN_COMPANY). The one
 * rule the SPA's preview (before the reviewer confirms) and the API's import apply, each with the companies
 * it knows; the refused lines are merged with the reader's, in the file's order.
 */
export function refuseUnknownCompanies(
  reading: TestRunCsvReading,
  isKnown: (obpNumber: string) => boolean,
): TestRunCsvReading {
  if (!reading.ok) return reading;
  const runs: ReadTestRun[] = [];
  const rejected: TestRunRejection[] = [...reading.rejected];
  for (const read of reading.runs) {
    if (isKnown(read.run.obpNumber)) runs.push(read);
    else {
      rejected.push({
        line: read.line,
        code: 'UNKNOWN_COMPANY',
        field: 'obpNumber',
        message: unknownCompanyMessage(read.run.obpNumber),
      });
    }
  }
  return { ok: true, runs, rejected: rejected.sort((a, b) => a.line - b.line) };
}

/** The OBP numbers a reading's accepted lines name, each once: what a caller looks up before the rule above. */
export const companiesOf = (reading: TestRunCsvReading): string[] =>
  reading.ok ? [...new Set(reading.runs.map(({ run }) => run.obpNumber))] : [];

/** The example run of the CSV template: one line a reviewer overwrites. */
export const TEST_RUN_CSV_EXAMPLE: Readonly<Record<TestRunCsvColumn, string>> = {
  obpNumber: 'C00123',
  environment: 'IQE',
  scenario: 'Pack verification',
  result: 'FAILED',
  errorCode: 'NMVS_NC_PC_02',
  executedAt: '2026-05-04T09:30:00Z',
};

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The CSV template the import offers to download, built from TEST_RUN_CSV_COLUMNS (the
 * columns readTestRunCsv reads): the header line, then the example run.
 */
export function testRunCsvTemplate(): string {
  const lines = [
    TEST_RUN_CSV_COLUMNS.join(','),
    TEST_RUN_CSV_COLUMNS.map((column) => csvCell(TEST_RUN_CSV_EXAMPLE[column])).join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
