import type { Config } from '@portal/api/config';
import { expect } from 'vitest';
import { policyEndpoints } from '../policy-endpoints.js';
import { authorizeRequest, Browser, formAction, redirectParams } from './browser.js';
import { SPA_ORIGIN } from './fixture.js';

export interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
  error?: string;
  error_description?: string;
}

/** A policy's page as a browser opened it, with the request MSAL made. */
export interface Opened {
  browser: Browser;
  request: ReturnType<typeof authorizeRequest>;
  page: Awaited<ReturnType<Browser['navigate']>>;
}

export type PolicyClient = ReturnType<typeof policyClient>;

/** What the SPA and a person do with the provider over HTTP: open a policy, submit its forms, get tokens. */
export function policyClient(config: Config) {
  const endpoints = (policy: string) => policyEndpoints(config, policy);

  /** Opens the policy's page the way MSAL's redirect does. */
  async function openPolicy(policy: string, options: { loginHint?: string } = {}): Promise<Opened> {
    const browser = new Browser(config.publicUrl);
    const request = authorizeRequest(config, policy, options);
    const page = await browser.navigate(request.url);
    return { browser, request, page };
  }

  /** Submits the page's (first) form, or to `action` (a button's formaction), and follows the redirects. */
  function submit(opened: Opened, fields: Record<string, string>, action?: string) {
    const target = action
      ? new URL(action, opened.page.url).href
      : formAction(opened.page.body, opened.page.url);
    return opened.browser.navigate(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** MSAL's token calls: fetch from the SPA's origin, no cookies. */
  async function tokenCall(policy: string, fields: Record<string, string>, origin = SPA_ORIGIN) {
    const response = await fetch(endpoints(policy).token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ client_id: config.auth.clientId, client_info: '1', ...fields }).toString(),
    });
    return { response, body: (await response.json()) as TokenResponse };
  }

  async function redeem(opened: Opened, redirectUrl: string, policy: string) {
    const params = redirectParams(redirectUrl);
    expect(params.get('state')).toBe(opened.request.state);
    const code = params.get('code');
    if (!code) throw new Error(`no code in ${redirectUrl}`);
    return tokenCall(policy, {
      grant_type: 'authorization_code',
      code,
      code_verifier: opened.request.verifier,
      redirect_uri: opened.request.redirectUri,
      scope: opened.request.scope,
    });
  }

  return { openPolicy, submit, tokenCall, redeem };
}
