import { createHash, randomBytes } from 'node:crypto';
import type { EventTicket } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import { currentStanding, rolesStillHeld } from '../../accounts/user-standing.js';
import { callerOrganisationId } from '../../company/caller-organisation.js';
import type { DB, Role } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import { refuseStanding } from '../../plugins/auth.js';
import type { StreamCaller } from './event-access.js';

/**
 * How long a ticket opens a stream: long enough for the browser to open it right after asking, short
 * enough that one leaked from a URL (an access log, a proxy's) is useless by the time anyone reads it.
 */
export const TICKET_TTL_MS = 60_000;

/** Only the hash is stored: whoever reads the table cannot open a stream with what they read. */
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest();

/**
 * POST /api/events/tickets. "the bearer token cannot travel in an EventSource header, so
 * use a short-lived single-use ticket from a POST". The ticket records who the verified token says the
 * caller is, with the roles the directory still grants them now (a token keeps a role an administrator
 * removed until it expires, and the auth plugin's standing may be a minute old: a stream outlives both)
 * and, for a company's user, the organisation they act for now: what the stream filters by. In the
 * database, so any instance behind the load balancer can take the GET that follows. A caller the directory
 * refuses now, or who holds none of the token's roles any more, is refused; so is an EXTERNAL caller acting
 * for no company, as the onboarding routes refuse them.
 */
export async function issueTicket(db: Kysely<DB>, caller: Caller, now = new Date()): Promise<EventTicket> {
  const current = await currentStanding(db, caller);
  refuseStanding(current.standing);
  const roles = rolesStillHeld(caller.roles, current.roles);
  if (roles.length === 0) throw new ApiError(403, 'FORBIDDEN', 'Your role does not allow this');
  const external = roles.includes('EXTERNAL');
  const organisationId = external ? await callerOrganisationId(db, caller) : null;
  if (external && !organisationId && !roles.some((role) => role !== 'EXTERNAL')) {
    throw new ApiError(403, 'FORBIDDEN', 'Your account belongs to no onboarding company');
  }
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
  await db
    .insertInto('eventTickets')
    .values({
      ticketHash: hashOf(ticket),
      subject: caller.subject,
      email: caller.email ?? null,
      name: caller.name ?? null,
      roles,
      organisationId,
      expiresAt,
    })
    .execute();
  return { ticket, expiresAt: expiresAt.toISOString() };
}

const refused = () =>
  new ApiError(
    401,
    'UNAUTHORIZED',
    'This live updates ticket is unknown, used or expired: ask for a new one',
  );

/**
 * The caller a ticket was issued to, once: the ticket is deleted as it is read (single use; two GETs with
 * one ticket, on one instance or two, open one stream), and refused past its expiry (401).
 */
export async function redeemTicket(db: Kysely<DB>, ticket: string): Promise<StreamCaller> {
  const row = await db
    .deleteFrom('eventTickets')
    .where('ticketHash', '=', hashOf(ticket))
    .returning([
      'subject',
      'email',
      'name',
      'roles',
      'organisationId',
      sql<boolean>`expires_at > now()`.as('valid'),
    ])
    .executeTakeFirst();
  if (!row?.valid) throw refused();
  return {
    subject: row.subject,
    email: row.email,
    name: row.name,
    roles: row.roles as Role[],
    organisationId: row.organisationId,
  };
}
