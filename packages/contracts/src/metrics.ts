import { STAGES, type StageMove } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, listEndpoint, listQuerySchema, roles } from './endpoint.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';

/**
 * domain.md Screens, /emvo/tests-status-metrics: the figures a reviewer looks at
 * (companies per stage, IQE pass rate over time, open token requests, median days from registration to
 * production), the per-company table and the stage moves taken from it. Dates travel as ISO strings.
 */

/** The IQE pass rate covers this many calendar weeks (Monday to Sunday, UTC), the current one last. */
export const PASS_RATE_WEEKS = 12;

/** GET /api/metrics: every figure an SQL aggregate, never rows loaded one by one. */
export const metricsSchema = z.object({
  /** Every stage, in domain order, with how many companies are in it (0 included). */
  companiesPerStage: z.array(z.object({ stage: z.enum(STAGES), count: z.int() })),
  /** The last PASS_RATE_WEEKS weeks, oldest first; `rate` is a percentage (one decimal), null without runs. */
  iqePassRate: z.array(
    z.object({
      weekStart: z.iso.date(),
      runs: z.int(),
      passed: z.int(),
      rate: z.nullable(z.number()),
    }),
  ),
  /** Session tokens requested and not yet issued or cancelled (status REQUESTED). */
  openTokenRequests: z.int(),
  /**
   * The median number of days from registration (the organisation's creation) to the move to
   * TECHNICAL_PRD, one decimal, over the companies that moved; null when none did yet.
   */
  medianDaysToProduction: z.nullable(z.number()),
  /** How many companies the median is taken over. */
  productionMoves: z.int(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/** The moves a reviewer takes from the metrics table (domain.md: "to production and then maintenance"). */
export const REVIEWER_STAGE_MOVES = ['MOVE_TO_PRODUCTION', 'MOVE_TO_MAINTENANCE'] as const;
export type ReviewerStageMove = (typeof REVIEWER_STAGE_MOVES)[number];

/** packages/domain allowedStageMoves for EMVO, narrowed to the moves this screen offers. */
export const reviewerStageMoves = (moves: readonly StageMove[]): ReviewerStageMove[] =>
  moves.filter((move): move is ReviewerStageMove =>
    (REVIEWER_STAGE_MOVES as readonly string[]).includes(move),
  );

/** One row of the per-company table: a pass rate is a whole percentage per environment, null without runs. */
export const metricsCompanyRowSchema = z.object({
  /** The organisation's id. */
  id: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  email: z.nullable(z.string()),
  stage: z.enum(STAGES),
  lastRunAt: z.nullable(isoDateTime),
  passRateIte: z.nullable(z.int()),
  passRateIqe: z.nullable(z.int()),
  passRatePrd: z.nullable(z.int()),
  /** The organisation's version, for a stage move (stale answers 409). */
  version: z.int(),
  /** The moves a reviewer may make now (packages/domain allowedStageMoves for EMVO). */
  allowedMoves: z.array(z.enum(REVIEWER_STAGE_MOVES)),
});
export type MetricsCompanyRow = z.infer<typeof metricsCompanyRowSchema>;

/**
 * The per-company table of /emvo/tests-status-metrics and its CSV export (domain.md: free text over name,
 * number and email). Companies with the most recent runs first.
 */
export const METRICS_COMPANY_LIST: ListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    email: { type: 'text' },
    stage: { type: 'enum', values: STAGES },
    lastRunAt: { type: 'date' },
    passRateIte: { type: 'integer' },
    passRateIqe: { type: 'integer' },
    passRatePrd: { type: 'integer' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['obpNumber'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** POST /api/organisations/{id}/stage-moves: the move, an optional comment, the version the reviewer saw. */
export const stageMoveSchema = z.object({
  move: z.enum(REVIEWER_STAGE_MOVES),
  reason: z.nullish(z.string().check(z.trim(), z.maxLength(2000))),
  version: z.int().check(z.minimum(1)),
});
export type StageMoveInput = z.infer<typeof stageMoveSchema>;

/** The CSV export's columns, in order: the header row names them. */
export const METRICS_COMPANY_CSV_COLUMNS = [
  'obpNumber',
  'legalName',
  'email',
  'stage',
  'lastRunAt',
  'passRateIte',
  'passRateIqe',
  'passRatePrd',
] as const satisfies ReadonlyArray<keyof MetricsCompanyRow>;

/** What a spreadsheet reads as the start of a formula: = + - @, or a tab or carriage return before one. */
const FORMULA_START = /[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, a line break or a separator (quotes doubled).
 * The separator is a comma here, but a spreadsheet in a locale whose lists use `;` (Belgium's, among
 * others) splits a file on semicolons, so a cell holding `;` is quoted too. A text starting with = + - @
 * (or a tab or carriage return) would run as a formula in a spreadsheet (CSV injection), so it is prefixed
 * with a single quote, which shows the text as typed; so is each such start after a `,` or `;` inside
 * the text, which a reader that splits on either separator without minding quotes would open as a cell
 * of its own. The API's metrics export writes its cells with it.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = value
    .replace(new RegExp(`^(?=${FORMULA_START.source})`), "'")
    .replace(new RegExp(`([,;])(?=${FORMULA_START.source})`, 'g'), "$1'");
  return /[",;\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvLine = (cells: ReadonlyArray<string | number | null>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** The export's header record. */
export const METRICS_COMPANY_CSV_HEADER = csvLine([...METRICS_COMPANY_CSV_COLUMNS]);

/** One company's record of the export. */
export const metricsCompanyCsvLine = (row: MetricsCompanyRow): string =>
  csvLine(METRICS_COMPANY_CSV_COLUMNS.map((column) => row[column]));

/**
 * domain.md /emvo/tests-status-metrics: the figures, the per-company table and its
 * CSV export. Every route is EMVO only; the stage moves taken from the table are organisationsApi's.
 */
const access = roles('EMVO');
export const metricsApi = {
  figures: endpoint({
    ...FIRST_SCREEN_ADDRESSES.metricsFigures,
    summary: 'Companies per stage, IQE pass rate per week, open token requests, median days to production',
    response: metricsSchema,
  }),
  companies: listEndpoint({
    ...FIRST_SCREEN_ADDRESSES.metricsCompanies,
    summary: 'The per-company table: stage, last run, pass rate per environment (spec §3 list query)',
    list: METRICS_COMPANY_LIST,
    item: metricsCompanyRowSchema,
  }),
  // The table's list query without paging (the whole list): its params as they come, checked against
  // METRICS_COMPANY_LIST by the handler before the first byte goes out.
  companiesCsv: endpoint({
    method: 'GET',
    path: '/api/metrics/companies.csv',
    access,
    summary: 'The per-company table as CSV, streamed, with the list query’s filters and order (no paging)',
    query: listQuerySchema,
    response: 'download',
  }),
};
