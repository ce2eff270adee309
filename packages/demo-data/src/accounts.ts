import type { Role } from '@portal/domain';

/** The password of every demo account, printed by `npm start` and written in the README. */
export const DEMO_PASSWORD = 'Portal-demo-2026!';

export interface DemoAccount {
  email: string;
  displayName: string;
  roles: Role[];
  /** What the account is for, as printed by `npm start`. */
  purpose: string;
}

/** The demo's accounts, the same in the API's demo and in mock mode. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@portal.test', displayName: 'Ada Admin', roles: ['ADMIN'], purpose: 'administrator' },
  reviewer: {
    email: 'reviewer@portal.test',
    displayName: 'Rita Reviewer',
    roles: ['EMVO'],
    purpose: 'EMVO reviewer',
  },
  lead: {
    email: 'lead@portal.test',
    displayName: 'Lena Lead',
    roles: ['ADMIN', 'EMVO'],
    purpose: 'administrator and EMVO reviewer',
  },
  external: {
    email: 'external@portal.test',
    displayName: 'Erik External',
    roles: ['EXTERNAL'],
    purpose: 'external user (SPOC of an onboarding company)',
  },
  norole: {
    email: 'norole@portal.test',
    displayName: 'Nora Norole',
    roles: [],
    purpose: 'no role (is signed out)',
  },
} as const satisfies Record<string, DemoAccount>;

export const DEMO_ACCOUNT_LIST: readonly DemoAccount[] = Object.values(DEMO_ACCOUNTS);
