import { listRecentMails } from '@portal/api/mail/outbox-repository';
import type { PortalDb } from '../account-repository.js';
import type { Opened, PolicyClient } from './policy-client.js';

/** The outbox rows written to an address, newest first (what GET /api/dev/outbox?to= answers). */
export const mailsTo = (db: PortalDb, email: string) => listRecentMails(db, { to: email, limit: 50 });

/** The code in the newest mail to the address. */
export async function mailedCode(db: PortalDb, email: string): Promise<string> {
  const [newest] = await mailsTo(db, email);
  const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The interaction's own path (its pages' URLs may end with an action). */
export const interactionPath = (url: string) =>
  /^.*\/interaction\/[^/]+/.exec(new URL(url).pathname)?.[0] ?? '';

/**
 * Step 1 of the reset policy ("Send verification code", or "Send new code" from step 2): answers the page
 * with the code field.
 */
export async function requestCode(client: PolicyClient, opened: Opened, email: string): Promise<Opened> {
  const page = await client.submit(opened, { email }, `${interactionPath(opened.page.url)}/send-code`);
  return { ...opened, page };
}

/** Step 2: the code and the new password, twice. */
export function submitCode(client: PolicyClient, opened: Opened, code: string, newPassword: string) {
  return client.submit(opened, { verificationCode: code, newPassword, reenterPassword: newPassword });
}

/** The whole reset: opens the policy, asks for a code, enters the mailed one with the new password. */
export async function resetWithMailedCode(
  client: PolicyClient,
  db: PortalDb,
  policy: string,
  email: string,
  newPassword: string,
) {
  const opened = await requestCode(client, await client.openPolicy(policy), email);
  const back = await submitCode(client, opened, await mailedCode(db, email), newPassword);
  return { opened, back };
}
