import { en, Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { DB, Role } from '../schema.js';
import { seedDisclaimers } from './demo-disclaimers.js';
import { seedGateways } from './demo-gateways.js';
import { seedLinks } from './demo-links.js';
import { seedOrganisations } from './demo-organisations.js';
import { seedTooltips } from './demo-tooltips.js';
import { hashPassword } from './passwords.js';
import { SEED_AUDIT as audit } from './seed-defaults.js';

/** The password of every demo account, printed by `npm start` and written in the README. */
export const DEMO_PASSWORD = 'Portal-demo-2026!';

export interface DemoAccount {
  email: string;
  displayName: string;
  roles: Role[];
  /** What the account is for, as printed by `npm start`. */
  purpose: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@portal.test', displayName: 'Ada Admin', roles: ['ADMIN'], purpose: 'administrator' },
  { email: 'reviewer@portal.test', displayName: 'Rita Reviewer', roles: ['EMVO'], purpose: 'EMVO reviewer' },
  {
    email: 'lead@portal.test',
    displayName: 'Lena Lead',
    roles: ['ADMIN', 'EMVO'],
    purpose: 'administrator and EMVO reviewer',
  },
  {
    email: 'external@portal.test',
    displayName: 'Erik External',
    roles: ['EXTERNAL'],
    purpose: 'external user (SPOC of an onboarding company)',
  },
  { email: 'norole@portal.test', displayName: 'Nora Norole', roles: [], purpose: 'no role (is signed out)' },
];

export interface DemoSeedOptions {
  /** How many organisations per stage plan (12 plans): the default gives 48 organisations. */
  perPlan?: number;
}

/**
 * Fills an empty database with a deterministic demo: the same rows every time (Faker with a fixed seed,
 * dates from a fixed day). All in one transaction: a failure leaves the database empty. The parts run in
 * this order, each drawing from the one Faker after the one before, so none may be reordered.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoSeedOptions = {}): Promise<void> {
  const faker = new Faker({ locale: [en] });
  faker.seed(20_261_121);
  const perPlan = options.perPlan ?? 4;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const activeGateways = await seedGateways(trx);

    const staff = await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.filter((account) => !account.roles.includes('EXTERNAL')).map((account) => ({
          email: account.email,
          displayName: account.displayName,
          roles: account.roles,
          passwordHash,
          ...audit,
        })),
      )
      .returning(['email', 'roles'])
      .execute();
    const reviewers = staff.filter((user) => user.roles.includes('EMVO')).map((user) => user.email);

    await seedOrganisations(trx, faker, {
      perPlan,
      activeGateways,
      reviewers,
      passwordHash,
      externalAccount: DEMO_ACCOUNTS.find((account) => account.roles.includes('EXTERNAL')),
    });
    await seedTooltips(trx);
    await seedDisclaimers(trx);
    await seedLinks(trx);
  });
}
