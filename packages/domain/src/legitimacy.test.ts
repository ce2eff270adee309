import { describe, expect, it } from 'vitest';
import { financialRequiredFields } from './invoicing-form.js';
import {
  type LegitimacyApplication,
  legitimacyRequiredFields,
  missingForLegitimacy,
  missingForMah,
} from './legitimacy.js';
import { contractualRequiredFields } from './participation-agreement.js';

const person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  function: 'CEO',
  email: 'ada@acme.example',
  phone: '+32 2 000',
};

const COMPLETE: LegitimacyApplication = {
  company: {
    legalName: 'Acme Pharma',
    orgType: 'OPM',
    registrationNumber: 'BE0123',
    vatNumber: 'BE0123456789',
    address: { street: 'Rue Haute', houseNumber: '12', postalCode: '1000', city: 'Brussels', country: 'BE' },
    phone: '+32 2 000 00 00',
    email: 'info@acme.example',
  },
  spoc: person,
  authorisedRepresentative: { ...person, copyOfProof: { id: 'f1' } },
  mahs: [
    {
      name: 'Acme MAH',
      country: 'BE',
      licences: [],
      products: [{ name: 'Acmex', productCode: '05412345000013' }],
    },
  ],
};

const fields = (application: LegitimacyApplication) =>
  missingForLegitimacy(application).map((item) => item.field);

describe('a legitimacy submission names every missing item (domain.md "Legitimacy")', () => {
  it('a complete application misses nothing', () => {
    expect(missingForLegitimacy(COMPLETE)).toEqual([]);
  });

  it.each<[string, LegitimacyApplication, string[]]>([
    [
      'a blank registration number and VAT number are missing',
      { ...COMPLETE, company: { ...COMPLETE.company, registrationNumber: ' ', vatNumber: null } },
      ['company.registrationNumber', 'company.vatNumber'],
    ],
    [
      'the authorised representative needs a copy of proof',
      { ...COMPLETE, authorisedRepresentative: { ...person, copyOfProof: null } },
      ['authorisedRepresentative.copyOfProof'],
    ],
    ['at least one MAH', { ...COMPLETE, mahs: [] }, ['mahs']],
    [
      'each MAH needs at least one product',
      { ...COMPLETE, mahs: [{ name: 'M', country: 'BE', licences: [], products: [] }] },
      ['mahs.0.products'],
    ],
    [
      'a PD company gives one to three licences per MAH',
      { ...COMPLETE, company: { ...COMPLETE.company, orgType: 'PD' } },
      ['mahs.0.licences'],
    ],
    [
      'the SPOC needs a name, an email and a phone',
      { ...COMPLETE, spoc: { firstName: '', lastName: null, email: undefined, phone: 'x' } },
      ['spoc.firstName', 'spoc.lastName', 'spoc.email'],
    ],
  ])('%s', (_rule, application, expected) => {
    expect(fields(application)).toEqual(expected);
  });

  it('an OPM company gives no licences', () => {
    expect(fields({ ...COMPLETE, company: { ...COMPLETE.company, orgType: 'OPM' } })).toEqual([]);
  });
});

describe('a MAH added after approval is checked alone, under its own index', () => {
  it('names what the third MAH of a PD company lacks', () => {
    expect(
      missingForMah({ name: 'New MAH', country: null, licences: [], products: [] }, 2, 'PD').map(
        (item) => item.field,
      ),
    ).toEqual(['mahs.2.country', 'mahs.2.licences', 'mahs.2.products']);
  });
});

describe('the fields a submission requires (what the forms mark), from the rule the submission checks', () => {
  it('legitimacy: company data, both contacts, the copy of proof, each MAH and product; licences for PD only', () => {
    const opm = legitimacyRequiredFields('OPM');
    expect(opm).toEqual(
      expect.arrayContaining([
        'company.email',
        'company.phone',
        'spoc.phone',
        'authorisedRepresentative.function',
        'authorisedRepresentative.copyOfProof',
        'mahs.*.name',
        'mahs.*.products.*.productCode',
      ]),
    );
    expect(opm).not.toContain('mahs.*.licences');
    expect(opm).not.toContain('company.website');
    expect(legitimacyRequiredFields('PD')).toContain('mahs.*.licences');
  });

  it('the financial and contractual steps', () => {
    expect(financialRequiredFields()).toEqual(
      expect.arrayContaining(['billing.legalEntity', 'billing.billingEmail', 'invoicingForm']),
    );
    expect(financialRequiredFields()).not.toContain('billing.purchaseOrderNumber');
    expect(contractualRequiredFields()).toEqual(['signedAgreement', 'acceptedTerms', 'confirmedAuthority']);
  });
});
