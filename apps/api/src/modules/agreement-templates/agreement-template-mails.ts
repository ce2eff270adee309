import { companyMail, type MailContext } from '../../company/company-mail.js';
import { quoted } from '../../mail/quoted.js';

/** domain.md: "A new template version asks every company to sign again". */
export const resignRequestedMail = (context: MailContext, input: { version: number; signedOn: number }) =>
  companyMail(context, 'please sign the new participation agreement', [
    `version ${input.version} of the participation agreement was published. ${quoted(context.companyName)} signed`,
    `version ${input.signedOn}, so we ask you to download the new version, sign it, upload it and submit it`,
    'again on the contractual step of your application.',
  ]);
