import { mahRegisterSchema, type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import {
  feeFor,
  type MissingItem,
  missingForMah,
  type OrgType,
  requiredToSubmit,
  topUp,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { CheckboxGroupField } from '../../../forms/choice-fields';
import { FORM_MESSAGES } from '../../../forms/field-rules';
import { Form, useFormKit } from '../../../forms/form';
import { openModal } from '../../../modal/modal-store';
import { formatFee } from './financial-step';
import { emptyMah, type MahDraft, type MahValues, mahDraft } from './legitimacy-values';
import { MahsFields } from './mahs-fields';
import { isListItem } from './missing-items';
import { MissingSummary } from './missing-summary';
import styles from './onboarding.module.css';
import { onboardingCall, useOnboardingWrite } from './onboarding-api';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * The register's form: the ids of the MAHs ticked active, the new MAHs (mahs-fields.tsx MahList 'added'),
 * and the type their fields need.
 */
interface RegisterValues {
  active: string[];
  company: { orgType: OrgType };
  added: MahValues[];
}

/** The MAHs stored as active. */
const activeOf = (onboarding: OnboardingAnswer) =>
  onboarding.mahRegister.mahs.filter((mah) => mah.active).map((mah) => mah.id);

/**
 * The new MAHs, each complete (packages/domain missingForMah, the API's own rule for `added`), the fields
 * named as the register's form names them (`added.0.name`).
 */
function missingOfAdded(added: MahDraft[], orgType: OrgType): MissingItem[] {
  return added.flatMap((mah, index) =>
    missingForMah(mah, index, orgType).map((item) => ({
      ...item,
      field: item.field.replace(/^mahs\./, 'added.'),
    })),
  );
}

/**
 * The company's MAH register once its legitimacy is approved (mahRegister.editable, from APPROVALS on):
 * each MAH with an active toggle, never deleted, and new MAHs added complete (with the legitimacy step's
 * fields). The fee follows the active count (packages/domain feeFor) as the company edits, and is stored on
 * save; more active MAHs than the approved invoicing form declares ask for a top-up (the API decides).
 */
export function MahRegister({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t, i18n } = useTranslation();
  const write = useOnboardingWrite();
  const { mahs } = onboarding.mahRegister;
  const { orgType } = onboarding.company;
  const { version } = onboarding.organisation;
  const editable = onboarding.mahRegister.editable && onboarding.access === 'FULL';
  const [loadedVersion, setLoadedVersion] = useState(version);
  const [conflict, setConflict] = useState(false);
  const [missing, setMissing] = useState<MissingItem[] | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const feedback = useActionFeedback();
  // The contract's rules on the new MAHs as the save would send them (mahRegisterSchema's `added`).
  const form = useFormKit<RegisterValues>({
    defaultValues: { active: activeOf(onboarding), company: { orgType }, added: [] },
    schema: mahRegisterSchema,
    // What a new MAH needs (the rule the save checks, missingOfAdded), marked on its fields.
    requiredToSubmit: requiredToSubmit(missingOfAdded([mahDraft(emptyMah(), orgType === 'PD')], orgType)),
    toInput: (values) => ({
      version,
      mahs: [],
      added: values.added.map((mah) => mahDraft(mah, orgType === 'PD')),
    }),
  });
  const added = useWatch({ control: form.control, name: 'added' }) ?? [];
  const active = useWatch({ control: form.control, name: 'active' }) ?? [];

  // Another write (this one, another step's) moved the application on: the ticks follow what is stored.
  useEffect(() => {
    if (loadedVersion === version) return;
    setLoadedVersion(version);
    form.resetField('active', { defaultValue: activeOf(onboarding) });
  }, [loadedVersion, version, onboarding, form]);
  useEffect(() => {
    if (missing) summary.current?.focus();
  }, [missing]);

  const isActive = (id: string) => active.includes(id);
  // New MAHs are active from the start.
  const activeCount = mahs.filter((mah) => isActive(mah.id)).length + added.length;
  const fee = feeFor(activeCount);
  const stored = activeOf(onboarding);
  const toggled = mahs.some((mah) => isActive(mah.id) !== stored.includes(mah.id));
  useUnsavedChanges('mah-register', added.length > 0 || toggled);

  /**
   * More active MAHs than the approved invoicing form declared send that form back (the
   * API's top-up, packages/domain topUp): said before the save, with what the fee rises by.
   */
  const reopensInvoicing = () => {
    const invoicing = onboarding.financial.invoicing;
    if (onboarding.checks.FINANCIAL?.status !== 'APPROVED' || !invoicing) return null;
    const due = topUp(invoicing.declaredMahCount, activeCount);
    return due.backToRejected ? due : null;
  };

  const save = (values: RegisterValues) => {
    const due = reopensInvoicing();
    if (!due) return send(values);
    openModal({
      title: 'external.onboarding.mahRegister.reopensTitle',
      text: t(
        due.amountCents > 0
          ? 'external.onboarding.mahRegister.reopensText'
          : 'external.onboarding.mahRegister.reopensTextSameFee',
        {
          amount: formatFee(due.amountCents, i18n.language),
          count: activeCount,
        },
      ),
      primaryButton: { name: 'external.onboarding.mahRegister.saveAnyway', action: () => send(values) },
    });
  };

  const send = (values: RegisterValues) => {
    setConflict(false);
    feedback.clear();
    const drafts = values.added.map((mah) => mahDraft(mah, orgType === 'PD'));
    const lacking = missingOfAdded(drafts, orgType);
    setMissing(lacking.length > 0 ? lacking : null);
    if (lacking.length > 0) {
      for (const item of lacking) {
        if (isListItem(item.field)) continue;
        form.setError(item.field as Path<RegisterValues>, {
          type: 'missing',
          message: FORM_MESSAGES.required,
        });
      }
      return;
    }
    write
      .mutateAsync(
        onboardingCall(onboardingApi.saveMahs, {
          body: {
            version,
            mahs: mahs.map((mah) => ({ id: mah.id, active: values.active.includes(mah.id) })),
            added: drafts,
          },
        }),
      )
      .then((outcome) => {
        if (outcome.kind === 'conflict') return setConflict(true);
        form.reset({ active: values.active, company: { orgType }, added: [] });
        feedback.say(t('external.onboarding.mahRegister.saved'));
      })
      .catch((error: unknown) => form.markServerErrors(error));
  };

  return (
    <section className={styles.step} aria-labelledby="mah-register-title">
      <h2 id="mah-register-title" className={styles.stepTitle}>
        {t('external.onboarding.mahRegister.title')}
      </h2>
      {conflict && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
      <p>
        {fee.tier
          ? t('external.onboarding.financial.fee', {
              count: activeCount,
              tier: fee.tier,
              amount: formatFee(fee.amountCents, i18n.language),
            })
          : t('external.onboarding.financial.noFee')}
      </p>
      {missing && <MissingSummary ref={summary} items={missing} />}
      <Form form={form} aria-labelledby="mah-register-title" onSubmit={save}>
        {mahs.length > 0 && (
          <CheckboxGroupField
            name="active"
            label={t('external.onboarding.mahRegister.activeLegend')}
            items={mahs.map((mah) => ({
              id: mah.id,
              name: t('external.onboarding.mahRegister.active', {
                name: mah.name ?? '',
                country: mah.country ?? '',
              }),
            }))}
            disabled={!editable}
          />
        )}
        {editable && (
          <MahsFields list="added" disabled={false} missing={new Set(missing?.map((item) => item.field))} />
        )}
        {editable && (
          <div className="form-actions">
            <ActionFeedback feedback={feedback} />
            <button type="submit" className="primary" disabled={write.isPending}>
              {t('external.onboarding.mahRegister.save')}
            </button>
          </div>
        )}
      </Form>
    </section>
  );
}
