import {
  type CheckStatus,
  type GATEWAY_TYPES,
  type GatewayEnvironment,
  ORG_TYPES,
  STAGES,
  type Stage,
} from '@portal/contracts';
/**
 * The demo data of mock mode: small, made by hand or generated deterministically, so every screen shows
 * the same rows on every load. Shapes mirror the API's answers (apps/api modules links, organisations,
 * gateways and tooltips).
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

/**
 * Check statuses that make sense for a stage; `n` picks one of the variants. Together they hold every
 * status each check can reach (the review queues show them all): a temporary approval is legitimacy's only.
 */
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
        pick(['SUBMITTED', 'IN_REVIEW', 'APPROVED', 'CORRECTIONS_REQUESTED', 'REJECTED']),
        pick(['NOT_SUBMITTED', 'SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED']),
      ];
    case 'SUSPENDED':
      return ['APPROVED', 'APPROVED', 'REJECTED'];
    case 'WITHDRAWN':
      return [pick(['APPROVED', 'REJECTED']), 'NOT_SUBMITTED', 'NOT_SUBMITTED'];
    default:
      return [pick(['APPROVED', 'TEMPORARILY_APPROVED']), 'APPROVED', 'APPROVED'];
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

/** A stored gateway (the API's gateways table, dates as JSON strings); inUse and organisationCount are derived. */
export interface MockGateway {
  id: string;
  name: string;
  type: (typeof GATEWAY_TYPES)[number];
  website: string | null;
  contactEmail: string | null;
  phone: string | null;
  environments: GatewayEnvironment[];
  certified: boolean;
  certifiedAt: string | null;
  active: boolean;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

const GATEWAY_NAMES = [
  'Aurora Connect',
  'Bridgepoint Hub',
  'Cobalt Link',
  'Danube Exchange',
  'EMVO Hub',
  'Falcon Gateway',
  'Granite Data',
  'Harbour Systems',
  'Ionic Relay',
  'Jade Pharma Link',
  'Keystone Serialisation',
  'Lighthouse Connect',
  'Mosaic Exchange',
  'Nexus Pharma',
  'Oakridge Link',
  'Polaris Relay',
  'Quartz Data',
  'Riverside Hub',
  'Summit Serialisation',
  'Tidal Connect',
  'Unity Exchange',
  'Vertex Link',
  'Willow Systems',
  'Xenon Relay',
  'Zenith Gateway',
];
const ENVIRONMENT_SETS: GatewayEnvironment[][] = [['IQE', 'PRD'], ['IQE'], ['PRD'], ['IQE', 'PRD']];
const DEMO_ACTOR = 'demo.admin@example.com';

/** 25 gateways, generated from their index: every type, environment set, certified or not, active or not. */
function gateway(i: number): MockGateway {
  const name = GATEWAY_NAMES[i] ?? `Gateway ${i + 1}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  // EMVO's own gateway once; the others are providers' gateways or companies' own connections.
  const type = i === 4 ? 'EMVO_GATEWAY' : i % 3 === 2 ? 'OWN_CONNECTION' : 'PROVIDER';
  const certified = i % 4 !== 3;
  const created = FIRST_CREATED - 200 * DAY + i * 3 * DAY;
  return {
    id: demoId('c1', i + 1),
    name,
    type,
    website: i % 6 === 5 ? null : `https://${slug}.example`,
    contactEmail: i % 7 === 6 ? null : `support@${slug}.example`,
    phone: i % 2 === 0 ? `+32 2 555 ${String(1000 + i * 37).slice(-4)}` : null,
    environments: [...(ENVIRONMENT_SETS[i % ENVIRONMENT_SETS.length] ?? ['IQE'])],
    certified,
    certifiedAt: certified ? new Date(created + 30 * DAY).toISOString() : null,
    // Four retired ones, Cobalt Link among them: in use, so deactivated rather than deleted.
    active: i % 6 !== 2,
    notes: i % 8 === 0 ? 'Demo gateway: connection tested in IQE.' : null,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + (i % 4) * 10 * DAY).toISOString(),
    createdBy: DEMO_ACTOR,
    updatedBy: DEMO_ACTOR,
    version: 1 + (i % 2),
  };
}

/** The gateways seeded for a fresh mock session. Fresh copies, because the handlers mutate them. */
export function createMockGateways(): MockGateway[] {
  return Array.from({ length: GATEWAY_NAMES.length }, (_, i) => gateway(i));
}

/**
 * The gateway each organisation at a technical stage or later has chosen (the API's organisations.gatewayId,
 * which the organisations list does not show), by organisation id: the first five gateways are in use.
 */
export const MOCK_GATEWAY_CHOICES: ReadonlyMap<string, string> = new Map(
  MOCK_ORGANISATIONS.filter((org) =>
    ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE', 'SUSPENDED'].includes(org.stage),
  ).map((org, n) => [org.id, demoId('c1', (n % 5) + 1)]),
);

/** A stored tooltip (the API's tooltipSchema, dates as JSON strings). */
export interface MockTooltip {
  id: string;
  key: string;
  screen: string;
  text: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

const TOOLTIPS: Array<[key: string, screen: string, text: string, active?: boolean]> = [
  [
    'onboarding.company.vatnumber',
    'onboarding',
    'Your VAT number as on your invoices, country prefix first.',
  ],
  [
    'onboarding.company.registrationnumber',
    'onboarding',
    'The number under which your company is registered in its trade register.',
  ],
  ['onboarding.company.legalname', 'onboarding', 'The full legal name, as in your articles of association.'],
  ['onboarding.contact.email', 'onboarding', 'We send every notice about your application to this address.'],
  ['onboarding.mah.list', 'onboarding', 'Every marketing authorisation holder you act for.'],
  ['onboarding.gateway.choice', 'onboarding', 'The gateway through which you connect to the EMVS hub.'],
  [
    'admin.gateway.certified',
    'admin',
    'Certified by EMVO; a certified gateway needs its certification date.',
  ],
  ['admin.gateway.environments', 'admin', 'IQE is the test environment, PRD the production one.'],
  ['admin.tooltip.key', 'admin', 'Lower-case letters, digits and dots, e.g. onboarding.company.vatnumber.'],
  ['review.financial.status', 'review', 'Old wording of the financial check; kept for reference.', false],
];

/** The tooltips seeded for a fresh mock session. Fresh copies, because the handlers mutate them. */
export function createMockTooltips(): MockTooltip[] {
  return TOOLTIPS.map(([key, screen, text, active = true], i) => {
    const at = new Date(FIRST_CREATED + i * DAY).toISOString();
    return {
      id: demoId('d1', i + 1),
      key,
      screen,
      text,
      active,
      createdAt: at,
      updatedAt: at,
      createdBy: DEMO_ACTOR,
      updatedBy: DEMO_ACTOR,
      version: 1,
    };
  });
}
