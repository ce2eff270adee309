import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** The signed-in user as the auth plugin verified them (plugins/auth.ts SessionUser). */
type SessionUser = NonNullable<FastifyRequest['user']>;

/** The signed-in person behind a request: the token's user, and the name the rows they write give them. */
export interface Caller extends SessionUser {
  /**
   * The token's email, else its subject: the string every writer records (createdBy, updatedBy, check and
   * stage events, audit rows).
   */
  actor: string;
}

/**
 * The caller of a route that declares who may call it: the auth plugin has verified the token and the
 * route's roles before the handler runs, so a request without a user reaches here only on a route declared
 * public, and is answered 401.
 */
export function callerOf(request: FastifyRequest): Caller {
  const user = request.user;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return { ...user, actor: user.email ?? user.subject };
}

/** Who the rows a request writes name: `callerOf(request).actor`. */
export const actorOf = (request: FastifyRequest): string => callerOf(request).actor;
