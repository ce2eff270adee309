import { type VitalName, type VitalSample, vitalsApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database-handle.js';
import { route } from '../../http/route.js';

/** How long a person's reading is kept: the admin landing reads the last day. */
const KEEP_MS = 2 * 24 * 60 * 60_000;

/** A report's last sample of each vital: the reading it leaves for its person. */
const lastOfEach = (samples: readonly VitalSample[]) => [
  ...new Map<VitalName, VitalSample>(samples.map((sample) => [sample.name, sample])).values(),
];

/**
 * POST /api/vitals, the Core Web Vitals a browser measured (contracts VITAL_BOUNDS refuse
 * what no browser measures). Every sample goes to the instance's metrics (`observe`: fixed histograms,
 * whatever the number of reports). A signed-in person's report also replaces their own reading of each
 * vital in web_vital_readings, which every instance shares, for the admin landing's p75: one row per person
 * and vital, so the table does not grow with the reports and no one browser weighs more than one person.
 * A visitor's report reaches the metrics only: anyone can send those, as often as the rate limit lets them.
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
      const user = await app.signedInUser(request);
      if (!user) return undefined;
      const readings = lastOfEach(body.samples).map((sample) => ({ subject: user.subject, ...sample }));
      await request.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webVitalReadings')
          .values(readings)
          .onConflict((conflict) =>
            conflict.columns(['subject', 'name']).doUpdateSet((eb) => ({
              screen: eb.ref('excluded.screen'),
              value: eb.ref('excluded.value'),
              at: new Date(),
            })),
          )
          .execute();
        await trx
          .deleteFrom('webVitalReadings')
          .where('at', '<', new Date(Date.now() - KEEP_MS))
          .execute();
      });
      return undefined;
    },
    { tags: ['vitals'] },
  );
}
