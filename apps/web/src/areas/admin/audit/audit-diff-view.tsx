import { useTranslation } from 'react-i18next';
import styles from '../storage/admin-lists.module.css';
import { diffFieldLabel, diffLines } from './audit-diff';

/**
 * An audit row's diff as a list of fields, each labelled in words (diffFieldLabel), a change shown as
 * before → after.
 */
export function AuditDiffView({ diff, entity }: { diff: unknown; entity: string }) {
  const { t } = useTranslation();
  const lines = diffLines(diff);
  if (lines.length === 0) return <span>{t('admin.audit.noDiff')}</span>;
  return (
    <dl className={styles.diff}>
      {lines.map((line) => (
        <div key={line.field}>
          <dt>{diffFieldLabel(t, entity, line.field)}</dt>
          <dd>
            {line.kind === 'change' ? (
              <>
                <del>{line.from}</del> <span title={t('admin.audit.changedTo')}>→</span> <ins>{line.to}</ins>
              </>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
