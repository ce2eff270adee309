/**
 * The demo data of mock mode: small, made by hand or generated deterministically, so every screen shows
 * the same rows on every load. Shapes mirror the API's answers (apps/api modules links and organisations).
 */

/** GET /links/{id} item (the API's linkSchema). */
export interface MockLink {
  id: string;
  label: string;
  link: string;
  order: number;
  active: boolean;
  version: number;
}

/** A link list seeded for a fresh mock session, by list id. Fresh copies, because the handlers mutate them. */
export function createMockLinks(): Map<string, MockLink[]> {
  return new Map([
    [
      'footer-links',
      [
        link(1, 'EMVO website', 'https://emvo-medicines.eu', 0),
        link(2, 'Privacy policy', 'https://emvo-medicines.eu/privacy-policy', 1),
        link(3, 'Help desk', 'https://emvo-medicines.eu/helpdesk', 2),
        // Inactive: the footer does not show it; an admin reading it by id does.
        link(4, 'Old onboarding guide', 'https://emvo-medicines.eu/old-guide', 3, false),
      ],
    ],
  ]);
}

function link(n: number, label: string, href: string, order: number, active = true): MockLink {
  return { id: demoId('a1', n), label, link: href, order, active, version: 1 };
}

/** The API's enums (apps/api db/schema.ts), repeated here because an app never imports another app. */
export const STAGES = [
  'REGISTERED',
  'INFORMATION',
  'APPROVALS',
  'TECHNICAL_IQE',
  'TECHNICAL_PRD',
  'MAINTENANCE',
  'SUSPENDED',
  'WITHDRAWN',
] as const;
export type Stage = (typeof STAGES)[number];
export const ORG_TYPES = ['OPM', 'PD'] as const;
export const CHECK_STATUSES = [
  'NOT_SUBMITTED',
  'SUBMITTED',
  'IN_REVIEW',
  'CORRECTIONS_REQUESTED',
  'APPROVED',
  'TEMPORARILY_APPROVED',
  'REJECTED',
] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** GET /api/organisations item (the API's organisationSummary, dates as JSON strings). */
export interface MockOrganisation {
  id: string;
  obpNumber: string;
  legalName: string;
  orgType: (typeof ORG_TYPES)[number];
  email: string | null;
  address: { city: string | null; country: string | null };
  stage: Stage;
  legitimacyStatus: CheckStatus;
  contractualStatus: CheckStatus;
  financialStatus: CheckStatus;
  mahCount: number;
  submittedAt: string | null;
  createdAt: string;
  version: number;
}

const NAMES = [
  'Acme',
  'Boreal',
  'Cedar',
  'Delta',
  'Elbe',
  'Fjord',
  'Garnet',
  'Helix',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nordic',
  'Orchid',
  'Pioneer',
];
const KINDS = ['Pharma', 'Biotech', 'Generics', 'Laboratories'];
const PLACES: Array<[country: string, city: string]> = [
  ['BE', 'Brussels'],
  ['DE', 'Berlin'],
  ['FR', 'Lyon'],
  ['NL', 'Leiden'],
  ['IT', 'Milan'],
  ['ES', 'Barcelona'],
  ['FI', 'Helsinki'],
  ['IE', 'Cork'],
  ['AT', 'Vienna'],
  ['PL', 'Warsaw'],
];

/** Check statuses that make sense for a stage; `n` picks one of the variants. */
function checksFor(stage: Stage, n: number): [CheckStatus, CheckStatus, CheckStatus] {
  const pick = (options: readonly [CheckStatus, ...CheckStatus[]]): CheckStatus =>
    options[n % options.length] ?? options[0];
  switch (stage) {
    case 'REGISTERED':
      return ['NOT_SUBMITTED', 'NOT_SUBMITTED', 'NOT_SUBMITTED'];
    case 'INFORMATION':
      return [
        pick(['SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED', 'SUBMITTED', 'REJECTED', 'IN_REVIEW']),
        'NOT_SUBMITTED',
        'NOT_SUBMITTED',
      ];
    case 'APPROVALS':
      return [
        pick(['APPROVED', 'TEMPORARILY_APPROVED']),
        pick(['SUBMITTED', 'IN_REVIEW', 'APPROVED', 'CORRECTIONS_REQUESTED']),
        pick(['NOT_SUBMITTED', 'SUBMITTED', 'IN_REVIEW']),
      ];
    case 'SUSPENDED':
      return ['APPROVED', 'APPROVED', 'REJECTED'];
    case 'WITHDRAWN':
      return [pick(['APPROVED', 'REJECTED']), 'NOT_SUBMITTED', 'NOT_SUBMITTED'];
    default:
      return ['APPROVED', pick(['APPROVED', 'TEMPORARILY_APPROVED']), 'APPROVED'];
  }
}

const DAY = 24 * 60 * 60 * 1000;
const FIRST_CREATED = Date.UTC(2025, 0, 6, 9, 0, 0);

/** A valid v4-shaped UUID that reads as demo data: `<prefix>000000-0000-4000-8000-<n, 12 digits>`. */
export function demoId(prefix: string, n: number): string {
  return `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** 64 organisations, eight at every stage, generated from their index so every load shows the same ones. */
function organisation(i: number): MockOrganisation {
  const stage = STAGES[i % STAGES.length] ?? 'REGISTERED';
  const variant = Math.floor(i / STAGES.length);
  const [legitimacyStatus, contractualStatus, financialStatus] = checksFor(stage, variant);
  const name = `${NAMES[i % NAMES.length]} ${KINDS[Math.floor(i / NAMES.length) % KINDS.length]}`;
  const [country, city] = PLACES[i % PLACES.length] ?? ['BE', 'Brussels'];
  const created = FIRST_CREATED + i * 5 * DAY + (i % 7) * 60 * 60 * 1000;
  return {
    id: demoId('00', i + 1),
    obpNumber: `C${String(i + 1).padStart(5, '0')}`,
    legalName: name,
    orgType: ORG_TYPES[i % 3 === 0 ? 1 : 0],
    // Some applicants have not given an email yet: the list must cope with nulls.
    email: i % 9 === 4 ? null : `contact@${name.toLowerCase().replace(/\s+/g, '-')}.example`,
    address: { city: i % 11 === 10 ? null : city, country },
    stage,
    legitimacyStatus,
    contractualStatus,
    financialStatus,
    mahCount: (i * 7) % 13,
    submittedAt: legitimacyStatus === 'NOT_SUBMITTED' ? null : new Date(created + 3 * DAY).toISOString(),
    createdAt: new Date(created).toISOString(),
    version: 1 + (i % 3),
  };
}

export const MOCK_ORGANISATIONS: readonly MockOrganisation[] = Array.from({ length: 64 }, (_, i) =>
  organisation(i),
);
