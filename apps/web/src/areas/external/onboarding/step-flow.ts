import type { OnboardingAnswer } from '@portal/contracts';
import type { MissingItem } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useActionFeedback } from '../../../forms/action-feedback';
import { FORM_MESSAGES } from '../../../forms/field-rules';
import { type FormKit, useFormKit } from '../../../forms/form';
import { isHttpCode, type StepDraft, type StepEndpoints, useStepActions } from './onboarding-api';
import { useUnsavedChanges } from './unsaved-changes';
import { useUploadRefusal } from './upload-refusal';

export type StepNotice = 'saved' | 'submitted' | 'conflict';

export interface StepFlowOptions<TValues extends FieldValues, S extends StepEndpoints> {
  onboarding: OnboardingAnswer;
  /** The step's endpoints (onboarding-api.ts CONTRACTUAL_STEP, FINANCIAL_STEP). */
  step: S;
  toValues: (onboarding: OnboardingAnswer) => TValues;
  /** The PUT body at the version the form was loaded from; the form checks it against the step's contract. */
  toDraft: (values: TValues, version: number) => StepDraft<S>;
  /** The contract's rules across fields: what to check again when a field changes (useFormKit). */
  dependencies?: Readonly<Record<string, readonly string[]>>;
  /** The newly chosen file, uploaded right after the draft is saved. */
  fileOf: (values: TValues) => File | null;
  /** The file's field, where a file the API refuses is said. */
  fileField: Path<TValues>;
  /** The domain's rule for the step (packages/domain missingForContractual, missingForFinancial). */
  missingOf: (onboarding: OnboardingAnswer) => MissingItem[];
  /** What the step says once it was submitted. */
  submittedText: string;
  /** The fields the submission requires, from the step's domain rule (contractualRequiredFields, …). */
  requiredToSubmit: readonly string[];
}

/**
 * A document step's flow, as the legitimacy step's: the form checks the draft it would save against the
 * step's contract (its save endpoint's body, as the API does); "Save" stores the draft at the version the
 * form was loaded from (a stale one reloads and says so), then uploads a newly chosen file; "Submit" saves,
 * checks the domain's list of what is missing, then submits, and shows the API's 400 MISSING list the same
 * way.
 */
export function useStepFlow<TValues extends FieldValues, S extends StepEndpoints>(
  options: StepFlowOptions<TValues, S>,
) {
  const {
    onboarding,
    step,
    toValues,
    toDraft,
    fileOf,
    fileField,
    missingOf,
    dependencies,
    submittedText,
    requiredToSubmit,
  } = options;
  const { t } = useTranslation();
  const form: FormKit<TValues> = useFormKit<TValues>({
    defaultValues: toValues(onboarding) as DefaultValues<TValues>,
    schema: step.save.body,
    requiredToSubmit,
    toInput: (values) => toDraft(values, onboarding.organisation.version),
    ...(dependencies ? { dependencies } : {}),
  });
  const actions = useStepActions(step);
  const refused = useUploadRefusal(form);
  useUnsavedChanges(step.save.path, form.formState.isDirty);
  const loaded = useRef(onboarding);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<StepNotice | null>(null);
  const [missing, setMissing] = useState<MissingItem[] | null>(null);
  const feedback = useActionFeedback();
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (missing) summary.current?.focus();
  }, [missing]);

  const load = (next: OnboardingAnswer) => {
    loaded.current = next;
    form.reset(toValues(next) as DefaultValues<TValues>, { keepSubmitCount: true });
  };

  const reloadAfterConflict = async () => {
    load(await actions.reload());
    setNotice('conflict');
  };

  /**
   * The version the draft is saved at. The organisation's version moves with every step's write: when the
   * newest application the page holds (another step's save, in this tab) has this step's values as they
   * were loaded, nobody changed this step and its newer version is the one to send; otherwise the version
   * the form was loaded from, so a change made meanwhile answers 409 and is not overwritten.
   */
  const versionToSave = (): number => {
    const same = JSON.stringify(toValues(onboarding)) === JSON.stringify(toValues(loaded.current));
    return (same ? onboarding : loaded.current).organisation.version;
  };

  const saveDraft = async (values: TValues): Promise<OnboardingAnswer | null> => {
    const outcome = await actions.save.mutateAsync(toDraft(values, versionToSave()));
    if (outcome.kind === 'conflict') {
      await reloadAfterConflict();
      return null;
    }
    const file = fileOf(values);
    if (!file) {
      load(outcome.onboarding);
      return outcome.onboarding;
    }
    try {
      await actions.upload.mutateAsync(file);
    } catch (error) {
      // The draft is stored all the same: the form shows it, the file's field names the refused file and
      // says the rest was saved, and the file can be chosen again.
      load(outcome.onboarding);
      refused(fileField, file, error);
      return null;
    }
    const stored = await actions.reload();
    load(stored);
    return stored;
  };

  const showMissing = (items: MissingItem[]) => {
    setMissing(items);
    for (const item of items) {
      form.setError(item.field as Path<TValues>, { type: 'missing', message: FORM_MESSAGES.required });
    }
  };

  const submitForReview = async (values: TValues) => {
    const saved = await saveDraft(values);
    if (!saved) return;
    const lacking = missingOf(saved);
    if (lacking.length > 0) return showMissing(lacking);
    const outcome = await actions.submit.mutateAsync(saved.organisation.version);
    if (outcome.kind === 'conflict') return reloadAfterConflict();
    if (outcome.kind === 'missing') return showMissing(outcome.items);
    load(outcome.onboarding);
    setNotice('submitted');
    feedback.say(submittedText);
  };

  /** Runs a flow; failures were shown by the error handler, a locked step reloads. */
  const run = (flow: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    setMissing(null);
    feedback.clear();
    flow()
      .catch(async (error: unknown) => {
        // A 400 naming fields marks them; a locked step reloads.
        if (form.markServerErrors(error)) return;
        if (isHttpCode(error, 409, 'STEP_LOCKED')) load(await actions.reload());
      })
      .catch(() => {})
      .finally(() => setBusy(false));
  };

  const save = (values: TValues) =>
    run(() =>
      saveDraft(values).then((saved) => {
        if (!saved) return;
        setNotice('saved');
        feedback.say(t('external.onboarding.legitimacy.saved'));
      }),
    );
  const submit = (values: TValues) => run(() => submitForReview(values));
  return { form, busy, notice, missing, summary, feedback, save, submit };
}
