import { type RefObject, useEffect, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import {
  DEFAULT_LABEL_KEY,
  DEFAULT_VALUE_KEY,
  type ItemValue,
  itemLabel,
  itemValue,
  type ListItem,
} from '../ui/items';
import { RadioGroup } from '../ui/radio-group';
import { Select } from '../ui/select';
import { type CommonFieldProps, isMarkedRequired, useContractRules, useField } from './form';
import { controlProps, FormField, framing } from './form-field';
import styles from './forms.module.css';

/**
 * Sets ARIA attributes on an element that a ui/ component renders without forwarding them (the
 * radiogroup of ui/RadioGroup, the combobox input of ui/Select). Runs after every render, so a re-render of
 * the component that overwrote one is followed by setting it again; an attribute set here and no longer
 * wanted is removed.
 */
function useAriaOf(
  container: RefObject<HTMLElement | null>,
  selector: string,
  attributes: Record<string, string | undefined>,
) {
  const applied = useRef(new Map<string, string>());
  useEffect(() => {
    const element = container.current?.querySelector(selector);
    if (!element) return;
    for (const [name, value] of Object.entries(attributes)) {
      const previous = applied.current.get(name);
      if (value !== undefined) {
        element.setAttribute(name, value);
        applied.current.set(name, value);
      } else if (previous !== undefined) {
        if (element.getAttribute(name) === previous) element.removeAttribute(name);
        applied.current.delete(name);
      }
    }
  });
}

/** The blocking click of a read-only checkbox (HTML's readonly does not apply to checkboxes). */
function preventWhenReadOnly(readOnly: boolean | undefined) {
  return readOnly ? (event: { preventDefault: () => void }) => event.preventDefault() : undefined;
}

export interface CheckboxFieldProps extends CommonFieldProps {}

/** spec §5 checkbox: a boolean; required means it must be checked. */
export function CheckboxField(given: CheckboxFieldProps) {
  const props = useContractRules(given.name, given);
  const field = useField(props, { type: 'checkbox', required: props.required });
  const { register } = useFormContext();
  return (
    <FormField
      field={field}
      label={props.label}
      required={isMarkedRequired(props)}
      layout="inline"
      {...framing(props)}
    >
      <input
        {...controlProps(props, field)}
        {...register(props.name, { deps: field.deps, disabled: props.disabled })}
        type="checkbox"
        className={styles.checkbox}
        aria-readonly={props.readOnly ? true : undefined}
        onClick={preventWhenReadOnly(props.readOnly)}
      />
    </FormField>
  );
}

interface ItemsProps<TItem extends object> {
  /** spec §3: id as value and name as label by default. */
  items: readonly TItem[];
  valueKey?: keyof TItem;
  labelKey?: keyof TItem;
}

export interface CheckboxGroupFieldProps<TItem extends object = ListItem>
  extends CommonFieldProps,
    ItemsProps<TItem> {}

/** Several checkboxes, one per item: the value is the list of checked items' values (ids). */
export function CheckboxGroupField<TItem extends object = ListItem>(given: CheckboxGroupFieldProps<TItem>) {
  const { items, valueKey, labelKey, ...props } = useContractRules(given.name, given);
  const field = useField(props, { type: 'checkboxes', required: props.required });
  const { control } = useFormContext();
  const { field: controller } = useController({
    name: props.name,
    control,
    disabled: props.disabled,
    rules: { deps: field.deps },
  });
  const checked: ItemValue[] = Array.isArray(controller.value) ? controller.value : [];
  const toggle = (value: ItemValue) =>
    controller.onChange(
      checked.includes(value) ? checked.filter((other) => other !== value) : [...checked, value],
    );
  return (
    <FormField
      field={field}
      label={props.label}
      required={isMarkedRequired(props)}
      layout="fieldset"
      {...framing(props)}
    >
      {items.map((item, index) => {
        const value = itemValue(item, valueKey ?? DEFAULT_VALUE_KEY);
        // The first box has the field's id, so react-hook-form focuses it when the group is invalid.
        const id = index === 0 ? field.id : `${field.id}-${index}`;
        return (
          <div key={String(value)} className={styles.inline}>
            <input
              id={id}
              ref={index === 0 ? controller.ref : undefined}
              type="checkbox"
              className={styles.checkbox}
              name={props.name}
              value={String(value)}
              checked={checked.includes(value)}
              disabled={controller.disabled}
              aria-invalid={field.error ? true : undefined}
              aria-readonly={props.readOnly ? true : undefined}
              onClick={preventWhenReadOnly(props.readOnly)}
              onChange={() => toggle(value)}
              onBlur={controller.onBlur}
            />
            <label htmlFor={id} className={styles.inlineLabel}>
              {itemLabel(item, labelKey ?? DEFAULT_LABEL_KEY)}
            </label>
          </div>
        );
      })}
    </FormField>
  );
}

export interface RadioFieldProps<TItem extends object = ListItem>
  extends CommonFieldProps,
    ItemsProps<TItem> {
  orientation?: 'horizontal' | 'vertical';
}

/**
 * spec §5 radio, on ui/RadioGroup: the value is the chosen item's value (id), null when none. Read-only
 * shows the group as disabled but keeps its value checked and submitted.
 */
export function RadioField<TItem extends object = ListItem>(given: RadioFieldProps<TItem>) {
  const { items, valueKey, labelKey, orientation, ...props } = useContractRules(given.name, given);
  const field = useField(props, { type: 'radio', required: props.required });
  const { control } = useFormContext();
  const { field: controller } = useController({
    name: props.name,
    control,
    disabled: props.disabled,
    rules: { deps: field.deps },
  });
  const container = useRef<HTMLDivElement>(null);
  useAriaOf(container, '[role="radiogroup"]', {
    'aria-invalid': field.error ? 'true' : undefined,
    'aria-describedby': field.describedBy,
  });
  const value: unknown = controller.value;
  return (
    <FormField
      field={field}
      label={props.label}
      required={isMarkedRequired(props)}
      layout="named"
      {...framing(props)}
    >
      <div
        className={styles.radioGroupOwnLabelHidden}
        ref={(element) => {
          container.current = element;
          // react-hook-form focuses the first invalid field after a submission: the checked radio or the first.
          controller.ref({
            focus: () =>
              element
                ?.querySelector<HTMLElement>('[role="radio"][data-state="checked"], [role="radio"]')
                ?.focus(),
          });
        }}
      >
        <RadioGroup<TItem>
          label={props.label}
          items={items}
          valueKey={valueKey}
          labelKey={labelKey}
          value={typeof value === 'string' || typeof value === 'number' ? value : null}
          onChange={(chosen) => controller.onChange(chosen)}
          disabled={controller.disabled || props.readOnly}
          required={isMarkedRequired(props)}
          name={props.name}
          orientation={orientation}
        />
      </div>
    </FormField>
  );
}

export interface SelectFieldProps<TItem extends object = ListItem>
  extends CommonFieldProps,
    ItemsProps<TItem> {
  /** spec §2: multiple choice; the value is then a list of ids. */
  isMulti?: boolean;
  placeholder?: string;
  isSearchable?: boolean;
  isClearable?: boolean;
}

/**
 * spec §5 select, on ui/Select: the value is the chosen item's value (id) or null, a list of them with
 * isMulti. Read-only shows it as disabled but keeps its value submitted.
 */
export function SelectField<TItem extends object = ListItem>(given: SelectFieldProps<TItem>) {
  const {
    items,
    valueKey,
    labelKey,
    isMulti = false,
    placeholder,
    isSearchable,
    isClearable,
    ...props
  } = useContractRules(given.name, given);
  const field = useField(props, { type: 'select', required: props.required, multiple: isMulti });
  const { control } = useFormContext();
  const { field: controller } = useController({
    name: props.name,
    control,
    disabled: props.disabled,
    rules: { deps: field.deps },
  });
  const container = useRef<HTMLDivElement>(null);
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = controlProps(props, field);
  // react-select's combobox input: ui/Select gives it the field's id.
  useAriaOf(container, 'input[role="combobox"]', {
    'aria-invalid': invalid ? 'true' : undefined,
    'aria-describedby': describedBy,
    'aria-required': isMarkedRequired(props) ? 'true' : undefined,
  });
  const value: unknown = controller.value;
  const shared = {
    inputId: field.id,
    items,
    valueKey,
    labelKey,
    placeholder,
    isSearchable,
    isClearable,
    name: props.name,
    disabled: controller.disabled || props.readOnly,
  };
  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <div
        ref={(element) => {
          container.current = element;
          controller.ref({ focus: () => element?.querySelector<HTMLElement>('input')?.focus() });
        }}
      >
        {isMulti ? (
          <Select<TItem>
            {...shared}
            isMulti
            value={Array.isArray(value) ? value.filter(isItemValue) : []}
            onChange={controller.onChange}
          />
        ) : (
          <Select<TItem>
            {...shared}
            value={isItemValue(value) ? value : null}
            onChange={controller.onChange}
          />
        )}
      </div>
    </FormField>
  );
}

function isItemValue(value: unknown): value is ItemValue {
  return typeof value === 'string' || typeof value === 'number';
}
