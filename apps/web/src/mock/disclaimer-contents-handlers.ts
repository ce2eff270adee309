import {
  type DisclaimerContent,
  disclaimerContentsApi,
  disclaimersApi,
  SIGN_IN_DISCLAIMER_TYPES,
} from '@portal/contracts';
import { tickBoxStatements } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { demoId } from './mock-data';
import { apiError, MOCK_ACTOR, type MockContext, versionConflict } from './mock-http';
import { createInMemoryStore } from './mock-resource';
import { mockRoute } from './mock-route';
import { DEMO_TICK_BOXES } from './onboarding-data';

type Stored = Omit<
  DisclaimerContent,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'
>;

const at = (day: string) => `${day}T09:00:00.000Z`;
const version = (
  n: number,
  row: Pick<DisclaimerContent, 'type' | 'versionNumber' | 'status' | 'title' | 'body'> &
    Partial<DisclaimerContent>,
): DisclaimerContent => ({
  id: demoId('d1', n),
  requiresAcceptance: false,
  publishedAt: row.status === 'DRAFT' ? null : at('2026-01-15'),
  publishedBy: row.status === 'DRAFT' ? null : MOCK_ACTOR,
  createdAt: at('2026-01-10'),
  updatedAt: at('2026-01-15'),
  createdBy: MOCK_ACTOR,
  updatedBy: MOCK_ACTOR,
  version: 1,
  ...row,
});

/**
 * The demo texts: a published version of each type (the registration and tick-box texts as the other mock
 * screens show them), an archived one for history, and a LOGIN draft requiring acceptance. None published
 * requires acceptance at sign-in, so the demo screens open at once; publishing the LOGIN draft shows the
 * sign-in gate at the next start (a reload).
 */
export function createMockDisclaimers(): DisclaimerContent[] {
  return [
    version(1, {
      type: 'LOGIN',
      versionNumber: 1,
      status: 'PUBLISHED',
      title: 'Using the portal',
      body: 'You use the portal for your company only.\n\nRead the [portal rules](https://emvo-medicines.eu) before you start.',
    }),
    version(2, {
      type: 'LOGIN',
      versionNumber: 2,
      status: 'DRAFT',
      title: 'Using the portal',
      body: '## What changes\n\nYou use the portal for your company **only**, and keep your sign-in to yourself.',
      requiresAcceptance: true,
    }),
    version(3, {
      type: 'REGISTRATION',
      versionNumber: 1,
      status: 'ARCHIVED',
      title: 'Registration terms',
      body: 'You act on behalf of the company you name.',
      requiresAcceptance: true,
    }),
    version(4, {
      type: 'REGISTRATION',
      versionNumber: 2,
      status: 'PUBLISHED',
      title: 'Registration terms',
      body: 'You act on behalf of the **company** you name, and the data you give is true.',
      requiresAcceptance: true,
    }),
    version(5, {
      type: 'PA_TICKBOX',
      versionNumber: DEMO_TICK_BOXES.disclaimerVersion,
      status: 'PUBLISHED',
      title: DEMO_TICK_BOXES.title,
      body: DEMO_TICK_BOXES.texts.join('\n\n'),
      requiresAcceptance: true,
    }),
    version(6, {
      type: 'PRIVACY',
      versionNumber: 1,
      status: 'PUBLISHED',
      title: 'Privacy notice',
      body: 'We keep the data the onboarding needs, and no more.',
    }),
  ];
}

const notDraft = () =>
  apiError(409, 'DISCLAIMER_NOT_DRAFT', 'Only a draft can be changed; this version is published or archived');

/**
 * /api/disclaimer-contents and the acceptances (apps/api modules/disclaimers), in memory: the versions by
 * type, one draft per type, publish archiving the published one, the texts pending acceptance and the
 * acceptance (the demo user's, for the session). GET /api/disclaimers/REGISTRATION stays with the
 * registration handlers, registered before these.
 */
