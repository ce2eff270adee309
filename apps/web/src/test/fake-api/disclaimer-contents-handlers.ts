import { disclaimerContentsApi, disclaimersApi, SIGN_IN_DISCLAIMER_TYPES } from '@portal/contracts';
import type { DisclaimerContentRow } from '@portal/demo-data';
import {
  acceptanceRefusal,
  draftOnlyRefusal,
  newDraftOf,
  nonePublishedRefusal,
  publishDiffs,
  publishRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { publishedOf } from './mock-db';
import { apiError, callerOf, type MockContext, mockRoute, refused } from './mock-http';
import { answerWith, tableOf, writeAudit } from './mock-resource';

const ENTITY = 'disclaimerContent';
/** packages/domain disclaimer-versions.ts: only a draft is changed or deleted. */
const refuseUnlessDraft = (row: DisclaimerContentRow) => refused(draftOnlyRefusal(row));
/** A text as the SPA shows it: its version is the type's version number. */
const textOf = (row: DisclaimerContentRow) => {
  const { type, versionNumber: version, title, body } = row;
  return { type, version, title, body };
};

type Acceptance = { userId: string; disclaimerContentId: string };

/**
 * domain.md DisclaimerAcceptance: the user's acceptance of a text's version and its CREATE audit row (the
 * ids, unless `diff` is given; by the caller, unless `actor` is); accepting twice keeps the first time.
 */
export function acceptDisclaimer(
  context: MockContext,
  request: Request,
  ids: Acceptance,
  audit: { diff?: object; actor?: string; at?: string } = {},
) {
  const same = (row: Acceptance) =>
    row.userId === ids.userId && row.disclaimerContentId === ids.disclaimerContentId;
  const existing = context.db.disclaimerAcceptances.find(same);
  if (existing) return existing;
  const acceptance = { id: context.newId(), ...ids, at: audit.at ?? context.now().toISOString() };
  context.db.disclaimerAcceptances.push(acceptance);
  const entry = { action: 'CREATE', entity: 'disclaimerAcceptance', entityId: acceptance.id };
  writeAudit(context, request, { ...entry, diff: audit.diff ?? ids, actor: audit.actor });
  return acceptance;
}

/**
 * /api/disclaimer-contents and /api/disclaimers (apps/api modules/disclaimers) over the store: the versions
 * by type, one draft per type, publish archiving the published one, the texts a caller has still to
 * accept, their acceptance, and the published text of a type (REGISTRATION's for the registration form).
 */
export function disclaimerContentsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const contents = tableOf(context, 'disclaimerContents', ENTITY);
  // Who published a version: the actor of its latest PUBLISH audit row, as the API reads it.
  const publisherOf = (id: string) =>
    db.auditLog.findLast((row) => row.entity === ENTITY && row.action === 'PUBLISH' && row.entityId === id);
  const toDto = (row: DisclaimerContentRow) => ({
    ...row,
    publishedBy: row.status === 'DRAFT' ? null : (publisherOf(row.id)?.actor ?? null),
  });
  const answer = answerWith(toDto);
  const api = disclaimerContentsApi;

  return [
    mockRoute(context, api.list, async () => db.disclaimerContents.map(toDto)),
    mockRoute(context, api.get, async ({ params }) => answer(contents.find(params.id))),
    mockRoute(context, api.create, async ({ body, request }) => {
      const { type, ...values } = body;
      const next = newDraftOf(
        type,
        db.disclaimerContents.filter((row) => row.type === type),
      );
      if ('refusal' in next) return refused(next.refusal);
      const { versionNumber } = next;
      const draft = { type, versionNumber, status: 'DRAFT' as const, publishedAt: null, ...values };
      return toDto(contents.create(request, draft, { diff: { type, versionNumber, ...values } }));
    }),
    mockRoute(context, api.update, async ({ params, body: { version, ...changes }, request }) =>
      answer(contents.update(request, params.id, version, (row) => refuseUnlessDraft(row) ?? { changes })),
    ),
    // domain.md: "publish (archives the previous version)", each with its audit row.
    mockRoute(context, api.publish, async ({ params, body, request }) => {
      const publish = (draft: DisclaimerContentRow) => {
        const refusal = refused(publishRefusal(draft));
        if (refusal) return refusal;
        const previous = publishedOf(db, draft.type);
        const diffs = publishDiffs(draft, previous);
        const archive = { changes: { status: 'ARCHIVED' as const }, action: 'ARCHIVE', diff: diffs.archive };
        if (previous) contents.update(request, previous.id, previous.version, () => archive);
        const changes = { status: 'PUBLISHED' as const, publishedAt: context.now().toISOString() };
        return { changes, action: 'PUBLISH', diff: diffs.publish };
      };
      return answer(contents.update(request, params.id, body.version, publish));
    }),
    mockRoute(context, api.remove, async ({ params, query, request }) =>
      contents.remove(request, params.id, query.version, (row) => refuseUnlessDraft(row) ?? {}),
    ),

    // Before disclaimersApi.published, which would read 'pending' as a type. issue 13: a published text
    // requiring acceptance shows at each sign-in until the caller has accepted that version.
    mockRoute(context, disclaimersApi.pending, async ({ request }) => {
      const caller = callerOf(context, request);
      const accepted = (row: DisclaimerContentRow) =>
        db.disclaimerAcceptances.some((it) => it.userId === caller?.id && it.disclaimerContentId === row.id);
      const pending = (row: DisclaimerContentRow) =>
        row.status === 'PUBLISHED' &&
        row.requiresAcceptance &&
        (SIGN_IN_DISCLAIMER_TYPES as readonly string[]).includes(row.type) &&
        !accepted(row);
      const rows = caller ? db.disclaimerContents.filter(pending) : [];
      return { items: rows.sort((a, b) => (a.type < b.type ? -1 : 1)).map(textOf) };
    }),
    // Of the published version only.
    mockRoute(context, disclaimersApi.accept, async ({ params: { type }, body: { version }, request }) => {
      const caller = callerOf(context, request);
      if (!caller) return apiError(403, 'FORBIDDEN', 'Your account is not a portal user yet');
      const current = publishedOf(db, type);
      const refusal = acceptanceRefusal(type, current, version);
      if (refusal || !current) return refused(refusal ?? nonePublishedRefusal(type));
      const ids = { userId: caller.id, disclaimerContentId: current.id };
      const acceptance = acceptDisclaimer(context, request, ids, { diff: { ...ids, type, version } });
      return { type: current.type, version, acceptedAt: acceptance.at };
    }),
    // The published text of a type, public as at the API.
    mockRoute(context, disclaimersApi.published, async ({ params }) => {
      const current = publishedOf(db, params.type);
      if (!current) return refused(nonePublishedRefusal(params.type));
      return { ...textOf(current), requiresAcceptance: current.requiresAcceptance };
    }),
  ];
}
