import { linkInputSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import type { LinkItem, LinkValues } from './footer-links-api';

/** A link's fields, their rules the contract's (linkInputSchema: spec §5 url pattern). */
function LinkFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="label" label={t('admin.footerLinks.fields.label')} />
      <TextField type="url" name="link" label={t('admin.footerLinks.fields.link')} />
      <CheckboxField name="active" label={t('admin.footerLinks.fields.active')} />
    </>
  );
}

/**
 * Add or edit a footer link (spec §3 footer link: label, link) in the form dialog; `save` is the create or
 * update call; `onSaved` says it beside the section's buttons. A refusal (a stale version) stays beside the form.
 */
export function openLinkForm(
  t: TFunction,
  save: (values: LinkValues, link: LinkItem | undefined) => Promise<unknown>,
  onSaved: (text: string) => void,
  link?: LinkItem,
) {
  openFormDialog<LinkValues, unknown>({
    title: t(link ? 'admin.footerLinks.edit' : 'admin.footerLinks.create'),
    confirm: 'actions.save',
    defaultValues: { label: link?.label ?? '', link: link?.link ?? '', active: link?.active ?? true },
    schema: linkInputSchema,
    fields: <LinkFields />,
    submit: (values) => save(values, link),
    done: (_, values) => onSaved(t('admin.footerLinks.saved', { label: values.label })),
  });
}
