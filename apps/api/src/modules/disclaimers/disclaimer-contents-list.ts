import { DISCLAIMER_CONTENTS_LIST } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { runList } from '../../list/list-sql.js';
import { disclaimerContentsQuery, toDto } from './disclaimer-contents-repository.js';

/** GET /api/disclaimer-contents: every version of every type (the history), by the list language. */
export async function listDisclaimerContents(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, disclaimerContentsQuery(db), request, DISCLAIMER_CONTENTS_LIST);
  return { ...page, items: page.items.map(toDto) };
}
