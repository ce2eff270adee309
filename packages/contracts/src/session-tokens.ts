import {
  isSessionTokenValue,
  SESSION_TOKEN_STATUSES,
  SESSION_TOKEN_VALUE_MAX_LENGTH,
  SESSION_TOKEN_VALUE_MIN_LENGTH,
  TECHNICAL_ENVIRONMENTS,
} from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles } from './endpoint.js';
import { isoDateTime, lengthsPassed, type RuleParams } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';

/**
 * domain.md Screens, /emvo/session-tokens: the reviewers' queue of the companies' session
 * token requests, and the two things a reviewer does to one: issue it (paste its value) or cancel it with
 * a reason. The value is a secret: no row, answer or error ever carries it. Dates travel as ISO strings.
 */

/**
 * One token of the queue. `status` is as of the answer: an ISSUED token past its expiresAt reads EXPIRED
 * (computed, never written by a job; packages/domain sessionTokenStatusAt).
 */
export const sessionTokenRowSchema = z.object({
  id: z.uuid(),
  organisationId: z.uuid(),
  obpNumber: z.string(),
  legalName: z.string(),
  /** The company's email, searched by the free text with its name and number. */
  email: z.nullable(z.string()),
  environment: z.enum(TECHNICAL_ENVIRONMENTS),
  requestedBy: z.string(),
  /** The requester's name in the directory, else requestedBy as written: the queue names people. */
  requestedByName: z.string(),
  requestedAt: isoDateTime,
  status: z.enum(SESSION_TOKEN_STATUSES),
  issuedBy: z.nullable(z.string()),
  issuedAt: z.nullable(isoDateTime),
  expiresAt: z.nullable(isoDateTime),
  cancelledBy: z.nullable(z.string()),
  cancelledAt: z.nullable(isoDateTime),
  cancelReason: z.nullable(z.string()),
  version: z.int(),
});
export type SessionTokenRow = z.infer<typeof sessionTokenRowSchema>;

/**
 * The queue's declaration (domain.md: lists search name, number and email; a queue is oldest first). The
 * API runs it on a derived table whose `status` is already the computed one, so `status=EXPIRED` finds
 * the issued tokens past their expiry.
 */
export const SESSION_TOKEN_LIST: ListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    email: { type: 'text' },
    environment: { type: 'enum', values: TECHNICAL_ENVIRONMENTS },
    status: { type: 'enum', values: SESSION_TOKEN_STATUSES },
    requestedBy: { type: 'text' },
    requestedAt: { type: 'date' },
    issuedAt: { type: 'date' },
    expiresAt: { type: 'date' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['requestedAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** The message of a value of the wrong shape (no value in it: the value is a secret). */
export const SESSION_TOKEN_VALUE_MESSAGE = `The token value is ${SESSION_TOKEN_VALUE_MIN_LENGTH} to ${SESSION_TOKEN_VALUE_MAX_LENGTH} characters without spaces`;

/** POST /api/session-tokens/{id}/issue: the value as EMVO pasted it (packages/domain isSessionTokenValue). */
export const sessionTokenIssueSchema = z.object({
  // The lengths first, then, once they pass, the rest of the rule (no spaces): one issue, which a form names.
  value: z.string().check(
    z.minLength(SESSION_TOKEN_VALUE_MIN_LENGTH, { message: SESSION_TOKEN_VALUE_MESSAGE }),
    z.maxLength(SESSION_TOKEN_VALUE_MAX_LENGTH, { message: SESSION_TOKEN_VALUE_MESSAGE }),
    z.refine(isSessionTokenValue, {
      message: SESSION_TOKEN_VALUE_MESSAGE,
      params: { pattern: 'sessionTokenValue' } satisfies RuleParams,
      when: lengthsPassed,
    }),
  ),
  /** The token's version the reviewer saw: a stale one answers 409 VERSION_CONFLICT. */
  version: z.int().check(z.minimum(1)),
});
export type SessionTokenIssueInput = z.infer<typeof sessionTokenIssueSchema>;

/** A cancellation's reason: at most as long as a decision's (contracts reviews.ts checkDecisionSchema). */
export const SESSION_TOKEN_REASON_MAX_LENGTH = 2000;

/** POST /api/session-tokens/{id}/cancel: a reason is required. */
export const sessionTokenCancelSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(SESSION_TOKEN_REASON_MAX_LENGTH)),
  version: z.int().check(z.minimum(1)),
});
export type SessionTokenCancelInput = z.infer<typeof sessionTokenCancelSchema>;

/**
 * domain.md /emvo/session-tokens: the reviewers' queue of token requests, and issuing or
 * cancelling one. Every route is EMVO only; a step answers the token as the queue now shows it.
 */
const access = roles('EMVO');
export const sessionTokensApi = {
  list: listEndpoint({
    ...FIRST_SCREEN_ADDRESSES.sessionTokensList,
    summary: 'The session token requests, oldest first; an issued token past its expiry reads EXPIRED',
    list: SESSION_TOKEN_LIST,
    item: sessionTokenRowSchema,
  }),
  issue: endpoint({
    method: 'POST',
    path: '/api/session-tokens/:id/issue',
    access,
    summary:
      'Issues a requested token with its value (16 to 512 characters, no spaces), stored encrypted, valid 24 h',
    params: idParams,
    body: sessionTokenIssueSchema,
    response: sessionTokenRowSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/session-tokens/:id/cancel',
    access,
    summary: 'Cancels a requested or valid issued token with a reason',
    params: idParams,
    body: sessionTokenCancelSchema,
    response: sessionTokenRowSchema,
  }),
};
