import type { Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { SEED_AUDIT as audit } from './seed-defaults.js';

/** The demo's tooltips: a few fields of the onboarding, admin and EMVO screens explained. */
export async function seedTooltips(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('tooltips')
    .values(
      [
        [
          'onboarding.company.registrationnumber',
          'onboarding',
          'The number under which the company is entered in the trade or commercial register.',
        ],
        [
          'onboarding.company.vatnumber',
          'onboarding',
          'The VAT identification number, starting with the country code.',
        ],
        [
          'onboarding.company.orgtype',
          'onboarding',
          'OPM: an On-boarding Partner that is a manufacturer. PD: a parallel distributor. It cannot change after the first submission.',
        ],
        [
          'onboarding.contact.spoc',
          'onboarding',
          'The single point of contact: the person EMVO talks to about this application.',
        ],
        [
          'onboarding.contact.copyofproof',
          'onboarding',
          'A signed document showing the representative may act for the company (pdf, jpg or png).',
        ],
        ['onboarding.mah.productcode', 'onboarding', 'A 14-digit GTIN or a 12-digit PPN.'],
        [
          'onboarding.invoicing.mahcount',
          'onboarding',
          'The fee tier follows the number of active marketing authorisation holders.',
        ],
        ['admin.gateway.certified', 'admin', 'A certified gateway has passed the EMVO connection tests.'],
        [
          'emvo.sessiontoken.value',
          'emvo',
          'The token is shown once. It expires 24 hours after it is issued.',
        ],
      ].map(([key, screen, text]) => ({
        key: String(key),
        screen: String(screen),
        text: String(text),
        ...audit,
      })),
    )
    .execute();
}
