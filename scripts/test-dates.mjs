// `npm run test:dates [--all] [ISO …]`: the suites whose results depend on today's date, run again under
// clocks the run sets (test/fixed-clock.ts reads PORTAL_TEST_NOW), so that a weekend, a holiday or a
// summer-time change cannot turn CI red on the day it happens. By default: a Saturday, a Sunday that is
// also the night of Europe's spring clock change with Easter Monday (a configured holiday) ahead, and
// Christmas Day. The files are those whose tests read the clock (or the database's), found anew each run
// so a new one joins by itself, unless it says `test:dates: not calendar` with why (a file that compares the
// time with another clock, the file system's or a server's, which a set clock cannot move, or one whose
// answers a set clock moves alike on both sides it compares); --all runs every test file of the workspaces
// instead. `performance.now()` is a stopwatch, not the calendar: it does not count as reading the clock.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './setup.mjs';

export const CLOCKS = ['2026-11-28T10:00:00Z', '2027-03-28T01:30:00Z', '2026-12-25T10:00:00Z'];
const WORKSPACES = ['packages/domain', 'apps/api', 'apps/local-idp', 'apps/web'];
const READS_THE_CLOCK =
  /Date\.now\(\)|new Date\(\)|(?<!\.)\bnow\(\)|current_(date|timestamp)|addWorkingDays|slaDueAt/;

function dateSensitiveFiles(workspace) {
  const src = join(root, workspace, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => {
      const text = readFileSync(join(src, file), 'utf8');
      return READS_THE_CLOCK.test(text) && !text.includes('test:dates: not calendar');
    })
    .map((file) => join('src', file));
}

const args = process.argv.slice(2);
const all = args.includes('--all');
const clocks = args.filter((arg) => arg !== '--all');
const failed = [];
for (const now of clocks.length > 0 ? clocks : CLOCKS) {
  for (const workspace of WORKSPACES) {
    const files = all ? [] : dateSensitiveFiles(workspace);
    if (!all && files.length === 0) continue;
    console.log(`\n${workspace} at ${now}: ${all ? 'every file' : `${files.length} files`}`);
    const result = spawnSync('npx', ['vitest', 'run', ...files], {
      cwd: join(root, workspace),
      stdio: 'inherit',
      env: { ...process.env, PORTAL_TEST_NOW: now },
    });
    if (result.status !== 0) failed.push(`${workspace} at ${now}`);
  }
}
if (failed.length > 0) {
  console.error(`\n✖ Failed under a set clock: ${failed.join('; ')}`);
  process.exit(1);
}
