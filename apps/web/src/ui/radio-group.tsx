import * as RadixRadioGroup from '@radix-ui/react-radio-group';
import { useId } from 'react';
import {
  DEFAULT_LABEL_KEY,
  DEFAULT_VALUE_KEY,
  type ItemValue,
  itemLabel,
  itemValue,
  type ListItem,
} from './items';
import styles from './radio-group.module.css';

export interface RadioGroupProps<TItem extends object = ListItem> {
  /** The group's visible label, which also names the radiogroup. */
  label: string;
  items: readonly TItem[];
  /** The checked item's value; null or undefined when none is checked. */
  value: ItemValue | null | undefined;
  /** Called with the chosen item's value (its original type: a number id stays a number) and the item. */
  onChange: (value: ItemValue, item: TItem) => void;
  /** spec §3: the value field, id by default. */
  valueKey?: keyof TItem;
  /** spec §3: the label field, name by default. */
  labelKey?: keyof TItem;
  disabled?: boolean;
  required?: boolean;
  /** The form field name (Radix then renders native inputs for form submission). */
  name?: string;
  orientation?: 'horizontal' | 'vertical';
}

/**
 * spec §2 radio group, on Radix: one tab stop, arrow keys move and check, Space checks.
 */
export function RadioGroup<TItem extends object = ListItem>({
  label,
  items,
  value,
  onChange,
  valueKey,
  labelKey,
  disabled,
  required,
  name,
  orientation = 'vertical',
}: RadioGroupProps<TItem>) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueOfItem = (item: TItem) => itemValue(item, valueKey ?? DEFAULT_VALUE_KEY);
  return (
    <div className={styles.group}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <RadixRadioGroup.Root
        className={styles.items}
        aria-labelledby={labelId}
        data-orientation={orientation}
        orientation={orientation}
        value={value === null || value === undefined ? null : String(value)}
        onValueChange={(chosen) => {
          // Radix speaks strings; hand back the item's own value.
          const item = items.find((candidate) => String(valueOfItem(candidate)) === chosen);
          if (item) onChange(valueOfItem(item), item);
        }}
        disabled={disabled}
        required={required}
        name={name}
      >
        {items.map((item, index) => {
          const itemId = `${id}-${index}`;
          const optionValue = String(valueOfItem(item));
          return (
            <div key={optionValue} className={styles.option}>
              <RadixRadioGroup.Item id={itemId} value={optionValue} className={styles.radio}>
                <RadixRadioGroup.Indicator className={styles.indicator} />
              </RadixRadioGroup.Item>
              <label htmlFor={itemId} className={styles.optionLabel}>
                {itemLabel(item, labelKey ?? DEFAULT_LABEL_KEY)}
              </label>
            </div>
          );
        })}
      </RadixRadioGroup.Root>
    </div>
  );
}
