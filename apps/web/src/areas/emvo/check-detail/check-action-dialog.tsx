import type { ReviewAction } from '@portal/contracts';
import { type BillingAction, isInvoiceNumber, isReasonRequired } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFormKit } from '../../../forms/form';
import type { FormRefinement } from '../../../forms/form-schema';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { tk } from '../../../i18n/i18n';
import {
  closeModal,
  getShownModal,
  type ModalButton,
  openModal,
  updateModal,
} from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { isDecidedFirst, useCheckActions } from '../reviews-api';

/** What the reviewer does to a check: a decision (START included) or a billing step (FINANCIAL). */
export type CheckStep =
  | { kind: 'decision'; action: ReviewAction }
  | { kind: 'billing'; action: BillingAction };

/** contracts checkDecisionSchema: a reason of at most 2,000 characters. */
export const REASON_MAX_LENGTH = 2000;
/** contracts billingStepSchema, packages/domain INVOICE_NUMBER_PATTERN: 1 to 30 characters. */
export const INVOICE_NUMBER_MAX_LENGTH = 30;

/** The form's message for an invoice number of the wrong shape: the API's own message for the same rule. */
const INVOICE_NUMBER_MESSAGE = tk('errors.back.INVALID_INVOICE_NUMBER');

/** packages/domain INVOICE_NUMBER_PATTERN, checked in the form before anything is sent. */
const invoiceNumberRule: FormRefinement = {
  path: 'invoiceNumber',
  dependsOn: [],
  check: (values) => {
    const value = values.invoiceNumber;
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return isInvoiceNumber(value) ? undefined : INVOICE_NUMBER_MESSAGE;
  },
};

interface StepValues {
  reason: string;
  invoiceNumber: string;
}

/** Where the modal's primary button finds the embedded form's submission, once the form is mounted. */
interface Submitter {
  current: (() => void) | undefined;
}

/** The step asks for a reason (domain.md: all decisions but Approve; Start is no decision). */
const needsReason = (step: CheckStep) => step.kind === 'decision' && isReasonRequired(step.action);

/**
 * The modal's primary button confirms the step (spec §2: so does Enter outside a textarea). It stays open
 * while the call runs: the form closes it once the check is decided, or keeps it with the reviewer's input
 * when the call failed for a reason they can fix.
 */
const confirmButton = (step: CheckStep, submitter: Submitter, disabled = false): ModalButton => ({
  name: `emvo.check.actions.${step.action}.confirm`,
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

interface CheckStepFormProps {
  step: CheckStep;
  checkId: string;
  /** The check's version the reviewer saw: a decision on a stale one answers 409 CHECK_DECIDED_FIRST. */
  version: number;
  submitter: Submitter;
}

/**
 * The embedded part of a step's modal: the reason or the invoice number when the step needs one (nothing
 * otherwise), and the call itself.
 */
function CheckStepForm({ step, checkId, version, submitter }: CheckStepFormProps) {
  const { t } = useTranslation();
  const { decide, bill } = useCheckActions(checkId);
  const form = useFormKit<StepValues>({
    defaultValues: { reason: '', invoiceNumber: '' },
    refinements: step.action === 'MARK_INVOICED' ? [invoiceNumberRule] : [],
  });
  // This modal, so that a late answer never closes another modal opened meanwhile.
  const [modalId] = useState(() => getShownModal()?.id);
  const closeOwn = () => {
    if (getShownModal()?.id === modalId) closeModal();
  };
  const sending = useRef(false);
  const pending = decide.isPending || bill.isPending;

  const call = (values: StepValues) => {
    const params = { id: checkId };
    if (step.kind === 'decision') {
      const reason = needsReason(step) ? values.reason.trim() : null;
      return decide.mutateAsync({ params, body: { action: step.action, reason, version } });
    }
    if (step.action === 'MARK_INVOICED') {
      return bill.mutateAsync({
        params,
        body: { action: 'MARK_INVOICED', invoiceNumber: values.invoiceNumber.trim(), version },
      });
    }
    return bill.mutateAsync({ params, body: { action: 'MARK_PAID', version } });
  };

  const send = async (values: StepValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await call(values);
      toast.success(t(`emvo.check.actions.${step.action}.done`));
      closeOwn();
    } catch (error) {
      // The app's error handler has shown the message already (mutation cache, spec §8), and reviews-api
      // reloads the check whatever the answer. Someone who decided first (409 CHECK_DECIDED_FIRST) makes
      // this step moot: close, so that the reviewer sees the check as it is now. Other failures keep the
      // modal and what the reviewer typed, to try again or cancel.
      if (isDecidedFirst(error)) closeOwn();
    } finally {
      sending.current = false;
    }
  };

  useEffect(() => {
    submitter.current = () => void form.handleSubmit(send)();
  });

  // No second confirmation while the call runs (spec §2: Enter does nothing on a disabled primary button).
  useEffect(() => {
    if (getShownModal()?.id === modalId)
      updateModal({ primaryButton: confirmButton(step, submitter, pending) });
  }, [pending, modalId, step, submitter]);

  if (step.action === 'MARK_INVOICED') {
    return (
      <Form form={form} onSubmit={send}>
        <TextField
          name="invoiceNumber"
          label={t('emvo.check.billing.invoiceNumber')}
          description={t('emvo.check.billing.invoiceNumberHelp')}
          required
          minLength={1}
          maxLength={INVOICE_NUMBER_MAX_LENGTH}
          autoComplete="off"
        />
      </Form>
    );
  }
  if (needsReason(step)) {
    return (
      <Form form={form} onSubmit={send}>
        <TextareaField
          name="reason"
          label={t('emvo.check.reason.label')}
          description={t('emvo.check.reason.help')}
          required
          maxLength={REASON_MAX_LENGTH}
        />
      </Form>
    );
  }
  return null;
}

/** What the step's explanation names: the company, the check, and for billing the fee and the invoice. */
export interface CheckStepContext {
  checkId: string;
  version: number;
  /** Texts interpolated into the modal's title and explanation. */
  values: { name: string; check: string; fee: string; invoiceNumber: string };
}

/**
 * Opens the shared modal (spec §2) for a step: its title, a short explanation, the field it needs, and the
 * primary button that confirms it.
 */
export function openCheckStep(step: CheckStep, context: CheckStepContext, t: TFunction) {
  const submitter: Submitter = { current: undefined };
  openModal({
    title: t(`emvo.check.actions.${step.action}.title`, context.values),
    text: t(`emvo.check.actions.${step.action}.text`, context.values),
    component: (
      <CheckStepForm step={step} checkId={context.checkId} version={context.version} submitter={submitter} />
    ),
    primaryButton: confirmButton(step, submitter),
  });
}
