import type { CheckAssignmentInput, Reviewer } from '@portal/contracts';
import { type CheckStatus, isAssignable } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/auth-context';
import { isSelf } from '../../live/self';
import { toast } from '../../toast/toast';
import { useAssignCheck, useReviewers } from './reviews-api';
import { askTakeOver } from './take-over-question';

/** What an assignment needs of a check: a queue's row or the check page's check. */
export interface AssignableCheck {
  id: string;
  status: CheckStatus;
  /** Who holds it, as the check stores them (an email); null when nobody does. */
  assignee: string | null;
  version: number;
}

/** Whom a reviewer gives the check to. */
export type AssignmentTarget = { to: 'ME' } | { to: 'REVIEWER'; reviewer: Reviewer } | { to: 'NOBODY' };

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const bodyOf = (target: AssignmentTarget, version: number): CheckAssignmentInput =>
  target.to === 'REVIEWER'
    ? { to: 'REVIEWER', email: target.reviewer.email, version }
    : { to: target.to, version };

function doneText(t: TFunction, target: AssignmentTarget): string {
  if (target.to === 'ME') return t('emvo.check.assignment.doneMe');
  if (target.to === 'NOBODY') return t('emvo.check.assignment.doneNobody');
  return t('emvo.check.assignment.doneColleague', { name: target.reviewer.name });
}

/** The question when a colleague holds the check, and the answer that goes ahead, for this target. */
function takeOverQuestion(t: TFunction, holder: string, target: AssignmentTarget) {
  if (target.to === 'ME') return { question: t('emvo.check.takeOver.question', { holder }) };
  if (target.to === 'NOBODY') {
    return {
      question: t('emvo.check.takeOver.questionNobody', { holder }),
      confirm: t('emvo.check.takeOver.confirmNobody'),
    };
  }
  const name = target.reviewer.name;
  return {
    question: t('emvo.check.takeOver.questionColleague', { holder, name }),
    confirm: t('emvo.check.takeOver.confirmColleague', { name }),
  };
}

/**
 * Who works on a check, one rule for the queue's rows and the check page: a check waiting on the
 * reviewers is assigned (packages/domain isAssignable) to me, to a colleague among the active reviewers
 * (GET /api/reviewers; the one holding it is no choice), or to nobody, at the version the reviewer sees
 * (PUT /api/checks/{id}/assignee; a check changed meanwhile answers 409 through the error handler and
 * every view of the reviews reloads). When a colleague holds it, the reviewer is first asked "Lena Lead is
 * on this check — take it over?" (or hand it on, or leave it to nobody), as before deciding it.
 */
export function useCheckAssignment(check: AssignableCheck) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { assign, isPending } = useAssignCheck(check.id);
  const { data } = useReviewers();
  const reviewers = data?.reviewers ?? [];
  const mine = isSelf(user, check.assignee);
  const holder = check.assignee !== null && !mine ? check.assignee : null;
  const nameOf = (email: string) => reviewers.find((one) => sameEmail(one.email, email))?.name ?? email;

  /** Sends the assignment; resolves true once done (a refusal was said by the error handler). */
  const send = (target: AssignmentTarget): Promise<boolean> =>
    assign(bodyOf(target, check.version)).then(
      () => {
        toast.success(doneText(t, target));
        return true;
      },
      () => false,
    );

  return {
    /** Whether the check is assigned at all now: it waits on the reviewers. */
    assignable: isAssignable(check.status),
    mine,
    /** The colleague holding it, by name (their email until the reviewers are read); null if none. */
    holderName: holder === null ? null : nameOf(holder),
    /** The reviewers it can be given to: every active one but who holds it now. */
    colleagues: reviewers.filter((one) => check.assignee === null || !sameEmail(one.email, check.assignee)),
    isPending,
    /**
     * Assigns the check, asking first when a colleague holds it; `onDone` runs once it is assigned (not
     * when the reviewer leaves it to the colleague, nor on a refusal).
     */
    assignTo(target: AssignmentTarget, onDone?: () => void): void {
      const go = () =>
        void send(target).then((done) => {
          if (done) onDone?.();
        });
      if (holder === null) go();
      else askTakeOver(t, { ...takeOverQuestion(t, nameOf(holder), target), onConfirm: go });
    },
  };
}
