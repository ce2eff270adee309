import type { CheckSummary, MahInput, OnboardingAnswer, Person } from '@portal/contracts';
import { type CheckStatus, canEditMahRegister, canSubmit, feeFor, slaDueAt } from '@portal/domain';
import { demoId } from './mock-data';

/**
 * The demo organisation of mock mode's onboarding screen (the company of the demo EXTERNAL user), in each
 * state the legitimacy step can show. The default, REGISTERED, is a partial draft: the step can be
 * completed, saved and submitted. The others start from a complete application; TECHNICAL_IQE has every
 * check approved and the acceptance environment open (gateway, CSR, session tokens, test runs).
 */
export const ONBOARDING_SCENARIOS = [
  'REGISTERED',
  'COMPLETE',
  'SUBMITTED',
  'IN_REVIEW',
  'CORRECTIONS_REQUESTED',
  'REJECTED',
  'APPROVED',
  'TEMPORARILY_APPROVED',
  'READ_ONLY',
  'TECHNICAL_IQE',
] as const;
export type OnboardingScenario = (typeof ONBOARDING_SCENARIOS)[number];

export const isOnboardingScenario = (value: unknown): value is OnboardingScenario =>
  (ONBOARDING_SCENARIOS as readonly unknown[]).includes(value);

/** A stored file: its summary, as the onboarding answer names it, and its bytes for GET /api/files/:id. */
export interface MockStoredFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A portal user of the company (domain.md People: at most three). */
export interface MockCompanyUser {
  email: string;
  status: 'INVITED' | 'ACTIVE';
}

export interface MockOnboardingState {
  /** What GET /api/onboarding answers. */
  onboarding: OnboardingAnswer;
  users: MockCompanyUser[];
  files: Map<string, MockStoredFile>;
}

/** The demo EXTERNAL user of mock auth: the Initial Requester and SPOC of the demo company. */
export const DEMO_REQUESTER_EMAIL = 'demo.company@example.com';

/** Addresses of other companies' users and of the reviewers: a SPOC Assistant cannot be one (EMAIL_TAKEN). */
export const MOCK_TAKEN_EMAILS: readonly string[] = [
  'demo.admin@example.com',
  'demo.reviewer@example.com',
  'taken@example.com',
];

/** Valid codes (check digits computed with packages/domain): a GTIN-14 and a PPN. */
export const DEMO_GTIN = '08712345678906';
export const DEMO_PPN = '110375286414';

const SUBMITTED_AT = new Date(Date.UTC(2026, 2, 2, 9, 30));
const DECIDED_AT = new Date(Date.UTC(2026, 2, 12, 14, 0));

const pdf = (text: string) => new TextEncoder().encode(text);
const DEMO_PDF = pdf('%PDF-1.4\n% Demo copy of proof: a signed power of attorney.\n%%EOF\n');
const DEMO_TEMPLATE = pdf('%PDF-1.4\n% Demo participation agreement template, version 1.\n%%EOF\n');

/** The published participation agreement template (version 1) the company downloads and signs. */
export const DEMO_TEMPLATE_FILE: MockStoredFile = {
  id: demoId('f1', 2),
  name: 'participation-agreement-v1.pdf',
  mime: 'application/pdf',
  bytes: DEMO_TEMPLATE,
  size: DEMO_TEMPLATE.length,
};

/** The published PA_TICKBOX statements of the contractual step's two tick boxes. */
export const DEMO_TICK_BOXES = {
  disclaimerVersion: 1,
  title: 'Participation agreement',
  texts: [
    'I accept the terms of the participation agreement.',
    'I confirm that I am authorised to sign for my company.',
  ] as [string, string],
};

/** The demo company's first person: the demo EXTERNAL user, Initial Requester and SPOC. */
export const DEMO_REQUESTER: Person = {
  id: demoId('a1', 1),
  name: 'Eva Jansen',
  email: 'demo.company@example.com',
  role: 'INITIAL_REQUESTER',
  access: 'FULL',
  status: 'ACTIVE',
  you: true,
};

/**
 * What follows from the stored state, as apps/api onboarding-answer.ts computes it: whether each later
 * step may be edited now (domain canSubmit, canEditMahRegister), the active MAH count and its fee.
 */
