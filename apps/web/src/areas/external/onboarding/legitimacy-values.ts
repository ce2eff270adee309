import type {
  ContactInput,
  legitimacyDraftSchema,
  MahInput,
  Onboarding,
  ProductInput,
} from '@portal/contracts';
import { MAX_LICENCES, type OrgType } from '@portal/domain';
import type { z } from 'zod/mini';

/**
 * The legitimacy form's values: the contracts' draft (legitimacyDraftSchema) as inputs hold it. Text is ''
 * rather than null, a country null when none; licences are three text inputs (PD: one to three), held as
 * objects because react-hook-form's field arrays and the form kit's names need them; the copy of proof is
 * a newly chosen file, uploaded after the draft is saved. No SPOC Assistant: the draft writes no people
 *; the people section invites and removes them (people-section.tsx).
 */
export interface ContactValues {
  firstName: string;
  lastName: string;
  function: string;
  email: string;
  phone: string;
}

export interface ProductValues {
  name: string;
  productCode: string;
  countries: string[];
}

export interface MahValues {
  name: string;
  country: string | null;
  activeIn: string[];
  website: string;
  phone: string;
  email: string;
  licences: Array<{ value: string }>;
  products: ProductValues[];
}

export interface LegitimacyValues {
  company: {
    legalName: string;
    orgType: OrgType;
    registrationNumber: string;
    vatNumber: string;
    address: {
      street: string;
      houseNumber: string;
      postalCode: string;
      city: string;
      country: string | null;
    };
    website: string;
    phone: string;
    email: string;
  };
  spoc: ContactValues;
  authorisedRepresentative: ContactValues & { copyOfProof: File | null };
  mahs: MahValues[];
}

/** The PUT body as sent: the draft schema's input (its output has the countries narrowed to EEA codes). */
export type LegitimacyDraftBody = z.input<typeof legitimacyDraftSchema>;

const text = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value);

const contactValues = (contact: ContactInput | null): ContactValues => ({
  firstName: text(contact?.firstName),
  lastName: text(contact?.lastName),
  function: text(contact?.function),
  email: text(contact?.email),
  phone: text(contact?.phone),
});

/** Always the three licence inputs, the stored licences first. */
const licenceValues = (licences: readonly string[]) =>
  Array.from({ length: MAX_LICENCES }, (_, index) => ({ value: licences[index] ?? '' }));

export const emptyProduct = (): ProductValues => ({ name: '', productCode: '', countries: [] });

export const emptyMah = (): MahValues => ({
  name: '',
  country: null,
  activeIn: [],
  website: '',
  phone: '',
  email: '',
  licences: licenceValues([]),
  products: [emptyProduct()],
});

const productValues = (product: ProductInput): ProductValues => ({
  name: text(product.name),
  productCode: text(product.productCode),
  countries: [...product.countries],
});

const mahValues = (mah: MahInput): MahValues => ({
  name: text(mah.name),
  country: mah.country,
  activeIn: [...mah.activeIn],
  website: text(mah.website),
  phone: text(mah.phone),
  email: text(mah.email),
  licences: licenceValues(mah.licences),
  products: mah.products.map(productValues),
});

/** The form's values for the stored application. */
export function toValues(onboarding: Onboarding): LegitimacyValues {
  const { company } = onboarding;
  return {
    company: {
      legalName: company.legalName,
      orgType: company.orgType,
      registrationNumber: text(company.registrationNumber),
      vatNumber: text(company.vatNumber),
      address: {
        street: text(company.address.street),
        houseNumber: text(company.address.houseNumber),
        postalCode: text(company.address.postalCode),
        city: text(company.address.city),
        country: company.address.country,
      },
      website: text(company.website),
      phone: text(company.phone),
      email: text(company.email),
    },
    spoc: contactValues(onboarding.spoc),
    authorisedRepresentative: { ...contactValues(onboarding.authorisedRepresentative), copyOfProof: null },
    mahs: onboarding.mahs.map(mahValues),
  };
}

const contactDraft = (contact: ContactValues): ContactInput => ({
  firstName: orNull(contact.firstName),
  lastName: orNull(contact.lastName),
  function: orNull(contact.function),
  email: orNull(contact.email),
  phone: orNull(contact.phone),
});

/** The PUT body for the values, at the version the form was loaded from. The copy of proof travels on its own call. */
export function toDraft(values: LegitimacyValues, version: number): LegitimacyDraftBody {
  const { company } = values;
  const isPd = company.orgType === 'PD';
  const { copyOfProof: _file, ...representative } = values.authorisedRepresentative;
  return {
    version,
    company: {
      legalName: company.legalName,
      orgType: company.orgType,
      registrationNumber: orNull(company.registrationNumber),
      vatNumber: orNull(company.vatNumber),
      address: {
        street: orNull(company.address.street),
        houseNumber: orNull(company.address.houseNumber),
        postalCode: orNull(company.address.postalCode),
        city: orNull(company.address.city),
        country: company.address.country,
      },
      website: orNull(company.website),
      phone: orNull(company.phone),
      email: orNull(company.email),
    },
    spoc: contactDraft(values.spoc),
    authorisedRepresentative: contactDraft(representative),
    mahs: values.mahs.map((mah) => mahDraft(mah, isPd)),
  };
}

/** A MAH as the API takes it (the draft schema's input), every field given, blanks as null. */
export interface MahDraft {
  name: string | null;
  country: string | null;
  activeIn: string[];
  website: string | null;
  phone: string | null;
  email: string | null;
  licences: string[];
  products: Array<{ name: string | null; productCode: string | null; countries: string[] }>;
}

/**
 * A MAH as the API takes it (the legitimacy draft's MAHs, the register's new ones). Only PD companies give
 * licences (domain.md); blank licence inputs are left out.
 */
export function mahDraft(mah: MahValues, isPd: boolean): MahDraft {
  return {
    name: orNull(mah.name),
    country: mah.country,
    activeIn: mah.activeIn,
    website: orNull(mah.website),
    phone: orNull(mah.phone),
    email: orNull(mah.email),
    licences: isPd ? mah.licences.map(({ value }) => value.trim()).filter((value) => value !== '') : [],
    products: mah.products.map((product) => ({
      name: orNull(product.name),
      productCode: orNull(product.productCode),
      countries: product.countries,
    })),
  };
}

/** The element id of a form field, from its name: summary links and focus find the field by it. */
export const fieldId = (name: string) => `onboarding-${name.replaceAll('.', '-')}`;
