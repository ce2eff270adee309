import { audited, DAY, demoId, EPOCH, iso } from './rows.js';
import type { DisclaimerContentRow, GatewayRow, LinkRow, TooltipRow } from './tables.js';

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

type GatewayFacts = Pick<GatewayRow, 'name' | 'type' | 'environments'> & Partial<GatewayRow>;

const NAMED_GATEWAYS: GatewayFacts[] = [
  {
    name: 'EMVO Gateway',
    type: 'EMVO_GATEWAY',
    website: 'https://emvo-medicines.eu',
    environments: ['IQE', 'PRD'],
    certified: true,
    certifiedAt: iso(EPOCH - 400 * DAY),
    contactEmail: 'gateway@emvo-medicines.eu',
  },
  {
    name: 'Arvato Systems',
    type: 'PROVIDER',
    website: 'https://www.arvato-systems.com',
    environments: ['IQE', 'PRD'],
    certified: true,
    certifiedAt: iso(EPOCH - 300 * DAY),
    contactEmail: 'emvs@arvato.example',
  },
  {
    name: 'Movilitas',
    type: 'PROVIDER',
    website: 'https://www.movilitas.com',
    environments: ['IQE', 'PRD'],
    certified: true,
    certifiedAt: iso(EPOCH - 250 * DAY),
  },
  { name: 'Tracelink', type: 'PROVIDER', website: 'https://www.tracelink.com', environments: ['IQE'] },
  {
    name: 'SAP ATTP',
    type: 'PROVIDER',
    website: 'https://www.sap.com',
    environments: ['IQE', 'PRD'],
    certified: true,
    certifiedAt: iso(EPOCH - 200 * DAY),
  },
  {
    name: 'Own connection',
    type: 'OWN_CONNECTION',
    environments: ['IQE', 'PRD'],
    notes: 'For companies that build their own interface.',
  },
  {
    name: 'Legacy Connect',
    type: 'PROVIDER',
    environments: ['IQE'],
    active: false,
    notes: 'No longer offered.',
  },
];

/**
 * The demo's gateways: the EMVO gateway, named providers (certified or not, one inactive) and a few dozen
 * more, as the hub lists them, enough for the admin list to have pages.
 */
export function demoGateways(): GatewayRow[] {
  const more: GatewayFacts[] = PROVIDERS.map((name, index) => ({
    name,
    type: 'PROVIDER',
    website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
    environments: index % 3 === 0 ? ['IQE'] : ['IQE', 'PRD'],
    certified: index % 3 !== 0,
    certifiedAt: index % 3 !== 0 ? iso(EPOCH - (100 + index * 7) * DAY) : null,
    active: index % 7 !== 6,
  }));
  return [...NAMED_GATEWAYS, ...more].map((facts, index) => ({
    ...audited(demoId('c1', index + 1)),
    website: null,
    contactEmail: null,
    phone: null,
    certified: false,
    certifiedAt: null,
    active: true,
    notes: null,
    ...facts,
  }));
}

/** The named gateways that are active: the ones the demo's first technical companies were given. */
export const firstActiveGateways = (gateways: GatewayRow[]) =>
  gateways.slice(0, NAMED_GATEWAYS.length).filter((gateway) => gateway.active);

const TOOLTIPS: Array<[key: string, screen: string, text: string]> = [
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
  ['emvo.sessiontoken.value', 'emvo', 'The token is shown once. It expires 24 hours after it is issued.'],
];

/** The demo's tooltips: a few fields of the onboarding, admin and EMVO screens explained. */
export const demoTooltips = (): TooltipRow[] =>
  TOOLTIPS.map(([key, screen, text], index) => ({
    ...audited(demoId('d1', index + 1)),
    key,
    screen,
    text,
    active: true,
  }));

// Not the legal notice nor the privacy text: the footer links those published texts itself (/legal/…).
const LINKS: Array<[label: string, link: string]> = [
  ['EMVO', 'https://emvo-medicines.eu'],
  ['Cookie policy', 'https://emvo-medicines.eu/cookie-policy'],
  ['Terms of use', 'https://emvo-medicines.eu/terms-of-use'],
  ['Help desk', 'https://emvo-medicines.eu/contact'],
];

