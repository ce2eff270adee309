import { describe, expect, it } from 'vitest';
import {
  accessRefusal,
  gatewayNotAvailable,
  invitationRefusal,
  orgTypeRefusal,
  removalRefusal,
  submitStageRefusal,
  tokenAlreadyRequested,
  tokenRequestRefusal,
  tooManyPeople,
} from './company-refusals.js';
import type { OrganisationProgress } from './stages.js';
import type { PersonStanding } from './users.js';

const standing = (over: Partial<PersonStanding> = {}): PersonStanding => ({
  status: 'ACTIVE',
  access: 'FULL',
  disabledBy: null,
  revokedBy: null,
  ...over,
});
const removedByCompany = standing({
  status: 'DISABLED',
  access: 'REVOKED',
  disabledBy: 'COMPANY',
  revokedBy: 'COMPANY',
});

const progress = (over: Partial<OrganisationProgress>): OrganisationProgress => ({
  stage: 'REGISTERED',
  legitimacyStatus: 'NOT_SUBMITTED',
  contractualStatus: 'NOT_SUBMITTED',
  financialStatus: 'NOT_SUBMITTED',
  financialDecidedBy: null,
  ...over,
});

describe('company refusals', () => {
  it('refuses a submission the stage does not allow, worded per step', () => {
    expect(submitStageRefusal('LEGITIMACY', progress({}))).toBeNull();
    expect(submitStageRefusal('LEGITIMACY', progress({ stage: 'APPROVALS' }))).toEqual({
      status: 409,
      code: 'ACTION_NOT_ALLOWED',
      message: 'An application in stage approvals cannot submit its legitimacy step',
    });
    expect(submitStageRefusal('FINANCIAL', progress({}))?.message).toBe(
      'The financial step opens once the legitimacy is approved (stage registered, legitimacy not_submitted)',
    );
  });

  it('locks the organisation type after the first submission only', () => {
    expect(orgTypeRefusal(undefined, 'MAH', 'OBP')).toBeNull();
    expect(orgTypeRefusal({ attempt: 0 }, 'MAH', 'OBP')).toBeNull();
    expect(orgTypeRefusal({ attempt: 1 }, 'MAH', 'MAH')).toBeNull();
    expect(orgTypeRefusal({ attempt: 1 }, 'MAH', 'OBP')?.code).toBe('ORG_TYPE_LOCKED');
  });

  it('invites one SPOC Assistant, never a person of the company twice, at most max people', () => {
    expect(invitationRefusal(undefined, undefined, 'a@x.eu')).toBeNull();
    expect(invitationRefusal({ email: ' ' }, removedByCompany, 'a@x.eu')).toBeNull();
    expect(invitationRefusal({ email: 'b@x.eu' }, undefined, 'a@x.eu')?.code).toBe('SPOC_ASSISTANT_EXISTS');
    expect(invitationRefusal(undefined, standing({ status: 'INVITED' }), 'a@x.eu')?.code).toBe(
      'ALREADY_A_PERSON',
    );
    expect(tooManyPeople(2, 3)).toBeNull();
    expect(tooManyPeople(3, 3)?.message).toBe(
      'A company has at most 3 people in the portal; it has 3 already',
    );
  });

  it('removes an assistant there is, not the caller; sets only an assistant’s access, not one’s own', () => {
    expect(removalRefusal(undefined, [], 'me')?.status).toBe(404);
    expect(removalRefusal({}, [{ id: 'me' }], 'me')?.code).toBe('OWN_ACCOUNT');
    expect(removalRefusal({}, [{ id: 'other' }], 'me')).toBeNull();
    const person = (id: string, obpRole: string, over: Partial<PersonStanding> = {}) => ({
      id,
      obpRole,
      ...standing(over),
    });
    expect(accessRefusal(undefined, 'u1', 'me')?.status).toBe(404);
    expect(accessRefusal(person('me', 'SPOC_ASSISTANT'), 'me', 'me')?.code).toBe('OWN_ACCOUNT');
    expect(accessRefusal(person('u1', 'SPOC'), 'u1', 'me')?.code).toBe('ACCESS_NOT_CHANGEABLE');
    expect(accessRefusal(person('u1', 'SPOC_ASSISTANT'), 'u1', 'me')).toBeNull();
    // A person the company removed itself is not found, so nothing leaks.
    expect(
      accessRefusal({ id: 'u1', obpRole: 'SPOC_ASSISTANT', ...removedByCompany }, 'u1', 'me')?.status,
    ).toBe(404);
  });

  describe('a standing the portal set is the company’s to see, never to undo', () => {
    const withdrawn: Array<[string, Partial<PersonStanding>]> = [
      ['disabled by an administrator', { status: 'DISABLED', disabledBy: 'ADMIN' }],
      ['revoked by an administrator', { access: 'REVOKED', revokedBy: 'ADMIN' }],
      ['disabled, setter unknown', { status: 'DISABLED' }],
      ['revoked, setter unknown', { access: 'REVOKED' }],
      [
        'revoked by an administrator, then removed by the company',
        { status: 'DISABLED', disabledBy: 'COMPANY', access: 'REVOKED', revokedBy: 'ADMIN' },
      ],
      [
        'disabled by an administrator, read-only',
        { status: 'DISABLED', disabledBy: 'ADMIN', access: 'READ_ONLY' },
      ],
    ];
    it.each(withdrawn)('%s: setting the access is refused (409 ACCESS_WITHDRAWN_BY_PORTAL)', (_, over) => {
      const person = { id: 'u1', obpRole: 'SPOC_ASSISTANT', ...standing(over) };
      expect(accessRefusal(person, 'u1', 'me')).toMatchObject({
        status: 409,
        code: 'ACCESS_WITHDRAWN_BY_PORTAL',
      });
    });
    it.each(withdrawn)('%s: inviting them again is refused', (_, over) => {
      expect(invitationRefusal(undefined, standing(over), 'a@x.eu')?.code).toBe('ACCESS_WITHDRAWN_BY_PORTAL');
    });
  });

  it('refuses a gateway not on offer, and a second token request at a time', () => {
    expect(gatewayNotAvailable('PRD').status).toBe(400);
    expect(tokenAlreadyRequested('IQE').code).toBe('TOKEN_ALREADY_REQUESTED');
  });

  it('refuses a token request without the gateway or the CSR, naming what is missing', () => {
    expect(tokenRequestRefusal('IQE', [])).toBeNull();
    expect(tokenRequestRefusal('IQE', ['GATEWAY', 'CSR'])).toEqual({
      status: 409,
      code: 'TOKEN_REQUEST_NOT_READY',
      message:
        'Before requesting a session token for IQE, choose a gateway offering IQE and upload a CSR for IQE',
    });
    expect(tokenRequestRefusal('PRD', ['CSR'])?.message).toBe(
      'Before requesting a session token for PRD, upload a CSR for PRD',
    );
  });
});
