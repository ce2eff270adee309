import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';

/** The reviewer behind a request, as the check rows, events and audit rows name them. */
export interface Reviewer {
  /** The token's email, else its subject: the string every other writer records as actor. */
  actor: string;
}

/** The auth plugin has verified the token and the EMVO role by the time a handler runs. */
export function reviewerOf(request: FastifyRequest): Reviewer {
  const user = request.user;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return { actor: user.email ?? user.subject };
}
