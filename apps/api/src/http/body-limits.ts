/**
 * How large a request body may be. Parsing JSON costs CPU in proportion to its size
 * before any schema can refuse it, so every route takes 16 KB (a form's worth) unless it declares more.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * A whole application step (50 MAHs of up to 200 products each) or a disclaimer text of 50,000 characters
 * in every language: the few routes that need it say `bodyLimit: LARGE_BODY_LIMIT`.
 */
export const LARGE_BODY_LIMIT = 1024 * 1024;