export function withDerived(answer: OnboardingAnswer): OnboardingAnswer {
  const status = (type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL') =>
    answer.checks[type]?.status ?? 'NOT_SUBMITTED';
  const progress = {
    stage: answer.organisation.stage,
    legitimacyStatus: status('LEGITIMACY'),
    contractualStatus: status('CONTRACTUAL'),
    financialStatus: status('FINANCIAL'),
  };
  const activeMahCount = answer.mahRegister.mahs.filter((mah) => mah.active).length;
  return {
    ...answer,
    contractual: { ...answer.contractual, editable: canSubmit('CONTRACTUAL', progress) },
    financial: {
      ...answer.financial,
      editable: canSubmit('FINANCIAL', progress),
      activeMahCount,
      fee: feeFor(activeMahCount),
    },
    mahRegister: { ...answer.mahRegister, editable: canEditMahRegister(progress) },
  };
}

const closedEnvironment = (environment: 'IQE' | 'PRD') => ({
  environment,
  open: false,
  gateway: null,
  csrs: [],
  tokens: [],
  testRuns: [],
  gateways: [],
});

const demoMah = (complete: boolean): MahInput => ({
  name: 'Jansen Pharma BV',
  country: 'NL',
  activeIn: ['NL', 'BE'],
  website: null,
  phone: null,
  email: null,
  licences: ['NL-PI-2024-0117'],
  products: complete
    ? [
        { name: 'Paracetamol 500 mg tablets', productCode: DEMO_GTIN, countries: ['NL', 'BE'] },
        { name: 'Ibuprofen 400 mg tablets', productCode: DEMO_PPN, countries: ['DE'] },
      ]
    : [],
});

const checkOf = (status: CheckStatus, reason: string | null = null): CheckSummary => ({
  status,
  attempt: 1,
  submittedAt: SUBMITTED_AT.toISOString(),
  slaDueAt: slaDueAt(SUBMITTED_AT).toISOString(),
  reason,
  decidedAt: ['SUBMITTED', 'IN_REVIEW'].includes(status) ? null : DECIDED_AT.toISOString(),
});

/** The legitimacy check's status in each scenario; none before the first submission. */
const LEGITIMACY_STATUS: Partial<Record<OnboardingScenario, CheckStatus>> = {
  SUBMITTED: 'SUBMITTED',
  IN_REVIEW: 'IN_REVIEW',
  CORRECTIONS_REQUESTED: 'CORRECTIONS_REQUESTED',
  REJECTED: 'REJECTED',
  APPROVED: 'APPROVED',
  TEMPORARILY_APPROVED: 'TEMPORARILY_APPROVED',
  TECHNICAL_IQE: 'APPROVED',
};

const REASONS: Partial<Record<OnboardingScenario, string>> = {
  CORRECTIONS_REQUESTED:
    'The copy of proof is not signed. Please upload the signed power of attorney, and give the VAT number as registered.',
  REJECTED: 'Jansen Pharma BV is not registered as a parallel distributor in the Netherlands.',
  TEMPORARILY_APPROVED: 'Approved for the test environment while the licence register is updated.',
};

/** The demo gateways offering IQE (the admin's active, certified ones). */
const DEMO_GATEWAYS = [
  { id: demoId('d1', 1), name: 'Acme Gateway' },
  { id: demoId('d1', 2), name: 'Beta Gateway' },
];

/**
 * The approved application moved on to TECHNICAL_IQE: agreement and invoicing form approved, the IQE
 * environment open with no gateway chosen yet, and two test runs of EMVO's.
 */
function connecting(approved: OnboardingAnswer): OnboardingAnswer {
  const approval = checkOf('APPROVED');
  const executedAt = (hour: number) => new Date(Date.UTC(2026, 2, 9, hour)).toISOString();
  return {
    ...approved,
    organisation: { ...approved.organisation, stage: 'TECHNICAL_IQE' },
    checks: { LEGITIMACY: approval, CONTRACTUAL: approval, FINANCIAL: approval },
    technical: {
      open: true,
      editable: approved.access === 'FULL',
      environments: {
        IQE: {
          ...closedEnvironment('IQE'),
          open: true,
          gateways: DEMO_GATEWAYS,
          testRuns: [
            {
              scenario: 'Verify a pack',
              result: 'FAILED',
              errorCode: 'NMVS_NC_PC_02',
              executedAt: executedAt(10),
            },
            {
              scenario: 'Upload a batch',
              result: 'PASSED',
              errorCode: null,
              executedAt: executedAt(9),
            },
          ],
        },
        PRD: closedEnvironment('PRD'),
      },
    },
  };
}

/** A fresh copy of the demo organisation in `scenario`: the handlers change it. */
export function createMockOnboarding(scenario: OnboardingScenario = 'REGISTERED'): MockOnboardingState {
  const partial = scenario === 'REGISTERED' || scenario === 'READ_ONLY';
  const proof: MockStoredFile = {
    id: demoId('f1', 1),
    name: 'power-of-attorney.pdf',
    mime: 'application/pdf',
    bytes: DEMO_PDF,
    size: DEMO_PDF.length,
  };
  const files = new Map<string, MockStoredFile>(partial ? [] : [[proof.id, proof]]);
  files.set(DEMO_TEMPLATE_FILE.id, DEMO_TEMPLATE_FILE);
  const status = LEGITIMACY_STATUS[scenario];
  const legitimacy = status ? checkOf(status, REASONS[scenario] ?? null) : null;
  const stage =
    legitimacy === null
      ? 'REGISTERED'
      : scenario === 'APPROVED' || scenario === 'TEMPORARILY_APPROVED' || scenario === 'TECHNICAL_IQE'
        ? 'APPROVALS'
        : 'INFORMATION';
  const mah = demoMah(!partial);
  const template = DEMO_TEMPLATE_FILE;
  const onboarding: OnboardingAnswer = {
    organisation: {
      id: demoId('e1', 1),
      obpNumber: 'C00042',
      stage,
      version: 3,
      orgTypeLocked: legitimacy !== null,
    },
    company: {
      legalName: 'Jansen Pharma BV',
      orgType: 'PD',
      registrationNumber: '34125678',
      vatNumber: partial ? null : 'NL853722046B01',
      address: {
        street: 'Keizersgracht',
        houseNumber: '221',
        postalCode: '1016 DV',
        city: 'Amsterdam',
        country: 'NL',
      },
      website: 'https://jansen-pharma.example',
      phone: partial ? null : '+31 20 555 0100',
      email: 'info@jansen-pharma.example',
    },
    spoc: {
      firstName: 'Eva',
      lastName: 'Jansen',
      function: null,
      email: DEMO_REQUESTER_EMAIL,
      phone: '+31 20 555 0101',
    },
    spocAssistant: null,
    authorisedRepresentative: {
      firstName: 'Pieter',
      lastName: 'de Vries',
      function: partial ? null : 'Managing director',
      email: 'p.devries@jansen-pharma.example',
      phone: partial ? null : '+31 20 555 0102',
      copyOfProof: partial ? null : { id: proof.id, name: proof.name, size: proof.size, mime: proof.mime },
    },
    mahs: [mah],
    checks: { LEGITIMACY: legitimacy, CONTRACTUAL: null, FINANCIAL: null },
    access: scenario === 'READ_ONLY' ? 'READ_ONLY' : 'FULL',
    contractual: {
      editable: false,
      currentTemplate: {
        version: 1,
        file: { id: template.id, name: template.name, size: template.size, mime: template.mime },
        publishedAt: SUBMITTED_AT.toISOString(),
      },
      agreement: null,
      tickBoxes: DEMO_TICK_BOXES,
      resignReason: null,
    },
    financial: {
      editable: false,
      activeMahCount: 0,
      fee: { tier: null, amountCents: 0 },
      invoicing: null,
      topUp: null,
    },
    mahRegister: {
      editable: false,
      mahs: partial ? [] : [{ ...mah, id: demoId('b1', 1), active: true }],
    },
    people: [{ ...DEMO_REQUESTER, access: scenario === 'READ_ONLY' ? 'READ_ONLY' : 'FULL' }],
    canManagePeople: scenario !== 'READ_ONLY',
    technical: {
      open: false,
      editable: false,
      environments: { IQE: closedEnvironment('IQE'), PRD: closedEnvironment('PRD') },
    },
  };
  return {
    onboarding: withDerived(scenario === 'TECHNICAL_IQE' ? connecting(onboarding) : onboarding),
    users: [{ email: DEMO_REQUESTER_EMAIL, status: 'ACTIVE' }],
    files,
  };
}
