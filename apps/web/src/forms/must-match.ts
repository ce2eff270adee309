import type { z } from 'zod/mini';
import { FORM_MESSAGES, valueAt } from './field-rules';

/**
 * spec §5 mustMatch as a rule of a form's schema (`.superRefine(mustMatch('password', 'confirmation'))`):
 * `second` differing from `first` sets mustMatch on `second`, whatever else is wrong. Give the form
 * `dependencies: { password: ['confirmation'] }`, so that a change of the first checks the second again.
 */
export function mustMatch(first: string, second: string) {
  return (values: unknown, context: z.core.$RefinementCtx): void => {
    if ((valueAt(values, first) ?? '') !== (valueAt(values, second) ?? '')) {
      context.addIssue({ code: 'custom', path: second.split('.'), message: FORM_MESSAGES.mustMatch });
    }
  };
}
