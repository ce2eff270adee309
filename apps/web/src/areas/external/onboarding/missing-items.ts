import type { MissingItem } from '@portal/domain';
import type { TFunction } from 'i18next';
import { tk } from '../../../i18n/i18n';
import { fieldId } from './legitimacy-values';

const COMPANY_FIELDS: Record<string, string> = {
  legalName: tk('external.onboarding.company.legalName'),
  registrationNumber: tk('external.onboarding.company.registrationNumber'),
  vatNumber: tk('external.onboarding.company.vatNumber'),
  street: tk('external.onboarding.company.street'),
  houseNumber: tk('external.onboarding.company.houseNumber'),
  postalCode: tk('external.onboarding.company.postalCode'),
  city: tk('external.onboarding.company.city'),
  country: tk('external.onboarding.company.country'),
  website: tk('external.onboarding.company.website'),
  phone: tk('external.onboarding.company.phone'),
  email: tk('external.onboarding.company.email'),
};

const CONTACT_FIELDS: Record<string, string> = {
  firstName: tk('external.onboarding.contacts.firstName'),
  lastName: tk('external.onboarding.contacts.lastName'),
  function: tk('external.onboarding.contacts.function'),
  email: tk('external.onboarding.contacts.email'),
  phone: tk('external.onboarding.contacts.phone'),
  copyOfProof: tk('external.onboarding.contacts.copyOfProof'),
};

const CONTACTS: Record<string, string> = {
  spoc: tk('external.onboarding.contacts.spoc'),
  authorisedRepresentative: tk('external.onboarding.contacts.authorisedRepresentative'),
};

const MAH_FIELDS: Record<string, string> = {
  name: tk('external.onboarding.mahs.name'),
  country: tk('external.onboarding.mahs.country'),
  activeIn: tk('external.onboarding.mahs.activeIn'),
  website: tk('external.onboarding.mahs.website'),
  phone: tk('external.onboarding.mahs.phone'),
  email: tk('external.onboarding.mahs.email'),
  licences: tk('external.onboarding.mahs.licencesNeeded'),
  products: tk('external.onboarding.mahs.productsNeeded'),
};

const PRODUCT_FIELDS: Record<string, string> = {
  name: tk('external.onboarding.mahs.productName'),
  productCode: tk('external.onboarding.mahs.productCode'),
  countries: tk('external.onboarding.mahs.productCountries'),
};

const number = (index: string) => Number(index) + 1;

/**
 * What a missing item is called on screen: where it is (the section, MAH n, product m) and the field's
 * own label, in the UI's language. The API's English message is the fallback for a path the form does not
 * know.
 */
export function missingLabel(item: MissingItem, t: TFunction): string {
  const [head, ...rest] = item.field.split('.');
  const entry = (where: string, what: string | undefined) =>
    what ? t('external.onboarding.missing.item', { where, what: t(what) }) : item.message;
  if (head === 'company') {
    return entry(t('external.onboarding.company.legend'), COMPANY_FIELDS[rest.at(-1) ?? '']);
  }
  if (head !== undefined && head in CONTACTS) {
    return entry(t(CONTACTS[head] ?? ''), CONTACT_FIELDS[rest[0] ?? '']);
  }
  // The legitimacy step's MAHs, or the register's new ones (mahs-fields.tsx MahList).
  if (head === 'mahs' || head === 'added') {
    const [mah, field, product, productField] = rest;
    if (mah === undefined) return t('external.onboarding.mahs.needOne');
    const where = t(
      head === 'mahs' ? 'external.onboarding.mahs.mah' : 'external.onboarding.mahRegister.newMah',
      {
        number: number(mah),
      },
    );
    if (field === 'products' && product !== undefined) {
      const place = t('external.onboarding.missing.product', { where, number: number(product) });
      return entry(place, PRODUCT_FIELDS[productField ?? '']);
    }
    return entry(where, MAH_FIELDS[field ?? '']);
  }
  return item.message;
}

/**
 * The element a missing item's link moves to: its field, or for a list, the button that adds to it
 * (mahs: "Add a MAH"; mahs.0.products: that MAH's "Add a product"); for licences, the first input.
 */
export function missingTarget(field: string): string {
  if (/^(mahs|added)\.\d+\.licences$/.test(field)) return fieldId(`${field}.0.value`);
  return fieldId(field);
}

/** A list the form shows as a whole, not as one field: its message shows beside the list. */
export const isListItem = (field: string): boolean =>
  field === 'mahs' || field === 'added' || /^(mahs|added)\.\d+\.(licences|products)$/.test(field);
