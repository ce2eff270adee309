import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../test/test-app.js';

/**
 * Security review, issue 21 item 10: list requests that answered 500. Each is the caller's mistake, so each
 * must answer 400 with a list-query code the SPA's catalogue knows, whatever the list.
 */
type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let reviewer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // A reviewer the directory knows, under a subject of this file's own: the API serves only its users.
  await t.db
    .insertInto('users')
    .values({
      email: 'list-limits@portal.test',
      displayName: 'List limits',
      roles: ['EMVO'],
      externalId: 'list-limits-reviewer',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .execute();
  const token = await t.sign({
    roles: ['EmvoPortalInternal'],
    sub: 'list-limits-reviewer',
    emails: ['list-limits@portal.test'],
  });
  reviewer = { authorization: `Bearer ${token}`, ...XSRF_HEADERS };
});
afterAll(() => t.app.close());

async function list(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/organisations?${query}`,
    headers: reviewer,
  });
  return { status: response.statusCode, body: response.json() };
}

/** `and.or.and.or.…` with `depth` combinators before the field. */
const groups = (depth: number) =>
  Array.from({ length: depth }, (_, index) => (index % 2 === 0 ? 'and' : 'or')).join('.');

describe('GET /api/organisations: list requests that once answered 500', () => {
  it.each([
    ['a sort key found on the prototype: constructor', 'order=constructor', 'INVALID_ORDER'],
    ['a sort key found on the prototype: __proto__', 'order=__proto__', 'INVALID_ORDER'],
    ['a sort key found on the prototype: toString', 'order=toString', 'INVALID_ORDER'],
    ['a descending sort key found on the prototype: -valueOf', 'order=-valueOf', 'INVALID_ORDER'],
    ['a sort key found on the prototype: hasOwnProperty', 'order=hasOwnProperty', 'INVALID_ORDER'],
    ['a filter on a prototype name: constructor', 'constructor=x', 'UNKNOWN_FIELD'],
    ['a filter on a prototype name: __proto__', '__proto__.gt=1', 'UNKNOWN_FIELD'],
    ['a filter on a prototype name inside a group', 'or.toString=x', 'UNKNOWN_FIELD'],
    ['a date in year 99999', 'createdAt.gte=99999-01-01', 'INVALID_VALUE'],
    ['a date in year 10000', 'createdAt.gte=10000-01-01', 'INVALID_VALUE'],
    ['a date in year 0', 'createdAt.gte=0000-01-01', 'INVALID_VALUE'],
    ['a date in year -1', 'createdAt.gte=-000001-01-01', 'INVALID_VALUE'],
    ['an expanded-year ISO date', 'createdAt.lt=%2B275760-09-13T00:00:00.000Z', 'INVALID_VALUE'],
    ['a date-time that lands in year 10000 in UTC', 'createdAt.lt=9999-12-31T23:30-01:00', 'INVALID_VALUE'],
    ['a text the engine would read as a date', 'createdAt.gte=March%207%2099999', 'INVALID_VALUE'],
    ['600 nested and/or groups', `${groups(600)}.stage=INFORMATION`, 'INVALID_KEY'],
    ['one group past the nesting limit', `${groups(9)}.stage=INFORMATION`, 'INVALID_KEY'],
  ])('answers 400 for %s', async (_case, query, code) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code });
    expect(typeof body.message).toBe('string');
  });

  it.each([
    ['the first day of year 1', 'createdAt.gte=0001-01-01'],
    ['the last moment of year 9999', 'createdAt.lte=9999-12-31T23:59:59.999Z'],
    ['groups nested to the limit', `${groups(8)}.stage=INFORMATION`],
  ])('still answers 200 for %s', async (_case, query) => {
    const { status } = await list(query);
    expect(status).toBe(200);
  });
});
