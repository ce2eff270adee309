import { legitimacyDraftSchema, type Onboarding, ORG_TYPES } from '@portal/contracts';
import { canSubmit, legitimacyRequiredFields, type MissingItem, missingForLegitimacy } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { FORM_MESSAGES } from '../../../forms/field-rules';
import { Form, type FormKit, useFormKit } from '../../../forms/form';
import { CompanyFields } from './company-fields';
import { ContactsFields } from './contacts-fields';
import { LegitimacyStatus } from './legitimacy-status';
import { type LegitimacyValues, toDraft, toValues } from './legitimacy-values';
import { MahsFields } from './mahs-fields';
import { isListItem } from './missing-items';
import { MissingSummary } from './missing-summary';
import styles from './onboarding.module.css';
import { isHttpCode, useLegitimacyActions } from './onboarding-api';
import { LegitimacySummary } from './step-summaries';
import { useUnsavedChanges } from './unsaved-changes';
import { useUploadRefusal } from './upload-refusal';

/**
 * The company edits the step exactly when it may submit it (packages/domain canSubmit, as the API decides
 * STEP_LOCKED): before the first submission or after corrections were requested, while the application is
 * REGISTERED or INFORMATION, and only with FULL access.
 */
export function isLegitimacyEditable(onboarding: Onboarding): boolean {
  const statusOf = (type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL') =>
    onboarding.checks[type]?.status ?? 'NOT_SUBMITTED';
  return (
    onboarding.access === 'FULL' &&
    canSubmit('LEGITIMACY', {
      stage: onboarding.organisation.stage,
      legitimacyStatus: statusOf('LEGITIMACY'),
      contractualStatus: statusOf('CONTRACTUAL'),
      financialStatus: statusOf('FINANCIAL'),
    })
  );
}

/**
 * The form kit's form on the contract's legitimacyDraftSchema, checked on the draft the form would send, so
 * that a value the API refuses is refused here, at its field: a VAT number not of the company's country, a
 * product code whose check digits are wrong. Licences are blank-dropped in the draft: its indexes are not
 * the inputs', whose names (`.value`) no issue reaches; their rule (1 to 50 characters) is the inputs' own.
 */
/**
 * What the submission requires (packages/domain missingForLegitimacy, through legitimacyRequiredFields):
 * marked on the fields, though a draft may leave them blank. Both organisation types' lists: a PD
 * company's licences show only while PD is chosen.
 */
const REQUIRED_TO_SUBMIT = [...new Set(ORG_TYPES.flatMap(legitimacyRequiredFields))];

const useLegitimacyForm = (onboarding: Onboarding): FormKit<LegitimacyValues> =>
  useFormKit<LegitimacyValues>({
    requiredToSubmit: REQUIRED_TO_SUBMIT,
    defaultValues: toValues(onboarding),
    schema: legitimacyDraftSchema,
    toInput: (values) => toDraft(values, onboarding.organisation.version),
    // The VAT number's shape depends on the address's country.
    dependencies: { 'company.address.country': ['company.vatNumber'] },
  });

type Notice = 'saved' | 'submitted' | 'conflict';

/** What the legitimacy step writes and shows of an application: its draft and its check. */
const legitimacyPart = (onboarding: Onboarding) =>
  JSON.stringify([toDraft(toValues(onboarding), 0), onboarding.checks.LEGITIMACY]);

/**
 * True when `next` is a newer version of `loaded` that changed nothing of the legitimacy step: another
 * write of this page (the people section inviting the SPOC Assistant), or someone else's
 * change elsewhere. A save at its version then overwrites no one's legitimacy edits.
 */
const movedOnElsewhere = (loaded: Onboarding, next: Onboarding) =>
  next.organisation.version > loaded.organisation.version && legitimacyPart(next) === legitimacyPart(loaded);

/** Codes after which the page no longer matches what is stored: the step reloads it. */
const RELOADING_CODES = ['STEP_LOCKED', 'ORG_TYPE_LOCKED'];

/**
 * The legitimacy step (domain.md "Legitimacy"): company data, contacts, MAHs with products. "Save draft"
 * stores it at the version the form was loaded from (a stale one reloads and says so), then uploads a newly
 * chosen copy of proof; "Submit for review" saves, then submits, and lists what is missing at the top.
 */
export function LegitimacyStep({ onboarding }: { onboarding: Onboarding }) {
  const { t } = useTranslation();
  const form = useLegitimacyForm(onboarding);
  const actions = useLegitimacyActions();
  const refused = useUploadRefusal(form);
  /** The application the form was loaded from: its version is the one a save claims to change. */
  const loaded = useRef(onboarding);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [missing, setMissing] = useState<MissingItem[] | null>(null);
  const feedback = useActionFeedback();
  const summary = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const check = onboarding.checks.LEGITIMACY;
  const status = check?.status ?? 'NOT_SUBMITTED';
  const editable = isLegitimacyEditable(onboarding);
  useUnsavedChanges('legitimacy', editable && form.formState.isDirty);

  useEffect(() => {
    if (missing) summary.current?.focus();
  }, [missing]);
  // A newer application that left the step as it was (the people section's writes): the form keeps the
  // user's edits and saves at the newer version, rather than answering a conflict with itself.
  useEffect(() => {
    if (movedOnElsewhere(loaded.current, onboarding)) loaded.current = onboarding;
  }, [onboarding]);
  useEffect(() => {
    if (notice === 'submitted') heading.current?.focus();
  }, [notice]);

  /** The form shows `next` from now on (its values, pristine), and saves at its version. */
  const load = (next: Onboarding) => {
    loaded.current = next;
    form.reset(toValues(next), { keepSubmitCount: true });
  };

  const reloadAfterConflict = async () => {
    load(await actions.reload());
    setNotice('conflict');
  };

  /** Saves the draft, then uploads a new copy of proof: the stored application, or null when it stopped. */
  const saveDraft = async (values: LegitimacyValues): Promise<Onboarding | null> => {
    const outcome = await actions.save.mutateAsync(toDraft(values, loaded.current.organisation.version));
    if (outcome.kind === 'conflict') {
      await reloadAfterConflict();
      return null;
    }
    const file = values.authorisedRepresentative.copyOfProof;
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
      refused('authorisedRepresentative.copyOfProof', file, error);
      return null;
    }
    // The stored application with its new file (and the version the upload may have moved on).
    const stored = await actions.reload();
    load(stored);
    return stored;
  };

  const showMissing = (items: MissingItem[]) => {
    setMissing(items);
    for (const item of items) {
      if (!isListItem(item.field)) {
        form.setError(item.field as Path<LegitimacyValues>, {
          type: 'missing',
          message: FORM_MESSAGES.required,
        });
      }
    }
  };

  /**
   * The domain's list first (packages/domain missingForLegitimacy, the API's own rule): nothing is
   * submitted while something is missing. The API stays the judge: its 400 MISSING list shows the same way.
   */
  const submitForReview = async (values: LegitimacyValues) => {
    const saved = await saveDraft(values);
    if (!saved) return;
    const lacking = missingForLegitimacy(saved);
    if (lacking.length > 0) return showMissing(lacking);
    const outcome = await actions.submit.mutateAsync(saved.organisation.version);
    if (outcome.kind === 'conflict') return reloadAfterConflict();
    if (outcome.kind === 'missing') return showMissing(outcome.items);
    load(outcome.onboarding);
    setNotice('submitted');
    feedback.say(t('external.onboarding.legitimacy.submitted'));
  };

  /**
   * Runs a flow after the form's own checks passed. Not awaited by react-hook-form's handleSubmit, which
   * would otherwise skip counting the submission when the flow resets the form (and then hide the marks of
   * missing fields). Failures were shown by the error handler; some mean the page is out of date.
   */
  const run = (flow: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    setMissing(null);
    feedback.clear();
    flow()
      .catch(async (error: unknown) => {
        // A 400 naming fields marks them.
        if (form.markServerErrors(error)) return;
        if (RELOADING_CODES.some((code) => isHttpCode(error, 409, code))) load(await actions.reload());
      })
      .catch(() => {})
      .finally(() => setBusy(false));
  };

  return (
    <section className={styles.step} aria-labelledby="legitimacy-title">
      <h2 id="legitimacy-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {t('external.onboarding.legitimacy.title')}
      </h2>
      <LegitimacyStatus check={check} />
      {/* Once submitted the form is gone: the confirmation shows under the step's heading, which has the focus. */}
      {!editable && <ActionFeedback feedback={feedback} />}
      {editable && status === 'NOT_SUBMITTED' && <p>{t('external.onboarding.legitimacy.intro')}</p>}
      {notice === 'conflict' && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
      {missing && <MissingSummary ref={summary} items={missing} />}
      {/* A step the company may not change shows what it gave, not greyed inputs. */}
      {!editable && <LegitimacySummary onboarding={onboarding} />}
      {editable && (
        <Form
          form={form}
          aria-labelledby="legitimacy-title"
          onSubmit={(values) => run(() => submitForReview(values))}
        >
          <CompanyFields disabled={false} orgTypeLocked={onboarding.organisation.orgTypeLocked} />
          <ContactsFields disabled={false} copyOfProof={onboarding.authorisedRepresentative.copyOfProof} />
          <MahsFields disabled={false} missing={new Set(missing?.map((item) => item.field))} />
          <div className="form-actions">
            <ActionFeedback feedback={feedback} />
            <button
              type="button"
              disabled={busy}
              onClick={form.handleSubmit((values) =>
                run(() =>
                  saveDraft(values).then((saved) => {
                    if (!saved) return;
                    setNotice('saved');
                    feedback.say(t('external.onboarding.legitimacy.saved'));
                  }),
                ),
              )}
            >
              {t('external.onboarding.legitimacy.saveDraft')}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {t(
                status === 'CORRECTIONS_REQUESTED'
                  ? 'external.onboarding.legitimacy.resubmit'
                  : 'external.onboarding.legitimacy.submit',
              )}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
