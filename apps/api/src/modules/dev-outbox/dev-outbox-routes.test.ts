import { DEV_OUTBOX_LIMIT } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  // As npm start runs it: no SMTP_URL, so mails stay in the outbox, and DEV_OUTBOX on.
  t = await createTestApp({ config: { DEV_OUTBOX: 'true' } });
});
afterAll(() => t.app.close());
beforeEach(async () => {
  await t.db.deleteFrom('outbox').execute();
});

/** Mails written straight into the table, each at a given time, so the expected order reads off the rows. */
async function seed(mails: Array<[to: string, subject: string, at: string]>) {
  await t.db
    .insertInto('outbox')
    .values(
      mails.map(([to, subject, at]) => ({
        toAddress: to,
        subject,
        text: `Text of ${subject}`,
        createdAt: new Date(at),
      })),
    )
    .execute();
}

// Public: the local e2e tests and a person trying the portal read it without a token.
const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });
  return { status: response.statusCode, body: response.json() };
};
const subjects = (body: Array<{ subject: string }>) => body.map((mail) => mail.subject);

describe('GET /api/dev/outbox (DEV_OUTBOX=true): the mails in the outbox', () => {
  beforeEach(() =>
    seed([
      ['Ana@Example.test', 'first to Ana', '2026-03-01T10:00:00Z'],
      ['ana@example.test', 'third to Ana', '2026-03-03T10:00:00Z'],
      ['bob@example.test', 'to Bob', '2026-03-04T10:00:00Z'],
      ['ANA@EXAMPLE.TEST', 'second to Ana', '2026-03-02T10:00:00Z'],
    ]),
  );

  it.each([
    [
      'to one address, whatever its case, newest first',
      '?to=ana@EXAMPLE.test',
      ['third to Ana', 'second to Ana', 'first to Ana'],
    ],
    ['to an address with spaces around it', '?to=%20bob@example.test%20', ['to Bob']],
    ['to an address that got no mail: none', '?to=nobody@example.test', []],
    [
      'to every address when `to` is left out, newest first',
      '',
      ['to Bob', 'third to Ana', 'second to Ana', 'first to Ana'],
    ],
  ])('lists the mails %s', async (_rule, query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(subjects(body)).toEqual(expected);
  });

  it('answers each mail with its address, subject, text, link, status and creation time', async () => {
    const { body } = await list('?to=bob@example.test');
    expect(body).toEqual([
      {
        id: expect.any(String),
        to: 'bob@example.test',
        subject: 'to Bob',
        text: 'Text of to Bob',
        link: null,
        status: 'PENDING',
        createdAt: '2026-03-04T10:00:00.000Z',
      },
    ]);
  });

  it(`answers at most the ${DEV_OUTBOX_LIMIT} newest`, async () => {
    await seed(
      Array.from({ length: 55 }, (_, i): [string, string, string] => [
        'many@example.test',
        `mail ${i + 1}`,
        new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      ]),
    );
    const { body } = await list('?to=many@example.test');
    expect(body).toHaveLength(DEV_OUTBOX_LIMIT);
    expect(subjects(body).slice(0, 2)).toEqual(['mail 55', 'mail 54']);
    expect(subjects(body).at(-1)).toBe('mail 6');
  });

  it('refuses an empty `to` with 400', async () => {
    const { status, body } = await list('?to=');
    expect(status).toBe(400);
    expect(body).toMatchObject([{ code: 'INVALID_FIELD', field: 'to' }]);
  });
});

describe('GET /api/dev/outbox: a mail a feature enqueued', () => {
  it('stays PENDING without SMTP_URL and is listed with its link, for a test to follow', async () => {
    const link = 'https://portal.test/confirm/t0ken';
    await t.db.transaction().execute((trx) =>
      t.app.mail.enqueue(trx, {
        to: 'new@example.test',
        subject: 'Confirm',
        text: `Confirm at ${link}`,
        link,
      }),
    );
    expect(await t.app.mail.sendDue()).toMatchObject({ claimed: 0 });

    const { body } = await list('?to=NEW@example.test');
    expect(body).toMatchObject([{ to: 'new@example.test', subject: 'Confirm', link, status: 'PENDING' }]);
  });
});

describe('GET /api/dev/outbox without DEV_OUTBOX (an opt-in, even outside production)', () => {
  let production: App;
  beforeAll(async () => {
    production = await createTestApp({ config: { NODE_ENV: 'development' } });
  });
  afterAll(() => production.app.close());

  it('does not exist: 404', async () => {
    await production.db
      .insertInto('outbox')
      .values({ toAddress: 'ana@example.test', subject: 'Confirm', text: 'Confirm' })
      .execute();
    const response = await production.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=ana@example.test',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
