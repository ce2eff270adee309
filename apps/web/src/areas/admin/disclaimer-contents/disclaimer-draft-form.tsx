import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import { FormActions } from '../../../forms/form-actions';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { closeModal } from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { MarkdownText } from '../../../ui/markdown-text';
import styles from './disclaimer-contents.module.css';
import {
  type DisclaimerContent,
  type DisclaimerType,
  useDisclaimerMutations,
} from './disclaimer-contents-api';

interface DraftValues {
  title: string;
  body: string;
  requiresAcceptance: boolean;
}

/**
 * A new draft of a type, or a draft's edit (issue 13): the markdown beside its preview, rendered as users
 * will see it (MarkdownText: no raw HTML, links in a new tab). Saving keeps it a draft; publishing is its
 * own, confirmed, step.
 */
export function DisclaimerDraftForm({ type, draft }: { type: DisclaimerType; draft?: DisclaimerContent }) {
  const { t } = useTranslation();
  const previewId = useId();
  const form = useFormKit<DraftValues>({
    defaultValues: {
      title: draft?.title ?? '',
      body: draft?.body ?? '',
      requiresAcceptance: draft?.requiresAcceptance ?? false,
    },
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const { create, update } = useDisclaimerMutations();
  const save = async (values: DraftValues) => {
    if (draft)
      await update.mutateAsync({ params: { id: draft.id }, body: { ...values, version: draft.version } });
    else await create.mutateAsync({ body: { ...values, type } });
    toast.success(t('admin.disclaimerContents.saved', { title: values.title }));
    closeModal();
  };
  return (
    <Form
      form={form}
      onSubmit={(values) => save(values).catch(() => {})}
      aria-label={t('admin.disclaimerContents.form', { type: t(`admin.disclaimerContents.types.${type}`) })}
    >
      <TextField name="title" label={t('admin.disclaimerContents.fields.title')} required maxLength={200} />
      <CheckboxField
        name="requiresAcceptance"
        label={t('admin.disclaimerContents.fields.requiresAcceptance')}
      />
      <div className={styles.editor}>
        <TextareaField
          name="body"
          label={t('admin.disclaimerContents.fields.body')}
          description={t('admin.disclaimerContents.bodyHint')}
          required
          rows={16}
          maxLength={50_000}
        />
        <section aria-labelledby={previewId}>
          <h3 id={previewId}>{t('admin.disclaimerContents.preview')}</h3>
          <div className={styles.preview}>
            <MarkdownText markdown={body ?? ''} />
          </div>
        </section>
      </div>
      <FormActions saving={form.formState.isSubmitting} />
    </Form>
  );
}
