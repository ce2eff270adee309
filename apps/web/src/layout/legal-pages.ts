import type { DisclaimerType } from '@portal/contracts';

/** The footer's legal pages (/legal/{page}) and the disclaimer type each shows. */
export const LEGAL_PAGES = {
  notice: { type: 'FOOTER_LEGAL' },
  privacy: { type: 'PRIVACY' },
} as const satisfies Record<string, { type: DisclaimerType }>;

export type LegalPage = keyof typeof LEGAL_PAGES;
