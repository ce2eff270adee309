/** A radio or select value: an item's id. */
export type ItemValue = string | number;

/** spec §3: radio and select items use id as value and name as label by default. */
export interface ListItem {
  id: ItemValue;
  name: string;
}

/** Which fields of an item hold its value and its label; spec §3 defaults: id and name. */
export interface ItemKeys<TItem> {
  valueKey?: keyof TItem;
  labelKey?: keyof TItem;
}

export const DEFAULT_VALUE_KEY = 'id';
export const DEFAULT_LABEL_KEY = 'name';

/** The item's value: a string or number kept as is, anything else as text. */
export function itemValue(item: object, key: PropertyKey = DEFAULT_VALUE_KEY): ItemValue {
  const value: unknown = Reflect.get(item, key);
  return typeof value === 'string' || typeof value === 'number' ? value : String(value);
}

/** The item's label as text; an absent label is empty. */
export function itemLabel(item: object, key: PropertyKey = DEFAULT_LABEL_KEY): string {
  const label: unknown = Reflect.get(item, key);
  return label === undefined || label === null ? '' : String(label);
}
