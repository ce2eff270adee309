// The top functions of a V8 CPU profile (node --cpu-prof) by self time, and the share of the samples each
// package (node_modules/<name>, node:internal, the API's own dist) takes, self time again.
//
//   node bench/api-list/profile-top.mjs FILE.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const [file] = positionals;
if (!file) throw new Error('Usage: node bench/api-list/profile-top.mjs FILE.cpuprofile [--top 25]');
const profile = JSON.parse(readFileSync(file, 'utf8'));

// A sample's time is the gap to the next one; V8 records both lists in step.
const selfMicros = new Map();
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

/** Where a function lives: a package under node_modules, a Node internal, the API, or V8 itself. */
function placeOf(url) {
  if (!url) return '(v8)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node:internal';
  const inWorkspace = url.match(/\/(apps\/[^/]+|packages\/[^/]+)\//);
  return inWorkspace ? inWorkspace[1] : url;
}

const byFunction = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url);
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  const key = `${functionName || '(anonymous)'}  ${file ? `${file}:${lineNumber + 1}` : ''}  [${place}]`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}

const share = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log(`\nself time by function (top ${values.top})`);
for (const [key, micros] of top(byFunction, Number(values.top))) console.log(`${share(micros)}  ${key}`);
console.log('\nself time by package');
for (const [place, micros] of top(byPlace, 15)) console.log(`${share(micros)}  ${place}`);
