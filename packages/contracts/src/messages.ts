// Server texts the SPA recognises, kept free of zod: the SPA's first page imports them (its error catalogue)
// and, with the package's "sideEffects": false, bundles this module alone rather than the schemas.

/** spec §8: the server text the SPA shows as INVALID_RESEND_CONFIRMATION_EMAIL. */
export const REGISTRATION_COMPLETED_TEXT = 'Unable to process: registration status is completed';
