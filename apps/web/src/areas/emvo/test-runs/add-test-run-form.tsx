import { type TestRun, type TestRunDraft, testRunInputSchema } from '@portal/contracts';
import { TEST_RESULTS, TEST_RUN_ENVIRONMENTS } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { toast } from '../../../toast/toast';
import { ExecutedAtField, isoOfLocalDateTime, localDateTimeValue } from './executed-at-field';
import { useCompanyChoices } from './test-runs-api';

interface RunValues {
  obpNumber: string | null;
  environment: string | null;
  scenario: string;
  result: string | null;
  errorCode: string;
  /** datetime-local: YYYY-MM-DDTHH:mm in the reviewer's zone. */
  executedAt: string;
}

/** What the form sends: its values as the API's body (contracts testRunInputSchema's input). */
export function draftOf(values: RunValues): TestRunDraft {
  return {
    obpNumber: values.obpNumber ?? '',
    environment: values.environment ?? '',
    scenario: values.scenario,
    result: values.result ?? '',
    errorCode: values.errorCode,
    executedAt: isoOfLocalDateTime(values.executedAt) ?? values.executedAt,
  };
}

interface RunFieldsProps {
  /** When the dialog opened: the latest a run may have been executed. */
  now: Date;
}

/** The run's fields; their rules are the contract's (testRunInputSchema), the company list the API's. */
function RunFields({ now }: RunFieldsProps) {
  const { t } = useTranslation();
  const companies = useCompanyChoices();
  const environments = TEST_RUN_ENVIRONMENTS.map((id) => ({
    id,
    name: t(`emvo.testRuns.environments.${id}`),
  }));
  const results = TEST_RESULTS.map((id) => ({ id, name: t(`emvo.testRuns.results.${id}`) }));
  return (
    <>
      <SelectField
        name="obpNumber"
        label={t('emvo.testRuns.fields.company')}
        items={companies ?? []}
        valueKey="obpNumber"
        labelKey="name"
      />
      <RadioField name="environment" label={t('emvo.testRuns.fields.environment')} items={environments} />
      <TextField name="scenario" label={t('emvo.testRuns.fields.scenario')} autoComplete="off" />
      <RadioField name="result" label={t('emvo.testRuns.fields.result')} items={results} />
      <TextField
        name="errorCode"
        label={t('emvo.testRuns.fields.errorCode')}
        description={t('emvo.testRuns.fields.errorCodeHelp')}
        autoComplete="off"
      />
      <ExecutedAtField
        name="executedAt"
        label={t('emvo.testRuns.fields.executedAt')}
        description={t('emvo.testRuns.fields.executedAtHelp')}
        max={localDateTimeValue(now)}
      />
    </>
  );
}

/**
 * The form dialog (spec §2) of a run typed by hand: the contract's rules on the run the form would send
 * (testRunInputSchema: the fields', then the domain's across them, an error code exactly when FAILED and no
 * date in the future, each with the API's message); a refusal (the same run twice: 409) stays in the
 * dialog beside what was typed.
 */
export function openAddTestRun(t: TFunction, add: (run: TestRunDraft) => Promise<TestRun>) {
  const now = new Date();
  openFormDialog<RunValues, TestRun>({
    title: t('emvo.testRuns.add.title'),
    text: t('emvo.testRuns.add.text'),
    isLarge: true,
    confirm: 'emvo.testRuns.add.confirm',
    defaultValues: {
      obpNumber: null,
      environment: 'IQE',
      scenario: '',
      result: null,
      errorCode: '',
      executedAt: localDateTimeValue(now),
    },
    schema: testRunInputSchema,
    toInput: draftOf,
    // An error code is required exactly when the run failed.
    dependencies: { result: ['errorCode'] },
    fields: <RunFields now={now} />,
    submit: (values) => add(draftOf(values)),
    done: (run) =>
      toast.success(t('emvo.testRuns.add.done', { name: run.legalName, scenario: run.scenario })),
  });
}
