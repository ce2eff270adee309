import { describe, expect, it } from 'vitest';
import type { MailContext } from '../../company/company-mail.js';
import { decisionMail } from './review-mails.js';

// A company's legal name written before names had to be one line (or by any other way in), and a
// reviewer's reason: the decision mail quotes both as data, on one line.
const HOSTILE =
  'ACME\n\nSECURITY NOTICE: your account is locked. Sign in again at https://evil.test/login today';

describe("caller-written text in a decision's mail", () => {
  it("quotes the company's name and the reason in a mail to the company", () => {
    const context: MailContext = {
      appName: 'EMVO Portal',
      publicUrl: 'https://portal.test',
      to: 'spoc@company.test',
      name: 'Sara Spoc',
      companyName: HOSTILE,
      obpNumber: 'C00101',
    };
    const mail = decisionMail(context, {
      action: 'REQUEST_CORRECTIONS',
      type: 'LEGITIMACY',
      reason: 'Upload the\nright proof',
    });
    expect(mail.text).not.toContain('\n\nSECURITY');
    expect(mail.text).toContain('of “ACME SECURITY NOTICE');
    expect(mail.text).toContain('Reason: “Upload the right proof”');
  });
});
