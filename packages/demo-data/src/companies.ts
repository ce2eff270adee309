import type { Faker } from '@faker-js/faker';
import {
  type CheckStatus,
  type CheckType,
  EEA_COUNTRY_CODES as EEA_COUNTRIES,
  feeFor,
  formatObpNumber,
  gtinCheckDigit,
  hasSla,
  invoicedComment,
  PAID_COMMENT,
  ppnFromPzn,
  pznCheckDigit,
  type Stage,
  slaDueAt,
} from '@portal/domain';
import type { DemoAccount } from './accounts.js';
import { publishedTickBoxes } from './content.js';
import { simplePdf } from './pdf.js';
import { audited, DAY, EPOCH, iso, SEED_ACTOR } from './rows.js';
import type { CheckEventRow, ContactRow, DemoTables, OrganisationRow, StoredFileRow } from './tables.js';

/** A demo organisation's stage and the status of each of its checks. */
interface StagePlan {
  stage: Stage;
  legitimacy: CheckStatus;
  contractual: CheckStatus;
  financial: CheckStatus;
}

const plan = (stage: Stage, legitimacy: CheckStatus, contractual: CheckStatus, financial: CheckStatus) => ({
  stage,
  legitimacy,
  contractual,
  financial,
});

/** Organisations at every stage, with check statuses that make sense for it (domain.md "Life of an application"). */
const PLANS: StagePlan[] = [
  plan('REGISTERED', 'NOT_SUBMITTED', 'NOT_SUBMITTED', 'NOT_SUBMITTED'),
  plan('INFORMATION', 'SUBMITTED', 'NOT_SUBMITTED', 'NOT_SUBMITTED'),
  plan('INFORMATION', 'IN_REVIEW', 'SUBMITTED', 'NOT_SUBMITTED'),
  plan('INFORMATION', 'CORRECTIONS_REQUESTED', 'NOT_SUBMITTED', 'NOT_SUBMITTED'),
  plan('APPROVALS', 'APPROVED', 'IN_REVIEW', 'SUBMITTED'),
  plan('APPROVALS', 'TEMPORARILY_APPROVED', 'APPROVED', 'REJECTED'),
  plan('TECHNICAL_IQE', 'TEMPORARILY_APPROVED', 'APPROVED', 'APPROVED'),
  plan('TECHNICAL_IQE', 'APPROVED', 'APPROVED', 'APPROVED'),
  plan('TECHNICAL_PRD', 'APPROVED', 'APPROVED', 'APPROVED'),
  plan('MAINTENANCE', 'APPROVED', 'APPROVED', 'APPROVED'),
  plan('SUSPENDED', 'APPROVED', 'APPROVED', 'REJECTED'),
  plan('WITHDRAWN', 'REJECTED', 'NOT_SUBMITTED', 'NOT_SUBMITTED'),
];

/** Which plan and copy is the demo external account's company: in APPROVALS, its contractual check in review. */
const DEMO_COMPANY = { plan: 4, copy: 0 };

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

/** The shape of each country's VAT number (domain VAT_PATTERNS), `d` a digit. */
const VAT_SHAPES: Record<string, string> = {
  AT: 'ATUdddddddd',
  BE: 'BE0ddddddddd',
  BG: 'BGddddddddd',
  CY: 'CYddddddddL',
  CZ: 'CZdddddddd',
  DE: 'DEddddddddd',
  DK: 'DKdddddddd',
  EE: 'EEddddddddd',
  ES: 'ESAdddddddd',
  FI: 'FIdddddddd',
  FR: 'FRddddddddddd',
  GR: 'ELddddddddd',
  HR: 'HRddddddddddd',
  HU: 'HUdddddddd',
  IE: 'IEdddddddA',
  IT: 'ITddddddddddd',
  LT: 'LTddddddddd',
  LU: 'LUdddddddd',
  LV: 'LVddddddddddd',
  MT: 'MTdddddddd',
  NL: 'NLdddddddddB01',
  NO: 'NOdddddddddMVA',
  PL: 'PLdddddddddd',
  PT: 'PTddddddddd',
  RO: 'RO1dddddddd',
  SE: 'SEdddddddddd01',
  SI: 'SIdddddddd',
  SK: 'SKdddddddddd',
};

