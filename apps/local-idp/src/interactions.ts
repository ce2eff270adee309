import type { IncomingMessage, ServerResponse } from 'node:http';
import { enqueueMail } from '@portal/api/mail/outbox-repository';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@portal/domain';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { checkCredentials, findActiveUser, type PortalDb, resetPassword } from './account-repository.js';
import { subjectOf } from './claims.js';
import { readForm, sendHtml } from './http-helpers.js';
import { errorPage, MESSAGES, resetCodePage, resetEmailPage, signInPage } from './pages.js';
import type { PolicyKind } from './policy-provider.js';
import { resetCodeMail } from './reset-code-mail.js';
import type { ResetCodes } from './reset-codes.js';
import type { SignInLockout } from './sign-in-lockout.js';

/** spec §8: the SPA sends users with AADB2C90118 to the reset policy and ignores AADB2C90091. */
export const FORGOT_PASSWORD_DESCRIPTION = 'AADB2C90118: The user has forgotten their password.';
export const CANCELLED_DESCRIPTION =
  'AADB2C90091: The user has cancelled entering self-asserted information.';

export interface InteractionRoute {
  provider: Provider;
  /** Lower case; becomes the token's acr and tfp. */
  policy: string;
  kind: PolicyKind;
  mountPath: string;
  db: PortalDb;
  /** Shown in the subject of the code mail. */
  appName: string;
  /** One of each per provider process, shared by both policies (a reset lifts a lock). */
  lockout: SignInLockout;
  resetCodes: ResetCodes;
}

/**
 * The pages behind oidc-provider's interaction URL, {mount}/interaction/{uid}[/{action}]:
 *   GET  (none)     the policy's form
 *   POST login      sign-in form (signin policy)
 *   POST send-code  the address a verification code is mailed to (reset policy, step 1)
 *   POST reset      the mailed code and the new password (reset policy, step 2)
 *   GET  forgot     "Forgot your password?" (signin policy)
 *   POST cancel     the Cancel button
 */
export async function handleInteraction(
  route: InteractionRoute,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: string | undefined,
): Promise<void> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await route.provider.interactionDetails(req, res);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return sendExpired(res);
    throw error;
  }
  // The cookie names the interaction; a URL for another one (an old tab) must not act on this one.
  if (details.uid !== uid) return sendExpired(res);

  const base = `${route.mountPath}/interaction/${uid}`;
  const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
  const method = req.method ?? 'GET';
  const finish = (result: Parameters<Provider['interactionFinished']>[2]) =>
    route.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  const signIn = (accountId: string) => finish({ login: { accountId, acr: route.policy, amr: ['pwd'] } });
  const deny = (description: string) => finish({ error: 'access_denied', error_description: description });

  const showSignIn = (status: number, email: string, error?: string) =>
    sendHtml(
      res,
      status,
      signInPage({
        action: `${base}/login`,
        forgotPasswordHref: `${base}/forgot`,
        cancelAction: `${base}/cancel`,
        email,
        ...(error ? { error } : {}),
      }),
    );
  const showResetEmail = (email: string, error?: string) =>
    sendHtml(
      res,
      200,
      resetEmailPage({
        sendCodeAction: `${base}/send-code`,
        cancelAction: `${base}/cancel`,
        email,
        ...(error ? { error } : {}),
      }),
    );
  const showResetCode = (email: string, options: { sent?: boolean; error?: string }) =>
    sendHtml(
      res,
      200,
      resetCodePage({
        action: `${base}/reset`,
        sendCodeAction: `${base}/send-code`,
        changeEmailHref: base,
        cancelAction: `${base}/cancel`,
        email,
        sent: options.sent ?? false,
        ...(options.error ? { error: options.error } : {}),
      }),
    );

  if (method === 'GET' && action === undefined) {
    return route.kind === 'signin' ? showSignIn(200, hint) : showResetEmail(hint);
  }
  if (method === 'POST' && action === 'cancel') return deny(CANCELLED_DESCRIPTION);
  if (method === 'GET' && action === 'forgot' && route.kind === 'signin')
    return deny(FORGOT_PASSWORD_DESCRIPTION);

  if (method === 'POST' && action === 'login' && route.kind === 'signin') {
    const form = await readForm(req);
    const email = (form.get('signInName') ?? '').trim();
    const password = form.get('password') ?? '';
    // Like B2C, a failed attempt shows the form again (200) with the message and the typed email.
    if (!email) return showSignIn(200, email, MESSAGES.missingEmail);
    if (!password) return showSignIn(200, email, MESSAGES.missingPassword);
    // A locked address is refused before its password is even looked at.
    if (!route.lockout.attempt(email)) return showSignIn(200, email, MESSAGES.temporarilyLocked);
    const outcome = await checkCredentials(route.db, email, password);
    if (outcome.ok) {
      route.lockout.succeeded(email);
      return signIn(subjectOf(outcome.user));
    }
    return showSignIn(200, email, outcome.reason === 'locked' ? MESSAGES.locked : MESSAGES.wrongCredentials);
  }

  if (method === 'POST' && action === 'send-code' && route.kind === 'reset') {
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim();
    if (!email) return showResetEmail(email, MESSAGES.missingEmail);
    if (!route.resetCodes.mayRequest(email)) return showResetEmail(email, MESSAGES.codeThrottled);
    // A code is made for every address, but mailed only to an active account's: the page that follows
    // is the same either way, and a code nobody received simply never matches.
    const code = route.resetCodes.issue(uid, email);
    const user = await findActiveUser(route.db, email);
    if (user) await enqueueMail(route.db, resetCodeMail({ appName: route.appName, to: user.email, code }));
    return showResetCode(email, { sent: true });
  }

  if (method === 'POST' && action === 'reset' && route.kind === 'reset') {
    const form = await readForm(req);
    const email = route.resetCodes.pendingEmail(uid);
    // No code asked for in this interaction, or it expired or was used: there is nothing to check.
    if (email === undefined) return showResetEmail(hint, MESSAGES.codeExpired);
    const newPassword = form.get('newPassword') ?? '';
    // The password is checked first, so a typing slip there does not cost one of the code's tries.
    if (!meetsPasswordRule(newPassword)) return showResetCode(email, { error: PASSWORD_RULE_MESSAGE });
    if (newPassword !== form.get('reenterPassword')) {
      return showResetCode(email, { error: MESSAGES.passwordsDiffer });
    }
    const check = route.resetCodes.check(uid, form.get('verificationCode') ?? '');
    if (!check.ok) {
      if (check.reason === 'wrong') return showResetCode(email, { error: MESSAGES.wrongCode });
      return showResetEmail(email, check.reason === 'spent' ? MESSAGES.codeSpent : MESSAGES.codeExpired);
    }
    const outcome = await resetPassword(route.db, check.email, newPassword);
    if (!outcome.ok) {
      // Only whoever holds the mailed code gets here, so saying why reveals nothing to a stranger.
      return showResetEmail(
        email,
        outcome.reason === 'locked' ? MESSAGES.locked : MESSAGES.resetUnknownAccount,
      );
    }
    // The mailbox is proven, as a right password would prove the person: a lock on the address ends.
    route.lockout.succeeded(check.email);
    // As in B2C, the reset ends signed in, with a token whose acr is the reset policy.
    return signIn(subjectOf(outcome.user));
  }

  sendHtml(res, 404, errorPage('Not found', { error: 'This page does not exist.' }));
}

function sendExpired(res: ServerResponse): void {
  sendHtml(
    res,
    400,
    errorPage('Sign-in expired', {
      error: 'This sign-in page has expired. Go back to the application and sign in again.',
    }),
  );
}
