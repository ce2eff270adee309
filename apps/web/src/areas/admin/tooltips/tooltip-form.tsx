import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import { FormActions } from '../../../forms/form-actions';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { closeModal } from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { type Tooltip, type TooltipInput, useTooltipMutations } from './tooltips-api';

/** Create or edit a tooltip: key unique, like onboarding.company.vatnumber; text up to 500 characters. */
export function TooltipForm({ tooltip }: { tooltip?: Tooltip }) {
  const { t } = useTranslation();
  const form = useFormKit<TooltipInput>({
    defaultValues: {
      key: tooltip?.key ?? '',
      screen: tooltip?.screen ?? '',
      text: tooltip?.text ?? '',
      active: tooltip?.active ?? true,
    },
  });
  const { create, update } = useTooltipMutations();
  const save = async (values: TooltipInput) => {
    if (tooltip) {
      await update.mutateAsync({ params: { id: tooltip.id }, body: { ...values, version: tooltip.version } });
    } else await create.mutateAsync({ body: values });
    toast.success(t('admin.tooltips.saved', { key: values.key }));
    closeModal();
  };
  return (
    <Form
      form={form}
      onSubmit={(values) => save(values).catch(() => {})}
      aria-label={t('admin.tooltips.form')}
    >
      <TextField
        name="key"
        label={t('admin.tooltips.fields.key')}
        description={t('admin.tooltips.keyHelp')}
        required
        minLength={3}
        maxLength={100}
        readOnly={tooltip !== undefined}
      />
      <TextField name="screen" label={t('admin.tooltips.fields.screen')} required />
      <TextareaField
        name="text"
        label={t('admin.tooltips.fields.text')}
        required
        minLength={1}
        maxLength={500}
      />
      <CheckboxField name="active" label={t('admin.tooltips.fields.active')} />
      <FormActions saving={form.formState.isSubmitting} />
    </Form>
  );
}
