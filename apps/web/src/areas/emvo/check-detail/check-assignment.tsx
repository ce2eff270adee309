import type { CheckDetail } from '@portal/contracts';
import { isAssignable } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../auth/auth-context';
import { isSelf } from '../../../live/self';
import { toast } from '../../../toast/toast';
import { useAssignCheck, useReviewers } from '../reviews-api';
import styles from './check-detail.module.css';

/**
 * Who works on the check, chosen explicitly: "Assign to me", a colleague from the active reviewers, or
 * nobody. Only a check waiting on the reviewers is assigned (packages/domain isAssignable); the API
 * re-checks it and the version, and a refusal goes to the error handler's toast (its words: the
 * catalogue's). Colleagues see the change live (the stream's TAKE_CHECK, ASSIGN_CHECK, UNASSIGN_CHECK).
 */
export function CheckAssignment({ detail }: { detail: CheckDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const user = useSessionUser();
  const { check } = detail;
  const { assign, isPending } = useAssignCheck(check.id);
  const { data } = useReviewers();
  const [colleague, setColleague] = useState('');
  if (!isAssignable(check.status)) return null;

  const mine = isSelf(user, check.assignee);
  const colleagues = (data?.reviewers ?? []).filter(
    (reviewer) => reviewer.email.toLowerCase() !== check.assignee?.toLowerCase(),
  );
  const run = (call: Promise<unknown>, done: string) =>
    call.then(
      () => toast.success(done),
      // Refused: the error handler said why, and the check reloaded.
      () => undefined,
    );

  return (
    <div className={styles.assignment}>
      {!mine && (
        <button
          type="button"
          disabled={isPending}
          onClick={() =>
            void run(assign({ to: 'ME', version: check.version }), t('emvo.check.assignment.doneMe'))
          }
        >
          {t('emvo.check.assignment.toMe')}
        </button>
      )}
      <form
        className={styles.assignTo}
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = colleagues.find((reviewer) => reviewer.email === colleague);
          if (!chosen) return;
          void run(
            assign({ to: 'REVIEWER', email: chosen.email, version: check.version }),
            t('emvo.check.assignment.doneColleague', { name: chosen.name }),
          ).then(() => setColleague(''));
        }}
      >
        <label htmlFor={`${id}-colleague`}>{t('emvo.check.assignment.colleague')}</label>
        <select
          id={`${id}-colleague`}
          value={colleague}
          onChange={(event) => setColleague(event.target.value)}
        >
          <option value="">{t('emvo.check.assignment.choose')}</option>
          {colleagues.map((reviewer) => (
            <option key={reviewer.email} value={reviewer.email}>
              {reviewer.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={isPending || colleague === ''}>
          {t('emvo.check.assignment.assign')}
        </button>
      </form>
      {check.assignee && (
        <button
          type="button"
          disabled={isPending}
          onClick={() =>
            void run(assign({ to: 'NOBODY', version: check.version }), t('emvo.check.assignment.doneNobody'))
          }
        >
          {t('emvo.check.assignment.unassign')}
        </button>
      )}
    </div>
  );
}
