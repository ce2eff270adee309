import { useTranslation } from 'react-i18next';
import { openAddTestRun } from './add-test-run-form';
import { openImportTestRuns } from './import-test-runs-dialog';
import styles from './test-runs.module.css';
import { useAddTestRun } from './test-runs-api';

/**
 * For the metrics screen's toolbar: add a test run by hand, or import runs from a CSV.
 * Self-contained (no props): each opens the shared modal, and a success reloads the queries starting with
 * ['metrics'] and ['test-runs'].
 */
export function TestRunsActions() {
  const { t } = useTranslation();
  const { mutateAsync: add } = useAddTestRun();
  return (
    <div className={styles.actions}>
      <button type="button" onClick={() => openAddTestRun(t, (body) => add({ body }))}>
        {t('emvo.testRuns.add.action')}
      </button>
      <button type="button" onClick={() => openImportTestRuns(t)}>
        {t('emvo.testRuns.import.action')}
      </button>
    </div>
  );
}
