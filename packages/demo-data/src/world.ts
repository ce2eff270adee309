import { en, Faker } from '@faker-js/faker';
import { DEMO_ACCOUNT_LIST, DEMO_ACCOUNTS } from './accounts.js';
import { addCompanies } from './companies.js';
import {
  demoDisclaimers,
  demoGateways,
  demoLinks,
  demoTooltips,
  firstActiveGateways,
  PUBLISHED_AT,
} from './content.js';
import { simplePdf } from './pdf.js';
import { audited, idCounter, SEED_ACTOR } from './rows.js';
import type { DemoTables } from './tables.js';
import { addTechnical } from './technical.js';

/** The first two hex digits of each table's ids, so a demo id tells its table. */
const ID_PREFIXES: Record<keyof DemoTables, string> = {
  gateways: 'c1',
  storedFiles: 'f1',
  organisations: '00',
  users: 'e1',
  contacts: 'e2',
  mahs: 'e3',
  mahProducts: 'e4',
  checks: 'a2',
  checkEvents: 'a3',
  stageEvents: 'a5',
  tooltips: 'd1',
  disclaimerContents: 'd2',
  links: 'a1',
  agreementTemplates: 'b0',
  participationAgreements: 'b2',
  invoicingInformation: 'b3',
  sessionTokens: 'b4',
  testRuns: 'b5',
};

export interface DemoWorldOptions {
  /** How many organisations per stage plan (12 plans): the default gives 48 organisations. */
  perPlan?: number;
  /** The legitimacy SLA's holidays (the API's configured ones). */
  slaHolidays?: readonly string[];
}

/**
 * The demo world: the same rows every time (Faker with a fixed seed, dates from a fixed day, ids counted
 * per table). The API's demo seed inserts it (in mock mode too, over PGlite). Pure data: no clock, no
 * randomness.
 */
export function demoWorld(options: DemoWorldOptions = {}): DemoTables {
  const faker = new Faker({ locale: [en] });
  faker.seed(20_261_121);
  const counters = new Map<keyof DemoTables, () => string>();
  const id = (table: keyof DemoTables) => {
    let next = counters.get(table);
    if (!next) {
      next = idCounter(ID_PREFIXES[table]);
      counters.set(table, next);
    }
    return next();
  };
  const tables: DemoTables = {
    gateways: demoGateways(),
    storedFiles: [],
    organisations: [],
    users: [],
    contacts: [],
    mahs: [],
    mahProducts: [],
    checks: [],
    checkEvents: [],
    stageEvents: [],
    tooltips: demoTooltips(),
    disclaimerContents: demoDisclaimers(),
    links: demoLinks(),
    agreementTemplates: [],
    participationAgreements: [],
    invoicingInformation: [],
    sessionTokens: [],
    testRuns: [],
  };
  // The staff accounts; the external one is a company's SPOC (companies.ts).
  for (const account of DEMO_ACCOUNT_LIST.filter((account) => !account.roles.includes('EXTERNAL'))) {
    tables.users.push({
      ...audited(id('users')),
      email: account.email,
      displayName: account.displayName,
      roles: [...account.roles],
      organisationId: null,
      obpRole: null,
      access: 'FULL',
      status: 'ACTIVE',
    });
  }
  // Version 1 of the participation agreement template, which the companies' agreements are signed on.
  const template = {
    ...audited(id('storedFiles')),
    name: 'participation-agreement-v1.pdf',
    mime: 'application/pdf',
    purpose: 'AGREEMENT_TEMPLATE' as const,
    organisationId: null,
    uploadedBy: SEED_ACTOR,
    refCount: 1,
    content: simplePdf([
      'Participation Agreement - template version 1',
      '',
      'Between the European Medicines Verification Organisation (EMVO) and the On-Boarding Partner.',
      'Sign this document, scan it and upload it as a pdf on the contractual step of your application.',
    ]),
  };
  tables.storedFiles.push({ ...template, size: template.content.length });
  tables.agreementTemplates.push({
    version: 1,
    fileId: template.id,
    publishedAt: PUBLISHED_AT,
    publishedBy: SEED_ACTOR,
  });

  const reviewers = DEMO_ACCOUNT_LIST.filter((account) => account.roles.includes('EMVO' as never)).map(
    (account) => account.email,
  );
  addCompanies(tables, faker, {
    perPlan: options.perPlan ?? 4,
    activeGateways: firstActiveGateways(tables.gateways).map((gateway) => gateway.id),
    reviewers,
    externalAccount: DEMO_ACCOUNTS.external,
    slaHolidays: options.slaHolidays ?? [],
    id,
  });
  addTechnical(tables, { reviewer: DEMO_ACCOUNTS.reviewer.email, id });
  return tables;
}
