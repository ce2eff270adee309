/**
 * A status, stage or action as a sentence says it: lower case, underscores as spaces
 * (`CORRECTIONS_REQUESTED` → `corrections requested`). Messages read by people use it, never codes.
 */
export const words = (value: string): string => value.toLowerCase().replaceAll('_', ' ');
