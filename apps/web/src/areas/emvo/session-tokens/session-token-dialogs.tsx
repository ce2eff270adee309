import { SESSION_TOKEN_REASON_MAX_LENGTH, type SessionTokenRow } from '@portal/contracts';
import {
  isSessionTokenValue,
  SESSION_TOKEN_VALUE_MAX_LENGTH,
  SESSION_TOKEN_VALUE_MIN_LENGTH,
} from '@portal/domain';
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
import { isConflict, useSessionTokenActions } from './session-tokens-api';

/** A reviewer's step on a token: issue it (paste its value) or cancel it with a reason. */
export type TokenStep = 'issue' | 'cancel';

/**
 * packages/domain isSessionTokenValue: the length is the field's own rule (spec §5 minimum and maximum
 * length messages, with the length), white space this one's, with its own message (spec §5: a pattern
 * error maps to a named message).
 */
const noSpacesRule: FormRefinement = {
  path: 'value',
  dependsOn: [],
  check: (values) => {
    const value = values.value;
    if (typeof value !== 'string' || value === '') return undefined;
    if (value.length < SESSION_TOKEN_VALUE_MIN_LENGTH || value.length > SESSION_TOKEN_VALUE_MAX_LENGTH) {
      return undefined;
    }
    return isSessionTokenValue(value) ? undefined : tk('errors.form.pattern.sessionTokenValue');
  },
};

interface StepValues {
  value: string;
  reason: string;
}

/** Where the modal's primary button finds the embedded form's submission, once the form is mounted. */
interface Submitter {
  current: (() => void) | undefined;
}

/** The modal's primary button: it stays open while the call runs; the form closes it when done. */
const confirmButton = (step: TokenStep, submitter: Submitter, disabled = false): ModalButton => ({
  name: `emvo.sessionTokens.${step}.confirm`,
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

function TokenStepForm({
  step,
  token,
  submitter,
}: {
  step: TokenStep;
  token: SessionTokenRow;
  submitter: Submitter;
}) {
  const { t } = useTranslation();
  const actions = useSessionTokenActions();
  const form = useFormKit<StepValues>({
    defaultValues: { value: '', reason: '' },
    refinements: step === 'issue' ? [noSpacesRule] : [],
  });
  // This modal, so that a late answer never closes another modal opened meanwhile.
  const [modalId] = useState(() => getShownModal()?.id);
  const closeOwn = () => {
    if (getShownModal()?.id === modalId) closeModal();
  };
  const sending = useRef(false);
  const pending = actions.issue.isPending || actions.cancel.isPending;

  const send = async (values: StepValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const params = { id: token.id };
      if (step === 'issue') {
        await actions.issue.mutateAsync({ params, body: { value: values.value, version: token.version } });
      } else {
        await actions.cancel.mutateAsync({
          params,
          body: { reason: values.reason.trim(), version: token.version },
        });
      }
      toast.success(t(`emvo.sessionTokens.${step}.done`, { name: token.legalName }));
      closeOwn();
    } catch (error) {
      // The app's error handler has shown the catalogue's message (mutation cache, spec §8) and the queue
      // reloads. A 409 (the token moved on) makes this step moot: close, so the reviewer sees the queue as
      // it is now. Other failures keep the modal and what was typed, to fix or cancel.
      if (isConflict(error)) closeOwn();
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

  return (
    <Form form={form} onSubmit={send}>
      {step === 'issue' ? (
        <TextField
          name="value"
          label={t('emvo.sessionTokens.issue.value')}
          description={t('emvo.sessionTokens.issue.valueHelp', {
            min: SESSION_TOKEN_VALUE_MIN_LENGTH,
            max: SESSION_TOKEN_VALUE_MAX_LENGTH,
          })}
          required
          minLength={SESSION_TOKEN_VALUE_MIN_LENGTH}
          maxLength={SESSION_TOKEN_VALUE_MAX_LENGTH}
          autoComplete="off"
        />
      ) : (
        <TextareaField
          name="reason"
          label={t('emvo.sessionTokens.cancel.reason')}
          description={t('emvo.sessionTokens.cancel.reasonHelp')}
          required
          minLength={1}
          maxLength={SESSION_TOKEN_REASON_MAX_LENGTH}
        />
      )}
    </Form>
  );
}

/**
 * Opens the shared modal (spec §2) for a step on a token: its title, a short explanation naming the company
 * and the environment, the field it needs and the primary button that confirms it.
 */
export function openTokenStep(step: TokenStep, token: SessionTokenRow, t: TFunction) {
  const submitter: Submitter = { current: undefined };
  const values = { name: token.legalName, environment: token.environment };
  openModal({
    title: t(`emvo.sessionTokens.${step}.title`, values),
    text: t(`emvo.sessionTokens.${step}.text`, values),
    component: <TokenStepForm step={step} token={token} submitter={submitter} />,
    primaryButton: confirmButton(step, submitter),
  });
}
