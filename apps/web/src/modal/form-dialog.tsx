import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Form, type FormKit, type UseFormKitOptions, useFormKit } from '../forms/form';
import { useInlineErrors } from '../http/inline-errors';
import styles from './form-dialog.module.css';
import { closeModal, getShownModal, type ModalButton, openModal, updateModal } from './modal-store';

export interface FormDialogParams<TValues extends FieldValues, TResult> {
  /** The dialog's title, already translated; it also names the form. */
  title: string;
  /** A line under the title, already translated. */
  text?: string;
  isLarge?: boolean;
  /** The primary button's label (a translation key or plain text). */
  confirm: string;
  /**
   * The secondary button's label (a translation key or plain text), where the default actions.cancel would
   * read badly beside the primary's ("Cancel" beside "Cancel the token").
   */
  dismiss?: string;
  defaultValues: DefaultValues<TValues>;
  /** The contract the API checks the submission against: the form checks it and its fields show its rules. */
  schema?: z.ZodMiniType;
  /** The body the contract checks, when the values are not that body as they are (useFormKit). */
  toInput?: UseFormKitOptions<TValues>['toInput'];
  /** The contract's rules across fields: what to check again when a field changes (useFormKit). */
  dependencies?: UseFormKitOptions<TValues>['dependencies'];
  /** The fields (kit field components); a function gets the form, to watch a value. */
  fields: ReactNode | ((form: FormKit<TValues>) => ReactNode);
  /**
   * The call. Its mutation carries `meta: INLINE_ERRORS` (http/error-handler.ts), so a refusal shows here
   * and not in a toast.
   */
  submit: (values: TValues) => Promise<TResult>;
  /** After success, once the dialog has closed: a toast, or the next modal. */
  done?: (result: TResult, values: TValues) => void;
}

interface Submitter {
  current: (() => void) | undefined;
}

const confirmButton = (name: string, submitter: Submitter, disabled = false): ModalButton => ({
  name,
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

/**
 * One form in the shared modal (spec §2), written once for every dialog that asks for input: the primary
 * button (and Enter) submits the form and is disabled while the call runs; the focus starts on the first
 * field; on success the dialog closes, then `done` runs; on a refusal the dialog stays open with what was
 * typed, the messages above the fields and each field the API named marked with its message.
 */
export function openFormDialog<TValues extends FieldValues, TResult>(
  params: FormDialogParams<TValues, TResult>,
) {
  const submitter: Submitter = { current: undefined };
  openModal({
    title: params.title,
    ...(params.text ? { text: params.text } : {}),
    ...(params.isLarge ? { isLarge: true } : {}),
    component: <FormDialogBody params={params} submitter={submitter} />,
    primaryButton: confirmButton(params.confirm, submitter),
    ...(params.dismiss ? { secondaryButton: { name: params.dismiss } } : {}),
  });
}

function FormDialogBody<TValues extends FieldValues, TResult>({
  params,
  submitter,
}: {
  params: FormDialogParams<TValues, TResult>;
  submitter: Submitter;
}) {
  const form = useFormKit<TValues>({
    defaultValues: params.defaultValues,
    ...(params.schema ? { schema: params.schema } : {}),
    ...(params.toInput ? { toInput: params.toInput } : {}),
    ...(params.dependencies ? { dependencies: params.dependencies } : {}),
  });
  const inlineErrors = useInlineErrors();
  // This modal, so that a late answer never closes another modal opened meanwhile.
  const [modalId] = useState(() => getShownModal()?.id);
  const [pending, setPending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const own = () => getShownModal()?.id === modalId;

  const send = async (values: TValues) => {
    if (pending) return;
    setPending(true);
    setMessages([]);
    try {
      const result = await params.submit(values);
      if (own()) closeModal();
      params.done?.(result, values);
    } catch (error) {
      const refusal = inlineErrors(error);
      // A field the API names is marked where it is on screen (the form's registry knows which are).
      const marked = refusal.fields.filter(({ field }) => form.registry.has(field));
      for (const { field, message } of marked) {
        form.setError(field as Path<TValues>, { type: 'server', message });
      }
      const first = marked[0];
      if (first) form.setFocus(first.field as Path<TValues>);
      // What no field on screen can show is said above the fields.
      const unmarked = refusal.fields
        .filter((entry) => !marked.includes(entry))
        .map((entry) => entry.message);
      setMessages([...refusal.messages, ...unmarked]);
    } finally {
      setPending(false);
    }
  };

  useEffect(() => {
    submitter.current = () => void form.handleSubmit(send)();
  });

  // spec §2: Enter does nothing on a disabled primary button, so no second call while one runs.
  useEffect(() => {
    if (getShownModal()?.id === modalId) {
      updateModal({ primaryButton: confirmButton(params.confirm, submitter, pending) });
    }
  }, [pending, modalId, params.confirm, submitter]);

  return (
    <Form form={form} onSubmit={send} aria-label={params.title} data-form-dialog="">
      {messages.length > 0 && (
        <div role="alert" className={styles.errors}>
          {messages.length === 1 ? (
            messages[0]
          ) : (
            <ul>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {typeof params.fields === 'function' ? params.fields(form) : params.fields}
    </Form>
  );
}
