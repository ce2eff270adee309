import { en, Faker } from '@faker-js/faker';
import {
  EEA_COUNTRY_CODES,
  feeFor,
  formatObpNumber,
  gtinCheckDigit,
  ppnFromPzn,
  pznCheckDigit,
  slaDueAt,
} from '@portal/domain';
import type { Insertable, Kysely } from 'kysely';
import { DEFAULT_SLA_HOLIDAYS } from '../../config.js';
import { invoicedComment, PAID_COMMENT } from '../../modules/reviews/billing-comments.js';
import type {
  CheckEventsTable,
  CheckStatus,
  ChecksTable,
  DB,
  OrganisationsTable,
  Role,
  Stage,
} from '../schema.js';
import { hashPassword } from './passwords.js';

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

const SEED_ACTOR = 'seed';
const PROVIDERS = [
  'Adents',
  'Antares Vision',
  'Axway Track',
  'Bluhm Systeme',
  'Catalyst Serialisation',
  'Domino Track',
  'Esko Serial',
  'Excellis Health',
  'Fresenius Connect',
  'Jekson Vision',
  'Laetus Link',
  'Markem Imaje',
  'Optel Group',
  'Pharmaserv Hub',
  'Rfxcel',
  'Seidenader Link',
  'Siemens Pharma',
  'Systech Connect',
  'Uhlmann Track',
  'Wipotec Serial',
];
/** EEA countries (domain.md: an organisation's country is in the EEA). */
export const EEA_COUNTRIES = EEA_COUNTRY_CODES;

const DAY = 86_400_000;

/** A GTIN-14 from its first 13 digits. */
const gtin14 = (body: string) => `${body}${gtinCheckDigit(body) ?? 0}`;

/** A PPN from the first 7 digits of a PZN (a body whose PZN check digit would be 10 gets another last digit). */
function ppn(first7: string): string {
  for (let last = 0; last <= 9; last += 1) {
    const body = `${first7.slice(0, 6)}${(Number(first7.at(-1)) + last) % 10}`;
    const check = pznCheckDigit(body);
    const made = check === null ? null : ppnFromPzn(`${body}${check}`);
    if (made) return made;
  }
  throw new Error(`No PZN from ${first7}`);
}
/** Demo dates are relative to a fixed day, so two seeds give the same rows. */
const EPOCH = Date.UTC(2026, 9, 1);

interface StagePlan {
  stage: Stage;
  legitimacy: CheckStatus;
  contractual: CheckStatus;
  financial: CheckStatus;
}

/** Organisations at every stage, with check statuses that make sense for it (domain.md "Life of an application"). */
const PLANS: StagePlan[] = [
  {
    stage: 'REGISTERED',
    legitimacy: 'NOT_SUBMITTED',
    contractual: 'NOT_SUBMITTED',
    financial: 'NOT_SUBMITTED',
  },
  { stage: 'INFORMATION', legitimacy: 'SUBMITTED', contractual: 'NOT_SUBMITTED', financial: 'NOT_SUBMITTED' },
  { stage: 'INFORMATION', legitimacy: 'IN_REVIEW', contractual: 'SUBMITTED', financial: 'NOT_SUBMITTED' },
  {
    stage: 'INFORMATION',
    legitimacy: 'CORRECTIONS_REQUESTED',
    contractual: 'NOT_SUBMITTED',
    financial: 'NOT_SUBMITTED',
  },
  { stage: 'APPROVALS', legitimacy: 'APPROVED', contractual: 'IN_REVIEW', financial: 'SUBMITTED' },
  { stage: 'APPROVALS', legitimacy: 'TEMPORARILY_APPROVED', contractual: 'APPROVED', financial: 'REJECTED' },
  {
    stage: 'TECHNICAL_IQE',
    legitimacy: 'TEMPORARILY_APPROVED',
    contractual: 'APPROVED',
    financial: 'APPROVED',
  },
  { stage: 'TECHNICAL_IQE', legitimacy: 'APPROVED', contractual: 'APPROVED', financial: 'APPROVED' },
  { stage: 'TECHNICAL_PRD', legitimacy: 'APPROVED', contractual: 'APPROVED', financial: 'APPROVED' },
  { stage: 'MAINTENANCE', legitimacy: 'APPROVED', contractual: 'APPROVED', financial: 'APPROVED' },
  { stage: 'SUSPENDED', legitimacy: 'APPROVED', contractual: 'APPROVED', financial: 'REJECTED' },
  { stage: 'WITHDRAWN', legitimacy: 'REJECTED', contractual: 'NOT_SUBMITTED', financial: 'NOT_SUBMITTED' },
];

