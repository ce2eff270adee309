import { DEV_OUTBOX_LIMIT, type DevOutboxMail, devOutboxApi } from '@portal/contracts';
import { iso } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { OutboxMail } from '../../db/schema.js';
import { route } from '../../http/route.js';
import { listRecentMails } from '../../mail/outbox-repository.js';

const toDto = (row: OutboxMail): DevOutboxMail => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  text: row.text,
  link: row.link,
  status: row.status,
  createdAt: iso(row.createdAt),
});

/**
 * domain.md: outside production the outbox can be read through the API (devOutboxApi), so the local e2e
 * tests and a person trying the portal can follow a confirmation link without a mail server. app.ts
 * registers this only outside production; there the route does not exist (404). Public: its readers have
 * no token.
 */
export async function devOutboxRoutes(app: FastifyInstance) {
  route(
    app,
    devOutboxApi.mails,
    async ({ query, request }) => {
      const rows = await listRecentMails(request.db, { to: query.to, limit: DEV_OUTBOX_LIMIT });
      return rows.map(toDto);
    },
    { tags: ['dev'] },
  );
}
