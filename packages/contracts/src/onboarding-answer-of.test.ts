import { describe, expect, it } from 'vitest';
import {
  applicationOf,
  billingOf,
  type OnboardingRows,
  onboardingAnswerOf,
  registerOf,
} from './onboarding-answer-of.js';

const at = (minute: number) => `2026-03-02T08:${String(minute).padStart(2, '0')}:00.000Z`;
const organisation = {
  ...{ id: 'org-1', obpNumber: 'C00101', stage: 'INFORMATION' as const, version: 4, legalName: 'Acme' },
  ...{ orgType: 'OPM' as const, registrationNumber: null, vatNumber: null, street: 'Main', houseNumber: '1' },
  ...{ postalCode: '1000', city: 'Brussels', country: 'BE', website: null, phone: null, email: null },
  ...{ gatewayId: null, legitimacyStatus: 'SUBMITTED' as const, contractualStatus: 'NOT_SUBMITTED' as const },
  financialStatus: 'NOT_SUBMITTED' as const,
};
const contact = { function: null, phone: null, copyOfProofFileId: null };
const proof = { id: 'file-1', name: 'proof.pdf', size: 10, mime: 'application/pdf' };
const rows: OnboardingRows = {
  organisation,
  contacts: [
    {
      id: 'c2',
      createdAt: at(2),
      kind: 'SPOC',
      firstName: 'Later',
      lastName: 'One',
      email: 'l@x.eu',
      ...contact,
    },
    { id: 'c1', createdAt: at(1), kind: 'SPOC', firstName: 'Sam', lastName: '', email: 's@x.eu', ...contact },
    {
      id: 'c3',
      createdAt: at(1),
      kind: 'SPOC_ASSISTANT',
      firstName: 'Ann',
      lastName: 'A',
      email: 'ANN@x.eu',
      ...contact,
    },
    {
      ...contact,
      id: 'c4',
      createdAt: at(1),
      kind: 'AUTHORISED_REPRESENTATIVE',
      firstName: '',
      lastName: '',
      email: '',
      copyOfProofFileId: 'file-1',
    },
  ],
  checks: [
    {
      ...{
        type: 'LEGITIMACY',
        status: 'SUBMITTED',
        attempt: 1,
        assignee: null,
        submittedAt: new Date(at(5)),
      },
      ...{ slaDueAt: null, decidedAt: null, decidedBy: null, reason: null },
    },
  ],
  mahs: [
    { id: 'm2', createdAt: at(4), name: 'Second', country: 'XX', activeIn: ['BE', 'US'], active: false },
    { id: 'm1', createdAt: at(3), name: '  ', country: 'DE', activeIn: [], active: true },
  ].map((mah) => ({ ...mah, website: null, phone: null, email: null, licences: [] })),
  products: [
    { id: 'p1', createdAt: at(3), mahId: 'm1', name: 'Pill', productCode: 'X1', countries: ['FR', 'ZZ'] },
  ],
  users: [
    {
      id: 'u2',
      createdAt: at(2),
      displayName: 'Ann',
      email: 'ann@x.eu',
      obpRole: 'SPOC_ASSISTANT',
      access: 'READ_ONLY',
      status: 'INVITED',
      ...{ disabledBy: null, revokedBy: null },
    },
    {
      id: 'u1',
      createdAt: at(1),
      displayName: 'Sam',
      email: 's@x.eu',
      obpRole: 'INITIAL_REQUESTER',
      access: 'FULL',
      status: 'ACTIVE',
      ...{ disabledBy: null, revokedBy: null },
    },
    {
      id: 'u3',
      createdAt: at(0),
      displayName: 'Gone',
      email: 'g@x.eu',
      obpRole: null,
      access: 'REVOKED',
      status: 'DISABLED',
      ...{ disabledBy: 'COMPANY' as const, revokedBy: 'COMPANY' as const },
    },
  ],
  files: [proof],
  ...{ template: null, tickBoxes: null, agreement: null, gateways: [], csrs: [], tokens: [], testRuns: [] },
  invoicing: {
    ...{ declaredMahCount: 1, feeCents: 675_000, invoicedBeforeCents: 0, formFileId: null },
    ...{
      billing: { legalEntity: ' Acme ', address: { country: 'BE' } },
      invoiceNumber: null,
      invoicedAt: null,
      paidAt: null,
    },
  },
};

