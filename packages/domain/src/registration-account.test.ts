import { describe, expect, it } from 'vitest';
import { registrationAccount, registrationFactsOf } from './registration-account.js';

const registration = {
  email: 'ann@acme.test',
  firstName: 'Ann',
  lastName: 'Lee',
  companyName: 'Acme Pharma',
  orgType: 'OPM' as const,
};

describe('registrationAccount', () => {
  it('makes a REGISTERED organisation, its Initial Requester and its SPOC contact', () => {
    const account = registrationAccount(registration, 'C00101', 'local');
    expect(account.organisation).toEqual({
      obpNumber: 'C00101',
      legalName: 'Acme Pharma',
      orgType: 'OPM',
      stage: 'REGISTERED',
    });
    expect(account.user('org')).toEqual({
      email: 'ann@acme.test',
      displayName: 'Ann Lee',
      roles: ['EXTERNAL'],
      organisationId: 'org',
      obpRole: 'INITIAL_REQUESTER',
      access: 'FULL',
      status: 'ACTIVE',
    });
    expect(account.contact('org')).toEqual({
      organisationId: 'org',
      kind: 'SPOC',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@acme.test',
    });
  });

  it('leaves a B2C user INVITED until their first sign-in', () => {
    expect(registrationAccount(registration, 'C00101', 'b2c').user('org').status).toBe('INVITED');
  });

  it("keeps a form's facts only", () => {
    expect(registrationFactsOf({ ...registration, disclaimerVersion: 2 } as typeof registration)).toEqual(
      registration,
    );
  });
});
