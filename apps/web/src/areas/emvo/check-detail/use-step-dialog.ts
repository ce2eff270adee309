import type { CheckDetail } from '@portal/contracts';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getShownModal, openModal } from '../../../modal/modal-store';
import type { CheckCalls } from '../reviews-api';
import { type CheckStep, type CheckStepContext, openCheckStep } from './check-action-dialog';

/** The step whose dialog is open: its modal, and whether the reviewer sent its call from it. */
interface OpenStep {
  step: CheckStep;
  modalId: number;
  sent: boolean;
}

/** Whether the check, as it is now, still offers the step (a decision, or a billing step). */
const isOffered = (detail: CheckDetail, step: CheckStep): boolean =>
  step.kind === 'decision'
    ? detail.allowedActions.includes(step.action)
    : (detail.billing?.allowedActions.includes(step.action) ?? false);

/**
 * Opens a step's dialog, and keeps it honest while it is open: when the check changes under it (a colleague
 * decided; the live stream reloaded the check) so that the step is no longer offered, the dialog gives way
 * at once to a notice saying so, rather than answering 409 once the reviewer confirms. Once the reviewer
 * sent the step, the dialog is left to its own answer (it closes on success; a refusal such as 409
 * CHECK_DECIDED_FIRST names, in the dialog, who decided first).
 */
export function useStepDialog(detail: CheckDetail, calls: CheckCalls) {
  const { t } = useTranslation();
  const open = useRef<OpenStep | null>(null);

  useEffect(() => {
    const held = open.current;
    if (!held) return;
    if (getShownModal()?.id !== held.modalId) {
      open.current = null;
      return;
    }
    if (held.sent || isOffered(detail, held.step)) return;
    open.current = null;
    const text = t('emvo.check.live.stepGone.text', {
      action: t(`emvo.check.actions.${held.step.action}.button`),
      status: t(`emvo.check.statuses.${detail.check.status}`),
    });
    // Content, not the modal's text: that is read as a key, and this sentence is already in words.
    openModal({
      title: t('emvo.check.live.stepGone.title'),
      component: createElement('p', null, text),
      secondaryButton: { hide: true },
    });
  }, [detail, t]);

  const sent = () => {
    if (open.current) open.current.sent = true;
  };
  const tracked: CheckCalls = {
    decide: (body) => {
      sent();
      return calls.decide(body);
    },
    takeOver: calls.takeOver,
    bill: (body) => {
      sent();
      return calls.bill(body);
    },
  };

  return (step: CheckStep, context: CheckStepContext) => {
    openCheckStep(step, context, t, tracked);
    const shown = getShownModal();
    open.current = shown ? { step, modalId: shown.id, sent: false } : null;
  };
}
