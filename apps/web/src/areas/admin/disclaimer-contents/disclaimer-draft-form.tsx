import { disclaimerDraftInputSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { MarkdownText } from '../../../ui/markdown-text';
import styles from './disclaimer-contents.module.css';
import type { DisclaimerContent, DisclaimerDraftValues, DisclaimerType } from './disclaimer-contents-api';

/**
 * The draft's fields, their rules the contract's (disclaimerDraftInputSchema): the markdown beside its
 * preview, rendered as users will see it (MarkdownText: no raw HTML, links in a new tab).
 */
function DraftFields() {
  const { t } = useTranslation();
  const previewId = useId();
  const body = useWatch<DisclaimerDraftValues, 'body'>({ name: 'body' });
  return (
    <>
      <TextField name="title" label={t('admin.disclaimerContents.fields.title')} />
      <CheckboxField
        name="requiresAcceptance"
        label={t('admin.disclaimerContents.fields.requiresAcceptance')}
      />
      <div className={styles.editor}>
        <TextareaField
          name="body"
          label={t('admin.disclaimerContents.fields.body')}
          description={t('admin.disclaimerContents.bodyHint')}
          rows={16}
        />
        <section aria-labelledby={previewId}>
          <h3 id={previewId}>{t('admin.disclaimerContents.preview')}</h3>
          <div className={styles.preview}>
            <MarkdownText markdown={body ?? ''} />
          </div>
        </section>
      </div>
    </>
  );
}

/**
 * A new draft of a type, or a draft's edit, in the form dialog; `save` is the create or update
 * call; `onSaved` says it beside the section's buttons. Saving keeps it a draft; publishing is its own, confirmed, step. A refusal (a stale version) stays
 * beside the form.
 */
export function openDisclaimerDraftForm(
  t: TFunction,
  type: DisclaimerType,
  save: (values: DisclaimerDraftValues, draft: DisclaimerContent | undefined) => Promise<unknown>,
  onSaved: (text: string) => void,
  draft?: DisclaimerContent,
) {
  const typeName = t(`admin.disclaimerContents.types.${type}`);
  openFormDialog<DisclaimerDraftValues, unknown>({
    title: t(draft ? 'admin.disclaimerContents.edit' : 'admin.disclaimerContents.create', { type: typeName }),
    isLarge: true,
    confirm: 'actions.save',
    defaultValues: {
      title: draft?.title ?? '',
      body: draft?.body ?? '',
      requiresAcceptance: draft?.requiresAcceptance ?? false,
    },
    schema: disclaimerDraftInputSchema,
    fields: <DraftFields />,
    submit: (values) => save(values, draft),
    done: (_, values) => onSaved(t('admin.disclaimerContents.saved', { title: values.title })),
  });
}
