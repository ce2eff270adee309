import { EEA_COUNTRY_CODES } from '@portal/domain';

/** Who every seeded row names as its writer. */
export const SEED_ACTOR = 'seed';

/** A seeded row's createdBy and updatedBy. */
export const SEED_AUDIT = { createdBy: SEED_ACTOR, updatedBy: SEED_ACTOR } as const;

export const DAY = 86_400_000;

/** Demo dates are relative to a fixed day, so two seeds give the same rows. */
export const EPOCH = Date.UTC(2026, 9, 1);

/** EEA countries (domain.md: an organisation's country is in the EEA). */
export const EEA_COUNTRIES = EEA_COUNTRY_CODES;
