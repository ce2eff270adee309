import { DEMO_ACCOUNTS } from '@portal/demo-data';
import type { Role } from '@portal/domain';

/** Who mock mode signs in: one of the portal's roles, or a user with no role at all (spec §4). */
export type MockRole = Role | 'none';

/** A user as mock mode signs them in: a role's demo account, or a user of the directory. */
export interface MockAccount {
  email: string;
  displayName: string;
  roles: readonly Role[];
}

/** Who each role signs in as: the API demo's accounts (@portal/demo-data), the same in both. */
export const ACCOUNT_OF: Record<MockRole, MockAccount> = {
  ADMIN: DEMO_ACCOUNTS.admin,
  EMVO: DEMO_ACCOUNTS.reviewer,
  EXTERNAL: DEMO_ACCOUNTS.external,
  none: DEMO_ACCOUNTS.norole,
};

/** What mock auth's token carries (`mock.EMVO`, `mock.<email>`): the role's or the user's email. */
export const mockToken = (who: MockRole | string) => `mock.${who}`;

/** The email a token of mockToken's names: a role's demo account's, else the email it carries. */
export function emailOfMockToken(token: string): string {
  const who = token.replace(/^mock\./, '');
  return Object.hasOwn(ACCOUNT_OF, who) ? ACCOUNT_OF[who as MockRole].email : who;
}
