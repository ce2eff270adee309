/**
 * The provider's pages: plain server-rendered HTML with B2C's element ids (the SPA's end-to-end tests and
 * anyone used to B2C find the same fields), a heading, labels, lang, and every user value escaped.
 */

import { CODE_TTL_MS } from './reset-codes.js';

/** B2C's own wording, so the local flow reads like production. */
export const MESSAGES = {
  /** An unknown address and a wrong password alike: the page tells nobody which addresses are accounts. */
  wrongCredentials: 'Your email address or password is incorrect',
  locked: 'Your account is locked. Contact your support person to unlock it, then try again.',
  missingEmail: 'Please enter your Email Address',
  missingPassword: 'Please enter your password',
  resetUnknownAccount: 'An account could not be found for the provided user ID.',
  passwordsDiffer:
    'The password entry fields do not match. Please enter the same password in both fields and try again.',
  temporarilyLocked: 'Your account is temporarily locked to prevent unauthorized use. Try again later.',
  /** The same words whether or not an account has the address: the page tells nobody which do. */
  codeSent:
    'If an account exists for this address, we have sent a verification code. Copy it to the box below.',
  wrongCode:
    'The verification code you have entered does not match our records. Please try again, or request a new code.',
  codeSpent: "You've made too many incorrect attempts. Please try again later.",
  codeExpired: 'That code is expired. Please request a new code.',
  codeThrottled:
    'There have been too many requests to verify this email address. Please wait a while, then try again.',
} as const;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f3f4f6; color: #1f2937; margin: 0; }
  main { max-width: 24rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.2); }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; border: 1px solid #6b7280;
    border-radius: 4px; }
  button { font: inherit; padding: 0.5rem 1rem; border-radius: 4px; cursor: pointer; margin-top: 1.25rem; }
  .primary { background: #1e40af; color: #fff; border: 1px solid #1e40af; }
  .secondary { background: #fff; color: #1e40af; border: 1px solid #1e40af; margin-left: 0.5rem; }
  .links { margin-top: 0.75rem; }
  a { color: #1e40af; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  [role="alert"] { background: #fef2f2; color: #991b1b; border: 1px solid #fca5a5; padding: 0.5rem;
    border-radius: 4px; margin: 1rem 0 0; }
  .note { color: #4b5563; font-size: 0.875rem; margin-top: 1.5rem; }`;

function layout(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>`;
}

function alert(message: string | undefined): string {
  return message ? `<div role="alert" id="error">${escapeHtml(message)}</div>` : '';
}

export interface SignInPageOptions {
  /** POST target of the sign-in form. */
  action: string;
  forgotPasswordHref: string;
  cancelAction: string;
  /** The typed (or login_hint) email, kept when the form is shown again. */
  email: string;
  error?: string;
}

/** The login policy's page: B2C's ids signInName, password, next, forgotPassword, cancel. */
export function signInPage(options: SignInPageOptions): string {
  // After an error the email is kept, so the password is where the user continues.
  const focusEmail = options.error === undefined || options.email === '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p>Sign in with your email address</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<label for="signInName">Email Address</label>
<input id="signInName" name="signInName" type="email" autocomplete="username" required value="${escapeHtml(options.email)}"${focusEmail ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusEmail ? '' : ' autofocus'}>
<div class="links"><a id="forgotPassword" href="${escapeHtml(options.forgotPasswordHref)}">Forgot your password?</a></div>
<button id="next" class="primary" type="submit">Sign in</button>
<button id="cancel" class="secondary" type="submit" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Cancel</button>
</form>
<p class="note">Local identity provider for development and demos.</p>`,
  );
}

export interface ResetEmailPageOptions {
  /** POST target of "Send verification code". */
  sendCodeAction: string;
  cancelAction: string;
  email: string;
  error?: string;
}

/**
 * The reset policy's first step, B2C's email verification control: ids email,
 * emailVerificationControl_but_send_code, cancel. Nothing changes until the mailed code comes back.
 */
export function resetEmailPage(options: ResetEmailPageOptions): string {
  return layout(
    'Reset your password',
    `<h1>Reset your password</h1>
<p>Enter the email address of your account. We will send you a verification code.</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.sendCodeAction)}">
<label for="email">Email Address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email)}" autofocus>
<button id="emailVerificationControl_but_send_code" class="primary" type="submit">Send verification code</button>
<button id="cancel" class="secondary" type="submit" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Cancel</button>
</form>`,
  );
}

export interface ResetCodePageOptions {
  /** POST target of the code and the new password. */
  action: string;
  /** POST target of "Send new code". */
  sendCodeAction: string;
  /** GET target of "Change e-mail": the first step again. */
  changeEmailHref: string;
  cancelAction: string;
  /** The address the code went to (if it is an account's), shown read-only. */
  email: string;
  /** Set right after a code was requested. */
  sent: boolean;
  error?: string;
}

/**
 * The second step: ids verificationCode, newPassword, reenterPassword, continue, cancel, and B2C's
 * emailVerificationControl_but_send_new_code and _change_claims. The address is not a field of the form:
 * the code is bound to the address it was sent to.
 */
export function resetCodePage(options: ResetCodePageOptions): string {
  const status = options.sent ? `<p role="status">${escapeHtml(MESSAGES.codeSent)}</p>` : '';
  return layout(
    'Reset your password',
    `<h1>Reset your password</h1>
${status}
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email Address</label>
<input id="email" type="email" autocomplete="username" readonly value="${escapeHtml(options.email)}">
<label for="verificationCode">Verification code</label>
<input id="verificationCode" name="verificationCode" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus aria-describedby="codeNote">
<p id="codeNote" class="note">The code is valid for ${CODE_TTL_MS / 60_000} minutes.</p>
<label for="newPassword">New Password</label>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="8" maxlength="64" aria-describedby="passwordRule">
<p id="passwordRule" class="note">At least 8 characters, with a lowercase letter, an uppercase letter, a digit and a special character.</p>
<label for="reenterPassword">Confirm New Password</label>
<input id="reenterPassword" name="reenterPassword" type="password" autocomplete="new-password" required>
<button id="continue" class="primary" type="submit">Continue</button>
<button id="cancel" class="secondary" type="submit" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Cancel</button>
</form>
<form method="post" action="${escapeHtml(options.sendCodeAction)}">
<input type="hidden" name="email" value="${escapeHtml(options.email)}">
<button id="emailVerificationControl_but_send_new_code" class="secondary" type="submit">Send new code</button>
</form>
<div class="links"><a id="emailVerificationControl_but_change_claims" href="${escapeHtml(options.changeEmailHref)}">Change e-mail</a></div>`,
  );
}

/**
 * identity.md #6: B2C signs out without asking. oidc-provider's logout form (it carries the anti-forgery
 * value) is submitted at once, with logout=yes so the whole session ends; a button remains without script.
 */
export function autoLogoutPage(form: string): string {
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    'Signing out',
    `<h1>Signing out</h1>
${withLogout}
<noscript><button class="primary" type="submit" form="op.logoutForm">Continue</button></noscript>
<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', '<h1>Signed out</h1>\n<p>You have signed out. You can close this window.</p>');
}

export function errorPage(title: string, details: Record<string, string | undefined>): string {
  const rows = Object.entries(details)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<dl>\n${rows}\n</dl>`);
}
