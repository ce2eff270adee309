import { describe, expect, it } from 'vitest';
import { initialCheck } from './checks.js';
import { feeFor } from './fees.js';
import {
  contractualTicks,
  firstInvoicing,
  NO_TICKS,
  registerDiff,
  signedAgreementChanges,
  toggledMahs,
  topUpDecision,
} from './step-writes.js';

describe('step writes: invoicing and register', () => {
  it('declares the MAHs active now on the first invoicing information', () => {
    expect(firstInvoicing(4)).toMatchObject({
      declaredMahCount: 4,
      feeCents: feeFor(4).amountCents,
      formFileId: null,
    });
  });

  it('toggles only the MAHs whose wanted state differs, and audits them by name', () => {
    const existing = [
      { id: 'a', name: 'A', active: true },
      { id: 'b', name: null, active: false },
      { id: 'c', name: 'C', active: true },
    ];
    const toggled = toggledMahs(existing, [
      { id: 'a', active: false },
      { id: 'b', active: true },
      { id: 'c', active: true },
    ]);
    expect(toggled.map((mah) => mah.id)).toEqual(['a', 'b']);
    expect(registerDiff(toggled, [{ name: 'New' }], { from: 2, to: 2 })).toEqual({
      activated: ['b'],
      deactivated: ['A'],
      added: ['New'],
      activeMahCount: { from: 2, to: 2 },
    });
  });

  it('rejects an approved form for a top-up only when more MAHs are active than it declares', () => {
    const at = { actor: 'spoc@x.eu', now: new Date('2026-03-02T08:00:00Z') };
    const approved = { ...initialCheck('FINANCIAL'), status: 'APPROVED' as const, attempt: 1 };
    expect(topUpDecision(undefined, 1, 3, at)).toBeNull();
    expect(topUpDecision(approved, undefined, 3, at)).toBeNull();
    expect(topUpDecision(approved, 3, 3, at)).toBeNull();
    expect(topUpDecision(approved, 1, 3, at)?.next.status).toBe('REJECTED');
  });
});

describe('agreement writes', () => {
  it('keeps the ticks with the text they were given on, and audits them from what was held', () => {
    const { ticks, diff } = contractualTicks(
      undefined,
      { acceptedTerms: true, confirmedAuthority: false },
      'pa-2',
    );
    expect(ticks).toEqual({ acceptedTerms: true, confirmedAuthority: false, tickBoxesDisclaimerId: 'pa-2' });
    expect(diff.acceptedTerms).toEqual({ from: false, to: true });
  });

  it('clears the ticks only when the signature is on another template', () => {
    expect(signedAgreementChanges(undefined, 2)).toEqual({ templateVersion: 2 });
    expect(signedAgreementChanges({ templateVersion: 2 }, 2)).toEqual({ templateVersion: 2 });
    expect(signedAgreementChanges({ templateVersion: 1 }, 2)).toEqual({ templateVersion: 2, ...NO_TICKS });
  });
});
