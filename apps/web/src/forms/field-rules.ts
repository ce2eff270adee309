import { EMAIL_MAX_LENGTH, NUMBER_MIN_LENGTH, TEXT_MAX_LENGTH, TEXT_MIN_LENGTH } from '@portal/contracts';
import { tk } from '../i18n/i18n';

/**
 * What a field shows of its rules: the attributes (maxlength, min, aria-required, the *), the values its
 * messages interpolate, its empty value. The rules themselves are checked by the form's contract
 * (form.tsx); a field's own `required` is the one rule the kit checks besides (what only the screen knows).
 */

/** spec §5 form messages: translation keys under errors.form. */
export const FORM_MESSAGES = {
  required: tk('errors.form.required'),
  minLength: tk('errors.form.minLength'),
  maxLength: tk('errors.form.maxLength'),
  min: tk('errors.form.min'),
  max: tk('errors.form.max'),
  mustMatch: tk('errors.form.mustMatch'),
  default: tk('errors.form.default'),
} as const;

/** spec §5: textarea rows 4 (a presentation default: no contract says it). */
export const TEXTAREA_ROWS = 4;

/** The inputs whose value is text. */
export type TextType = 'text' | 'textarea' | 'password' | 'email' | 'url' | 'tel';

export interface TextRules {
  type: TextType;
  required?: boolean;
  /** Default 2 (spec §5); 0 turns it off. */
  minLength?: number;
  /** Default 50, 100 for email (spec §5). */
  maxLength?: number;
}

export interface NumberRules {
  type: 'number';
  required?: boolean;
  min?: number;
  max?: number;
  /** Digits of the number as typed; default 1 (spec §5: type number minlength 1). */
  minLength?: number;
  /** Default 50, as every text input. */
  maxLength?: number;
}

export interface DateRules {
  type: 'date';
  required?: boolean;
  /** Earliest day, YYYY-MM-DD. */
  min?: string;
  /** Latest day, YYYY-MM-DD. */
  max?: string;
}

/**
 * Fields whose only rule is `required`: a checkbox must then be checked, a group of checkboxes, a multiple
 * select or a multiple file input must hold at least one value, a radio group, a select or a file input
 * one value.
 */
export interface ChoiceRules {
  type: 'checkbox' | 'checkboxes' | 'radio' | 'select' | 'file';
  required?: boolean;
  /** A select or file input holding a list. */
  multiple?: boolean;
}

/** One field's rules, as its component registers them with the form. */
export type FieldRules = TextRules | NumberRules | DateRules | ChoiceRules;

/**
 * The value of a field left empty: '' for text and dates, false for a checkbox, an empty list for a list,
 * else null. A field without a default value gets this one (see useField).
 */
export function emptyValue(rules: FieldRules): string | boolean | null | never[] {
  switch (rules.type) {
    case 'number':
    case 'radio':
      return null;
    case 'checkbox':
      return false;
    case 'checkboxes':
      return [];
    case 'select':
    case 'file':
      return rules.multiple ? [] : null;
    default:
      return '';
  }
}

export interface ResolvedLengths {
  minLength: number;
  maxLength: number;
}

/** A text field's lengths with spec §5's defaults (packages/contracts fields.ts) filled in. */
export function resolveTextRules(rules: TextRules): ResolvedLengths {
  return {
    minLength: rules.minLength ?? TEXT_MIN_LENGTH,
    maxLength: rules.maxLength ?? (rules.type === 'email' ? EMAIL_MAX_LENGTH : TEXT_MAX_LENGTH),
  };
}

/** A number field's lengths with spec §5's defaults filled in. */
export function resolveNumberRules(rules: NumberRules): ResolvedLengths {
  return {
    minLength: rules.minLength ?? NUMBER_MIN_LENGTH,
    maxLength: rules.maxLength ?? TEXT_MAX_LENGTH,
  };
}

export function isTextRules(rules: FieldRules): rules is TextRules {
  return ['text', 'textarea', 'password', 'email', 'url', 'tel'].includes(rules.type);
}

/** No value at all: undefined, null, '', an empty list. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** What `required` refuses: no value, text made only of spaces, an unchecked checkbox. */
export function isMissing(value: unknown): boolean {
  return isEmpty(value) || value === false || (typeof value === 'string' && value.trim() === '');
}

/** The value at a dotted field name ('address.street'), as react-hook-form names nested values. */
export function valueAt(values: unknown, name: string): unknown {
  let current: unknown = values;
  for (const key of name.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

/** A message key and the values it interpolates. */
export interface FieldMessage {
  key: string;
  values: Record<string, string | number>;
}

/**
 * What a field shows for an error message: a key of ours with the field's own length or bound filled in
 * (spec §5: minimum and maximum length come with the length), another errors.* key as it is (a contract's
 * rule named by its code or pattern), anything else as the default message.
 */
export function fieldMessage(message: string | undefined, rules: FieldRules | undefined): FieldMessage {
  if (!message?.startsWith('errors.')) return { key: FORM_MESSAGES.default, values: {} };
  if (!rules) return { key: message, values: {} };
  const lengths =
    rules.type === 'number'
      ? resolveNumberRules(rules)
      : isTextRules(rules)
        ? resolveTextRules(rules)
        : undefined;
  if (lengths && message === FORM_MESSAGES.minLength)
    return { key: message, values: { length: lengths.minLength } };
  if (lengths && message === FORM_MESSAGES.maxLength)
    return { key: message, values: { length: lengths.maxLength } };
  const limits = rules.type === 'number' || rules.type === 'date' ? rules : undefined;
  if (message === FORM_MESSAGES.min && limits?.min !== undefined)
    return { key: message, values: { min: limits.min } };
  if (message === FORM_MESSAGES.max && limits?.max !== undefined)
    return { key: message, values: { max: limits.max } };
  return { key: message, values: {} };
}
