import type { Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { SEED_AUDIT as audit } from './seed-defaults.js';

/** The demo's footer links. */
export async function seedLinks(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('links')
    .values([
      { listId: 'footer-links', label: 'EMVO', link: 'https://emvo-medicines.eu', sortOrder: 1, ...audit },
      {
        listId: 'footer-links',
        label: 'Privacy policy',
        link: 'https://emvo-medicines.eu/privacy-policy',
        sortOrder: 2,
        ...audit,
      },
      {
        listId: 'footer-links',
        label: 'Legal notice',
        link: 'https://emvo-medicines.eu/legal-notice',
        sortOrder: 3,
        ...audit,
      },
      {
        listId: 'footer-links',
        label: 'Help desk',
        link: 'https://emvo-medicines.eu/contact',
        sortOrder: 4,
        ...audit,
      },
    ])
    .execute();
}
