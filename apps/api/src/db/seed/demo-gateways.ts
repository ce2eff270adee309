import type { Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { SEED_AUDIT as audit, DAY, EPOCH } from './seed-defaults.js';

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

/**
 * The demo's gateways: the EMVO gateway, named providers (certified or not, one inactive) and a few dozen
 * more, as the hub lists them. Answers the ids of the first, named ones that are active, which the
 * organisations in a technical stage choose from.
 */
export async function seedGateways(trx: Transaction<DB>): Promise<string[]> {
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
  return gateways.filter((gateway) => gateway.active).map((gateway) => gateway.id);
}
