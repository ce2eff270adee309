import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import { FormActions } from '../../../forms/form-actions';
import { TextField } from '../../../forms/text-fields';
import { closeModal } from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import {
  FOOTER_LINKS,
  type LinkInput,
  type LinkItem,
  linkUpdate,
  useLinkMutations,
} from './footer-links-api';

/** Add or edit a footer link (spec §3 footer link: label, link; spec §5 url pattern). */
export function LinkForm({ link, nextOrder }: { link?: LinkItem; nextOrder: number }) {
  const { t } = useTranslation();
  const form = useFormKit<Omit<LinkInput, 'order'>>({
    defaultValues: { label: link?.label ?? '', link: link?.link ?? '', active: link?.active ?? true },
  });
  const { create, update } = useLinkMutations();
  const save = async (values: Omit<LinkInput, 'order'>) => {
    if (link) await update.mutateAsync(linkUpdate({ ...link, ...values }));
    else await create.mutateAsync({ params: { id: FOOTER_LINKS }, body: { ...values, order: nextOrder } });
    toast.success(t('admin.footerLinks.saved', { label: values.label }));
    closeModal();
  };
  return (
    <Form
      form={form}
      onSubmit={(values) => save(values).catch(() => {})}
      aria-label={t('admin.footerLinks.form')}
    >
      <TextField
        name="label"
        label={t('admin.footerLinks.fields.label')}
        required
        minLength={1}
        maxLength={100}
      />
      <TextField
        type="url"
        name="link"
        label={t('admin.footerLinks.fields.link')}
        required
        maxLength={2000}
      />
      <CheckboxField name="active" label={t('admin.footerLinks.fields.active')} />
      <FormActions saving={form.formState.isSubmitting} />
    </Form>
  );
}
