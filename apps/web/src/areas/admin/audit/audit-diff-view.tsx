import { useTranslation } from 'react-i18next';
import styles from '../storage/admin-lists.module.css';
import { diffLines } from './audit-diff';

/** An audit row's diff as a list of fields, a change shown as before → after. */
export function AuditDiffView({ diff }: { diff: unknown }) {
  const { t } = useTranslation();
  const lines = diffLines(diff);
  if (lines.length === 0) return <span>{t('admin.audit.noDiff')}</span>;
  return (
    <dl className={styles.diff}>
      {lines.map((line) => (
        <div key={line.field}>
          <dt>{line.field}</dt>
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
