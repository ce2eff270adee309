import type { CompanyInput, ContactInput, MahInput } from '@portal/contracts';
import { type EeaCountryCode, isEeaCountry } from '@portal/domain';
import type { Organisation } from '../db/schema.js';

/**
 * A draft may leave any field blank (contracts onboarding.ts), but migration 0001 declares some columns
 * NOT NULL (a contact's names and email, a MAH's name and country, a product's name). Those hold '' for
 * a blank and read back as null; `country char(2)` pads '' to two spaces, hence the trim.
 */
export const toRequiredColumn = (value: string | null): string => value ?? '';
export const fromRequiredColumn = (value: string): string | null => (value.trim() === '' ? null : value);

/** A stored country as the contract types it: only the EEA's (the draft accepts no other); else none. */
export const eeaCountryOf = (value: string | null): EeaCountryCode | null => {
  const code = value?.trim() ?? '';
  return isEeaCountry(code) ? code : null;
};
export const eeaCountriesOf = (values: readonly string[]): EeaCountryCode[] => values.filter(isEeaCountry);

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

export const companyOf = (row: Organisation): CompanyInput => ({
  legalName: row.legalName,
  orgType: row.orgType,
  registrationNumber: row.registrationNumber,
  vatNumber: row.vatNumber,
  address: {
    street: row.street,
    houseNumber: row.houseNumber,
    postalCode: row.postalCode,
    city: row.city,
    country: eeaCountryOf(row.country),
  },
  website: row.website,
  phone: row.phone,
  email: row.email,
});

export const contactColumns = (contact: ContactInput) => ({
  firstName: toRequiredColumn(contact.firstName),
  lastName: toRequiredColumn(contact.lastName),
  function: contact.function,
  email: toRequiredColumn(contact.email),
  phone: contact.phone,
});

export const contactOf = (row: {
  firstName: string;
  lastName: string;
  function: string | null;
  email: string;
  phone: string | null;
}): ContactInput => ({
  firstName: fromRequiredColumn(row.firstName),
  lastName: fromRequiredColumn(row.lastName),
  function: row.function,
  email: fromRequiredColumn(row.email),
  phone: row.phone,
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
