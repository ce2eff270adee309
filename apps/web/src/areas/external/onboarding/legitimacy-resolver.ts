import { toNestErrors } from '@hookform/resolvers';
import { legitimacyDraftSchema } from '@portal/contracts';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldRegistry } from '../../../forms/form';
import { tk } from '../../../i18n/i18n';
import { type LegitimacyValues, toDraft } from './legitimacy-values';

/** The contracts' own rules the field props cannot say, as message keys (their text is the contracts'). */
export const CONTRACT_MESSAGES = {
  vatNumber: tk('errors.back.INVALID_VAT_NUMBER'),
  productCode: tk('errors.back.INVALID_PRODUCT_CODE'),
  default: tk('errors.form.default'),
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The values with every list of objects (the MAHs, their products and licences) as an object keyed by
 * index. The kit builds its schema from the fields' dotted names ('mahs.0.name') as nested objects, which
 * a list would fail ("expected object, received array"); lists of values (countries) are fields
 * themselves and stay lists.
 */
export function indexLists(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.some(isPlainObject)
      ? Object.fromEntries(value.map((item, i) => [String(i), indexLists(item)]))
      : value;
  }
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, indexLists(item)]));
}

function contractMessage(issue: z.core.$ZodIssue, path: string): string {
  if (issue.code === 'custom' && path.endsWith('.vatNumber')) return CONTRACT_MESSAGES.vatNumber;
  if (issue.code === 'custom' && path.endsWith('.productCode')) return CONTRACT_MESSAGES.productCode;
  return CONTRACT_MESSAGES.default;
}

/** The errors of the fields on screen (the form kit's registry), the lists of objects indexed for it. */
async function fieldErrors(registry: FieldRegistry, values: unknown): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const fields = await registry.schema().safeParseAsync(indexLists(values));
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      errors[issue.path.map(String).join('.')] ??= { type: issue.code, message: issue.message };
    }
  }
  return errors;
}

/** A form of MAH lists (the register's new MAHs): the rules of its fields on screen, lists indexed. */
export function mahListResolver<TValues extends FieldValues>(registry: FieldRegistry): Resolver<TValues> {
  return async (values, _context, options) => {
    const errors = await fieldErrors(registry, values);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * The legitimacy form's resolver: first the rules of the fields on screen (the form kit's registry: spec §5
 * defaults, patterns and messages), then the contracts' legitimacyDraftSchema on the draft the form would
 * send, so that a value the API refuses is refused here, at its field: a VAT number not of the company's
 * country, a product code whose check digits are wrong. One message per field, the kit's first. Licences
 * are left to the kit's rules: blank inputs are dropped from the draft, so its indexes are not the inputs'.
 */
export function legitimacyResolver(registry: FieldRegistry): Resolver<LegitimacyValues> {
  return async (values, _context, options) => {
    const errors = await fieldErrors(registry, values);
    const draft = legitimacyDraftSchema.safeParse(toDraft(values, 1));
    if (!draft.success) {
      for (const issue of draft.error.issues) {
        const path = issue.path.map(String).join('.');
        if (path.includes('.licences')) continue;
        errors[path] ??= { type: 'contract', message: contractMessage(issue, path) };
      }
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
