import { useTranslation } from 'react-i18next';
import { CheckboxField, CheckboxGroupField, RadioField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import { FormActions } from '../../../forms/form-actions';
import { DateField, TextareaField, TextField } from '../../../forms/text-fields';
import { closeModal } from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import {
  GATEWAY_ENVIRONMENTS,
  GATEWAY_TYPES,
  type Gateway,
  type GatewayInput,
  useGatewayMutations,
} from './gateways-api';

interface GatewayValues {
  name: string;
  type: Gateway['type'];
  website: string;
  contactEmail: string;
  phone: string;
  environments: string[];
  certified: boolean;
  certifiedAt: string;
  active: boolean;
  notes: string;
}

const toValues = (gateway?: Gateway): GatewayValues => ({
  name: gateway?.name ?? '',
  type: gateway?.type ?? 'PROVIDER',
  website: gateway?.website ?? '',
  contactEmail: gateway?.contactEmail ?? '',
  phone: gateway?.phone ?? '',
  environments: gateway?.environments ?? ['IQE'],
  certified: gateway?.certified ?? false,
  certifiedAt: gateway?.certifiedAt?.slice(0, 10) ?? '',
  active: gateway?.active ?? true,
  notes: gateway?.notes ?? '',
});

const toInput = (values: GatewayValues): GatewayInput => ({
  ...values,
  environments: values.environments as GatewayInput['environments'],
  website: values.website || null,
  contactEmail: values.contactEmail || null,
  phone: values.phone || null,
  notes: values.notes || null,
  certifiedAt: values.certified && values.certifiedAt ? values.certifiedAt : null,
});

/** Create or edit a gateway (domain.md), in the shared modal. */
export function GatewayForm({ gateway }: { gateway?: Gateway }) {
  const { t } = useTranslation();
  const form = useFormKit<GatewayValues>({ defaultValues: toValues(gateway) });
  const { create, update } = useGatewayMutations();
  const certified = form.watch('certified');
  const save = async (values: GatewayValues) => {
    const input = toInput(values);
    if (gateway) {
      await update.mutateAsync({ params: { id: gateway.id }, body: { ...input, version: gateway.version } });
    } else await create.mutateAsync({ body: input });
    toast.success(t('admin.gateways.saved', { name: input.name }));
    closeModal();
  };
  const types = GATEWAY_TYPES.map((id) => ({ id, name: t(`admin.gateways.types.${id}`) }));
  const environments = GATEWAY_ENVIRONMENTS.map((id) => ({ id, name: id }));
  return (
    <Form
      form={form}
      onSubmit={(values) => save(values).catch(() => {})}
      aria-label={t('admin.gateways.form')}
    >
      <TextField name="name" label={t('admin.gateways.fields.name')} required maxLength={100} />
      <RadioField name="type" label={t('admin.gateways.fields.type')} items={types} required />
      <CheckboxGroupField
        name="environments"
        label={t('admin.gateways.fields.environments')}
        items={environments}
        required
      />
      <TextField type="url" name="website" label={t('admin.gateways.fields.website')} maxLength={200} />
      <TextField type="email" name="contactEmail" label={t('admin.gateways.fields.contactEmail')} />
      <TextField type="tel" name="phone" label={t('admin.gateways.fields.phone')} minLength={0} />
      <CheckboxField
        name="certified"
        label={t('admin.gateways.fields.certified')}
        tooltipKey="admin.gateway.certified"
      />
      {certified && <DateField name="certifiedAt" label={t('admin.gateways.fields.certifiedAt')} required />}
      {gateway && <CheckboxField name="active" label={t('admin.gateways.fields.active')} />}
      <TextareaField name="notes" label={t('admin.gateways.fields.notes')} minLength={0} maxLength={1000} />
      <FormActions saving={form.formState.isSubmitting} />
    </Form>
  );
}
