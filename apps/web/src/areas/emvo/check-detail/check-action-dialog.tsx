import {
  type BillingStepInput,
  billingStepSchema,
  CHECK_HELD_BY_OTHER,
  type CheckDecisionInput,
  checkDecisionSchema,
  type ReviewAction,
} from '@portal/contracts';
import { type BillingAction, isReasonRequired } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { HttpError } from '../../../http/http-client';
import { openFormDialog } from '../../../modal/form-dialog';
import { toast } from '../../../toast/toast';
import type { CheckCalls } from '../reviews-api';
import { askTakeOver } from '../take-over-question';

/** What the reviewer does to a check: a decision (START included) or a billing step (FINANCIAL). */
export type CheckStep =
  | { kind: 'decision'; action: ReviewAction }
  | { kind: 'billing'; action: BillingAction };

interface StepValues {
  reason: string;
  invoiceNumber: string;
}

/** The step asks for a reason (domain.md: all decisions but Approve; Start is no decision). */
const needsReason = (step: CheckStep) => step.kind === 'decision' && isReasonRequired(step.action);

/** The body a step sends: the contract's (checkDecisionSchema, billingStepSchema). */
function bodyOf(step: CheckStep, values: StepValues, version: number) {
  if (step.kind === 'decision') {
    const reason = needsReason(step) ? values.reason.trim() : null;
    return { kind: 'decision', body: { action: step.action, reason, version } } as const;
  }
  const body: BillingStepInput =
    step.action === 'MARK_INVOICED'
      ? { action: 'MARK_INVOICED', invoiceNumber: values.invoiceNumber.trim(), version }
      : { action: 'MARK_PAID', version };
  return { kind: 'billing', body } as const;
}

/**
 * The field a step asks for: the reason (required by the domain for this step, its length the contract's),
 * the invoice number (its rules the contract's; its shape, packages/domain INVOICE_NUMBER_PATTERN, the
 * API's, whose refusal shows in the dialog), or none.
 */
function StepFields({ step }: { step: CheckStep }) {
  const { t } = useTranslation();
  if (step.action === 'MARK_INVOICED') {
    return (
      <TextField
        name="invoiceNumber"
        label={t('emvo.check.billing.invoiceNumber')}
        description={t('emvo.check.billing.invoiceNumberHelp')}
        autoComplete="off"
      />
    );
  }
  if (needsReason(step)) {
    return (
      <TextareaField
        name="reason"
        label={t('emvo.check.reason.label')}
        description={t('emvo.check.reason.help')}
        required
      />
    );
  }
  return null;
}

/** What the step's explanation names: the company, the check, and for billing the fee and the invoice. */
export interface CheckStepContext {
  /** The check's version the reviewer saw: a decision on a stale one answers 409 CHECK_DECIDED_FIRST. */
  version: number;
  /** Texts interpolated into the modal's title and explanation. */
  values: { name: string; check: string; fee: string; invoiceNumber: string };
}

/** A decision the API held back because a colleague is on the check: who, and what was sent. */
interface HeldByOther {
  heldBy: string;
  body: CheckDecisionInput;
}

/** The colleague a 409 CHECK_HELD_BY_OTHER names (its entry's `values.holder`), or null for any other answer. */
function holderOf(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 409 || error.code !== CHECK_HELD_BY_OTHER)
    return null;
  const first: unknown = Array.isArray(error.body) ? error.body[0] : error.body;
  const values = typeof first === 'object' && first !== null && 'values' in first ? first.values : null;
  const holder = typeof values === 'object' && values !== null && 'holder' in values ? values.holder : null;
  return typeof holder === 'string' && holder !== '' ? holder : null;
}

const ASKED = Symbol('asked');

/**
 * The decision, or, when a colleague holds the check (409 CHECK_HELD_BY_OTHER), the question whether to
 * take it over, which replaces the form dialog (so the focus still goes back to the decision's button).
 */
async function decideOrAsk(
  calls: CheckCalls,
  body: CheckDecisionInput,
  ask: (held: HeldByOther) => void,
): Promise<unknown> {
  try {
    return await calls.decide(body);
  } catch (error) {
    const heldBy = holderOf(error);
    if (heldBy === null) throw error;
    ask({ heldBy, body });
    return ASKED;
  }
}

/**
 * The form dialog (spec §2) of a step: its title, a short explanation, the field it needs with the
 * contract's rules, and the primary button that confirms it. A refusal (someone decided first: 409
 * CHECK_DECIDED_FIRST; an invoice number of the wrong shape) stays in the dialog beside what was typed;
 * the check reloads behind it whatever the answer (reviews-api). A decision on a check a colleague holds
 * (409 CHECK_HELD_BY_OTHER) asks whether to take it over before it is sent again.
 */
export function openCheckStep(step: CheckStep, context: CheckStepContext, t: TFunction, calls: CheckCalls) {
  const done = () => toast.success(t(`emvo.check.actions.${step.action}.done`));
  openFormDialog<StepValues, unknown>({
    title: t(`emvo.check.actions.${step.action}.title`, context.values),
    text: t(`emvo.check.actions.${step.action}.text`, context.values),
    confirm: `emvo.check.actions.${step.action}.confirm`,
    defaultValues: { reason: '', invoiceNumber: '' },
    schema: step.kind === 'decision' ? checkDecisionSchema : billingStepSchema,
    toInput: (values) => bodyOf(step, values, context.version).body,
    fields: <StepFields step={step} />,
    submit: (values) => {
      const call = bodyOf(step, values, context.version);
      if (call.kind === 'billing') return calls.bill(call.body);
      return decideOrAsk(calls, call.body, (held) =>
        askTakeOver(t, {
          question: t('emvo.check.takeOver.question', { holder: held.heldBy }),
          // A refusal now (someone decided meanwhile) goes to the error handler: the form dialog is gone.
          onConfirm: () => void calls.takeOver(held.body).then(done, () => undefined),
        }),
      );
    },
    // Asked instead: the decision is not taken yet.
    done: (result) => {
      if (result !== ASKED) done();
    },
  });
}
