import type { OrgType } from './enums.js';

/**
 * domain.md "Legitimacy": the company submits its company data, its authorised representative with
 * copyOfProof, and at least one MAH with one product (PD companies: one to three licences per MAH). The
 * API refuses a submission that misses anything and names every missing item; the SPA shows the same list.
 */

type Text = string | null | undefined;

export interface LegitimacyContact {
  firstName: Text;
  lastName: Text;
  function?: Text;
  email: Text;
  phone: Text;
}

export interface LegitimacyApplication {
  company: {
    legalName: Text;
    orgType: OrgType;
    registrationNumber: Text;
    vatNumber: Text;
    address: { street: Text; houseNumber: Text; postalCode: Text; city: Text; country: Text };
    phone: Text;
    email: Text;
  };
  spoc: LegitimacyContact;
  authorisedRepresentative: LegitimacyContact & { copyOfProof: unknown };
  mahs: ReadonlyArray<{
    name: Text;
    country: Text;
    licences: readonly string[];
    products: ReadonlyArray<{ name: Text; productCode: Text }>;
  }>;
}

/** One thing a submission lacks: the field's path in the draft and what to give. */
export interface MissingItem {
  field: string;
  message: string;
}

/**
 * The fields a submission requires, from its own rule: the items it names on an application that gives
 * nothing, a list's index written `*` (mahs.*.products.*.name). The forms mark them required from this, so
 * the marks and the submission's check cannot drift apart.
 */
export function requiredToSubmit(missing: readonly MissingItem[]): string[] {
  return [...new Set(missing.map((item) => item.field.replace(/\.\d+(?=\.|$)/g, '.*')))];
}

const NO_CONTACT = { firstName: null, lastName: null, function: null, email: null, phone: null };

/** What a legitimacy submission requires of an `orgType` company (one MAH with one product stands for each). */
export function legitimacyRequiredFields(orgType: OrgType): string[] {
  const none = { street: null, houseNumber: null, postalCode: null, city: null, country: null };
  return requiredToSubmit(
    missingForLegitimacy({
      company: {
        legalName: null,
        orgType,
        registrationNumber: null,
        vatNumber: null,
        address: none,
        phone: null,
        email: null,
      },
      spoc: NO_CONTACT,
      authorisedRepresentative: { ...NO_CONTACT, copyOfProof: null },
      mahs: [{ name: null, country: null, licences: [], products: [{ name: null, productCode: null }] }],
    }),
  );
}

/** PD companies hold one to three licences per MAH (domain.md). */
export const MAX_LICENCES = 3;

const blank = (value: Text) => value === null || value === undefined || value.trim() === '';

/** Every item a legitimacy submission still lacks, in the form's order; empty when it is complete. */
export function missingForLegitimacy(application: LegitimacyApplication): MissingItem[] {
  const missing: MissingItem[] = [];
  const need = (value: Text, field: string, message: string) => {
    if (blank(value)) missing.push({ field, message });
  };
  const { company, spoc, authorisedRepresentative: representative } = application;
  need(company.legalName, 'company.legalName', 'The company’s legal name');
  need(company.registrationNumber, 'company.registrationNumber', 'The company’s registration number');
  need(company.vatNumber, 'company.vatNumber', 'The company’s VAT number');
  need(company.address.street, 'company.address.street', 'The street of the company’s address');
  need(
    company.address.houseNumber,
    'company.address.houseNumber',
    'The house number of the company’s address',
  );
  need(company.address.postalCode, 'company.address.postalCode', 'The postal code of the company’s address');
  need(company.address.city, 'company.address.city', 'The city of the company’s address');
  need(company.address.country, 'company.address.country', 'The country of the company’s address');
  need(company.email, 'company.email', 'The company’s email address');
  need(company.phone, 'company.phone', 'The company’s phone number');
  for (const [key, label, contact] of [
    ['spoc', 'SPOC', spoc],
    ['authorisedRepresentative', 'authorised representative', representative],
  ] as const) {
    need(contact.firstName, `${key}.firstName`, `The ${label}’s first name`);
    need(contact.lastName, `${key}.lastName`, `The ${label}’s last name`);
    need(contact.email, `${key}.email`, `The ${label}’s email address`);
    need(contact.phone, `${key}.phone`, `The ${label}’s phone number`);
  }
  need(
    representative.function,
    'authorisedRepresentative.function',
    'The authorised representative’s function',
  );
  if (!representative.copyOfProof) {
    missing.push({
      field: 'authorisedRepresentative.copyOfProof',
      message: 'A copy of the proof that the authorised representative represents the company',
    });
  }
  if (application.mahs.length === 0) {
    missing.push({ field: 'mahs', message: 'At least one marketing authorisation holder (MAH)' });
  }
  application.mahs.forEach((mah, index) => {
    missing.push(...missingForMah(mah, index, company.orgType));
  });
  return missing;
}

/** A MAH as its completeness is checked: at the legitimacy submission, and when one is added after approval. */
export type MahApplication = LegitimacyApplication['mahs'][number];

/**
 * What MAH number `index + 1` lacks (fields under `mahs.{index}`): its name, country, one to three licences
 * for a PD company, and at least one product with a name and a code.
 */
export function missingForMah(mah: MahApplication, index: number, orgType: OrgType): MissingItem[] {
  const missing: MissingItem[] = [];
  const need = (value: Text, field: string, message: string) => {
    if (blank(value)) missing.push({ field, message });
  };
  const at = `mahs.${index}`;
  const which = `MAH ${index + 1}`;
  need(mah.name, `${at}.name`, `The name of ${which}`);
  need(mah.country, `${at}.country`, `The country of ${which}`);
  if (orgType === 'PD' && (mah.licences.length === 0 || mah.licences.length > MAX_LICENCES)) {
    missing.push({ field: `${at}.licences`, message: `One to three licences for ${which}` });
  }
  if (mah.products.length === 0) {
    missing.push({ field: `${at}.products`, message: `At least one product of ${which}` });
  }
  mah.products.forEach((product, p) => {
    need(product.name, `${at}.products.${p}.name`, `The name of product ${p + 1} of ${which}`);
    need(product.productCode, `${at}.products.${p}.productCode`, `The code of product ${p + 1} of ${which}`);
  });
  return missing;
}
