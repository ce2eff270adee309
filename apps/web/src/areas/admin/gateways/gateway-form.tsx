import { gatewayInputSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, CheckboxGroupField, RadioField } from '../../../forms/choice-fields';
import { DateField, TextareaField, TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { GATEWAY_ENVIRONMENTS, GATEWAY_TYPES, type Gateway, type GatewayInput } from './gateways-api';

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

/** The gateway's fields; the certification date only for a certified gateway. */
function GatewayFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  const certified = useWatch<GatewayValues, 'certified'>({ name: 'certified' });
  const types = GATEWAY_TYPES.map((id) => ({ id, name: t(`admin.gateways.types.${id}`) }));
  const environments = GATEWAY_ENVIRONMENTS.map((id) => ({ id, name: id }));
  return (
    <>
      <TextField name="name" label={t('admin.gateways.fields.name')} />
      <RadioField name="type" label={t('admin.gateways.fields.type')} items={types} />
      <CheckboxGroupField
        name="environments"
        label={t('admin.gateways.fields.environments')}
        items={environments}
      />
      <TextField type="url" name="website" label={t('admin.gateways.fields.website')} />
      <TextField type="email" name="contactEmail" label={t('admin.gateways.fields.contactEmail')} />
      <TextField type="tel" name="phone" label={t('admin.gateways.fields.phone')} />
      <CheckboxField
        name="certified"
        label={t('admin.gateways.fields.certified')}
        tooltipKey="admin.gateway.certified"
      />
      {/* Required once certified: the contract's certification rule checks it, the asterisk says it. */}
      {certified && <DateField name="certifiedAt" label={t('admin.gateways.fields.certifiedAt')} required />}
      {editing && <CheckboxField name="active" label={t('admin.gateways.fields.active')} />}
      <TextareaField name="notes" label={t('admin.gateways.fields.notes')} />
    </>
  );
}

/** Create or edit a gateway (domain.md) in the shared modal; `save` is the create or update call. */
export function openGatewayForm(
  t: TFunction,
  save: (input: GatewayInput, gateway: Gateway | undefined) => Promise<Gateway>,
  onSaved: (text: string) => void,
  gateway?: Gateway,
) {
  openFormDialog<GatewayValues, Gateway>({
    title: t(gateway ? 'admin.gateways.edit' : 'admin.gateways.create'),
    isLarge: true,
    confirm: 'actions.save',
    defaultValues: toValues(gateway),
    schema: gatewayInputSchema,
    fields: <GatewayFields editing={gateway !== undefined} />,
    submit: (values) => save(toInput(values), gateway),
    done: (saved) => onSaved(t('admin.gateways.saved', { name: saved.name })),
  });
}
