// bench/table harness: the shared DataTable in infinite-scroll mode over generated rows (100,000 by
// default, ?rows=N), with what bench/table/run.mjs reads: long tasks, the most rows seen in the DOM, and
// the loads the table asked for. Bundled by run.mjs with Vite's JS API; not part of the app's build.
import i18next from 'i18next';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../apps/web/public/assets/i18n/en.json';
import '../../apps/web/src/app/portal.css';
import type { Column } from '../../apps/web/src/table/column';
import { DataTable } from '../../apps/web/src/table/data-table';
import type { TableSize } from '../../apps/web/src/table/sizes';

interface Row {
  id: number;
  name: string;
  email: string;
  country: string;
  stage: string;
  createdAt: string;
}

interface BenchState {
  longestTask: number;
  longTasks: number;
  tasks: Array<{ start: number; duration: number }>;
  mostRows: number;
  mostTrs: number;
  loads: string[];
  reset: () => void;
}

declare global {
  interface Window {
    bench: BenchState;
  }
}

const search = new URLSearchParams(location.search);
const ROWS = Number(search.get('rows') ?? 100_000);
const SIZE = (search.get('size') ?? 'medium') as TableSize;
/** With ?pageSize=N the table starts with N rows and each 'down' appends N more, as a list loading pages. */
const PAGE_SIZE = Number(search.get('pageSize') ?? 0);
const COUNTRIES = ['BE', 'FR', 'DE', 'NL', 'IT', 'ES', 'PT', 'LU'];
const STAGES = ['INFORMATION', 'LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL', 'MAINTENANCE'];

const rows: Row[] = Array.from({ length: ROWS }, (_, index) => ({
  id: index + 1,
  name: `Company ${index + 1} Pharma Distribution`,
  email: `contact${index + 1}@company${index % 997}.example`,
  country: COUNTRIES[index % COUNTRIES.length] ?? 'BE',
  stage: STAGES[index % STAGES.length] ?? 'INFORMATION',
  createdAt: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString().slice(0, 10),
}));

// Headers are translation keys; a key without a translation shows as itself.
const columns: Column<Row>[] = [
  { id: 'id', header: '#', fields: 'id', cell: (row) => row.id, width: '6rem', align: 'end' },
  { id: 'name', header: 'Name', fields: 'name', cell: (row) => row.name },
  { id: 'email', header: 'Email', cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  {
    id: 'country',
    header: 'Country',
    fields: ['country', 'name'],
    cell: (row) => row.country,
    width: '7rem',
  },
  { id: 'stage', header: 'Stage', fields: 'stage', cell: (row) => row.stage, width: '10rem' },
  { id: 'createdAt', header: 'Created', fields: 'createdAt', cell: (row) => row.createdAt, width: '8rem' },
];

const bench: BenchState = {
  longestTask: 0,
  longTasks: 0,
  tasks: [],
  mostRows: 0,
  mostTrs: 0,
  loads: [],
  reset() {
    bench.longestTask = 0;
    bench.longTasks = 0;
    bench.tasks = [];
    bench.mostRows = 0;
    bench.mostTrs = 0;
    bench.loads = [];
  },
};
window.bench = bench;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    bench.longTasks += 1;
    bench.tasks.push({ start: entry.startTime, duration: entry.duration });
    bench.longestTask = Math.max(bench.longestTask, entry.duration);
  }
}).observe({ type: 'longtask', buffered: true });

// The rows in the DOM, sampled every frame.
function sample() {
  bench.mostRows = Math.max(bench.mostRows, document.querySelectorAll('tbody tr[aria-rowindex]').length);
  bench.mostTrs = Math.max(bench.mostTrs, document.querySelectorAll('tr').length);
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);

function Harness() {
  const [order, setOrder] = useState<string[]>([]);
  const [shown, setShown] = useState(PAGE_SIZE > 0 ? PAGE_SIZE : rows.length);
  const visible = useMemo(() => (shown >= rows.length ? rows : rows.slice(0, shown)), [shown]);
  return (
    <DataTable
      mode="infinite"
      columns={columns}
      rows={visible}
      rowKey={(row) => row.id}
      order={order}
      onSort={(_fields, next) => setOrder(next)}
      total={rows.length}
      size={SIZE}
      caption="Generated companies"
      height="70vh"
      onLoadMore={(direction) => {
        bench.loads.push(direction);
        if (direction === 'down' && PAGE_SIZE > 0)
          setShown((count) => Math.min(count + PAGE_SIZE, rows.length));
      }}
    />
  );
}

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>
    </StrictMode>,
  );
}
