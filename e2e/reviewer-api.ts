import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { submitCredentials } from './sign-in';

export interface ApiAs {
  /** The signed-in page the calls go out of (its cookies, its bearer). */
  page: Page;
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data: unknown) => Promise<T>;
}

/**
 * A demo user signed in on a page of their own, and the API as they may call it: MSAL keeps its tokens
 * encrypted in storage, so the bearer is read off the SPA's own first API call; writes carry the
 * XSRF-TOKEN cookie back as the header, as the SPA does (spec §7).
 */
export async function apiAs(browser: Browser, email: string, landing: RegExp): Promise<ApiAs> {
  // A context of its own (its own storage and cookies), which axe needs too.
  const page = await (await browser.newContext()).newPage();
  const bearer = page
    .waitForRequest((request) => request.url().includes('/api/') && !!request.headers().authorization)
    .then((request) => request.headers().authorization ?? '');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email);
  await expect(page).toHaveURL(landing);
  const authorization = await bearer;
  const xsrf = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    page,
    get: async <T>(path: string) => {
      const answer = await page.request.get(path, { headers: { authorization } });
      expect(answer.status(), `GET ${path}: ${await answer.text()}`).toBe(200);
      return (await answer.json()) as T;
    },
    post: async <T>(path: string, data: unknown) => {
      const answer = await page.request.post(path, {
        headers: { authorization, 'x-xsrf-token': await xsrf() },
        data,
      });
      expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBe(200);
      return (await answer.json()) as T;
    },
  };
}

/**
 * Mock mode's (spec §7) demo user of a role, in a new tab of the context's browser: the tabs share one store
 * (the company's writes reach the reviewer's queue), and the calls go through the tab's msw worker, whose
 * token names the role (apps/web mock-auth.ts).
 */
export async function mockApiAs(
  context: BrowserContext,
  role: 'EMVO' | 'ADMIN',
  landing: RegExp,
): Promise<ApiAs> {
  const page = await context.newPage();
  await page.goto(`/?mockRole=${role}`);
  await expect(page).toHaveURL(landing);
  const call = async <T>(method: string, path: string, data?: unknown) => {
    const body = data === undefined ? null : JSON.stringify(data);
    const headers = { authorization: `Bearer mock.${role}`, 'content-type': 'application/json' };
    const answer = await page.evaluate(
      async ({ method, path, body, headers }) => {
        const response = await fetch(path, { method, headers, body });
        return { ok: response.ok, text: await response.text() };
      },
      { method, path, body, headers },
    );
    expect(answer.ok, `${method} ${path}: ${answer.text}`).toBe(true);
    return JSON.parse(answer.text) as T;
  };
  return {
    page,
    get: (path) => call('GET', path),
    post: (path, data) => call('POST', path, data),
  };
}

/** A reviewer's start and approval of the company's open check in a queue, through the API. */
export async function approveThroughApi(
  reviewer: ApiAs,
  queue: 'legitimacy' | 'contractual' | 'financial',
  company: string,
) {
  type Row = { id: string; version: number; legalName: string };
  const { items } = await reviewer.get<{ items: Row[] }>(
    `/api/review-queues/${queue}?search=${encodeURIComponent(company)}`,
  );
  const check = items.find((row) => row.legalName === company);
  expect(check, `${company} in the ${queue} queue`).toBeDefined();
  if (!check) return;
  const started = await reviewer.post<{ check: { version: number } }>(`/api/checks/${check.id}/decisions`, {
    action: 'START',
    version: check.version,
  });
  await reviewer.post(`/api/checks/${check.id}/decisions`, {
    action: 'APPROVE',
    version: started.check.version,
  });
}
