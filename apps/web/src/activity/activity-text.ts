import type { ActivityLine } from '@portal/contracts';
import type { TFunction } from 'i18next';

/**
 * How a code a sentence names reads in the UI's language: a check type in the catalogue's activity words
 * ("legitimacy"), a stage by the stage names the metrics use; an environment (ITE, IQE, PRD) is its name.
 */
function codeWords(t: TFunction, name: string, code: string): string {
  if (name === 'check') return t(`activity.codes.checks.${code}`, { defaultValue: code });
  if (name === 'to' || name === 'from') return t(`emvo.metrics.stages.${code}`, { defaultValue: code });
  return code;
}

/**
 * A line of activity (contracts activity-words.ts activityLine) in the UI's language: its codes in words,
 * then its sentence's template (the catalogue's `activity` holds ACTIVITY_SENTENCES) filled; the renderer's
 * English sentence when the catalogue lacks the key.
 */
export function activityText(t: TFunction, line: ActivityLine): string {
  const values: Record<string, string | number> = { ...line.values };
  for (const [name, code] of Object.entries(line.codes)) values[name] = codeWords(t, name, code);
  return t(line.key, { ...values, defaultValue: line.text });
}