/** The transitions that lead a check from submission to its status, for its event history. */
const PATHS: Record<CheckStatus, CheckStatus[]> = {
  NOT_SUBMITTED: [],
  SUBMITTED: ['SUBMITTED'],
  IN_REVIEW: ['SUBMITTED', 'IN_REVIEW'],
  CORRECTIONS_REQUESTED: ['SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED'],
  APPROVED: ['SUBMITTED', 'IN_REVIEW', 'APPROVED'],
  TEMPORARILY_APPROVED: ['SUBMITTED', 'IN_REVIEW', 'TEMPORARILY_APPROVED'],
  REJECTED: ['SUBMITTED', 'IN_REVIEW', 'REJECTED'],
};

const REASONS: Partial<Record<CheckStatus, string>> = {
  CORRECTIONS_REQUESTED: 'The copy of proof of the authorised representative is not legible.',
  TEMPORARILY_APPROVED: 'Approved for the test environments while the licence renewal is pending.',
  REJECTED: 'The company could not show a valid manufacturing or wholesale licence.',
};

/** How far the billing of an approved invoicing form has gone, by stage (null: not invoiced yet). */
function billingOf(stage: Stage, copy: number): 'INVOICED' | 'PAID' | null {
  if (stage === 'MAINTENANCE') return 'PAID';
  if (stage === 'TECHNICAL_PRD') return copy % 2 === 0 ? 'PAID' : 'INVOICED';
  return null;
}

export interface DemoSeedOptions {
  /** How many organisations per stage plan (12 plans): the default gives 48 organisations. */
  perPlan?: number;
}

/**
 * Fills an empty database with a deterministic demo: the same rows every time (Faker with a fixed seed,
 * dates from a fixed day). All in one transaction: a failure leaves the database empty.
 */
