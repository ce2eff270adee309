import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explore } from 'source-map-explorer';
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
function eager(key, seen = new Set()) { const c = manifest[key]; if (!c || seen.has(key)) return seen; seen.add(key); for (const i of c.imports ?? []) eager(i, seen); return seen; }
const target = process.argv[2];
const keys = [...eager('index.html'), ...eager(Object.keys(manifest).find(k=>k.endsWith(target)))];
const files = [...new Set(keys.map(k=>manifest[k].file))];
console.log(files);
const r = await explore(files.map(f=>({code: join(dist,f), map: join(dist, f+'.map')})), {gzip:true, output:{format:'json'}, noBorderChecks:true});
const all=[];
for (const b of r.bundles) for (const [s,{size}] of Object.entries(b.files)) all.push([size, b.bundleName.split('/').pop(), s]);
all.sort((a,b)=>b[0]-a[0]);
for (const [s,b,f] of all.filter(x=>!x[2].includes('node_modules') || x[2].includes('zod')).slice(0,70)) console.log(String(s).padStart(6), b.padEnd(30), f.replace(/.*node_modules\//,'nm/'));
