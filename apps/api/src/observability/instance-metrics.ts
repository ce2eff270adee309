import type { VitalSample } from '@portal/contracts';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database-handle.js';

/**
 * What an API instance tells Prometheus. One registry per app (tests build many apps in one
 * process; each counts its own). The gauges that read the database do it when scraped, not on a timer.
 */
export interface InstanceMetrics {
  registry: Registry;
  /** Seconds per request, by method, route pattern (not the URL: no ids in labels) and status. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Failed blob store calls, by operation (a missing blob on read is no failure). */
  storageErrors: Counter<'operation'>;
  /** A Core Web Vital a browser reported (modules/vitals), into its histogram by screen. */
  observeVital: (sample: VitalSample) => void;
}

export function createInstanceMetrics(database: Database): InstanceMetrics {
  const registry = new Registry();
  // Both outbox gauges are collected in one scrape: they share one query, the one in flight.
  let backlog: ReturnType<typeof outboxBacklog> | undefined;
  const readBacklog = () => {
    backlog ??= outboxBacklog(database).finally(() => {
      backlog = undefined;
    });
    return backlog;
  };
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: 'portal_storage_errors_total',
    help: 'Blob store calls that failed, by operation',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL connections of this instance, by state (none with the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting_requests',
    help: 'Queries waiting for a free PostgreSQL connection of this instance',
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (stats) this.set(stats.waiting);
    },
  });
  new Gauge({
    name: 'portal_mail_outbox_pending',
    help: 'Mails in the outbox not sent yet (all instances share it)',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: 'portal_mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail not sent yet; 0 when none waits',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestAgeSeconds);
    },
  });
  // web.dev's thresholds sit on bucket edges: LCP good ≤ 2.5 s, poor > 4 s; INP 200 / 500 ms; CLS 0.1 / 0.25.
  const vitals = {
    LCP: vitalHistogram(
      registry,
      'lcp_seconds',
      'Largest Contentful Paint',
      [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
    ),
    INP: vitalHistogram(
      registry,
      'inp_seconds',
      'Interaction to Next Paint',
      [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
    ),
    CLS: vitalHistogram(registry, 'cls', 'Cumulative Layout Shift', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]),
  };
  const observeVital = ({ name, screen, value }: VitalSample) =>
    vitals[name].observe({ screen }, name === 'CLS' ? value : value / 1000);
  return { registry, httpDuration, storageErrors, observeVital };
}

function vitalHistogram(registry: Registry, suffix: string, what: string, buckets: number[]) {
  return new Histogram({
    name: `portal_web_vital_${suffix}`,
    help: `${what} the browsers reported, by screen (the router's pattern)`,
    labelNames: ['screen'] as const,
    buckets,
    registers: [registry],
  });
}

async function outboxBacklog(database: Database): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const row = await database.db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<string>().as('pending'), eb.fn.min('createdAt').as('oldest')])
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest as Date).getTime() : undefined;
  return {
    pending: Number(row?.pending ?? 0),
    oldestAgeSeconds: oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}
