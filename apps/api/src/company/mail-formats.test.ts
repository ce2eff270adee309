import { formatDay, formatMoment } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { legitimacyReceivedMail } from '../modules/onboarding/onboarding-mails.js';
import { invoicingFormReceivedMail } from '../modules/onboarding/step-mails.js';
import { tokenIssuedMail } from '../modules/session-tokens/session-token-mails.js';
import type { MailContext } from './company-mail.js';

const context: MailContext = {
  appName: 'Onboarding Portal',
  publicUrl: 'http://127.0.0.1:8080',
  to: 'spoc@example.test',
  name: 'Ann Smith',
  companyName: 'Acme Pharma',
  obpNumber: 'C00149',
};
const at = new Date('2026-11-30T04:25:00Z');

describe('mails write dates and amounts as the screens do', () => {
  it('a moment: the screens’ format, in UTC, the zone said', () => {
    const mail = tokenIssuedMail(context, { environment: 'IQE', expiresAt: at });
    expect(mail.text).toContain('It expires on Nov 30, 2026, 4:25 AM UTC;');
    // The screen's format of the same moment, read in UTC: the same words.
    expect(formatMoment(at, { timeZone: 'UTC' })).toBe('Nov 30, 2026, 4:25 AM UTC');
  });

  it('a day: the screens’ format', () => {
    const mail = legitimacyReceivedMail({ ...context, attempt: 1, slaDueAt: at });
    expect(mail.text).toContain('within 15 working days, by Nov 30, 2026.');
    expect(formatDay('2026-11-30')).toBe('Nov 30, 2026');
  });

  it('an amount: the portal’s currency setting (EUR), as the screens write it', () => {
    const mail = invoicingFormReceivedMail(context, {
      declaredMahCount: 3,
      feeCents: 1_800_000,
      amountDueCents: 450_000,
    });
    expect(mail.text).toContain('the onboarding fee is €18,000.00, of which €4,500.00 is left to invoice.');
  });
});
