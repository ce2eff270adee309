// bench/scale's data: a PostgreSQL database per size (portal_scale_10k, _100k, _1m on BENCH_PG), each
// with the demo world, `size` synthetic organisations and their checks (apps/api volume-seed), and per
// organisation one SPOC user, 10 test runs, 3 stage events and 20 audit rows (10 at 1M: 10M rows at the
// top), spread over the last three years. Generated in SQL (generate_series), a chunk of organisations per
// transaction with the triggers off, and kept: a chunk is recorded once its transaction commits, so an
// interrupted seed resumes; the summaries the triggers keep are then counted once (recount_summaries).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import { migrate } from '../../apps/api/dist/node/migrate.js';
import { seedVolume } from '../../apps/api/dist/seed/volume-seed.js';
import { seedDemoIfEmpty } from '../lib/demo-seed.mjs';

const CHUNK = 50_000;
/** At most this many synthetic audit rows (10M audit rows at the top size). */
const MAX_AUDIT_ROWS = 10_000_000;
export const RUNS_PER_ORGANISATION = 10;
export const STAGE_EVENTS_PER_ORGANISATION = 3;
export const auditRowsPerOrganisation = (size) => Math.min(20, Math.floor(MAX_AUDIT_ROWS / size));

/** The reviewers and administrators the synthetic audit rows name, besides each company's SPOC. */
export const STAFF = [
  'reviewer@portal.test',
  'lead@portal.test',
  'admin@portal.test',
  'emvo.three@portal.test',
  'emvo.four@portal.test',
  'ops@portal.test',
];
/** The last day of the synthetic history: runs and audit rows spread over the three years before it. */
export const HISTORY_END = '2026-11-25T00:00:00Z';
const THREE_YEARS_SECONDS = 3 * 365 * 86_400;

const volumeNumber = (n) => `V${String(n).padStart(7, '0')}`;
const sqlText = (values) => `array[${values.map((value) => `'${value}'`).join(',')}]::text[]`;

/** The extra rows of organisations V{from}..V{to}, in one transaction with the chunk's record. */
function chunkStatements(from, to, size) {
  const organisations = `select id, substring(obp_number from 2)::bigint as n, created_at from organisations
    where obp_number between '${volumeNumber(from)}' and '${volumeNumber(to)}'`;
  return [
    `insert into users (email, display_name, roles, organisation_id, obp_role, status, last_login_at,
       created_at, updated_at, created_by, updated_by)
     select 'spoc' || o.n || '@scale.example',
            (array['Anna','Bram','Chloé','Dirk','Eva','Frank','Greta','Hugo','Ines','Jan'])[1 + o.n % 10] || ' ' ||
            (array['Peeters','Janssens','Maes','Jacobs','Mertens','Willems','Claes','Goossens'])[1 + (o.n / 10) % 8] ||
            ' ' || o.n,
            array['EXTERNAL'], o.id, 'SPOC', case when o.n % 10 = 0 then 'INVITED' else 'ACTIVE' end,
            case when o.n % 10 = 0 then null else o.created_at + interval '2 days' end,
            o.created_at, o.created_at, 'bench', 'bench'
       from (${organisations}) as o
     on conflict do nothing`,
    `insert into test_runs (organisation_id, environment, scenario, result, executed_at, source, created_by, updated_by)
     select o.id, (array['ITE','IQE','PRD'])[1 + g % 3], 'Scenario ' || g,
            case when (o.n * 7 + g * 3) % 10 < 7 then 'PASSED' else 'FAILED' end,
            timestamptz '${HISTORY_END}' - make_interval(secs => ((o.n * ${RUNS_PER_ORGANISATION} + g) * 7919) % ${THREE_YEARS_SECONDS}),
            'CSV_IMPORT', 'bench', 'bench'
       from (${organisations}) as o cross join generate_series(0, ${RUNS_PER_ORGANISATION - 1}) as g
     on conflict do nothing`,
    `insert into stage_events (organisation_id, move, from_stage, to_stage, actor, role, at)
     select o.id, m.move, m.from_stage, m.to_stage, 'reviewer@portal.test', 'EMVO',
            o.created_at + (m.k * 40 + 20 + o.n % 60) * interval '1 day'
       from (${organisations}) as o
      cross join (values
        (0, 'MOVE_TO_PRODUCTION', 'TECHNICAL_IQE', 'TECHNICAL_PRD'),
        (1, 'MOVE_TO_MAINTENANCE', 'TECHNICAL_PRD', 'MAINTENANCE'),
        (2, 'SUSPEND', 'MAINTENANCE', 'SUSPENDED')
      ) as m (k, move, from_stage, to_stage)`,
    `insert into audit_log (actor, action, entity, entity_id, diff, at, address, organisation_id)
     select case when g % 2 = 0 then u.email else (${sqlText(STAFF)})[1 + (o.n + g) % ${STAFF.length}] end,
            (array['CREATE','UPDATE','SUBMIT','UPDATE','APPROVE'])[1 + g % 5],
            case when g % 3 = 0 then 'user' else 'organisation' end,
            case when g % 3 = 0 then u.id::text else o.id::text end,
            jsonb_build_object('legalName', jsonb_build_object('from', 'Before ' || g, 'to', 'After ' || g)),
            timestamptz '${HISTORY_END}' - make_interval(secs => ((o.n * 20 + g) * 104729) % ${THREE_YEARS_SECONDS}),
            '10.0.' || (o.n % 250) || '.' || (g % 250),
            o.id
       from (${organisations}) as o
       join users u on u.organisation_id = o.id and u.email = 'spoc' || o.n || '@scale.example'
      cross join generate_series(0, ${auditRowsPerOrganisation(size) - 1}) as g`,
    `insert into bench_scale_progress (chunk_from) values (${from})`,
  ];
}

