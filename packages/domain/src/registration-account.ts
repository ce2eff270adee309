import type { OrgType } from './enums.js';

/** What a registration holds of the visitor and their company (the registrations table's columns). */
export interface RegistrationFacts {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  orgType: OrgType;
}

/**
 * The visitor and company a registration form names (contracts registrationInputSchema without the terms):
 * the registration's columns, and its CREATE audit row's diff with the terms' version.
 */
export const registrationFactsOf = (input: RegistrationFacts): RegistrationFacts => {
  const { email, firstName, lastName, companyName, orgType } = input;
  return { email, firstName, lastName, companyName, orgType };
};

/** How the account's password is held: by the portal (local provider) or by Azure AD B2C. */
export type AccountMode = 'local' | 'b2c';

/**
 * domain.md: "Confirming creates the organisation, the user (EXTERNAL) and its sign-in account". The rows a
 * confirmed registration makes, as the API's transaction inserts and audits them: the organisation
 * (REGISTERED, its OBP number given), its Initial Requester with FULL access, who is also its SPOC contact
 * for now. With B2C the user stays INVITED until the first sign-in links the B2C account.
 */
export function registrationAccount(registration: RegistrationFacts, obpNumber: string, mode: AccountMode) {
  const { email, firstName, lastName } = registration;
  return {
    organisation: {
      obpNumber,
      legalName: registration.companyName,
      orgType: registration.orgType,
      stage: 'REGISTERED' as const,
    },
    user: (organisationId: string) => ({
      email,
      displayName: `${firstName} ${lastName}`,
      roles: ['EXTERNAL' as const],
      organisationId,
      obpRole: 'INITIAL_REQUESTER' as const,
      access: 'FULL' as const,
      status: mode === 'local' ? ('ACTIVE' as const) : ('INVITED' as const),
    }),
    contact: (organisationId: string) => ({
      organisationId,
      kind: 'SPOC' as const,
      firstName,
      lastName,
      email,
    }),
  };
}
