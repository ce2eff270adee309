import { type SessionTokenRow, sessionTokenRowSchema, sessionTokensApi } from '@portal/contracts';
import {
  cancelTokenTransition,
  dateOf,
  isoDates,
  issueTokenTransition,
  sessionTokenStatusAt,
  type TokenTransition,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { actorOf } from './audit-trail';
import type { MockDb } from './mock-db';
import { apiError, type MockContext, mockRoute } from './mock-http';
import { answerWith, tableOf } from './mock-resource';

/*
 * The reviewers' session-token queue in mock mode (apps/api modules/session-tokens): db.sessionTokens with
 * each company's columns, an issued token past its 24 h reading EXPIRED at each answer (domain
 * sessionTokenStatusAt), issuing and cancelling by the API's rules (domain issueTokenTransition,
 * cancelTokenTransition).
 */

type StoredToken = MockDb['sessionTokens'][number];

export function sessionTokenHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const tokens = tableOf(context, 'sessionTokens', 'sessionToken');

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
    const change = (token: StoredToken) => {
      const result = rule(token);
      if (!result.ok) return apiError(409, result.code, result.message);
      return {
        changes: { ...isoDates(result.changes), value: write.value },
        action: write.action,
        diff: result.diff,
      };
    };
    return answer(tokens.update(request, write.id, write.version, change));
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
