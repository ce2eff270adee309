// bench/lighthouse/tasks.mjs: the main thread's long tasks in a trace that `run.mjs --save DIR` wrote
// (DIR/<page>-run-<n>.trace.json), unthrottled as traced: each task's start and length, then what it spent
// its time on (the trace events inside it, by name, self time) and the script it ran, so an
// "Unattributable" task in Lighthouse's report gets a name. Lighthouse's mobile simulation counts each
// task about four times over: a task over 12.5 ms here blocks.
//
//   node bench/lighthouse/tasks.mjs DIR/company-run-1.trace.json [--over 10]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { over: { type: 'string', default: '10' } },
});
const OVER_MS = Number(values.over);
const trace = JSON.parse(readFileSync(positionals[0], 'utf8'));
const events = trace.traceEvents ?? trace;

// The page's renderer main thread: the renderer main thread (CrRendererMain) that spent the most time in
// tasks (an earlier page's renderer may be in the trace too).
const renderers = new Set(
  events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`),
);
const busy = new Map();
for (const event of events) {
  const key = `${event.pid}:${event.tid}`;
  if (event.name === 'RunTask' && renderers.has(key)) busy.set(key, (busy.get(key) ?? 0) + event.dur);
}
const [mainThread] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
if (!mainThread) throw new Error('No renderer main thread in the trace');
const onMain = events
  .filter((event) => `${event.pid}:${event.tid}` === mainThread && event.ph === 'X' && event.dur)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const navigationStart = Math.min(...onMain.map((event) => event.ts));

/** Self time by event name inside one task (children's time taken off their parent's). */
function breakdown(task, inside) {
  const selfByName = new Map();
  const stack = [];
  const add = (event, self) => {
    const key = event.name + (event.args?.data?.url ? ` ${event.args.data.url.split('/').pop()}` : '');
    selfByName.set(key, (selfByName.get(key) ?? 0) + self);
  };
  const all = [task, ...inside];
  const self = new Map(all.map((event) => [event, event.dur]));
  for (const event of all) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent, self.get(parent) - event.dur);
    stack.push(event);
  }
  for (const [event, time] of self) add(event, time);
  return [...selfByName].sort((a, b) => b[1] - a[1]).filter(([, time]) => time >= 500);
}

const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur >= OVER_MS * 1000);
console.log(`Main-thread tasks over ${OVER_MS} ms (ms from the first event; self time by event inside):`);
for (const task of tasks) {
  const end = task.ts + task.dur;
  const inside = onMain.filter(
    (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= end,
  );
  console.log(
    `\n${((task.ts - navigationStart) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(1)} ms`,
  );
  for (const [name, time] of breakdown(task, inside).slice(0, 8))
    console.log(`        ${(time / 1000).toFixed(1).padStart(6)} ms  ${name}`);
}
