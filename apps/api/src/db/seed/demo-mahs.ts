import type { Faker } from '@faker-js/faker';
import { gtinCheckDigit, ppnFromPzn, pznCheckDigit } from '@portal/domain';
import type { Transaction } from 'kysely';
import type { DB, OrganisationsTable } from '../schema.js';
import { SEED_AUDIT as audit, EEA_COUNTRIES } from './seed-defaults.js';

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

/** A demo company's MAHs (the first one the company itself), each with one to three products. */
export async function seedMahs(
  trx: Transaction<DB>,
  faker: Faker,
  company: {
    organisationId: string;
    legalName: string;
    domain: string;
    orgType: OrganisationsTable['orgType'];
    mahCount: number;
  },
): Promise<void> {
  const { organisationId, legalName, domain, orgType, mahCount } = company;
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
      productCode: faker.datatype.boolean() ? gtin14(faker.string.numeric(13)) : ppn(faker.string.numeric(7)),
      countries: faker.helpers.arrayElements(EEA_COUNTRIES, { min: 1, max: 4 }),
      ...audit,
    }));
    await trx.insertInto('mahProducts').values(products).execute();
  }
}
