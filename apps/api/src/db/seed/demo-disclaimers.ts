import type { Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { SEED_AUDIT as audit, DAY, EPOCH } from './seed-defaults.js';

/**
 * The demo's disclaimer texts: every type published, an archived version of the registration text and a
 * privacy draft that asks for acceptance once published.
 */
export async function seedDisclaimers(trx: Transaction<DB>): Promise<void> {
  const published = new Date(EPOCH - 100 * DAY);
  await trx
    .insertInto('disclaimerContents')
    .values([
      {
        type: 'LOGIN',
        versionNumber: 1,
        title: 'Before you sign in',
        body: 'This portal is for companies onboarding to the **European medicines verification** system and for EMVO staff.',
        status: 'PUBLISHED',
        publishedAt: published,
        ...audit,
      },
      {
        type: 'REGISTRATION',
        versionNumber: 1,
        title: 'Registration',
        body: 'By registering you confirm that you act on behalf of the company you name.',
        status: 'ARCHIVED',
        ...audit,
      },
      {
        type: 'REGISTRATION',
        versionNumber: 2,
        title: 'Registration',
        body: 'By registering you confirm that you act on behalf of the company you name and that its data is accurate.',
        status: 'PUBLISHED',
        publishedAt: published,
        requiresAcceptance: true,
        ...audit,
      },
      {
        type: 'PA_TICKBOX',
        versionNumber: 1,
        title: 'Participation agreement',
        body: 'I have read the participation agreement and I am authorised to sign it.',
        status: 'PUBLISHED',
        publishedAt: published,
        requiresAcceptance: true,
        ...audit,
      },
      {
        type: 'IIF',
        versionNumber: 1,
        title: 'Invoicing information',
        body: 'Fees are charged per number of active marketing authorisation holders.',
        status: 'PUBLISHED',
        publishedAt: published,
        ...audit,
      },
      {
        type: 'FOOTER_LEGAL',
        versionNumber: 1,
        title: 'Legal notice',
        body: 'European Medicines Verification Organisation, Brussels.',
        status: 'PUBLISHED',
        publishedAt: published,
        ...audit,
      },
      {
        type: 'PRIVACY',
        versionNumber: 1,
        title: 'Privacy',
        body: 'We keep your personal data only as long as your onboarding requires it.',
        status: 'PUBLISHED',
        publishedAt: published,
        // Shown, not asked at sign-in: the demo's users start without a text to accept. Its draft (v2)
        // asks it: publishing it shows the sign-in acceptance to every user (issue 13).
        ...audit,
      },
      {
        type: 'PRIVACY',
        versionNumber: 2,
        title: 'Privacy',
        body: 'Draft: we keep your personal data only as long as your onboarding and the law require it.',
        status: 'DRAFT',
        requiresAcceptance: true,
        ...audit,
      },
    ])
    .execute();
}
