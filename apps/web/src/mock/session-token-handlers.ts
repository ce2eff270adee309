import { type SessionTokenRow, sessionTokensApi } from '@portal/contracts';
import {
  iso,
  isTechnicalOpen,
  isTokenCancellable,
  isTokenIssuable,
  type SessionTokenStatus,
  sessionTokenStatusAt,
  type TechnicalEnvironment,
  tokenExpiresAt,
  words,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { DEMO_USERS } from './mock-auth';
import { demoId, MOCK_ORGANISATIONS } from './mock-data';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * The reviewers' session-token queue in mock mode (apps/api modules/session-tokens; contracts
 * session-tokens.ts), with packages/domain technical.ts's rules: a requested token is issued, a requested
 * or valid issued one cancelled, an issued one past its 24 h reads EXPIRED (computed at each answer). The
 * value is kept nowhere: mock mode has no company to show it to.
 */

export interface SessionTokenHandlersOptions {
  /** The clock (tests fix it): what is expired, and when a step is taken. */
  now?: () => Date;
}

/** A stored token, as the API's table holds it (without the encrypted value). */
export interface MockSessionToken {
  id: string;
  organisationId: string;
  environment: TechnicalEnvironment;
  status: SessionTokenStatus;
  requestedBy: string;
  requestedAt: Date;
  issuedBy: string | null;
  issuedAt: Date | null;
  expiresAt: Date | null;
  cancelledBy: string | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  version: number;
}

const HOUR = 60 * 60 * 1000;
const RITA = 'rita.reviewer@example.com';

/** What each demo token went through, hours before now: requested, then issued or cancelled, or neither. */
const DEMO_HISTORY: ReadonlyArray<{ requested: number; issued?: number; cancelled?: string }> = [
  { requested: 50 },
  { requested: 30, issued: 28 },
  // Issued 40 h ago: past its 24 h, so EXPIRED.
  { requested: 72, issued: 40 },
  { requested: 20, cancelled: 'Requested for the wrong environment.' },
  { requested: 6 },
  { requested: 3, issued: 1 },
  { requested: 2 },
];

/** The demo tokens: for the organisations whose technical step is open, counted back from `now`. */
export function createMockSessionTokens(now: Date): MockSessionToken[] {
  const open = MOCK_ORGANISATIONS.filter((organisation) => isTechnicalOpen(organisation.stage));
  const at = (hours: number) => new Date(now.getTime() - hours * HOUR);
  return open.flatMap((organisation, i) => {
    const history = DEMO_HISTORY[i % DEMO_HISTORY.length] ?? { requested: 1 };
    const environment: TechnicalEnvironment =
      i % 4 === 3 && isTechnicalOpen(organisation.stage, 'PRD') ? 'PRD' : 'IQE';
    const issuedAt = history.issued === undefined ? null : at(history.issued);
    const cancelledAt = history.cancelled === undefined ? null : at(history.requested - 1);
    const status: SessionTokenStatus = cancelledAt ? 'CANCELLED' : issuedAt ? 'ISSUED' : 'REQUESTED';
    return [
      {
        id: demoId('c7', i + 1),
        organisationId: organisation.id,
        environment,
        status,
        requestedBy: organisation.email ?? DEMO_USERS.EXTERNAL.email,
        // Minutes apart, so the oldest-first order never ties.
        requestedAt: new Date(at(history.requested).getTime() - i * 60_000),
        issuedBy: issuedAt ? RITA : null,
        issuedAt,
        expiresAt: issuedAt ? tokenExpiresAt(issuedAt) : null,
        cancelledBy: cancelledAt ? RITA : null,
        cancelledAt,
        cancelReason: history.cancelled ?? null,
        version: status === 'REQUESTED' ? 1 : 2,
      },
    ];
  });
}

export function sessionTokenHandlers(
  context: MockContext,
  options: SessionTokenHandlersOptions = {},
): HttpHandler[] {
  const now = options.now ?? (() => new Date());
  const tokens = createMockSessionTokens(now());
  const organisations = new Map(MOCK_ORGANISATIONS.map((organisation) => [organisation.id, organisation]));

  const rowOf = (token: MockSessionToken, at: Date): SessionTokenRow => {
    const organisation = organisations.get(token.organisationId);
    if (!organisation) throw new Error(`Demo token ${token.id} has no organisation`);
    return {
      id: token.id,
      organisationId: token.organisationId,
      obpNumber: organisation.obpNumber,
      legalName: organisation.legalName,
      email: organisation.email,
      environment: token.environment,
      requestedBy: token.requestedBy,
      requestedAt: token.requestedAt.toISOString(),
      status: sessionTokenStatusAt(token, at),
      issuedBy: token.issuedBy,
      issuedAt: iso(token.issuedAt),
      expiresAt: iso(token.expiresAt),
      cancelledBy: token.cancelledBy,
      cancelledAt: iso(token.cancelledAt),
      cancelReason: token.cancelReason,
      version: token.version,
    };
  };

  /**
   * A step on the token at the reviewer's version (404, 409 VERSION_CONFLICT as the API answers): the token
   * as the queue now shows it, or the refusal.
   */
  const step = (
    id: string,
    version: number,
    apply: (token: MockSessionToken, at: Date) => Response | MockSessionToken,
  ): SessionTokenRow | Response => {
    const index = tokens.findIndex((token) => token.id === id);
    const token = tokens[index];
    if (!token) return apiError(404, 'NOT_FOUND', `No session token ${id}`);
    if (token.version !== version) return versionConflict();
    const at = now();
    const changed = apply(token, at);
    if (changed instanceof Response) return changed;
    tokens[index] = changed;
    return rowOf(changed, at);
  };

  return [
    // Every token; mockRoute runs the list query on them.
    mockRoute(context, sessionTokensApi.list, async () => {
      const at = now();
      return tokens.map((token) => rowOf(token, at));
    }),

    mockRoute(context, sessionTokensApi.issue, async ({ params, body }) =>
      step(params.id, body.version, (token, at) => {
        if (!isTokenIssuable(token)) {
          return apiError(
            409,
            'TOKEN_NOT_REQUESTED',
            `This session token is ${words(sessionTokenStatusAt(token, at))}: only a requested token is issued`,
          );
        }
        return {
          ...token,
          status: 'ISSUED',
          issuedBy: DEMO_USERS.EMVO.email,
          issuedAt: at,
          expiresAt: tokenExpiresAt(at),
          version: token.version + 1,
        };
      }),
    ),

    mockRoute(context, sessionTokensApi.cancel, async ({ params, body }) =>
      step(params.id, body.version, (token, at) => {
        if (!isTokenCancellable(token, at)) {
          return apiError(
            409,
            'TOKEN_NOT_CANCELLABLE',
            `This session token is ${words(sessionTokenStatusAt(token, at))}: only a requested or valid issued token is cancelled`,
          );
        }
        return {
          ...token,
          status: 'CANCELLED',
          cancelledBy: DEMO_USERS.EMVO.email,
          cancelledAt: at,
          cancelReason: body.reason,
          version: token.version + 1,
        };
      }),
    ),
  ];
}
