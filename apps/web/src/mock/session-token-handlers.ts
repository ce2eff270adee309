import { type SessionTokenRow, sessionTokenRowSchema, sessionTokensApi } from '@portal/contracts';
import {
  dateOf,
  isTokenCancellable,
  isTokenIssuable,
  sessionTokenStatusAt,
  tokenExpiresAt,
  words,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { actorOf } from './audit-trail';
import type { MockDb } from './mock-db';
import { apiError, type MockContext } from './mock-http';
import { answerWith, tableOf, tableRef } from './mock-resource';
import { mockRoute } from './mock-route';

/*
 * The reviewers' session-token queue in mock mode (apps/api modules/session-tokens): db.sessionTokens with
 * each company's columns, an issued token past its 24 h reading EXPIRED at each answer (domain
 * sessionTokenStatusAt), issuing and cancelling as the API's transitions write them.
 */

type StoredToken = MockDb['sessionTokens'][number];

const TOKENS = tableRef('sessionTokens', 'sessionToken', 'session token');

/** The domain's rules read dates; the row holds ISO strings. */
const dated = (token: StoredToken) => ({
  status: token.status,
  expiresAt: dateOf(token.expiresAt),
});
const statusAt = (token: StoredToken, now: Date) => sessionTokenStatusAt(dated(token), now);

export function sessionTokenHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const tokens = tableOf(context, TOKENS);

  /** apps/api session-tokens-list.ts: the token with its company's number, name and email, status as of now. */
  const rowOf = (token: StoredToken): SessionTokenRow =>
    sessionTokenRowSchema.parse({
      ...db.organisations.find((row) => row.id === token.organisationId),
      ...token,
      status: statusAt(token, context.now()),
    });
  const answer = answerWith(rowOf);
  const refuse = (token: StoredToken, code: string, only: string) =>
    apiError(409, code, `This session token is ${words(statusAt(token, context.now()))}: ${only}`);

  return [
    mockRoute(context, sessionTokensApi.list, async () => db.sessionTokens.map(rowOf)),

    mockRoute(context, sessionTokensApi.issue, async ({ params, body, request }) => {
      const now = context.now();
      return answer(
        tokens.update(request, params.id, {
          version: body.version,
          check: (token) =>
            isTokenIssuable(token)
              ? undefined
              : refuse(token, 'TOKEN_NOT_REQUESTED', 'only a requested token is issued'),
          action: 'ISSUE_SESSION_TOKEN',
          // domain.md SessionToken: valid 24 h from its issue. The value is kept for the company's one reveal.
          changes: {
            status: 'ISSUED',
            issuedBy: actorOf(context, request),
            issuedAt: now.toISOString(),
            expiresAt: tokenExpiresAt(now).toISOString(),
            value: body.value,
          },
        }),
      );
    }),

    mockRoute(context, sessionTokensApi.cancel, async ({ params, body, request }) =>
      answer(
        tokens.update(request, params.id, {
          version: body.version,
          check: (token) =>
            isTokenCancellable(dated(token), context.now())
              ? undefined
              : refuse(token, 'TOKEN_NOT_CANCELLABLE', 'only a requested or valid issued token is cancelled'),
          action: 'CANCEL_SESSION_TOKEN',
          // A cancelled token is never shown: its value goes.
          changes: {
            status: 'CANCELLED',
            cancelledBy: actorOf(context, request),
            cancelledAt: context.now().toISOString(),
            cancelReason: body.reason,
            value: null,
          },
        }),
      ),
    ),
  ];
}
