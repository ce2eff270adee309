/**
 * The methods that change nothing (RFC 9110 §9.2.1): the anti-forgery check and the per-user write limit
 * let them through, and they write no audit row (request-context.ts).
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
