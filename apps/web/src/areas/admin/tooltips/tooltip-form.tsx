import { tooltipInputSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../forms/choice-fields';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import type { Tooltip, TooltipInput } from './tooltips-api';

/** The tooltip's fields, their rules the contract's (tooltipInputSchema); the key is fixed once created. */
function TooltipFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="key"
        label={t('admin.tooltips.fields.key')}
        description={t('admin.tooltips.keyHelp')}
        readOnly={editing}
      />
      <TextField name="screen" label={t('admin.tooltips.fields.screen')} />
      <TextareaField name="text" label={t('admin.tooltips.fields.text')} />
      <CheckboxField name="active" label={t('admin.tooltips.fields.active')} />
    </>
  );
}

/**
 * Create or edit a tooltip (key unique, like onboarding.company.vatnumber; text up to 500 characters) in
 * the form dialog; `save` is the create or update call, `onSaved` says it beside the page's buttons. A refusal (a key taken, a stale version) stays
 * beside the form.
 */
export function openTooltipForm(
  t: TFunction,
  save: (input: TooltipInput, tooltip: Tooltip | undefined) => Promise<unknown>,
  onSaved: (text: string) => void,
  tooltip?: Tooltip,
) {
  openFormDialog<TooltipInput, unknown>({
    title: t(tooltip ? 'admin.tooltips.edit' : 'admin.tooltips.create'),
    isLarge: true,
    confirm: 'actions.save',
    defaultValues: {
      key: tooltip?.key ?? '',
      screen: tooltip?.screen ?? '',
      text: tooltip?.text ?? '',
      active: tooltip?.active ?? true,
    },
    schema: tooltipInputSchema,
    fields: <TooltipFields editing={tooltip !== undefined} />,
    submit: (values) => save(values, tooltip),
    done: (_, values) => onSaved(t('admin.tooltips.saved', { key: values.key })),
  });
}
