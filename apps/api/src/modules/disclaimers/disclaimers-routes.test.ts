import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

beforeAll(async () => {
  t = await createTestApp();
  const audit = { createdBy: 'seed', updatedBy: 'seed' };
  await t.db
    .insertInto('disclaimerContents')
    .values([
      {
        type: 'REGISTRATION',
        versionNumber: 1,
        title: 'Old',
        body: 'Old terms.',
        status: 'ARCHIVED',
        ...audit,
      },
      {
        type: 'REGISTRATION',
        versionNumber: 2,
        title: 'Registration',
        body: 'You act on behalf of the **company** you name.',
        status: 'PUBLISHED',
        requiresAcceptance: true,
        publishedAt: new Date(),
        ...audit,
      },
      {
        type: 'REGISTRATION',
        versionNumber: 3,
        title: 'Next',
        body: 'Draft terms.',
        status: 'DRAFT',
        ...audit,
      },
      { type: 'PRIVACY', versionNumber: 1, title: 'Privacy', body: 'Draft only.', status: 'DRAFT', ...audit },
    ])
    .execute();
});
afterAll(() => t.app.close());

const read = (type: string) => t.app.inject({ method: 'GET', url: `/api/disclaimers/${type}` });

describe('GET /api/disclaimers/{type} (anyone)', () => {
  it('answers the published version of a type, neither the archived nor the draft one', async () => {
    const response = await read('REGISTRATION');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      type: 'REGISTRATION',
      version: 2,
      title: 'Registration',
      body: 'You act on behalf of the **company** you name.',
      requiresAcceptance: true,
    });
  });

  it.each([
    ['a type with drafts only', 'PRIVACY'],
    ['a type with no text at all', 'IIF'],
    ['an unknown type', 'COOKIES'],
  ])('answers 404 NOT_FOUND for %s', async (_case, type) => {
    const response = await read(type);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });
});
