/** The tier labels of domain.md's fee table, by active MAH count. */
export const FEE_TIERS = ['1', '2', '3-5', '6-12', '13+'] as const;
export type FeeTier = (typeof FEE_TIERS)[number];

export interface FeeBand {
  tier: FeeTier;
  minMahs: number;
  /** Inclusive; null for the open last band. */
  maxMahs: number | null;
  amountCents: number;
}

/**
 * domain.md InvoicingInformation: "1 MAH 6,750; 2: 13,500; 3-5: 18,000; 6-12: 22,500; more: 45,000", in EUR,
 * kept here in EUR cents so that no amount is ever a fraction.
 */
export const FEE_BANDS: readonly FeeBand[] = [
  { tier: '1', minMahs: 1, maxMahs: 1, amountCents: 675_000 },
  { tier: '2', minMahs: 2, maxMahs: 2, amountCents: 1_350_000 },
  { tier: '3-5', minMahs: 3, maxMahs: 5, amountCents: 1_800_000 },
  { tier: '6-12', minMahs: 6, maxMahs: 12, amountCents: 2_250_000 },
  { tier: '13+', minMahs: 13, maxMahs: null, amountCents: 4_500_000 },
];

export interface Fee {
  /** null: no active MAH, no fee. */
  tier: FeeTier | null;
  amountCents: number;
}

export const isMahCount = (count: number): boolean => Number.isSafeInteger(count) && count >= 0;

function assertMahCount(count: number, name: string): void {
  if (!isMahCount(count)) throw new RangeError(`${name} must be a non-negative integer, got ${count}`);
}

/**
 * domain.md: "the fee tier follows the active MAH count". 0 MAHs: no tier, nothing to pay.
 * Throws a RangeError for a count that is not a non-negative integer (a programmer's error).
 */
export function feeFor(activeMahCount: number): Fee {
  assertMahCount(activeMahCount, 'activeMahCount');
  const band = FEE_BANDS.find(
    (b) => activeMahCount >= b.minMahs && (b.maxMahs === null || activeMahCount <= b.maxMahs),
  );
  return band ? { tier: band.tier, amountCents: band.amountCents } : { tier: null, amountCents: 0 };
}

export interface TopUp {
  /** What the company pays on top of the approved form's fee; 0 when active ≤ declared. */
  amountCents: number;
  /**
   * domain.md: "More active MAHs than the approved form declares sends it back to rejected". True as soon
   * as active > declared, even when both counts fall in the same tier (amount 0): the form's declared count
   * is then wrong and the company files a new one.
   */
  backToRejected: boolean;
  declared: Fee;
  active: Fee;
}

/** domain.md Financial: the top-up owed when more MAHs are active than the approved form declared. */
export function topUp(declaredCount: number, activeCount: number): TopUp {
  assertMahCount(declaredCount, 'declaredCount');
  assertMahCount(activeCount, 'activeCount');
  const declared = feeFor(declaredCount);
  const active = feeFor(activeCount);
  const backToRejected = activeCount > declaredCount;
  return {
    amountCents: backToRejected ? Math.max(0, active.amountCents - declared.amountCents) : 0,
    backToRejected,
    declared,
    active,
  };
}