/** The demo's footer links. */
export const demoLinks = (): LinkRow[] =>
  LINKS.map(([label, link], index) => ({
    ...audited(demoId('a1', index + 1)),
    listId: 'footer-links',
    label,
    link,
    sortOrder: index + 1,
    active: true,
  }));

/** domain.md ParticipationAgreement: "two required tick boxes", one statement per paragraph. */
export const TICK_BOX_BODY = [
  'I have read the participation agreement and accept its terms on behalf of the company.',
  'I confirm that I am authorised to sign the participation agreement for the company, or that the person who signed it is.',
].join('\n\n');

export const PUBLISHED_AT = iso(EPOCH - 100 * DAY);

type DisclaimerFacts = Pick<DisclaimerContentRow, 'type' | 'versionNumber' | 'title' | 'body' | 'status'> &
  Partial<DisclaimerContentRow>;

const DISCLAIMERS: DisclaimerFacts[] = [
  {
    type: 'LOGIN',
    versionNumber: 1,
    title: 'Before you sign in',
    body: 'This portal is for companies onboarding to the **European medicines verification** system and for EMVO staff.',
    status: 'PUBLISHED',
  },
  {
    type: 'REGISTRATION',
    versionNumber: 1,
    title: 'Registration',
    body: 'By registering you confirm that you act on behalf of the company you name.',
    status: 'ARCHIVED',
    publishedAt: null,
  },
  {
    type: 'REGISTRATION',
    versionNumber: 2,
    title: 'Registration',
    body: 'By registering you confirm that you act on behalf of the company you name and that its data is accurate.',
    status: 'PUBLISHED',
    requiresAcceptance: true,
  },
  {
    type: 'PA_TICKBOX',
    versionNumber: 1,
    title: 'Participation agreement',
    body: 'I have read the participation agreement and I am authorised to sign it.',
    status: 'ARCHIVED',
    requiresAcceptance: true,
  },
  // The contractual step's two tick boxes, one statement per paragraph.
  {
    type: 'PA_TICKBOX',
    versionNumber: 2,
    title: 'Participation agreement',
    body: TICK_BOX_BODY,
    status: 'PUBLISHED',
    requiresAcceptance: true,
  },
  {
    type: 'IIF',
    versionNumber: 1,
    title: 'Invoicing information',
    body: 'Fees are charged per number of active marketing authorisation holders.',
    status: 'PUBLISHED',
  },
  {
    type: 'FOOTER_LEGAL',
    versionNumber: 1,
    title: 'Legal notice',
    body: 'European Medicines Verification Organisation, Brussels.',
    status: 'PUBLISHED',
  },
  // Shown, not asked at sign-in: the demo's users start without a text to accept. Its draft (v2) asks it:
  // publishing it shows the sign-in acceptance to every user.
  {
    type: 'PRIVACY',
    versionNumber: 1,
    title: 'Privacy',
    body: 'We keep your personal data only as long as your onboarding requires it.',
    status: 'PUBLISHED',
  },
  {
    type: 'PRIVACY',
    versionNumber: 2,
    title: 'Privacy',
    body: 'Draft: we keep your personal data only as long as your onboarding and the law require it.',
    status: 'DRAFT',
    requiresAcceptance: true,
    publishedAt: null,
  },
];

/**
 * The demo's disclaimer texts: every type published, an archived version of the registration text and of
 * the tick boxes, and a privacy draft that asks for acceptance once published.
 */
export const demoDisclaimers = (): DisclaimerContentRow[] =>
  DISCLAIMERS.map((facts, index) => ({
    ...audited(demoId('d2', index + 1)),
    requiresAcceptance: false,
    publishedAt: facts.status === 'DRAFT' ? null : PUBLISHED_AT,
    ...facts,
  }));

/** The row a seeded agreement's tick boxes were accepted on. */
export const publishedTickBoxes = (rows: DisclaimerContentRow[]) =>
  rows.find((row) => row.type === 'PA_TICKBOX' && row.status === 'PUBLISHED');
