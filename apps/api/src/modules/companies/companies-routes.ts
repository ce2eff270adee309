import { companiesApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { loadCompanyPage } from './company-page.js';
import { search } from './search.js';

/**
 * The company page and the top bar's search, as @portal/contracts companiesApi declares them (EMVO and
 * ADMIN: reviewers work on a company, administrators read it).
 */
export async function companiesRoutes(app: FastifyInstance) {
  const tags = ['companies'];
  // The page holds the billing details, whose schema transforms the company's input: written as built.
  route(
    app,
    companiesApi.page,
    async ({ params, request }) => loadCompanyPage(request.db, params.obpNumber),
    { tags, writtenAsIs: true },
  );
  route(app, companiesApi.search, async ({ query, request }) => search(request.db, query.q), { tags });
}
