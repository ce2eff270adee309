/**
 * Why the portal signed someone out (a 401, or an access withdrawn meanwhile). A sign-out
 * clears session storage and leaves for the provider (spec §4), so no toast survives it: the reason is put
 * back into the tab's session storage after the clearing, and the visitor page it comes back to says it.
 */
const SIGN_OUT_REASON_KEY = 'portal.signOutReason';

export function keepSignOutReason(reason: string | undefined): void {
  if (reason) sessionStorage.setItem(SIGN_OUT_REASON_KEY, reason);
}

/** The reason the last sign-out left, if any (read as often as a render likes; forget it once shown). */
export const signOutReason = (): string | null => sessionStorage.getItem(SIGN_OUT_REASON_KEY);

export function forgetSignOutReason(): void {
  sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
}
