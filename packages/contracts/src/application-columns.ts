import { changedFields } from '@portal/domain';
import type { CompanyInput, ContactInput, LegitimacyDraft, MahInput } from './onboarding.js';

// The columns the company's drafts write, as the API's tables hold them.

/**
 * A draft may leave any field blank (contracts onboarding.ts), but migration 0001 declares some columns
 * NOT NULL (a contact's names and email, a MAH's name and country, a product's name). Those hold '' for
 * a blank (contracts fromRequiredColumn reads them back as null).
 */
export const toRequiredColumn = (value: string | null): string => value ?? '';

/** The organisation's company columns the legitimacy step edits. */
export const companyColumns = (company: CompanyInput) => ({
  legalName: company.legalName,
  orgType: company.orgType,
  registrationNumber: company.registrationNumber,
  vatNumber: company.vatNumber,
  street: company.address.street,
  houseNumber: company.address.houseNumber,
  postalCode: company.address.postalCode,
  city: company.address.city,
  country: company.address.country,
  website: company.website,
  phone: company.phone,
  email: company.email,
});

export const contactColumns = (contact: ContactInput) => ({
  firstName: toRequiredColumn(contact.firstName),
  lastName: toRequiredColumn(contact.lastName),
  function: contact.function,
  email: toRequiredColumn(contact.email),
  phone: contact.phone,
});

export const mahColumns = (mah: MahInput) => ({
  name: toRequiredColumn(mah.name),
  country: toRequiredColumn(mah.country),
  activeIn: mah.activeIn,
  website: mah.website,
  phone: mah.phone,
  email: mah.email,
  licences: mah.licences,
});

export const productColumns = (product: MahInput['products'][number]) => ({
  name: toRequiredColumn(product.name),
  productCode: product.productCode ?? '',
  countries: product.countries,
});

/**
 * What a legitimacy draft sets on the organisation (its company columns and MAH count), and the audit
 * row's diff: the columns it changed, how many MAHs and products it holds.
 */
export function legitimacyDraftChanges(
  organisation: object,
  draft: Pick<LegitimacyDraft, 'company' | 'mahs'>,
) {
  const changes = { ...companyColumns(draft.company), mahCount: draft.mahs.length };
  const products = draft.mahs.reduce((sum, mah) => sum + mah.products.length, 0);
  return { changes, diff: { ...changedFields(organisation, changes), mahs: draft.mahs.length, products } };
}
