import {
  DISCLAIMER_CONTENTS_LIST,
  DISCLAIMER_TYPES,
  type DisclaimerContent,
  type DisclaimerType,
  disclaimerAcceptanceInputSchema,
  disclaimerDraftInputSchema,
  disclaimerDraftUpdateSchema,
  disclaimerPublishSchema,
  SIGN_IN_DISCLAIMER_TYPES,
} from '@portal/contracts';
import { tickBoxStatements } from '@portal/domain';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod';
import { demoId } from './mock-data';
import {
  apiError,
  MOCK_ACTOR,
  type MockContext,
  noContent,
  readBody,
  validate,
  versionConflict,
} from './mock-http';
import { answer, createInMemoryStore, listAnswer, protectedHandler } from './mock-resource';
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

const contentParams = z.object({ id: z.uuid() });
const typeParams = z.object({ type: z.enum(DISCLAIMER_TYPES) });
const versionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

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
  const published = (type: DisclaimerType) =>
    store.rows.find((row) => row.type === type && row.status === 'PUBLISHED');
  const handle = (fn: (request: Request, params: Record<string, unknown>) => Promise<Response>) =>
    protectedHandler(context.delayMs, fn);
  const withId = (fn: (id: string, request: Request) => Promise<Response>) =>
    handle(async (request, params) => {
      const valid = validate(contentParams, params);
      return valid.ok ? fn(valid.value.id, request) : valid.response;
    });
  const key = (row: DisclaimerContent) => `${row.type}:${row.versionNumber}`;

  return [
    http.get(
      '/api/disclaimer-contents',
      handle(async (request) =>
        listAnswer(store.rows, new URL(request.url).searchParams, DISCLAIMER_CONTENTS_LIST),
      ),
    ),
    http.get(
      '/api/disclaimer-contents/:id',
      withId(async (id) => answer(store.get(id), (row) => row)),
    ),
    http.post(
      '/api/disclaimer-contents',
      handle(async (request) => {
        const input = await readBody(request, disclaimerDraftInputSchema);
        if (!input.ok) return input.response;
        const last = Math.max(
          0,
          ...store.rows.filter((row) => row.type === input.value.type).map((row) => row.versionNumber),
        );
        const draft = {
          ...input.value,
          versionNumber: last + 1,
          status: 'DRAFT' as const,
          publishedAt: null,
          publishedBy: null,
        };
        return answer(store.create(draft), (row) => row, 201);
      }),
    ),
    http.put(
      '/api/disclaimer-contents/:id',
      withId(async (id, request) => {
        const input = await readBody(request, disclaimerDraftUpdateSchema);
        return input.ok ? answer(store.update(id, input.value), (row) => row) : input.response;
      }),
    ),
    http.post(
      '/api/disclaimer-contents/:id/publish',
      withId(async (id, request) => {
        const input = await readBody(request, disclaimerPublishSchema);
        if (!input.ok) return input.response;
        const draft = store.get(id);
        if (!draft.ok) return draft.response;
        if (draft.value.version !== input.value.version) return versionConflict();
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
        if (previous)
          Object.assign(previous, { status: 'ARCHIVED', version: previous.version + 1, ...stamp });
        Object.assign(draft.value, {
          status: 'PUBLISHED',
          publishedAt: now,
          publishedBy: MOCK_ACTOR,
          version: draft.value.version + 1,
          ...stamp,
        });
        return HttpResponse.json(draft.value);
      }),
    ),
    http.delete(
      '/api/disclaimer-contents/:id',
      withId(async (id, request) => {
        const query = validate(versionQuery, Object.fromEntries(new URL(request.url).searchParams));
        if (!query.ok) return query.response;
        const removed = store.remove(id, query.value.version);
        return removed.ok ? noContent() : removed.response;
      }),
    ),
    // Before /api/disclaimers/:type, which would read 'pending' as a type.
    http.get(
      '/api/disclaimers/pending',
      handle(async () =>
        HttpResponse.json({
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
        }),
      ),
    ),
    http.post(
      '/api/disclaimers/:type/acceptances',
      handle(async (request, params) => {
        const type = validate(typeParams, params);
        const current = type.ok ? published(type.value.type) : undefined;
        if (!current) return apiError(404, 'NOT_FOUND', `No ${String(params.type)} disclaimer is published`);
        const input = await readBody(request, disclaimerAcceptanceInputSchema);
        if (!input.ok) return input.response;
        if (input.value.version !== current.versionNumber) {
          return apiError(409, 'DISCLAIMER_OUTDATED', `The ${current.type} text has changed; read it again`);
        }
        accepted.add(key(current));
        return HttpResponse.json(
          { type: current.type, version: current.versionNumber, acceptedAt: new Date().toISOString() },
          { status: 201 },
        );
      }),
    ),
    // The published text of the other types, public as at the API.
    http.get('/api/disclaimers/:type', async ({ params }) => {
      await delay(context.delayMs);
      const type = validate(typeParams, params);
      const current = type.ok ? published(type.value.type) : undefined;
      if (!current) return apiError(404, 'NOT_FOUND', `No ${String(params.type)} disclaimer is published`);
      return HttpResponse.json({
        type: current.type,
        version: current.versionNumber,
        title: current.title,
        body: current.body,
        requiresAcceptance: current.requiresAcceptance,
      });
    }),
  ];
}
