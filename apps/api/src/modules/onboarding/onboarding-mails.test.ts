import { describe, expect, it } from 'vitest';
import { QUOTED_MAX_LENGTH } from '../../mail/quoted.js';
import { invitationMail } from './onboarding-mails.js';

// A company's legal name written before names had to be one line (or by any other way in): what the
// portal's mails make of it. They quote it as data, on one line and cut short.
const NOTICE = 'SECURITY NOTICE: your account is locked. Sign in again at https://evil.test/login today';
const HOSTILE = `ACME\n\n${NOTICE}`;

describe("caller-written text in the portal's mails", () => {
  it("quotes a company's name in an invitation to any address: one line, cut short", () => {
    const mail = invitationMail({
      appName: 'EMVO Portal',
      to: 'anyone@example.test',
      name: 'Jane\nDoe',
      companyName: HOSTILE,
      link: 'https://portal.test/confirm?token=x',
    });
    expect(mail.text).not.toContain('\n\nSECURITY');
    expect(mail.text).not.toContain('https://evil.test/login');
    const quotedName = mail.text.match(/The company “([^”]*)”/)?.[1] ?? '';
    expect(quotedName.startsWith('ACME SECURITY NOTICE')).toBe(true);
    expect(quotedName.endsWith('…')).toBe(true);
    expect([...quotedName]).toHaveLength(QUOTED_MAX_LENGTH);
    expect(mail.text.split('\n')[0]).toBe('Dear “Jane Doe”,');
    expect(mail.subject).not.toContain('ACME');
  });
});
