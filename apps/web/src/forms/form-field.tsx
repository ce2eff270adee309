import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TooltipIcon } from '../ui/tooltip-icon';
import { type CommonFieldProps, type FieldState, isMarkedRequired } from './form';
import styles from './forms.module.css';
import { useTooltipText } from './use-tooltips';

/**
 * Where the label goes:
 * - stacked: a <label> above the control (text inputs, selects);
 * - inline: the control, then its <label> (a checkbox);
 * - fieldset: a <fieldset> named by its <legend> (a group of checkboxes);
 * - named: the control names itself (ui/RadioGroup labels its radiogroup), so the visible label row is
 *   decoration hidden from assistive technology (the control hides its own label from sight).
 */
export type FormFieldLayout = 'stacked' | 'inline' | 'fieldset' | 'named';

export interface FormFieldProps {
  field: Pick<FieldState, 'id' | 'errorId' | 'descriptionId' | 'error' | 'describedBy'>;
  label: string;
  required?: boolean;
  tooltipKey?: string;
  description?: ReactNode;
  layout?: FormFieldLayout;
  /** The control. It carries the ids: aria-describedby, aria-invalid and aria-required are its own. */
  children: ReactNode;
}

/** spec §5: a required label shows *; the required state itself is the control's aria-required. */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className={styles.required} aria-hidden="true" title={t('forms.required')}>
      *
    </span>
  );
}

/** The admin-managed tooltip of a key; nothing when the key is unknown or the tooltips failed to load. */
function FieldTooltip({ tooltipKey }: { tooltipKey: string }) {
  const text = useTooltipText(tooltipKey);
  return text ? <TooltipIcon text={text} /> : null;
}

/**
 * A field's frame: label (with * when required), tooltip icon, the control, its description and its error
 * message, each in an element with an id the control points to.
 */
export function FormField({
  field,
  label,
  required = false,
  tooltipKey,
  description,
  layout = 'stacked',
  children,
}: FormFieldProps) {
  const labelContent = (
    <>
      {label}
      {required && <RequiredMark />}
    </>
  );
  const tooltip = tooltipKey ? <FieldTooltip tooltipKey={tooltipKey} /> : null;
  const messages = (
    <>
      {description && (
        <div id={field.descriptionId} className={styles.description}>
          {description}
        </div>
      )}
      {field.error && (
        <p id={field.errorId} className={styles.error}>
          {field.error}
        </p>
      )}
    </>
  );

  if (layout === 'fieldset') {
    return (
      <fieldset className={styles.fieldset} aria-describedby={field.describedBy}>
        <legend className={styles.legend}>{labelContent}</legend>
        {tooltip}
        <div className={styles.fieldsetBody}>{children}</div>
        {messages}
      </fieldset>
    );
  }
  if (layout === 'inline') {
    return (
      <div className={styles.field}>
        <div className={styles.inline}>
          {children}
          <label htmlFor={field.id} className={styles.inlineLabel}>
            {labelContent}
          </label>
          {tooltip}
        </div>
        {messages}
      </div>
    );
  }
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        {layout === 'named' ? (
          <span className={styles.label} aria-hidden="true">
            {labelContent}
          </span>
        ) : (
          <label htmlFor={field.id} className={styles.label}>
            {labelContent}
          </label>
        )}
        {tooltip}
      </div>
      {children}
      {messages}
    </div>
  );
}

/** The FormField props a field component passes through as they are. */
export function framing(props: CommonFieldProps): Pick<FormFieldProps, 'tooltipKey' | 'description'> {
  return { tooltipKey: props.tooltipKey, description: props.description };
}

/** The attributes a kit control carries: its id, read-only state and accessibility. */
export function controlProps(props: CommonFieldProps, field: FieldState) {
  return {
    id: field.id,
    readOnly: props.readOnly,
    'aria-required': isMarkedRequired(props) ? true : undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.describedBy,
  } as const;
}
