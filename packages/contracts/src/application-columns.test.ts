import { describe, expect, it } from 'vitest';
import { contactColumns, legitimacyDraftChanges, productColumns } from './application-columns.js';

describe('application columns', () => {
  it('keeps a blank required column as an empty string', () => {
    const contact = { firstName: null, lastName: 'Doe', function: null, email: null, phone: null };
    expect(contactColumns(contact)).toMatchObject({ firstName: '', lastName: 'Doe', email: '' });
    expect(productColumns({ name: null, productCode: null, countries: ['BE'] })).toEqual({
      name: '',
      productCode: '',
      countries: ['BE'],
    });
  });

  it('sets the company columns and MAH count of a legitimacy draft, and audits what changed', () => {
    const address = {
      street: 'Main',
      houseNumber: '1',
      postalCode: '1000',
      city: 'Gent',
      country: 'BE' as const,
    };
    const company = {
      ...{ legalName: 'Acme', orgType: 'OPM' as const, registrationNumber: null, vatNumber: null, address },
      ...{ website: null, phone: null, email: null },
    };
    const organisation = { legalName: 'Old', orgType: 'OPM', city: 'Gent', mahCount: 0 };
    const mah = { name: 'M', country: 'BE' as const, activeIn: [], website: null, phone: null, email: null };
    const product = { name: 'P', productCode: null, countries: [] };
    const draft = { company, mahs: [{ ...mah, licences: [], products: [product, product] }] };
    const { changes, diff } = legitimacyDraftChanges(organisation, draft);
    expect(changes).toMatchObject({ legalName: 'Acme', city: 'Gent', country: 'BE', mahCount: 1 });
    expect(diff).toMatchObject({
      legalName: { from: 'Old', to: 'Acme' },
      mahCount: { from: 0, to: 1 },
      mahs: 1,
      products: 2,
    });
    expect(diff).not.toHaveProperty('city');
  });
});
