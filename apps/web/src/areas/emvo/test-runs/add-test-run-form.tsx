import { type TestRunDraft, testRunInputSchema } from '@portal/contracts';
import {
  TEST_RESULTS,
  TEST_RUN_ENVIRONMENTS,
  TEST_RUN_ERROR_CODE_MAX_LENGTH,
  TEST_RUN_SCENARIO_MAX_LENGTH,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioField, SelectField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import type { FormRefinement } from '../../../forms/form-schema';
import { TextField } from '../../../forms/text-fields';
import { tk } from '../../../i18n/i18n';
import {
  closeModal,
  getShownModal,
  type ModalButton,
  openModal,
  updateModal,
} from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { ExecutedAtField, isoOfLocalDateTime, localDateTimeValue } from './executed-at-field';
import { useAddTestRun, useCompanyChoices } from './test-runs-api';

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

/** The messages of the run's own rules (packages/domain testRunRuleBreach), the API's codes as keys. */
const RULE_MESSAGES: Record<string, string> = {
  ERROR_CODE_REQUIRED: tk('errors.back.ERROR_CODE_REQUIRED'),
  ERROR_CODE_NOT_ALLOWED: tk('errors.back.ERROR_CODE_NOT_ALLOWED'),
  EXECUTED_IN_FUTURE: tk('errors.back.EXECUTED_IN_FUTURE'),
};
const INVALID_FIELD = tk('errors.back.INVALID_FIELD');

/**
 * The contracts schema on the whole draft (the API runs the same), its message for one field: the rules
 * across fields (an error code exactly when FAILED, not in the future) and what the field's own rules
 * do not say (an error code without spaces). Each field's required and length rules are its own.
 */
const contractRule = (path: 'errorCode' | 'executedAt', dependsOn: string[]): FormRefinement => ({
  path,
  dependsOn,
  check: (values) => {
    const parsed = testRunInputSchema.safeParse(draftOf(values as unknown as RunValues));
    if (parsed.success) return undefined;
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === path);
    if (!issue) return undefined;
    const code = issue.code === 'custom' ? issue.params?.code : undefined;
    if (typeof code === 'string' && RULE_MESSAGES[code]) return RULE_MESSAGES[code];
    // A date-time the picker left half filled is the field's own (length) message.
    return path === 'errorCode' ? INVALID_FIELD : undefined;
  },
});
const REFINEMENTS = [contractRule('errorCode', ['result']), contractRule('executedAt', [])];

interface Submitter {
  current: (() => void) | undefined;
}

const confirmButton = (submitter: Submitter, disabled = false): ModalButton => ({
  name: 'emvo.testRuns.add.confirm',
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

function AddTestRunForm({ submitter }: { submitter: Submitter }) {
  const { t } = useTranslation();
  const companies = useCompanyChoices();
  const add = useAddTestRun();
  const [now] = useState(() => new Date());
  const form = useFormKit<RunValues>({
    defaultValues: {
      obpNumber: null,
      environment: 'IQE',
      scenario: '',
      result: null,
      errorCode: '',
      executedAt: localDateTimeValue(now),
    },
    refinements: REFINEMENTS,
  });
  const [modalId] = useState(() => getShownModal()?.id);
  const sending = useRef(false);

  const send = async (values: RunValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const run = await add.mutateAsync({ body: draftOf(values) });
      toast.success(t('emvo.testRuns.add.done', { name: run.legalName, scenario: run.scenario }));
      if (getShownModal()?.id === modalId) closeModal();
    } catch {
      // The app's error handler has shown why (spec §8); the modal keeps what the reviewer typed.
    } finally {
      sending.current = false;
    }
  };

  useEffect(() => {
    submitter.current = () => void form.handleSubmit(send)();
  });
  useEffect(() => {
    if (getShownModal()?.id === modalId)
      updateModal({ primaryButton: confirmButton(submitter, add.isPending) });
  }, [add.isPending, modalId, submitter]);

  const environments = TEST_RUN_ENVIRONMENTS.map((id) => ({
    id,
    name: t(`emvo.testRuns.environments.${id}`),
  }));
  const results = TEST_RESULTS.map((id) => ({ id, name: t(`emvo.testRuns.results.${id}`) }));
  return (
    <Form form={form} onSubmit={send}>
      <SelectField
        name="obpNumber"
        label={t('emvo.testRuns.fields.company')}
        items={companies ?? []}
        valueKey="obpNumber"
        labelKey="name"
        required
      />
      <RadioField
        name="environment"
        label={t('emvo.testRuns.fields.environment')}
        items={environments}
        required
      />
      <TextField
        name="scenario"
        label={t('emvo.testRuns.fields.scenario')}
        required
        minLength={1}
        maxLength={TEST_RUN_SCENARIO_MAX_LENGTH}
        autoComplete="off"
      />
      <RadioField name="result" label={t('emvo.testRuns.fields.result')} items={results} required />
      <TextField
        name="errorCode"
        label={t('emvo.testRuns.fields.errorCode')}
        description={t('emvo.testRuns.fields.errorCodeHelp')}
        minLength={0}
        maxLength={TEST_RUN_ERROR_CODE_MAX_LENGTH}
        autoComplete="off"
      />
      <ExecutedAtField
        name="executedAt"
        label={t('emvo.testRuns.fields.executedAt')}
        description={t('emvo.testRuns.fields.executedAtHelp')}
        max={localDateTimeValue(now)}
        required
      />
    </Form>
  );
}

/** Opens the shared modal (spec §2) with the form of a run typed by hand. */
export function openAddTestRun(t: TFunction) {
  const submitter: Submitter = { current: undefined };
  openModal({
    title: t('emvo.testRuns.add.title'),
    text: t('emvo.testRuns.add.text'),
    isLarge: true,
    component: <AddTestRunForm submitter={submitter} />,
    primaryButton: confirmButton(submitter),
  });
}
