import { checkAssignmentSchema, type Reviewer, type ReviewQueueRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../forms/choice-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { type AssignableCheck, useCheckAssignment } from '../use-check-assignment';
import styles from './queues.module.css';

interface ColleagueValues {
  email: string | null;
}

/**
 * A row's assignment, by the check page's rule (use-check-assignment.ts): on a row waiting on the
 * reviewers, "Assign to me" when it is not the reader's, and "Assign to…" a colleague, chosen in a dialog
 * (the row stays one line of buttons at 1366 px). Either asks "take it over?" first when a colleague holds
 * the check. Each button names its company, for a screen reader going through the rows.
 */
export function RowAssignment({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation();
  const check: AssignableCheck = row;
  const assignment = useCheckAssignment(check);
  if (!assignment.assignable) return null;
  const { colleagues, isPending } = assignment;

  const chooseColleague = () =>
    openFormDialog<ColleagueValues, void>({
      title: t('emvo.queues.assignTo.title', { name: row.legalName }),
      ...(assignment.holderName
        ? { text: t('emvo.queues.assignTo.held', { holder: assignment.holderName }) }
        : {}),
      confirm: 'emvo.check.assignment.assign',
      defaultValues: { email: null },
      schema: checkAssignmentSchema,
      toInput: (values) => ({ to: 'REVIEWER', email: values.email ?? '', version: row.version }),
      fields: (
        <SelectField<Reviewer>
          name="email"
          label={t('emvo.check.assignment.colleague')}
          placeholder={t('emvo.check.assignment.choose')}
          items={colleagues}
          valueKey="email"
          labelKey="name"
          required
        />
      ),
      // The dialog gives way to the call (or to "take it over?"): a refusal is the error handler's toast.
      submit: async (values) => {
        const reviewer = colleagues.find((one) => one.email === values.email);
        if (reviewer) assignment.assignTo({ to: 'REVIEWER', reviewer });
      },
    });

  return (
    <span className={styles.rowActions}>
      {!assignment.mine && (
        <button
          type="button"
          className={styles.rowAction}
          disabled={isPending}
          aria-label={t('emvo.queues.assignToMe.label', { name: row.legalName })}
          onClick={() => assignment.assignTo({ to: 'ME' })}
        >
          {t('emvo.queues.assignToMe.button')}
        </button>
      )}
      <button
        type="button"
        className={styles.rowAction}
        disabled={isPending || colleagues.length === 0}
        aria-label={t('emvo.queues.assignTo.label', { name: row.legalName })}
        aria-haspopup="dialog"
        onClick={chooseColleague}
      >
        {t('emvo.queues.assignTo.button')}
      </button>
    </span>
  );
}
