import { z } from 'zod';
import { tk } from '../i18n/i18n';
import { type PatternName, patterns } from './patterns';

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

/** spec §5: each named pattern has its own message. */
export const PATTERN_MESSAGES: Record<PatternName, string> = {
  email: tk('errors.form.pattern.email'),
  password: tk('errors.form.pattern.password'),
  name: tk('errors.form.pattern.name'),
  tel: tk('errors.form.pattern.tel'),
  url: tk('errors.form.pattern.url'),
  houseNumber: tk('errors.form.pattern.houseNumber'),
};

/** spec §5 text input defaults. */
export const TEXT_MIN_LENGTH = 2;
export const TEXT_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;
export const NUMBER_MIN_LENGTH = 1;
export const TEXTAREA_ROWS = 4;

/** The inputs whose value is text. */
export type TextType = 'text' | 'textarea' | 'password' | 'email' | 'url' | 'tel';

/** spec §5: email, url and tel get a default pattern. */
export const DEFAULT_PATTERNS: Partial<Record<TextType, PatternName>> = {
  email: 'email',
  url: 'url',
  tel: 'tel',
};

export interface TextRules {
  type: TextType;
  required?: boolean;
  /** Default 2 (spec §5); 0 turns the check off. */
  minLength?: number;
  /** Default 50, 100 for email (spec §5). */
  maxLength?: number;
  /** A named pattern; email, url and tel have theirs by default. */
  pattern?: PatternName;
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

/** One field's rules: what `fieldSchema` turns into a zod schema and the field components into attributes. */
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

export interface ResolvedTextRules {
  minLength: number;
  maxLength: number;
  pattern: PatternName | undefined;
}

/** A text field's rules with spec §5's defaults filled in. */
export function resolveTextRules(rules: TextRules): ResolvedTextRules {
  return {
    minLength: rules.minLength ?? TEXT_MIN_LENGTH,
    maxLength: rules.maxLength ?? (rules.type === 'email' ? EMAIL_MAX_LENGTH : TEXT_MAX_LENGTH),
    pattern: rules.pattern ?? DEFAULT_PATTERNS[rules.type],
  };
}

export interface ResolvedNumberRules {
  min: number | undefined;
  max: number | undefined;
  minLength: number;
  maxLength: number;
}

/** A number field's rules with spec §5's defaults filled in. */
export function resolveNumberRules(rules: NumberRules): ResolvedNumberRules {
  return {
    min: rules.min,
    max: rules.max,
    minLength: rules.minLength ?? NUMBER_MIN_LENGTH,
    maxLength: rules.maxLength ?? TEXT_MAX_LENGTH,
  };
}

export function isTextRules(rules: FieldRules): rules is TextRules {
  return ['text', 'textarea', 'password', 'email', 'url', 'tel'].includes(rules.type);
}

/** Empty means no value at all: checks other than `required` only look at a value that is there. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** `required` also refuses text made only of spaces, and an unchecked checkbox. */
function isMissing(value: unknown): boolean {
  return isEmpty(value) || value === false || (typeof value === 'string' && value.trim() === '');
}

/**
 * The first rule the value breaks, as a message key, in spec §5's order: required, minimum length, maximum
 * length, then the pattern (or min and max for numbers and dates).
 */
export function firstBrokenRule(rules: FieldRules, value: unknown): string | undefined {
  if (isMissing(value)) return rules.required ? FORM_MESSAGES.required : undefined;
  if (isEmpty(value)) return undefined;
  if (isTextRules(rules)) {
    const text = String(value);
    const resolved = resolveTextRules(rules);
    if (text.length < resolved.minLength) return FORM_MESSAGES.minLength;
    if (text.length > resolved.maxLength) return FORM_MESSAGES.maxLength;
    if (resolved.pattern && !patterns[resolved.pattern].test(text)) return PATTERN_MESSAGES[resolved.pattern];
    return undefined;
  }
  if (rules.type === 'number') {
    const resolved = resolveNumberRules(rules);
    if (typeof value !== 'number' || Number.isNaN(value)) return FORM_MESSAGES.default;
    const text = String(value);
    if (text.length < resolved.minLength) return FORM_MESSAGES.minLength;
    if (text.length > resolved.maxLength) return FORM_MESSAGES.maxLength;
    if (resolved.min !== undefined && value < resolved.min) return FORM_MESSAGES.min;
    if (resolved.max !== undefined && value > resolved.max) return FORM_MESSAGES.max;
    return undefined;
  }
  if (rules.type === 'date') {
    // YYYY-MM-DD compares as text.
    const day = String(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return FORM_MESSAGES.default;
    if (rules.min !== undefined && day < rules.min) return FORM_MESSAGES.min;
    if (rules.max !== undefined && day > rules.max) return FORM_MESSAGES.max;
  }
  return undefined;
}

const itemValue = z.union([z.string(), z.number()]);

function baseSchema(rules: FieldRules): z.ZodType {
  switch (rules.type) {
    case 'number':
      return z.number().nullish();
    case 'checkbox':
      return z.boolean().nullish();
    case 'checkboxes':
      return z.array(itemValue).nullish();
    case 'radio':
      return itemValue.nullish();
    case 'select':
      return rules.multiple ? z.array(itemValue).nullish() : itemValue.nullish();
    case 'file':
      return rules.multiple ? z.array(z.instanceof(File)).nullish() : z.instanceof(File).nullish();
    default:
      return z.string().nullish();
  }
}

/**
 * The zod schema of one field's rules. Its issue carries a message key (errors.form.*); at most one issue
 * per field, the first broken rule, so the field shows one message.
 */
export function fieldSchema(rules: FieldRules): z.ZodType {
  return baseSchema(rules).superRefine((value, context) => {
    const message = firstBrokenRule(rules, value);
    if (message) context.addIssue({ code: 'custom', message });
  });
}

/** A rule across fields, checked on the whole form (spec §5 mustMatch). */
export interface FormRefinement {
  /** The field that shows the message. */
  path: string;
  /** The other fields whose change must check `path` again. */
  dependsOn: readonly string[];
  /** The message key when the values break the rule. */
  check: (values: Readonly<Record<string, unknown>>) => string | undefined;
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

/** spec §5 mustMatch: `second` differing from `first` (a password confirmation, say) sets mustMatch on it. */
export function mustMatch(first: string, second: string): FormRefinement {
  return {
    path: second,
    dependsOn: [first],
    check: (values) =>
      (valueAt(values, first) ?? '') === (valueAt(values, second) ?? '')
        ? undefined
        : FORM_MESSAGES.mustMatch,
  };
}

type Entry = readonly [path: readonly string[], schema: z.ZodType];

function objectOf(entries: readonly Entry[]): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  const nested = new Map<string, Entry[]>();
  for (const [[head, ...rest], schema] of entries) {
    if (head === undefined) continue;
    if (rest.length === 0) shape[head] = schema;
    else nested.set(head, [...(nested.get(head) ?? []), [rest, schema]]);
  }
  for (const [head, children] of nested) shape[head] = objectOf(children);
  return z.object(shape);
}

/**
 * The zod schema of a form: each field's schema (a dotted name nests: 'address.street'), then the
 * refinements. Refinements run even when a field has failed, so a mismatch shows while another field is
 * still wrong; a field's own message comes first on its path.
 */
export function formSchema(
  fields: Readonly<Record<string, FieldRules>>,
  refinements: readonly FormRefinement[] = [],
): z.ZodType<Record<string, unknown>> {
  const object = objectOf(
    Object.entries(fields).map(([name, rules]) => [name.split('.'), fieldSchema(rules)]),
  );
  if (refinements.length === 0) return object;
  return object.superRefine((values, context) => {
    for (const refinement of refinements) {
      const message = refinement.check(values);
      if (message) context.addIssue({ code: 'custom', path: refinement.path.split('.'), message });
    }
  });
}

/** A message key and the values it interpolates. */
export interface FieldMessage {
  key: string;
  values: Record<string, string | number>;
}

/**
 * What a field shows for an error message: a key of ours with the field's own length or bound filled in
 * (spec §5: minimum and maximum length come with the length), another errors.* key as it is (a consumer's
 * refinement), anything else (zod's own English) as the default message.
 */
export function fieldMessage(message: string | undefined, rules: FieldRules | undefined): FieldMessage {
  if (!message?.startsWith('errors.')) return { key: FORM_MESSAGES.default, values: {} };
  if (!rules) return { key: message, values: {} };
  const bounds =
    rules.type === 'number'
      ? resolveNumberRules(rules)
      : isTextRules(rules)
        ? resolveTextRules(rules)
        : undefined;
  if (bounds && message === FORM_MESSAGES.minLength)
    return { key: message, values: { length: bounds.minLength } };
  if (bounds && message === FORM_MESSAGES.maxLength)
    return { key: message, values: { length: bounds.maxLength } };
  const limits = rules.type === 'number' || rules.type === 'date' ? rules : undefined;
  if (message === FORM_MESSAGES.min && limits?.min !== undefined)
    return { key: message, values: { min: limits.min } };
  if (message === FORM_MESSAGES.max && limits?.max !== undefined)
    return { key: message, values: { max: limits.max } };
  return { key: message, values: {} };
}
