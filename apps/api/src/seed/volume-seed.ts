import { EEA_COUNTRY_CODES as EEA_COUNTRIES } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { type DB, STAGES } from '../db/schema.js';

// Names from three of 40 syllables (64,000 stems), so a name fragment matches a realistic share of rows.
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dan',
  'el',
  'fen',
  'gal',
  'hel',
  'ix',
  'jor',
  'kal',
  'lum',
  'mar',
  'nor',
  'or',
  'pax',
  'quin',
  'ros',
  'sal',
  'tor',
  'ul',
  'ven',
  'wil',
  'xan',
  'yor',
  'zen',
  'ab',
  'ced',
  'dor',
  'fal',
  'gin',
  'hal',
  'ist',
  'lor',
  'mon',
  'nat',
  'pel',
  'rin',
  'sol',
  'tav',
];
const SECOND = [
  'Pharma',
  'Healthcare',
  'Laboratories',
  'Medicines',
  'Biotech',
  'Generics',
  'Therapeutics',
  'Life Sciences',
];
const CHUNK = 50_000;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;

/**
 * Adds `count` synthetic organisations and their checks for benchmarks, generated inside the database
 * (generate_series), so a million rows take seconds. Deterministic: every value derives from the row
 * number. Their OBP numbers start with V, apart from the demo's C numbers.
 */
export async function seedVolume(db: Kysely<DB>, count: number, onProgress?: (done: number) => void) {
  const start = await sql<{
    n: string;
  }>`select count(*) as n from organisations where obp_number like 'V%'`.execute(db);
  const offset = Number(start.rows[0]?.n ?? 0);
  for (let from = offset + 1; from <= offset + count; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, offset + count);
    await sql`
      insert into organisations (
        obp_number, legal_name, org_type, city, country, email, stage, legitimacy_status, contractual_status,
        financial_status, mah_count, submitted_at, created_at, updated_at, created_by, updated_by
      )
      select
        'V' || lpad(i::text, 7, '0'),
        initcap(
          (${textArray(SYLLABLES)})[1 + (i * 7919) % ${SYLLABLES.length}] ||
          (${textArray(SYLLABLES)})[1 + ((i / ${SYLLABLES.length}) * 104729) % ${SYLLABLES.length}] ||
          (${textArray(SYLLABLES)})[1 + ((i / ${SYLLABLES.length ** 2}) * 31) % ${SYLLABLES.length}]
        ) || ' ' || (${textArray(SECOND)})[1 + (i * 15485863) % ${SECOND.length}],
        case when i % 3 = 0 then 'PD' else 'OPM' end,
        'City ' || (i % 500),
        (${textArray(EEA_COUNTRIES)})[1 + (i * 31) % ${EEA_COUNTRIES.length}],
        'contact' || i || '@' || (${textArray(SYLLABLES)})[1 + (i * 7919) % ${SYLLABLES.length}] || i % 1000 || '.example',
        (${textArray(STAGES)})[1 + (i * 13) % ${STAGES.length}],
        (array['NOT_SUBMITTED','SUBMITTED','IN_REVIEW','APPROVED','REJECTED'])[1 + (i * 17) % 5],
        (array['NOT_SUBMITTED','SUBMITTED','APPROVED'])[1 + (i * 19) % 3],
        (array['NOT_SUBMITTED','SUBMITTED','APPROVED'])[1 + (i * 23) % 3],
        1 + (i % 12),
        timestamptz '2026-10-01' - make_interval(secs => i * 29),
        timestamptz '2026-10-01' - make_interval(secs => i * 31),
        timestamptz '2026-10-01' - make_interval(secs => i * 31),
        'seed', 'seed'
      from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) as i
    `.execute(db);
    // The checks' foreign key is checked by a plan the session made when organisations held the demo's
    // few rows: a sequential scan per inserted check (hours at a million). Fresh statistics replan it.
    await sql`analyze organisations`.execute(db);
    await insertVolumeChecks(db, from, to);
    onProgress?.(to - offset);
  }
  // Statistics for the planner, and the visibility map that lets index-only scans skip the table.
  await sql`vacuum analyze organisations`.execute(db);
  await sql`vacuum analyze checks`.execute(db);
}

/** The EMVO accounts the synthetic checks are assigned to: a quarter each goes to the demo reviewer. */
const ASSIGNEES = [
  'reviewer@portal.test',
  'lead@portal.test',
  'emvo.three@portal.test',
  'emvo.four@portal.test',
];

const volumeNumber = (n: number) => sql.lit(`V${String(n).padStart(7, '0')}`);

/**
 * The checks of the synthetic organisations numbered `from` to `to` (the reviewers' queues read them):
 * one per check type whose status on the organisation is past NOT_SUBMITTED (domain.md: a check has a
 * row from its first submission), with the organisation's status, submitted when it was, the legitimacy
 * SLA three weeks on (15 working days), and started or decided ones assigned. Rows that exist are kept.
 */
async function insertVolumeChecks(db: Kysely<DB>, from: number, to: number) {
  await sql`
    insert into checks (
      organisation_id, type, status, attempt, submitted_at, assignee, decided_at, decided_by, sla_due_at,
      created_at, updated_at, created_by, updated_by
    )
    select
      o.id, t.type, t.status, 1 + (k.n % 7 = 0)::int, t.submitted_at,
      case when t.status <> 'SUBMITTED' then (${textArray(ASSIGNEES)})[1 + k.n % ${ASSIGNEES.length}] end,
      case when t.status in ('APPROVED', 'REJECTED') then t.submitted_at + interval '6 days' end,
      case when t.status in ('APPROVED', 'REJECTED') then (${textArray(ASSIGNEES)})[1 + k.n % ${ASSIGNEES.length}] end,
      case when t.type = 'LEGITIMACY' then t.submitted_at + interval '21 days' end,
      o.created_at, o.created_at, 'seed', 'seed'
    from organisations o
    cross join lateral (select substring(o.obp_number from 2)::bigint as n) as k
    cross join lateral (values
      ('LEGITIMACY', o.legitimacy_status, o.submitted_at),
      ('CONTRACTUAL', o.contractual_status, o.submitted_at + interval '30 days'),
      ('FINANCIAL', o.financial_status, o.submitted_at + interval '35 days')
    ) as t (type, status, submitted_at)
    where o.obp_number between ${volumeNumber(from)} and ${volumeNumber(to)} and t.status <> 'NOT_SUBMITTED'
    on conflict (organisation_id, type) do nothing
  `.execute(db);
}

/**
 * Adds the checks of the synthetic organisations to a database seeded before they existed (the
 * benchmark keeps its database between runs). Returns how many organisations it went through.
 */
export async function seedVolumeChecks(db: Kysely<DB>, onProgress?: (done: number) => void) {
  const counted = await sql<{
    n: string;
  }>`select count(*) as n from organisations where obp_number like 'V%'`.execute(db);
  const count = Number(counted.rows[0]?.n ?? 0);
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, count);
    await insertVolumeChecks(db, from, to);
    onProgress?.(to);
  }
  await sql`vacuum analyze checks`.execute(db);
  return count;
}
