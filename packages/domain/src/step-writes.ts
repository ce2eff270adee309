import { type CheckInput, decide } from './checks.js';
import { feeFor } from './fees.js';

/*
 * What the company's agreement, invoicing and MAH register writes change, once; the API writes it in SQL.
 */

/**
 * A company's first invoicing information (domain.md InvoicingInformation): no form and no invoice yet,
 * the MAHs active now as its declared count and their fee until the submission sets them.
 */
export const firstInvoicing = (activeMahCount: number) => ({
  declaredMahCount: activeMahCount,
  feeCents: feeFor(activeMahCount).amountCents,
  invoicedBeforeCents: 0,
  formFileId: null,
  invoiceNumber: null,
  invoicedAt: null,
  paidAt: null,
});

/** The MAHs a register save activates or deactivates: those whose wanted state is the other one. */
export function toggledMahs<Mah extends { id: string; active: boolean }>(
  existing: readonly Mah[],
  wanted: ReadonlyArray<{ id: string; active: boolean }>,
): Mah[] {
  const want = new Map(wanted.map((mah) => [mah.id, mah.active]));
  return existing.filter((mah) => want.get(mah.id) === !mah.active);
}

/** The register save's audit diff: who was (de)activated (by name, else id), who was added, the count. */
export const registerDiff = (
  toggled: ReadonlyArray<{ id: string; name: string | null; active: boolean }>,
  added: ReadonlyArray<{ name: string | null }>,
  activeMahCount: { from: number; to: number },
) => ({
  activated: toggled.filter((mah) => !mah.active).map((mah) => mah.name ?? mah.id),
  deactivated: toggled.filter((mah) => mah.active).map((mah) => mah.name ?? mah.id),
  added: added.map((mah) => mah.name),
  activeMahCount,
});

/**
 * domain.md "Financial": more active MAHs than the approved form declares sends it back to rejected (a
 * top-up, decided by SYSTEM). The decision when due, else null (not approved, no form, or not more MAHs).
 */
export function topUpDecision(
  check: CheckInput | undefined,
  declared: number | undefined,
  active: number,
  at: { actor: string; now: Date },
) {
  if (check?.status !== 'APPROVED' || declared === undefined) return null;
  const decision = decide(check, 'TOP_UP_REQUIRED', {
    role: 'SYSTEM',
    ...at,
    mahCounts: { declared, active },
  });
  return decision.ok ? decision : null;
}

/** An agreement's ticks, none given: a new agreement's, and what a newer template's signature clears. */
export const NO_TICKS = { acceptedTerms: false, confirmedAuthority: false, tickBoxesDisclaimerId: null };

/**
 * The contractual draft's ticks, given on the published PA_TICKBOX text (its id), and the audit diff
 * (each tick from what the agreement held, false before it exists).
 */
export function contractualTicks(
  existing: { acceptedTerms: boolean; confirmedAuthority: boolean } | undefined,
  draft: { acceptedTerms: boolean; confirmedAuthority: boolean },
  tickBoxesDisclaimerId: string | null,
) {
  const { acceptedTerms, confirmedAuthority } = draft;
  return {
    ticks: { acceptedTerms, confirmedAuthority, tickBoxesDisclaimerId },
    diff: {
      acceptedTerms: { from: existing?.acceptedTerms ?? false, to: acceptedTerms },
      confirmedAuthority: { from: existing?.confirmedAuthority ?? false, to: confirmedAuthority },
      tickBoxesDisclaimerId,
    },
  };
}

/**
 * domain.md "Contractual": a signed file is on the current template; one signed on a newer template than
 * the agreement's clears the ticks, which were given on the old one.
 */
export const signedAgreementChanges = (
  existing: { templateVersion: number } | undefined,
  templateVersion: number,
) => ({
  templateVersion,
  ...(existing && existing.templateVersion !== templateVersion ? NO_TICKS : {}),
});
