/** Set while the password-reset policy's redirect is under way, to hand its answer to the right client. */
export const RESET_FLAG = 'portal.passwordReset';
