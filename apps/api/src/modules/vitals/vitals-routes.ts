import { type VitalSample, vitalsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { route } from '../../http/route.js';

/** How long reported vitals are kept: the admin landing reads the last day. */
const KEEP_MS = 2 * 24 * 60 * 60_000;

/**
 * Issue 24 item 4: POST /api/vitals, the Core Web Vitals a browser measured. Each sample goes to the
 * instance's metrics (`observe`) and to web_vitals, which every instance shares, for the last day's p75.
 */
export async function vitalsRoutes(
  app: FastifyInstance,
  options: { database: Database; observe: (sample: VitalSample) => void },
) {
  route(
    app,
    vitalsApi.report,
    async ({ body, request }) => {
      for (const sample of body.samples) options.observe(sample);
      await request.db.transaction().execute(async (trx) => {
        await trx.insertInto('webVitals').values(body.samples).execute();
        await trx
          .deleteFrom('webVitals')
          .where('at', '<', new Date(Date.now() - KEEP_MS))
          .execute();
      });
      return undefined;
    },
    { tags: ['vitals'] },
  );
}
