import type { IncomingMessage, ServerResponse } from 'node:http';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@portal/domain';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { checkCredentials, type PortalDb, resetPassword } from './account-repository.js';
import { subjectOf } from './claims.js';
import { readForm, sendHtml } from './http-helpers.js';
import { errorPage, MESSAGES, resetPasswordPage, signInPage } from './pages.js';
import type { PolicyKind } from './policy-provider.js';

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
}

/**
 * The pages behind oidc-provider's interaction URL, {mount}/interaction/{uid}[/{action}]:
 *   GET  (none)     the policy's form
 *   POST login      sign-in form (signin policy)
 *   POST reset      new password form (reset policy)
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
  const showReset = (status: number, email: string, error?: string) =>
    sendHtml(
      res,
      status,
      resetPasswordPage({
        action: `${base}/reset`,
        cancelAction: `${base}/cancel`,
        email,
        ...(error ? { error } : {}),
      }),
    );

  if (method === 'GET' && action === undefined) {
    return route.kind === 'signin' ? showSignIn(200, hint) : showReset(200, hint);
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
    const outcome = await checkCredentials(route.db, email, password);
    if (outcome.ok) return signIn(subjectOf(outcome.user));
    const message = {
      unknown: MESSAGES.unknownAccount,
      password: MESSAGES.wrongPassword,
      locked: MESSAGES.locked,
    }[outcome.reason];
    return showSignIn(200, email, message);
  }

  if (method === 'POST' && action === 'reset' && route.kind === 'reset') {
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim();
    const newPassword = form.get('newPassword') ?? '';
    if (!email) return showReset(200, email, MESSAGES.missingEmail);
    if (!meetsPasswordRule(newPassword)) return showReset(200, email, PASSWORD_RULE_MESSAGE);
    if (newPassword !== form.get('reenterPassword')) return showReset(200, email, MESSAGES.passwordsDiffer);
    const outcome = await resetPassword(route.db, email, newPassword);
    // As in B2C, the reset ends signed in, with a token whose acr is the reset policy.
    if (outcome.ok) return signIn(subjectOf(outcome.user));
    return showReset(
      200,
      email,
      outcome.reason === 'locked' ? MESSAGES.locked : MESSAGES.resetUnknownAccount,
    );
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
