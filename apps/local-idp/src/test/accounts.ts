import { randomBytes, scryptSync } from 'node:crypto';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import type { Role } from '@portal/domain';
import type { PortalDb } from '../account-repository.js';

export interface Standing {
  roles: Role[];
  status?: 'DISABLED' | 'INVITED';
  access?: 'REVOKED';
}

/**
 * The demo password in the format of the API's passwords.ts, at a tiny scrypt cost: verifyPassword reads
 * the cost from the stored hash, so a test's many sign-ins take milliseconds rather than a second each.
 */
function cheapDemoHash(): string {
  const [n, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const hash = scryptSync(DEMO_PASSWORD, salt, 32, { N: n, r, p });
  return ['scrypt', n, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Adds an account whose password is the demo password. */
export async function addAccount(db: PortalDb, email: string, standing: Standing = { roles: ['EMVO'] }) {
  await db
    .insertInto('users')
    .values({
      email,
      displayName: email,
      ...standing,
      passwordHash: cheapDemoHash(),
      createdBy: 'test',
      updatedBy: 'test',
    })
    .execute();
}