async function ensureDatabase(base, name) {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
}

const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/**
 * The database of `size` organisations, migrated and seeded (what is missing only); returns its URL.
 * Vacuums and analyses after seeding, so the plans measured are the steady state autovacuum reaches.
 * `scratchUrl`: a database made for this run instead of the size's own (--smoke).
 * @param {string} base
 * @param {string} label
 * @param {number} size
 * @param {string} [scratchUrl]
 */
export async function prepareScaleDatabase(base, label, size, scratchUrl) {
  const name = scratchUrl ? new URL(scratchUrl).pathname.slice(1) : `portal_scale_${label}`;
  const url = scratchUrl ?? `${base}/${name}`;
  if (!scratchUrl) await ensureDatabase(base, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  // A migration that rewrote rows leaves the planner's statistics stale: analysed below like a seed.
  const migrated = await migrate(database);
  await seedDemoIfEmpty(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let seeded = false;
  const { rows } = await client.query(
    "select count(*)::int as n from organisations where obp_number like 'V%'",
  );
  if (rows[0].n < size) {
    const started = performance.now();
    const volume = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await seedVolume(volume.db, size - rows[0].n, (done) =>
      process.stderr.write(`\r  ${name}: organisations ${done}/${size - rows[0].n}`),
    );
    await volume.close();
    process.stderr.write(` (${seconds(started)})\n`);
    seeded = true;
  }
  let loaded = false;
  await client.query('create table if not exists bench_scale_progress (chunk_from bigint primary key)');
  const done = new Set(
    (await client.query('select chunk_from from bench_scale_progress')).rows.map((r) => Number(r.chunk_from)),
  );
  const started = performance.now();
  for (let from = 1; from <= size; from += CHUNK) {
    if (done.has(from)) continue;
    const to = Math.min(from + CHUNK - 1, size);
    await client.query('begin');
    // Triggers off for the bulk load (migration 0019 recount_summaries counts it all once at the end): the
    // per-statement summaries would rewrite each company's row twice per chunk.
    await client.query('set local session_replication_role = replica');
    for (const statement of chunkStatements(from, to, size)) await client.query(statement);
    await client.query('commit');
    process.stderr.write(
      `\r  ${name}: users, runs, stage events, audit rows ${to}/${size} (${seconds(started)})`,
    );
    loaded = true;
  }
  if (loaded) {
    process.stderr.write(`\n  ${name}: recount_summaries…`);
    const recounted = performance.now();
    await client.query('select recount_summaries()');
    process.stderr.write(` (${seconds(recounted)})\n`);
  }
  if (seeded || loaded || migrated.length > 0) {
    process.stderr.write(`  ${name}: vacuum analyze…`);
    const vacuumed = performance.now();
    await client.query('vacuum analyze');
    process.stderr.write(` (${seconds(vacuumed)})\n`);
  }
  await client.end();
  return url;
}
