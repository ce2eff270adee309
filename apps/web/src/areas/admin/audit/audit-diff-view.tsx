import { useTranslation } from 'react-i18next';
import styles from '../storage/admin-lists.module.css';
import { diffFieldLabel, diffLines, diffValueWords } from './audit-diff';

/**
 * An audit row's diff as a list of fields, each labelled in words (diffFieldLabel), its values too where
 * the catalogue has them (diffValueWords), a change shown as before → after.
 */
export function AuditDiffView({ diff, entity }: { diff: unknown; entity: string }) {
  const { t } = useTranslation();
  const lines = diffLines(diff);
  const value = (field: string, text: string) => diffValueWords(t, entity, field, text);
  if (lines.length === 0) return <span>{t('admin.audit.noDiff')}</span>;
  return (
    <dl className={styles.diff}>
      {lines.map((line) => (
        <div key={line.field}>
          <dt>{diffFieldLabel(t, entity, line.field)}</dt>
          <dd>
            {line.kind === 'change' ? (
              <>
                <del>{value(line.field, line.from)}</del> <span title={t('admin.audit.changedTo')}>→</span>{' '}
                <ins>{value(line.field, line.to)}</ins>
              </>
            ) : (
              value(line.field, line.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