export async function seedDemo(db: Kysely<DB>, options: DemoSeedOptions = {}): Promise<void> {
  const faker = new Faker({ locale: [en] });
  faker.seed(20_261_121);
  const perPlan = options.perPlan ?? 4;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const audit = { createdBy: SEED_ACTOR, updatedBy: SEED_ACTOR };

  await db.transaction().execute(async (trx) => {
    const gateways = await trx
      .insertInto('gateways')
      .values([
        {
          name: 'EMVO Gateway',
          type: 'EMVO_GATEWAY',
          website: 'https://emvo-medicines.eu',
          environments: ['IQE', 'PRD'],
          certified: true,
          certifiedAt: new Date(EPOCH - 400 * DAY),
          contactEmail: 'gateway@emvo-medicines.eu',
          ...audit,
        },
        {
          name: 'Arvato Systems',
          type: 'PROVIDER',
          website: 'https://www.arvato-systems.com',
          environments: ['IQE', 'PRD'],
          certified: true,
          certifiedAt: new Date(EPOCH - 300 * DAY),
          contactEmail: 'emvs@arvato.example',
          ...audit,
        },
        {
          name: 'Movilitas',
          type: 'PROVIDER',
          website: 'https://www.movilitas.com',
          environments: ['IQE', 'PRD'],
          certified: true,
          certifiedAt: new Date(EPOCH - 250 * DAY),
          ...audit,
        },
        {
          name: 'Tracelink',
          type: 'PROVIDER',
          website: 'https://www.tracelink.com',
          environments: ['IQE'],
          certified: false,
          ...audit,
        },
        {
          name: 'SAP ATTP',
          type: 'PROVIDER',
          website: 'https://www.sap.com',
          environments: ['IQE', 'PRD'],
          certified: true,
          certifiedAt: new Date(EPOCH - 200 * DAY),
          ...audit,
        },
        {
          name: 'Own connection',
          type: 'OWN_CONNECTION',
          environments: ['IQE', 'PRD'],
          certified: false,
          notes: 'For companies that build their own interface.',
          ...audit,
        },
        {
          name: 'Legacy Connect',
          type: 'PROVIDER',
          environments: ['IQE'],
          certified: false,
          active: false,
          notes: 'No longer offered.',
          ...audit,
        },
      ])
      .returning(['id', 'active'])
      .execute();
    // More solution providers, as the hub lists a few dozen: enough for the admin list to have pages.
    await trx
      .insertInto('gateways')
      .values(
        PROVIDERS.map((name, index) => ({
          name,
          type: 'PROVIDER' as const,
          website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
          environments: index % 3 === 0 ? ['IQE'] : ['IQE', 'PRD'],
          certified: index % 3 !== 0,
          certifiedAt: index % 3 !== 0 ? new Date(EPOCH - (100 + index * 7) * DAY) : null,
          active: index % 7 !== 6,
          ...audit,
        })),
      )
      .execute();
    const activeGateways = gateways.filter((gateway) => gateway.active).map((gateway) => gateway.id);

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

    let number = 100;
    for (const [planIndex, plan] of PLANS.entries()) {
      for (let copy = 0; copy < perPlan; copy += 1) {
        number += 1;
        const registeredAt = EPOCH - (PLANS.length - planIndex) * 20 * DAY - copy * 3 * DAY;
        const orgType = faker.helpers.arrayElement(['OPM', 'PD'] as const);
        const legalName = `${faker.company.name()} ${faker.helpers.arrayElement(['Pharma', 'Healthcare', 'Laboratories', 'Medicines', 'Biotech'])}`;
        const domain = `${faker.helpers.slugify(legalName).toLowerCase().slice(0, 24)}.example`;
        const mahCount =
          orgType === 'PD' ? faker.number.int({ min: 1, max: 3 }) : faker.number.int({ min: 1, max: 6 });
        const submittedAt = plan.legitimacy === 'NOT_SUBMITTED' ? null : new Date(registeredAt + 5 * DAY);
        const organisation: Insertable<OrganisationsTable> = {
          obpNumber: formatObpNumber(number),
          legalName,
          orgType,
          registrationNumber: faker.string.alphanumeric({ length: 10, casing: 'upper' }),
          vatNumber: `${faker.helpers.arrayElement(EEA_COUNTRIES)}${faker.string.numeric(9)}`,
          street: faker.location.street(),
          houseNumber: `${faker.number.int({ min: 1, max: 250 })}${faker.helpers.arrayElement(['', '', 'a', 'b'])}`,
          postalCode: faker.location.zipCode('#####'),
          city: faker.location.city(),
          country: faker.helpers.arrayElement(EEA_COUNTRIES),
          website: `https://www.${domain}`,
          phone: faker.phone.number({ style: 'international' }),
          email: `info@${domain}`,
          stage: plan.stage,
          legitimacyStatus: plan.legitimacy,
          contractualStatus: plan.contractual,
          financialStatus: plan.financial,
          gatewayId: ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'].includes(plan.stage)
            ? faker.helpers.arrayElement(activeGateways)
            : null,
          mahCount,
          submittedAt,
          createdAt: new Date(registeredAt),
          updatedAt: new Date(registeredAt),
          ...audit,
        };
        const { id: organisationId } = await trx
          .insertInto('organisations')
          .values(organisation)
          .returning('id')
          .executeTakeFirstOrThrow();

        const person = (kind: 'SPOC' | 'SPOC_ASSISTANT' | 'AUTHORISED_REPRESENTATIVE') => {
          const firstName = faker.person.firstName();
          const lastName = faker.person.lastName();
          return {
            organisationId,
            kind,
            firstName,
            lastName,
            function: faker.person.jobTitle(),
            email: `${firstName}.${lastName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
            phone: faker.phone.number({ style: 'international' }),
            ...audit,
          };
        };
        const contacts = [person('SPOC'), person('AUTHORISED_REPRESENTATIVE')];
        if (faker.datatype.boolean()) contacts.push(person('SPOC_ASSISTANT'));
        await trx.insertInto('contacts').values(contacts).execute();

        // The first organisation's SPOC is the demo external user.
        const externalAccount = DEMO_ACCOUNTS.find((account) => account.roles.includes('EXTERNAL'));
        const spoc = contacts[0];
        const isDemoCompany = planIndex === 4 && copy === 0;
        if (spoc) {
          await trx
            .insertInto('users')
            .values({
              email: isDemoCompany && externalAccount ? externalAccount.email : spoc.email,
              displayName:
                isDemoCompany && externalAccount
                  ? externalAccount.displayName
                  : `${spoc.firstName} ${spoc.lastName}`,
              roles: ['EXTERNAL'],
              organisationId,
              obpRole: 'SPOC',
              passwordHash,
              createdAt: new Date(registeredAt),
              ...audit,
            })
            .execute();
        }

        for (let m = 0; m < mahCount; m += 1) {
          const { id: mahId } = await trx
            .insertInto('mahs')
            .values({
              organisationId,
              name:
                m === 0
                  ? legalName
                  : `${faker.company.name()} ${faker.helpers.arrayElement(['GmbH', 'S.A.', 'B.V.', 'Ltd', 'S.p.A.'])}`,
              country: faker.helpers.arrayElement(EEA_COUNTRIES),
              activeIn: faker.helpers.arrayElements(EEA_COUNTRIES, { min: 1, max: 5 }),
              website: `https://www.${domain}`,
              email: `mah${m + 1}@${domain}`,
              licences: orgType === 'PD' ? [faker.string.alphanumeric({ length: 8, casing: 'upper' })] : [],
              ...audit,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const products = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => ({
            mahId,
            name: `${faker.science.chemicalElement().name}${faker.helpers.arrayElement(['ol', 'ex', 'ine', 'azole', 'mab'])} ${faker.helpers.arrayElement([5, 10, 20, 50, 100])} mg`,
            // Real check digits (packages/domain): a GTIN-14, or a PPN built from a PZN.
            productCode: faker.datatype.boolean()
              ? gtin14(faker.string.numeric(13))
              : ppn(faker.string.numeric(7)),
            countries: faker.helpers.arrayElements(EEA_COUNTRIES, { min: 1, max: 4 }),
            ...audit,
          }));
          await trx.insertInto('mahProducts').values(products).execute();
        }

        const checks: Array<[ChecksTable['type'], CheckStatus]> = [
          ['LEGITIMACY', plan.legitimacy],
          ['CONTRACTUAL', plan.contractual],
          ['FINANCIAL', plan.financial],
        ];
        let invoice: { number: string; invoicedAt: Date; paidAt: Date | null } | null = null;
        for (const [type, status] of checks) {
          const path = PATHS[status];
          if (path.length === 0) continue;
          const drawn = faker.helpers.arrayElement(reviewers);
          // Checks in review alternate between the EMVO accounts, the demo reviewer first, so that
          // reviewer@portal.test has checks "assigned to me" whatever the draw (kept, so that every row
          // after it stays as it was).
          const reviewer = status === 'IN_REVIEW' ? (reviewers[copy % reviewers.length] ?? drawn) : drawn;
          const start = registeredAt + 5 * DAY;
          const decided = path.length === 3;
          const { id: checkId } = await trx
            .insertInto('checks')
            .values({
              organisationId,
              type,
              status,
              submittedAt: new Date(start),
              assignee: path.length >= 2 ? reviewer : null,
              decidedAt: decided ? new Date(start + 6 * DAY) : null,
              decidedBy: decided ? reviewer : null,
              reason: REASONS[status] ?? null,
              // domain.md: legitimacy has an SLA of 15 working days (the default holidays skipped).
              slaDueAt: type === 'LEGITIMACY' ? slaDueAt(new Date(start), DEFAULT_SLA_HOLIDAYS) : null,
              ...audit,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const events: Array<Insertable<CheckEventsTable>> = path.map((to, step) => ({
            checkId,
            fromStatus: step === 0 ? 'NOT_SUBMITTED' : (path[step - 1] ?? null),
            toStatus: to,
            actor: to === 'SUBMITTED' ? (spoc?.email ?? 'external') : reviewer,
            role: to === 'SUBMITTED' ? 'EXTERNAL' : 'EMVO',
            comment: REASONS[to] ?? null,
            at: new Date(start + step * 3 * DAY),
          }));
          // Billing after an approved invoicing form (domain.md Financial: "then marks invoiced and
          // paid"), with the events billing-step.ts writes: the companies in maintenance and every other
          // one in production have paid, the rest in production are invoiced; TECHNICAL_IQE ones wait for
          // their invoice.
          const billing = type === 'FINANCIAL' && status === 'APPROVED' ? billingOf(plan.stage, copy) : null;
          if (billing) {
            invoice = {
              number: `INV-2026/${String(number).padStart(4, '0')}`,
              invoicedAt: new Date(start + 8 * DAY),
              paidAt: billing === 'PAID' ? new Date(start + 30 * DAY) : null,
            };
            const step = {
              checkId,
              fromStatus: 'APPROVED',
              toStatus: 'APPROVED',
              actor: reviewer,
              role: 'EMVO',
            } as const;
            events.push({ ...step, comment: invoicedComment(invoice.number), at: invoice.invoicedAt });
            if (invoice.paidAt) events.push({ ...step, comment: PAID_COMMENT, at: invoice.paidAt });
          }
          await trx.insertInto('checkEvents').values(events).execute();
        }

        // The documents of the contractual and financial checks, once the company has filed them (the
        // files themselves are not seeded: the seed has no file store).
        if (plan.contractual !== 'NOT_SUBMITTED') {
          await trx
            .insertInto('participationAgreements')
            .values({
              organisationId,
              templateVersion: 1,
              acceptedTerms: true,
              confirmedAuthority: true,
              ...audit,
            })
            .execute();
        }
        if (plan.financial !== 'NOT_SUBMITTED') {
          await trx
            .insertInto('invoicingInformation')
            .values({
              organisationId,
              // The form declared the MAHs the company had then: all of them.
              declaredMahCount: mahCount,
              feeCents: feeFor(mahCount).amountCents,
              billing: JSON.stringify({
                name: legalName,
                vatNumber: organisation.vatNumber,
                email: `invoices@${domain}`,
                address: {
                  street: organisation.street,
                  city: organisation.city,
                  country: organisation.country,
                },
              }),
              invoiceNumber: invoice?.number ?? null,
              invoicedAt: invoice?.invoicedAt ?? null,
              paidAt: invoice?.paidAt ?? null,
              ...audit,
            })
            .execute();
        }
      }
    }

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
  });
}