/** A VAT number of the country's shape, its digits taken in turn from `digits`. */
function vatNumberOf(country: string, digits: string): string {
  let next = 0;
  const shape = VAT_SHAPES[country] ?? `${country}ddddddddd`;
  return shape.replace(/d/g, () => digits[next++ % digits.length] ?? '0');
}

/** An approved invoicing form's invoice, once a reviewer marked it invoiced (and paid). */
interface DemoInvoice {
  number: string;
  invoicedAt: number;
  paidAt: number | null;
}

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

export interface CompanyOptions {
  perPlan: number;
  /** The gateways an organisation in a technical stage uses. */
  activeGateways: string[];
  /** The EMVO accounts that review the checks. */
  reviewers: string[];
  externalAccount: DemoAccount;
  slaHolidays: readonly string[];
  /** Ids, counted per table. */
  id: (table: keyof DemoTables) => string;
}

/**
 * The demo's companies, `perPlan` for each plan, with OBP numbers from C00101: each its organisation, its
 * contacts, its SPOC's user, its MAHs and products, its checks with their events and what it filed (the
 * signed agreement and the invoicing form, on the template and tick boxes the tables already hold).
 * Faker draws in a fixed order: nothing here may be reordered without changing every row after it.
 */
export function addCompanies(tables: DemoTables, faker: Faker, options: CompanyOptions): void {
  const { perPlan, activeGateways, reviewers, externalAccount, slaHolidays, id } = options;
  const tickBoxes = publishedTickBoxes(tables.disclaimerContents);
  const file = (
    facts: Omit<StoredFileRow, keyof ReturnType<typeof audited> | 'size' | 'uploadedBy' | 'refCount'>,
  ) => {
    const row: StoredFileRow = {
      ...audited(id('storedFiles')),
      ...facts,
      size: facts.content.length,
      uploadedBy: SEED_ACTOR,
      refCount: 1,
    };
    tables.storedFiles.push(row);
    return row.id;
  };
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
      const organisation: OrganisationRow = {
        ...audited(id('organisations'), registeredAt),
        obpNumber: formatObpNumber(number),
        legalName,
        orgType,
        registrationNumber: faker.string.alphanumeric({ length: 10, casing: 'upper' }),
        // Drawn before the country (the draws keep their order); given the country's shape below.
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
        submittedAt: plan.legitimacy === 'NOT_SUBMITTED' ? null : iso(registeredAt + 5 * DAY),
      };
      organisation.vatNumber = vatNumberOf(
        organisation.country ?? 'BE',
        organisation.vatNumber?.slice(2) ?? '0',
      );
      tables.organisations.push(organisation);
      const organisationId = organisation.id;

      const person = (kind: ContactRow['kind']): ContactRow => {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        return {
          ...audited(id('contacts')),
          organisationId,
          kind,
          firstName,
          lastName,
          function: faker.person.jobTitle(),
          email: `${firstName}.${lastName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
          phone: faker.phone.number({ style: 'international' }),
          copyOfProofFileId: null,
        };
      };
      const contacts = [person('SPOC'), person('AUTHORISED_REPRESENTATIVE')];
      if (faker.datatype.boolean()) contacts.push(person('SPOC_ASSISTANT'));
      tables.contacts.push(...contacts);

      // The SPOC has the company's account; the demo company's SPOC account is the demo external user.
      const [spoc] = contacts;
      const isDemoCompany = planIndex === DEMO_COMPANY.plan && copy === DEMO_COMPANY.copy;
      if (spoc) {
        tables.users.push({
          ...audited(id('users'), registeredAt),
          email: isDemoCompany ? externalAccount.email : spoc.email,
          displayName: isDemoCompany ? externalAccount.displayName : `${spoc.firstName} ${spoc.lastName}`,
          roles: ['EXTERNAL'],
          organisationId,
          obpRole: 'SPOC',
          access: 'FULL',
          status: 'ACTIVE',
        });
      }

      // Its MAHs (the first one the company itself), each with one to three products.
      for (let m = 0; m < mahCount; m += 1) {
        const mahId = id('mahs');
        tables.mahs.push({
          ...audited(mahId),
          organisationId,
          name:
            m === 0
              ? legalName
              : `${faker.company.name()} ${faker.helpers.arrayElement(['GmbH', 'S.A.', 'B.V.', 'Ltd', 'S.p.A.'])}`,
          country: faker.helpers.arrayElement(EEA_COUNTRIES),
          activeIn: faker.helpers.arrayElements(EEA_COUNTRIES, { min: 1, max: 5 }),
          website: `https://www.${domain}`,
          phone: null,
          email: `mah${m + 1}@${domain}`,
          licences: orgType === 'PD' ? [faker.string.alphanumeric({ length: 8, casing: 'upper' })] : [],
          active: true,
        });
        const products = faker.number.int({ min: 1, max: 3 });
        for (let p = 0; p < products; p += 1) {
          tables.mahProducts.push({
            ...audited(id('mahProducts')),
            mahId,
            name: `${faker.science.chemicalElement().name}${faker.helpers.arrayElement(['ol', 'ex', 'ine', 'azole', 'mab'])} ${faker.helpers.arrayElement([5, 10, 20, 50, 100])} mg`,
            // Real check digits (packages/domain): a GTIN-14, or a PPN built from a PZN.
            productCode: faker.datatype.boolean()
              ? gtin14(faker.string.numeric(13))
              : ppn(faker.string.numeric(7)),
            countries: faker.helpers.arrayElements(EEA_COUNTRIES, { min: 1, max: 4 }),
          });
        }
      }

      // Its three checks as the plan has them, each with the events that led there (submitted by the
      // company, decided by a reviewer) and, for an approved invoicing form, its billing.
      const submitter = spoc?.email ?? 'external';
      let invoice: DemoInvoice | null = null;
      const checks: Array<[CheckType, CheckStatus]> = [
        ['LEGITIMACY', plan.legitimacy],
        ['CONTRACTUAL', plan.contractual],
        ['FINANCIAL', plan.financial],
      ];
      for (const [type, status] of checks) {
        const path = PATHS[status];
        if (path.length === 0) continue;
        const drawn = faker.helpers.arrayElement(reviewers);
        // Checks in review alternate between the EMVO accounts, the demo reviewer first, so that
        // reviewer@portal.test has checks "assigned to me" whatever the draw.
        const reviewer = status === 'IN_REVIEW' ? (reviewers[copy % reviewers.length] ?? drawn) : drawn;
        const start = registeredAt + 5 * DAY;
        const decided = path.length === 3;
        const checkId = id('checks');
        tables.checks.push({
          ...audited(checkId),
          organisationId,
          type,
          status,
          attempt: 1,
          submittedAt: iso(start),
          assignee: path.length >= 2 ? reviewer : null,
          decidedAt: decided ? iso(start + 6 * DAY) : null,
          decidedBy: decided ? reviewer : null,
          reason: REASONS[status] ?? null,
          // domain.md: legitimacy has an SLA of 15 working days.
          slaDueAt: hasSla(type) ? slaDueAt(new Date(start), slaHolidays).toISOString() : null,
        });
        const event = (facts: Omit<CheckEventRow, 'id' | 'checkId'>) => {
          tables.checkEvents.push({ id: id('checkEvents'), checkId, ...facts });
        };
        for (const [step, to] of path.entries()) {
          event({
            fromStatus: step === 0 ? 'NOT_SUBMITTED' : (path[step - 1] ?? null),
            toStatus: to,
            actor: to === 'SUBMITTED' ? submitter : reviewer,
            role: to === 'SUBMITTED' ? 'EXTERNAL' : 'EMVO',
            comment: REASONS[to] ?? null,
            at: iso(start + step * 3 * DAY),
          });
        }
        // Billing after an approved invoicing form (domain.md Financial: "then marks invoiced and paid"):
        // the companies in maintenance and every other one in production have paid, the rest in production
        // are invoiced; TECHNICAL_IQE ones wait for their invoice.
        const billing = type === 'FINANCIAL' && status === 'APPROVED' ? billingOf(plan.stage, copy) : null;
        if (billing) {
          invoice = {
            number: `INV-2026/${String(number).padStart(4, '0')}`,
            invoicedAt: start + 8 * DAY,
            paidAt: billing === 'PAID' ? start + 30 * DAY : null,
          };
          const step = {
            fromStatus: 'APPROVED',
            toStatus: 'APPROVED',
            actor: reviewer,
            role: 'EMVO',
          } as const;
          event({ ...step, comment: invoicedComment(invoice.number), at: iso(invoice.invoicedAt) });
          if (invoice.paidAt) event({ ...step, comment: PAID_COMMENT, at: iso(invoice.paidAt) });
        }
      }

      // What it filed for its checks, once it submitted them: the copy of proof, the signed agreement, the
      // invoicing form.
      const { obpNumber } = organisation;
      const representative = contacts[1];
      if (plan.legitimacy !== 'NOT_SUBMITTED' && representative) {
        representative.copyOfProofFileId = file({
          name: `power-of-attorney-${obpNumber}.pdf`,
          mime: 'application/pdf',
          purpose: 'COPY_OF_PROOF',
          organisationId,
          content: simplePdf([
            'Power of attorney',
            '',
            `${representative.firstName} ${representative.lastName} may act for ${legalName} (${obpNumber}).`,
          ]),
        });
      }
      if (plan.contractual !== 'NOT_SUBMITTED') {
        const signedFileId = file({
          name: `participation-agreement-${obpNumber}-signed.pdf`,
          mime: 'application/pdf',
          purpose: 'SIGNED_AGREEMENT',
          organisationId,
          content: simplePdf([
            'Participation Agreement - template version 1',
            '',
            `Signed for ${legalName} (${obpNumber}).`,
          ]),
        });
        tables.participationAgreements.push({
          ...audited(id('participationAgreements')),
          organisationId,
          templateVersion: 1,
          signedFileId,
          acceptedTerms: true,
          confirmedAuthority: true,
          tickBoxesDisclaimerId: tickBoxes?.id ?? null,
        });
      }
      if (plan.financial !== 'NOT_SUBMITTED') {
        // The form declared the MAHs the company had then: all of them.
        const formFileId = file({
          name: `invoicing-form-${obpNumber}.pdf`,
          mime: 'application/pdf',
          purpose: 'INVOICING_FORM',
          organisationId,
          content: simplePdf([
            'Invoicing information form',
            '',
            `${legalName} (${obpNumber}): ${mahCount} active marketing authorisation holder(s).`,
          ]),
        });
        const { street, houseNumber, postalCode, city, country, vatNumber } = organisation;
        tables.invoicingInformation.push({
          ...audited(id('invoicingInformation')),
          organisationId,
          declaredMahCount: mahCount,
          feeCents: feeFor(mahCount).amountCents,
          billing: {
            legalEntity: legalName,
            address: { street, houseNumber, postalCode, city, country },
            vatNumber,
            purchaseOrderNumber: null,
            billingEmail: `invoices@${domain}`,
          },
          formFileId,
          invoiceNumber: invoice?.number ?? null,
          invoicedAt: invoice ? iso(invoice.invoicedAt) : null,
          paidAt: invoice?.paidAt ? iso(invoice.paidAt) : null,
          invoicedBeforeCents: 0,
        });
      }
    }
  }
}
