import { disclaimerContentsApi, disclaimersApi, SIGN_IN_DISCLAIMER_TYPES } from '@portal/contracts';
import type { DisclaimerContentRow } from '@portal/demo-data';
import {
  acceptanceRefusal,
  type DisclaimerRefusal,
  draftOnlyRefusal,
  newDraftOf,
  nonePublishedRefusal,
  publishDiffs,
  publishRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { writeAudit } from './audit-trail';
import { apiError, callerOf, type MockContext, versionConflict } from './mock-http';
import { answerWith, tableOf, tableRef } from './mock-resource';
import { mockRoute } from './mock-route';

const ENTITY = 'disclaimerContent';
/** packages/domain disclaimer-versions.ts's refusal, answered as the API does. */
const refusalOf = ({ status, code, message }: DisclaimerRefusal) => apiError(status, code, message);
const refused = (refusal: DisclaimerRefusal | undefined) => (refusal ? refusalOf(refusal) : undefined);
const refuseUnlessDraft = (row: DisclaimerContentRow) => refused(draftOnlyRefusal(row));
/** A text as the SPA shows it: its version is the type's version number. */
const textOf = (row: DisclaimerContentRow) => {
  const { type, versionNumber: version, title, body } = row;
  return { type, version, title, body };
};

/**
 * /api/disclaimer-contents and /api/disclaimers (apps/api modules/disclaimers) over the store: the versions
 * by type, one draft per type, publish archiving the published one, the texts a caller has still to
 * accept, their acceptance, and the published text of a type (REGISTRATION's for the registration form).
 */
export function disclaimerContentsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const contents = tableOf(context, tableRef('disclaimerContents', ENTITY, 'disclaimer content'));
  const published = (type: string) =>
    db.disclaimerContents.find((row) => row.type === type && row.status === 'PUBLISHED');
  // Who published a version: the actor of its latest PUBLISH audit row, as the API reads it.
  const publisherOf = (id: string) =>
    db.auditLog.findLast((row) => row.entity === ENTITY && row.action === 'PUBLISH' && row.entityId === id);
  const toDto = (row: DisclaimerContentRow) => ({
    ...row,
    publishedBy: row.status === 'DRAFT' ? null : (publisherOf(row.id)?.actor ?? null),
  });
  const answer = answerWith(toDto);
  const acceptanceOf = (userId: string | undefined, contentId: string) =>
    db.disclaimerAcceptances.find((it) => it.userId === userId && it.disclaimerContentId === contentId);
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
      if ('refusal' in next) return refusalOf(next.refusal);
      const { versionNumber } = next;
      const draft = { type, versionNumber, status: 'DRAFT' as const, publishedAt: null, ...values };
      return toDto(contents.create(request, draft, { diff: { type, versionNumber, ...values } }));
    }),
    mockRoute(context, api.update, async ({ params, body: { version, ...changes }, request }) =>
      answer(contents.update(request, params.id, { version, changes, check: refuseUnlessDraft })),
    ),
    // domain.md: "publish (archives the previous version)", each with its audit row.
    mockRoute(context, api.publish, async ({ params, body, request }) => {
      const draft = contents.find(params.id);
      if (draft instanceof Response) return draft;
      const refusal = draft.version === body.version ? refused(publishRefusal(draft)) : versionConflict();
      if (refusal) return refusal;
      const previous = published(draft.type);
      const diffs = publishDiffs(draft, previous);
      if (previous) {
        const archive = { version: previous.version, changes: { status: 'ARCHIVED' as const } };
        contents.update(request, previous.id, { ...archive, action: 'ARCHIVE', diff: diffs.archive });
      }
      const changes = { status: 'PUBLISHED' as const, publishedAt: context.now().toISOString() };
      const publish = { ...body, changes, action: 'PUBLISH', diff: diffs.publish };
      return answer(contents.update(request, draft.id, publish));
    }),
    mockRoute(context, api.remove, async ({ params, query, request }) =>
      contents.remove(request, params.id, { version: query.version, check: refuseUnlessDraft }),
    ),

    // Before disclaimersApi.published, which would read 'pending' as a type. issue 13: a published text
    // requiring acceptance shows at each sign-in until the caller has accepted that version.
    mockRoute(context, disclaimersApi.pending, async ({ request }) => {
      const caller = callerOf(context, request);
      const pending = (row: DisclaimerContentRow) =>
        row.status === 'PUBLISHED' &&
        row.requiresAcceptance &&
        (SIGN_IN_DISCLAIMER_TYPES as readonly string[]).includes(row.type) &&
        !acceptanceOf(caller?.id, row.id);
      const rows = caller ? db.disclaimerContents.filter(pending) : [];
      return { items: rows.sort((a, b) => (a.type < b.type ? -1 : 1)).map(textOf) };
    }),
    // domain.md DisclaimerAcceptance: of the published version only; accepting twice keeps the first time.
    mockRoute(context, disclaimersApi.accept, async ({ params: { type }, body: { version }, request }) => {
      const caller = callerOf(context, request);
      if (!caller) return apiError(403, 'FORBIDDEN', 'Your account is not a portal user yet');
      const current = published(type);
      const refusal = acceptanceRefusal(type, current, version);
      if (refusal || !current) return refusalOf(refusal ?? nonePublishedRefusal(type));
      const ids = { userId: caller.id, disclaimerContentId: current.id };
      let acceptance = acceptanceOf(caller.id, current.id);
      if (!acceptance) {
        acceptance = { id: context.newId(), ...ids, at: context.now().toISOString() };
        db.disclaimerAcceptances.push(acceptance);
        const entry = { entity: 'disclaimerAcceptance', entityId: acceptance.id };
        writeAudit(context, request, { action: 'CREATE', ...entry, diff: { ...ids, type, version } });
      }
      return { type: current.type, version, acceptedAt: acceptance.at };
    }),
    // The published text of a type, public as at the API.
    mockRoute(context, disclaimersApi.published, async ({ params }) => {
      const current = published(params.type);
      if (!current) return refusalOf(nonePublishedRefusal(params.type));
      return { ...textOf(current), requiresAcceptance: current.requiresAcceptance };
    }),
  ];
}
