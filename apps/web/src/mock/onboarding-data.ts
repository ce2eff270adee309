import type { CheckSummary, MahInput, Onboarding } from '@portal/contracts';
import { type CheckStatus, slaDueAt } from '@portal/domain';
import { demoId } from './mock-data';

/**
 * The demo organisation of mock mode's onboarding screen (the company of the demo EXTERNAL user), in each
 * state the legitimacy step can show. The default, REGISTERED, is a partial draft: the step can be
 * completed, saved and submitted. The others start from a complete application.
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
  body: Blob;
}

/** A portal user of the company (domain.md People: at most three). */
export interface MockCompanyUser {
  email: string;
  status: 'INVITED' | 'ACTIVE';
}

export interface MockOnboardingState {
  /** What GET /api/onboarding answers. */
  onboarding: Onboarding;
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

const DEMO_PDF = new Blob(['%PDF-1.4\n% Demo copy of proof: a signed power of attorney.\n%%EOF\n'], {
  type: 'application/pdf',
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
};

const REASONS: Partial<Record<OnboardingScenario, string>> = {
  CORRECTIONS_REQUESTED:
    'The copy of proof is not signed. Please upload the signed power of attorney, and give the VAT number as registered.',
  REJECTED: 'Jansen Pharma BV is not registered as a parallel distributor in the Netherlands.',
  TEMPORARILY_APPROVED: 'Approved for the test environment while the licence register is updated.',
};

/** A fresh copy of the demo organisation in `scenario`: the handlers change it. */
export function createMockOnboarding(scenario: OnboardingScenario = 'REGISTERED'): MockOnboardingState {
  const partial = scenario === 'REGISTERED' || scenario === 'READ_ONLY';
  const proof: MockStoredFile = {
    id: demoId('f1', 1),
    name: 'power-of-attorney.pdf',
    mime: DEMO_PDF.type,
    body: DEMO_PDF,
    size: DEMO_PDF.size,
  };
  const files = new Map<string, MockStoredFile>(partial ? [] : [[proof.id, proof]]);
  const status = LEGITIMACY_STATUS[scenario];
  const legitimacy = status ? checkOf(status, REASONS[scenario] ?? null) : null;
  const stage =
    legitimacy === null
      ? 'REGISTERED'
      : scenario === 'APPROVED' || scenario === 'TEMPORARILY_APPROVED'
        ? 'APPROVALS'
        : 'INFORMATION';
  return {
    onboarding: {
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
      mahs: [demoMah(!partial)],
      checks: { LEGITIMACY: legitimacy, CONTRACTUAL: null, FINANCIAL: null },
      access: scenario === 'READ_ONLY' ? 'READ_ONLY' : 'FULL',
    },
    users: [{ email: DEMO_REQUESTER_EMAIL, status: 'ACTIVE' }],
    files,
  };
}
