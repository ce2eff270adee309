import {
  TEST_RUN_CSV_COLUMNS,
  TEST_RUN_IMPORT_MAX_BYTES,
  type TestRunCsvColumn,
  type TestRunCsvReading,
  type TestRunImportReport,
  type TestRunLineCode,
  type TestRunRejection,
} from '@portal/contracts';
import {
  TEST_RESULTS,
  TEST_RUN_ENVIRONMENTS,
  TEST_RUN_ERROR_CODE_MAX_LENGTH,
  TEST_RUN_SCENARIO_MAX_LENGTH,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../forms/file-picker';
import { tk } from '../../../i18n/i18n';
import {
  closeModal,
  getShownModal,
  type ModalButton,
  openModal,
  updateModal,
} from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import styles from './test-runs.module.css';
import { csvForm, TEST_RUN_TEMPLATE, useImportTestRuns, usePreviewTestRunCsv } from './test-runs-api';

/** Why a line is refused, in words (contracts TEST_RUN_LINE_CODES). */
export const LINE_REASONS: Record<TestRunLineCode, string> = {
  INVALID_FIELD: tk('emvo.testRuns.reasons.INVALID_FIELD'),
  ERROR_CODE_REQUIRED: tk('emvo.testRuns.reasons.ERROR_CODE_REQUIRED'),
  ERROR_CODE_NOT_ALLOWED: tk('emvo.testRuns.reasons.ERROR_CODE_NOT_ALLOWED'),
  EXECUTED_IN_FUTURE: tk('emvo.testRuns.reasons.EXECUTED_IN_FUTURE'),
  MALFORMED_LINE: tk('emvo.testRuns.reasons.MALFORMED_LINE'),
  COLUMN_COUNT: tk('emvo.testRuns.reasons.COLUMN_COUNT'),
  DUPLICATE_IN_FILE: tk('emvo.testRuns.reasons.DUPLICATE_IN_FILE'),
  UNKNOWN_COMPANY: tk('emvo.testRuns.reasons.UNKNOWN_COMPANY'),
};

/**
 * Why a field's value is refused, in the catalogue's words (never the validator's own
 * text), each with the values its rule allows (packages/domain).
 */
const FIELD_REASONS: Record<TestRunCsvColumn, { key: string; values?: Record<string, string | number> }> = {
  obpNumber: { key: tk('emvo.testRuns.fieldReasons.obpNumber') },
  environment: {
    key: tk('emvo.testRuns.fieldReasons.environment'),
    values: { environments: TEST_RUN_ENVIRONMENTS.join(', ') },
  },
  scenario: { key: tk('emvo.testRuns.fieldReasons.scenario'), values: { max: TEST_RUN_SCENARIO_MAX_LENGTH } },
  result: { key: tk('emvo.testRuns.fieldReasons.result'), values: { results: TEST_RESULTS.join(', ') } },
  errorCode: {
    key: tk('emvo.testRuns.fieldReasons.errorCode'),
    values: { max: TEST_RUN_ERROR_CODE_MAX_LENGTH },
  },
  executedAt: { key: tk('emvo.testRuns.fieldReasons.executedAt') },
};

const isColumn = (field: string | undefined): field is TestRunCsvColumn =>
  TEST_RUN_CSV_COLUMNS.some((column) => column === field);

/** A refused line's reason as a sentence: the field's rule for a value refused, else the code's. */
export function lineReason(rejection: TestRunRejection, t: TFunction): string {
  if (rejection.code === 'INVALID_FIELD' && isColumn(rejection.field)) {
    const { key, values } = FIELD_REASONS[rejection.field];
    return t(key, values);
  }
  return t(LINE_REASONS[rejection.code], { field: rejection.field ?? '' });
}

/** The accepted lines the preview lists; the count says how many more there are. */
export const PREVIEW_ROWS = 20;

/** Where the modal's primary button finds the dialog's current action. */
interface Trigger {
  current: (() => void) | undefined;
}

const importButton = (trigger: Trigger, count: number, disabled: boolean): ModalButton => ({
  name: count > 0 ? tk('emvo.testRuns.import.confirm') : tk('emvo.testRuns.import.confirmNone'),
  keepOpen: true,
  disabled,
  action: () => trigger.current?.(),
});

function RejectedTable({ rejected, caption }: { rejected: readonly TestRunRejection[]; caption: string }) {
  const { t } = useTranslation();
  if (rejected.length === 0) return null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('emvo.testRuns.import.line')}</th>
            <th scope="col">{t('emvo.testRuns.import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rejected.map((rejection) => (
            <tr key={`${rejection.line}-${rejection.code}`}>
              <th scope="row">{rejection.line}</th>
              <td>{lineReason(rejection, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Preview({ reading }: { reading: PreviewReading }) {
  const { t } = useTranslation();
  if (!reading.ok) {
    return (
      <p className={styles.refusal} role="alert">
        {reading.code === 'COMPANIES_UNCHECKED'
          ? t('emvo.testRuns.import.companiesUnchecked')
          : t(`errors.back.${reading.code}`)}
      </p>
    );
  }
  const shown = reading.runs.slice(0, PREVIEW_ROWS);
  return (
    <>
      <p className={styles.summary} role="status">
        {t('emvo.testRuns.import.previewSummary', {
          accepted: reading.runs.length,
          rejected: reading.rejected.length,
        })}
      </p>
      {shown.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              {t('emvo.testRuns.import.acceptedCaption', { shown: shown.length, count: reading.runs.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('emvo.testRuns.import.line')}</th>
                {TEST_RUN_CSV_COLUMNS.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map(({ line, run }) => (
                <tr key={line}>
                  <th scope="row">{line}</th>
                  <td>{run.obpNumber}</td>
                  <td>{run.environment}</td>
                  <td>{run.scenario}</td>
                  <td>{t(`emvo.testRuns.results.${run.result}`)}</td>
                  <td>{run.errorCode ?? ''}</td>
                  <td>{run.executedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <RejectedTable rejected={reading.rejected} caption={t('emvo.testRuns.import.rejectedCaption')} />
    </>
  );
}

function Report({ report }: { report: TestRunImportReport }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.summary} role="status">
        {t('emvo.testRuns.import.reportSummary', {
          accepted: report.accepted,
          duplicates: report.duplicates,
          rejected: report.rejected.length,
        })}
      </p>
      <RejectedTable rejected={report.rejected} caption={t('emvo.testRuns.import.rejectedCaption')} />
    </>
  );
}

/** The preview of a file: the contracts reader's, too large to send at all, or its companies not looked up. */
type PreviewReading =
  | TestRunCsvReading
  | { ok: false; code: 'FILE_TOO_LARGE' | 'COMPANIES_UNCHECKED'; message: string };

type Phase =
  | { step: 'choose' }
  | { step: 'checking' }
  | { step: 'preview'; file: File; reading: PreviewReading }
  | { step: 'report'; report: TestRunImportReport };

/**
 * The import: choose a CSV, see in the browser which lines will go and which are refused and why (the
 * contracts reader and unknown-company rule the API runs too), send it, then read the API's report (which
 * also counts the runs already stored).
 */
function ImportTestRunsDialog({ trigger }: { trigger: Trigger }) {
  const { t } = useTranslation();
  const importRuns = useImportTestRuns();
  const preview = usePreviewTestRunCsv();
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [modalId] = useState(() => getShownModal()?.id);
  const own = () => getShownModal()?.id === modalId;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) {
      setPhase({ step: 'choose' });
      return;
    }
    if (file.size > TEST_RUN_IMPORT_MAX_BYTES) {
      setPhase({ step: 'preview', file, reading: { ok: false, code: 'FILE_TOO_LARGE', message: '' } });
      return;
    }
    setPhase({ step: 'checking' });
    try {
      setPhase({ step: 'preview', file, reading: await preview(await file.text()) });
    } catch {
      // The companies could not be looked up: nothing to confirm; the reviewer may choose the file again.
      setPhase({ step: 'preview', file, reading: { ok: false, code: 'COMPANIES_UNCHECKED', message: '' } });
    }
  };

  const send = async () => {
    if (phase.step !== 'preview' || importRuns.isPending) return;
    try {
      const report = await importRuns.mutateAsync({ body: csvForm(phase.file) });
      toast.success(t('emvo.testRuns.import.done', { count: report.accepted }));
      setPhase({ step: 'report', report });
    } catch {
      // The app's error handler has shown why (spec §8); the reviewer may pick another file.
    }
  };

  const count = phase.step === 'preview' && phase.reading.ok ? phase.reading.runs.length : 0;
  useEffect(() => {
    trigger.current = phase.step === 'report' ? closeModal : () => void send();
  });
  useEffect(() => {
    if (!own()) return;
    if (phase.step === 'report') {
      updateModal({
        title: t('emvo.testRuns.import.reportTitle'),
        primaryButton: { name: tk('actions.close'), action: () => trigger.current?.() },
        secondaryButton: { hide: true },
      });
    } else {
      updateModal({ primaryButton: importButton(trigger, count, count === 0 || importRuns.isPending) });
    }
  });

  if (phase.step === 'report') return <Report report={phase.report} />;
  return (
    <>
      <p className={styles.columns}>
        {t('emvo.testRuns.import.columns', { columns: TEST_RUN_CSV_COLUMNS.join(', ') })}{' '}
        <a href={TEST_RUN_TEMPLATE.href} download={TEST_RUN_TEMPLATE.name}>
          {t('emvo.testRuns.import.template')}
        </a>
      </p>
      <label className={styles.fileLabel} htmlFor={inputId}>
        {t('emvo.testRuns.import.file')}
      </label>
      {/* The portal's file picker, as every file field has it; the chosen file's name beside it. */}
      <div className={styles.picker}>
        <FilePicker
          id={inputId}
          choose={t('forms.file.choose')}
          accept=".csv,text/csv"
          onChange={(event) => void choose(event)}
        />
        {phase.step === 'preview' && <span>{phase.file.name}</span>}
      </div>
      {phase.step === 'checking' ? <p role="status">{t('emvo.testRuns.import.checking')}</p> : null}
      {phase.step === 'preview' ? <Preview reading={phase.reading} /> : null}
    </>
  );
}

/** Opens the shared modal (spec §2, large) with the CSV import. */
export function openImportTestRuns(t: TFunction) {
  const trigger: Trigger = { current: undefined };
  openModal({
    title: t('emvo.testRuns.import.title'),
    isLarge: true,
    component: <ImportTestRunsDialog trigger={trigger} />,
    primaryButton: importButton(trigger, 0, true),
  });
}
