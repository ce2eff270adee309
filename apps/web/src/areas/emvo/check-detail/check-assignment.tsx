import type { CheckDetail } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckAssignment } from '../use-check-assignment';
import styles from './check-detail.module.css';

/**
 * Who works on the check, chosen explicitly: "Assign to me", a colleague from the active reviewers, or
 * nobody, by the rule the queue's rows follow too (use-check-assignment.ts: only a check waiting on the
 * reviewers; "take it over?" first when a colleague holds it). Colleagues see the change live (the
 * stream's TAKE_CHECK, ASSIGN_CHECK, UNASSIGN_CHECK).
 */
export function CheckAssignment({ detail }: { detail: CheckDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const assignment = useCheckAssignment(detail.check);
  const [colleague, setColleague] = useState('');
  if (!assignment.assignable) return null;
  const { colleagues, isPending } = assignment;

  return (
    <div className={styles.assignment}>
      {!assignment.mine && (
        <button type="button" disabled={isPending} onClick={() => assignment.assignTo({ to: 'ME' })}>
          {t('emvo.check.assignment.toMe')}
        </button>
      )}
      <form
        className={styles.assignTo}
        onSubmit={(event) => {
          event.preventDefault();
          const reviewer = colleagues.find((one) => one.email === colleague);
          if (reviewer) assignment.assignTo({ to: 'REVIEWER', reviewer }, () => setColleague(''));
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
      {detail.check.assignee && (
        <button type="button" disabled={isPending} onClick={() => assignment.assignTo({ to: 'NOBODY' })}>
          {t('emvo.check.assignment.unassign')}
        </button>
      )}
    </div>
  );
}
