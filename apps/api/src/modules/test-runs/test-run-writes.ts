import { randomUUID } from 'node:crypto';
import {
  companiesOf,
  readTestRunCsv,
  refuseUnknownCompanies,
  TEST_RUN_EXISTS_MESSAGE,
  type TestRun,
  type TestRunImportReport,
  type TestRunInput,
  testRunColumns,
  testRunImportReport,
  testRunOf,
  unknownCompanyMessage,
} from '@portal/contracts';
import { testRunRuleBreach } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import Papa from 'papaparse';
import { publishChange } from '../../changes/publish-change.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/** Rows per INSERT: an import of 5,000 runs is ten statements, all in the one transaction. */
export const IMPORT_CHUNK_ROWS = 500;

/** The run's columns (contracts testRunColumns) and who wrote them. */
const runValues = (
  organisationId: string,
  run: TestRunInput,
  source: 'MANUAL' | 'CSV_IMPORT',
  actor: string,
) => ({ ...testRunColumns(organisationId, run, source), createdBy: actor, updatedBy: actor });

/**
 * POST /api/test-runs: one run a reviewer typed (source MANUAL), with its audit row, in one transaction.
 * The domain's rules answer 400 with their own code; an unknown OBP number 400 UNKNOWN_COMPANY; the same
 * run (company, environment, scenario, time: migration 0009's unique index) 409 TEST_RUN_EXISTS.
 */
export async function addTestRun(
  db: Kysely<DB>,
  actor: string,
  run: TestRunInput,
  now = new Date(),
): Promise<TestRun> {
  const breach = testRunRuleBreach({ ...run, executedAt: new Date(run.executedAt) }, now);
  if (breach) {
    throw new ApiError(400, breach.code, breach.message, [
      { code: breach.code, field: breach.field, message: breach.message },
    ]);
  }
  return db.transaction().execute(async (trx) => {
    const organisation = await trx
      .selectFrom('organisations')
      .select(['id', 'obpNumber', 'legalName'])
      .where('obpNumber', '=', run.obpNumber)
      .executeTakeFirst();
    if (!organisation) throw new ApiError(400, 'UNKNOWN_COMPANY', unknownCompanyMessage(run.obpNumber));
    const stored = await trx
      .insertInto('testRuns')
      .values(runValues(organisation.id, run, 'MANUAL', actor))
      .onConflict((conflict) =>
        conflict.columns(['organisationId', 'environment', 'scenario', 'executedAt']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!stored) {
      throw new ApiError(409, 'TEST_RUN_EXISTS', TEST_RUN_EXISTS_MESSAGE);
    }
    await writeAudit(trx, {
      actor,
      action: 'CREATE',
      entity: 'TestRun',
      entityId: stored.id,
      diff: { ...run, source: 'MANUAL' },
    });
    await publishChange(trx, {
      kind: 'testRun',
      action: 'ADD',
      entityId: stored.id,
      organisationId: organisation.id,
      version: null,
      actor,
    });
    return testRunOf(stored, organisation);
  });
}

/** The organisations' ids by OBP number, for the numbers a file names. */
async function organisationIds(trx: Transaction<DB>, obpNumbers: string[]): Promise<Map<string, string>> {
  if (obpNumbers.length === 0) return new Map();
  const rows = await trx
    .selectFrom('organisations')
    .select(['id', 'obpNumber'])
    .where('obpNumber', 'in', obpNumbers)
    .execute();
  return new Map(rows.map((row) => [row.obpNumber, row.id]));
}

/**
 * POST /api/test-runs/import: the CSV read again here, whatever the browser's preview said (contracts
 * readTestRunCsv, the preview's own reader), then in one transaction the accepted lines written (source
 * CSV_IMPORT; a run already stored is skipped by `on conflict do nothing` and counted as a duplicate, so the
 * same file twice adds nothing), lines naming no known company refused, and one audit row with the counts.
 * A whole file is refused with 400 (no header, missing columns, too many lines); any failure while writing
 * rolls everything back.
 */
export async function importTestRuns(
  db: Kysely<DB>,
  actor: string,
  csv: string,
): Promise<TestRunImportReport> {
  const parsed = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false });
  const reading = readTestRunCsv(parsed.data, parsed.errors);
  if (!reading.ok) throw new ApiError(400, reading.code, reading.message);

  return db.transaction().execute(async (trx) => {
    const ids = await organisationIds(trx, companiesOf(reading));
    // The preview's own rule (contracts refuseUnknownCompanies): a line naming no company is refused.
    const known = refuseUnknownCompanies(reading, (obpNumber) => ids.has(obpNumber));
    if (!known.ok) throw new ApiError(400, known.code, known.message);
    const rows = known.runs.flatMap(({ run }) => {
      const organisationId = ids.get(run.obpNumber);
      return organisationId ? [runValues(organisationId, run, 'CSV_IMPORT', actor)] : [];
    });
    let accepted = 0;
    const companies = new Set<string>();
    for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
      const written = await trx
        .insertInto('testRuns')
        .values(rows.slice(start, start + IMPORT_CHUNK_ROWS))
        .onConflict((conflict) =>
          conflict.columns(['organisationId', 'environment', 'scenario', 'executedAt']).doNothing(),
        )
        .returning('organisationId')
        .execute();
      accepted += written.length;
      for (const run of written) companies.add(run.organisationId);
    }
    // The report and its one audit row: the counts, not every line (the runs carry source and author).
    const { report, diff } = testRunImportReport(known, accepted);
    const importId = randomUUID();
    await writeAudit(trx, { actor, action: 'IMPORT', entity: 'TestRunImport', entityId: importId, diff });
    // One change per company the file added runs to (its user sees its own runs, no other's).
    for (const organisationId of companies) {
      await publishChange(trx, {
        kind: 'testRun',
        action: 'IMPORT',
        entityId: importId,
        organisationId,
        version: null,
        actor,
      });
    }
    return report;
  });
}