export function disclaimerContentsHandlers(
  context: MockContext,
  rows: DisclaimerContent[] = createMockDisclaimers(),
): HttpHandler[] {
  const store = createInMemoryStore<DisclaimerContent, Partial<Stored>>(rows, {
    missing: (id) => `No disclaimer content ${id}`,
    newId: context.newId,
    stamped: true,
    rules: {
      // The API's one draft per type, and only a draft is edited.
      conflict: (input, all, exceptId) => {
        if (exceptId)
          return all.find((row) => row.id === exceptId)?.status === 'DRAFT' ? undefined : notDraft();
        return all.some((row) => row.type === input.type && row.status === 'DRAFT')
          ? apiError(
              409,
              'DISCLAIMER_DRAFT_EXISTS',
              `A ${input.type} draft exists already; edit or delete it first`,
            )
          : undefined;
      },
      undeletable: (row) => (row.status === 'DRAFT' ? undefined : notDraft()),
    },
  });
  const accepted = new Set<string>();
  const published = (type: string) =>
    store.rows.find((row) => row.type === type && row.status === 'PUBLISHED');
  const nonePublished = (type: string) => apiError(404, 'NOT_FOUND', `No ${type} disclaimer is published`);
  const key = (row: DisclaimerContent) => `${row.type}:${row.versionNumber}`;
  const ok = <T>(result: { ok: true; value: T } | { ok: false; response: Response }) =>
    result.ok ? result.value : result.response;
  const api = disclaimerContentsApi;

  return [
    mockRoute(context, api.list, async () => store.rows),
    mockRoute(context, api.get, async ({ params }) => ok(store.get(params.id))),
    mockRoute(context, api.create, async ({ body }) => {
      const last = Math.max(
        0,
        ...store.rows.filter((row) => row.type === body.type).map((row) => row.versionNumber),
      );
      const draft = {
        ...body,
        versionNumber: last + 1,
        status: 'DRAFT' as const,
        publishedAt: null,
        publishedBy: null,
      };
      return ok(store.create(draft));
    }),
    mockRoute(context, api.update, async ({ params, body }) => ok(store.update(params.id, body))),
    mockRoute(context, api.publish, async ({ params, body }) => {
      const draft = store.get(params.id);
      if (!draft.ok) return draft.response;
      if (draft.value.version !== body.version) return versionConflict();
      if (draft.value.status !== 'DRAFT') return notDraft();
      if (draft.value.type === 'PA_TICKBOX' && !tickBoxStatements(draft.value.body)) {
        return apiError(
          400,
          'DISCLAIMER_TICKBOXES_INVALID',
          'A PA_TICKBOX text is two statements, one paragraph each, separated by a blank line',
        );
      }
      const now = new Date().toISOString();
      const stamp = { updatedAt: now, updatedBy: MOCK_ACTOR };
      const previous = published(draft.value.type);
      if (previous) Object.assign(previous, { status: 'ARCHIVED', version: previous.version + 1, ...stamp });
      Object.assign(draft.value, {
        status: 'PUBLISHED',
        publishedAt: now,
        publishedBy: MOCK_ACTOR,
        version: draft.value.version + 1,
        ...stamp,
      });
      return draft.value;
    }),
    mockRoute(context, api.remove, async ({ params, query }) => {
      const removed = store.remove(params.id, query.version);
      return removed.ok ? undefined : removed.response;
    }),
    // Before disclaimersApi.published, which would read 'pending' as a type.
    mockRoute(context, disclaimersApi.pending, async () => ({
      items: store.rows
        .filter(
          (row) =>
            row.status === 'PUBLISHED' &&
            row.requiresAcceptance &&
            (SIGN_IN_DISCLAIMER_TYPES as readonly string[]).includes(row.type) &&
            !accepted.has(key(row)),
        )
        .sort((a, b) => (a.type < b.type ? -1 : 1))
        .map((row) => ({ type: row.type, version: row.versionNumber, title: row.title, body: row.body })),
    })),
    mockRoute(context, disclaimersApi.accept, async ({ params, body }) => {
      const current = published(params.type);
      if (!current) return nonePublished(params.type);
      if (body.version !== current.versionNumber) {
        return apiError(409, 'DISCLAIMER_OUTDATED', `The ${current.type} text has changed; read it again`);
      }
      accepted.add(key(current));
      return { type: current.type, version: current.versionNumber, acceptedAt: new Date().toISOString() };
    }),
    // The published text of the other types, public as at the API.
    mockRoute(context, disclaimersApi.published, async ({ params }) => {
      const current = published(params.type);
      if (!current) return nonePublished(params.type);
      return {
        type: current.type,
        version: current.versionNumber,
        title: current.title,
        body: current.body,
        requiresAcceptance: current.requiresAcceptance,
      };
    }),
  ];
}
