import type { Faker } from '@faker-js/faker';
import { formatObpNumber } from '@portal/domain';
import type { Insertable, Transaction } from 'kysely';
import type { DB, OrganisationsTable } from '../schema.js';
import { type StagePlan, seedChecks } from './demo-checks.js';
import { seedFilings } from './demo-filings.js';
import { seedMahs } from './demo-mahs.js';
import { SEED_AUDIT as audit, DAY, EEA_COUNTRIES, EPOCH } from './seed-defaults.js';

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

export interface DemoCompanies {
  /** How many organisations per stage plan. */
  perPlan: number;
  /** The gateways an organisation in a technical stage uses. */
  activeGateways: string[];
  /** The EMVO accounts that review the checks. */
  reviewers: string[];
  /** Every demo user's password, hashed. */
  passwordHash: string;
  /** The demo external account: the SPOC of one company in APPROVALS. */
  externalAccount: { email: string; displayName: string } | undefined;
}

/**
 * The demo's companies, `perPlan` for each plan, with OBP numbers from C00101: each its organisation, its
 * contacts, its SPOC's user, its MAHs and products, its checks with their events and what it filed.
 */
export async function seedOrganisations(
  trx: Transaction<DB>,
  faker: Faker,
  { perPlan, activeGateways, reviewers, passwordHash, externalAccount }: DemoCompanies,
): Promise<void> {
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

      await seedMahs(trx, faker, { organisationId, legalName, domain, orgType, mahCount });
      const invoice = await seedChecks(trx, faker, {
        organisationId,
        plan,
        copy,
        number,
        registeredAt,
        submitter: spoc?.email ?? 'external',
        reviewers,
      });
      await seedFilings(trx, { organisationId, plan, organisation, legalName, domain, mahCount, invoice });
    }
  }
}
