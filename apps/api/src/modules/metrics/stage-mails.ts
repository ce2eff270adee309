import type { StageMoveInput } from '@portal/contracts';
import { companyMail, type MailContext } from '../../company/company-mail.js';
import type { MailInput } from '../../mail/outbox-repository.js';
import { QUOTED_REASON_LENGTH, quoted } from '../../mail/quoted.js';

const MOVED: Record<StageMoveInput['move'], { subject: string; text: string }> = {
  MOVE_TO_PRODUCTION: {
    subject: 'moves to production',
    text: 'Your tests in the IQE environment are complete: your onboarding moves on to the production (PRD) environment, where you may now request a session token.',
  },
  MOVE_TO_MAINTENANCE: {
    subject: 'is complete',
    text: 'Your production tests are complete: your connection is now in maintenance.',
  },
};

/** domain.md "A reviewer moves it to production and then maintenance": the SPOC hears of each move. */
export function stageMoveMail(
  context: MailContext,
  move: { move: StageMoveInput['move']; reason: string | null },
): MailInput {
  const moved = MOVED[move.move];
  return companyMail(context, `your onboarding ${moved.subject}`, [
    `the onboarding of ${quoted(context.companyName)} (${context.obpNumber}) ${moved.subject}.`,
    moved.text,
    ...(move.reason ? [`Comment: ${quoted(move.reason, QUOTED_REASON_LENGTH)}`] : []),
  ]);
}
