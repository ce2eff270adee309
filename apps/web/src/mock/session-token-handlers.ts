import { type SessionTokenRow, sessionTokenRowSchema, sessionTokensApi } from '@portal/contracts';
import {
  cancelTokenTransition,
  dateOf,
  issueTokenTransition,
  sessionTokenStatusAt,
  type TokenTransition,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { actorOf } from './audit-trail';
import { isoDates } from './iso-dates';
import type { MockDb } from './mock-db';
import { apiError, type MockContext } from './mock-http';
import { answerWith, tableOf, tableRef } from './mock-resource';
import { mockRoute } from './mock-route';

/*
 * The reviewers' session-token queue in mock mode (apps/api modules/session-tokens): db.sessionTokens with
 * each company's columns, an issued token past its 24 h reading EXPIRED at each answer (domain
 * sessionTokenStatusAt), issuing and cancelling by the API's rules (domain issueTokenTransition,
 * cancelTokenTransition).
 */

type StoredToken = MockDb['sessionTokens'][number];

const TOKENS = tableRef('sessionTokens', 'sessionToken', 'session token');

export function sessionTokenHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const tokens = tableOf(context, TOKENS);

  /** apps/api session-tokens-list.ts: the token with its company's number, name and email, status as of now. */
  const rowOf = (token: StoredToken): SessionTokenRow =>
    sessionTokenRowSchema.parse({
      ...db.organisations.find((row) => row.id === token.organisationId),
      ...token,
      status: sessionTokenStatusAt({ ...token, expiresAt: dateOf(token.expiresAt) }, context.now()),
    });
  const answer = answerWith(rowOf);

  /**
   * The token at the reviewer's version (404, 409 as the API), changed as the domain's transition says,
   * with `value` (kept for the company's one reveal, or wiped) and the transition's audit row.
   */
  const transition = <Changes extends object>(
    request: Request,
    write: { id: string; version: number; action: string; value: string | null },
    rule: (token: StoredToken) => TokenTransition<Changes>,
  ) => {
    const found = tokens.find(write.id);
    if (found instanceof Response) return found;
    const result = rule(found);
    return answer(
      tokens.update(request, write.id, {
        version: write.version,
        check: () => (result.ok ? undefined : apiError(409, result.code, result.message)),
        action: write.action,
        changes: result.ok ? { ...isoDates(result.changes), value: write.value } : {},
        diff: result.ok ? result.diff : undefined,
      }),
    );
  };

  return [
    mockRoute(context, sessionTokensApi.list, async () => db.sessionTokens.map(rowOf)),

    mockRoute(context, sessionTokensApi.issue, async ({ params, body, request }) => {
      const write = { ...params, version: body.version, action: 'ISSUE_SESSION_TOKEN', value: body.value };
      const actor = actorOf(context, request);
      return transition(request, write, (token) =>
        issueTokenTransition(token, { actor, now: context.now() }),
      );
    }),

    mockRoute(context, sessionTokensApi.cancel, async ({ params, body, request }) => {
      const write = { ...params, version: body.version, action: 'CANCEL_SESSION_TOKEN', value: null };
      const rule = { actor: actorOf(context, request), now: context.now(), reason: body.reason };
      return transition(request, write, (token) => cancelTokenTransition(token, rule));
    }),
  ];
}