describe('onboardingAnswerOf', () => {
  it('reads the legitimacy step from the rows: oldest contact per kind, blanks as null, EEA only', () => {
    const answer = applicationOf(rows, 'FULL');
    expect(answer.organisation).toEqual({
      id: 'org-1',
      obpNumber: 'C00101',
      stage: 'INFORMATION',
      version: 4,
      orgTypeLocked: true,
    });
    expect(answer.spoc).toEqual({
      firstName: 'Sam',
      lastName: null,
      function: null,
      email: 's@x.eu',
      phone: null,
    });
    expect(answer.spocAssistant?.status).toBe('INVITED');
    expect(answer.authorisedRepresentative).toMatchObject({ firstName: null, copyOfProof: proof });
    expect(answer.company.address.country).toBe('BE');
    expect(answer.mahs).toEqual([
      {
        name: null,
        country: 'DE',
        activeIn: [],
        website: null,
        phone: null,
        email: null,
        licences: [],
        products: [{ name: 'Pill', productCode: 'X1', countries: ['FR'] }],
      },
    ]);
    expect(answer.checks.LEGITIMACY?.submittedAt).toBe(at(5));
    expect(answer.checks.FINANCIAL).toBeNull();
  });

  it('adds the register, the people who count, the caller’s rights and the later steps', () => {
    const answer = onboardingAnswerOf(rows, { userId: 'u1', access: 'FULL' }, new Date(at(9)));
    expect(answer.mahRegister.mahs.map((mah) => [mah.id, mah.active, mah.country])).toEqual([
      ['m1', true, 'DE'],
      ['m2', false, null],
    ]);
    expect(answer.people.map((person) => [person.id, person.you])).toEqual([
      ['u1', true],
      ['u2', false],
    ]);
    expect(answer.people.every((person) => !person.withdrawnByPortal)).toBe(true);
    expect(answer.canManagePeople).toBe(true);
    expect(answer.financial.activeMahCount).toBe(1);
    expect(answer.financial.invoicing?.billing.legalEntity).toBe('Acme');
    expect(answer.contractual.currentTemplate).toBeNull();
    expect(answer.technical.open).toBe(false);
  });

  it('shows the people whose access the portal withdrew, disabled or revoked, and says so', () => {
    const withdrawn = {
      ...rows,
      users: [
        ...rows.users,
        ...[
          { id: 'u4', status: 'DISABLED' as const, access: 'FULL' as const, disabledBy: 'ADMIN' as const },
          { id: 'u5', status: 'ACTIVE' as const, access: 'REVOKED' as const, revokedBy: 'ADMIN' as const },
        ].map((over) => ({
          ...{ createdAt: at(3), displayName: over.id, email: `${over.id}@x.eu` },
          ...{ obpRole: 'SPOC_ASSISTANT' as const, disabledBy: null, revokedBy: null, ...over },
        })),
      ],
    };
    const answer = onboardingAnswerOf(withdrawn, { userId: 'u1', access: 'FULL' }, new Date(at(9)));
    // The person the company removed itself (u3) stays out; the portal's withdrawals are listed.
    expect(answer.people.map((person) => [person.id, person.status, person.withdrawnByPortal])).toEqual([
      ['u1', 'ACTIVE', false],
      ['u2', 'INVITED', false],
      ['u4', 'DISABLED', true],
      ['u5', 'ACTIVE', true],
    ]);
  });

  it('orders a register by entry and reads stored billing field by field', () => {
    expect(registerOf(rows.mahs, rows.products).map((mah) => mah.id)).toEqual(['m1', 'm2']);
    expect(billingOf(null).address.country).toBeNull();
  });
});
