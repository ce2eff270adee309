import { describe, expect, it } from 'vitest';
import type { CheckStatus, Stage } from './enums.js';
import { canEditMahRegister, mahRegisterLockedMessage, mahRegisterRefusal } from './mah-register.js';

const progress = (stage: Stage, legitimacyStatus: CheckStatus) => ({
  stage,
  legitimacyStatus,
  contractualStatus: 'NOT_SUBMITTED' as const,
  financialStatus: 'NOT_SUBMITTED' as const,
});

describe('the company keeps its MAH register itself once its legitimacy is approved', () => {
  it.each<[Stage, CheckStatus, boolean]>([
    ['REGISTERED', 'NOT_SUBMITTED', false],
    ['INFORMATION', 'IN_REVIEW', false],
    ['APPROVALS', 'APPROVED', true],
    ['APPROVALS', 'TEMPORARILY_APPROVED', true],
    ['APPROVALS', 'REJECTED', false],
    ['TECHNICAL_IQE', 'APPROVED', true],
    ['MAINTENANCE', 'APPROVED', true],
    ['SUSPENDED', 'APPROVED', false],
    ['WITHDRAWN', 'APPROVED', false],
  ])('%s with legitimacy %s: %s', (stage, legitimacy, allowed) => {
    expect(canEditMahRegister(progress(stage, legitimacy))).toBe(allowed);
  });
});

describe('the register the company sends: every MAH kept, none of another company, new ones complete', () => {
  const existing = [
    { id: 'm1', name: 'Acme' },
    { id: 'm2', name: null },
  ];
  const complete = {
    name: 'New BV',
    country: 'NL',
    licences: [],
    products: [{ name: 'Aspirin', productCode: '08712345678906' }],
  };

  it('every MAH listed once, a complete one added: saved', () => {
    const input = { mahs: [{ id: 'm1' }, { id: 'm2' }], added: [complete] };
    expect(mahRegisterRefusal(input, existing, 'OPM')).toBeNull();
  });

  it('a stranger or a MAH listed twice: 400 INVALID_FIELD, one entry each', () => {
    const input = { mahs: [{ id: 'm1' }, { id: 'm1' }, { id: 'x' }, { id: 'm2' }], added: [] };
    expect(mahRegisterRefusal(input, existing, 'OPM')).toMatchObject({
      status: 400,
      code: 'INVALID_FIELD',
      entries: [
        { field: 'mahs.1.id', message: 'MAH m1 is listed twice' },
        { field: 'mahs.2.id', message: 'No MAH x of your company' },
      ],
    });
  });

  it('a MAH left out: 409 MAH_DELETION_NOT_ALLOWED, named (or its id when it has no name)', () => {
    expect(mahRegisterRefusal({ mahs: [], added: [] }, existing, 'OPM')).toMatchObject({
      status: 409,
      code: 'MAH_DELETION_NOT_ALLOWED',
      message: 'MAHs are never deleted once the legitimacy is approved: deactivate Acme, m2 instead',
    });
  });

  it('an incomplete new MAH: 400 MISSING under added.{index}', () => {
    const input = { mahs: [{ id: 'm1' }, { id: 'm2' }], added: [{ ...complete, licences: [] }] };
    expect(mahRegisterRefusal(input, existing, 'PD')).toMatchObject({
      status: 400,
      code: 'MISSING',
      entries: [
        { code: 'MISSING', field: 'added.0.licences', message: 'One to three licences for new MAH 1' },
      ],
    });
  });
});

describe('why the register cannot be changed now', () => {
  it('names the stage and the legitimacy status until the legitimacy is approved', () => {
    expect(mahRegisterLockedMessage(progress('APPROVALS', 'APPROVED'))).toBeNull();
    expect(mahRegisterLockedMessage(progress('INFORMATION', 'IN_REVIEW'))).toBe(
      'The MAHs are part of the legitimacy step until it is approved (stage information, legitimacy in review)',
    );
  });
});
