import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Config } from '@portal/api/config';
import { policyEndpoints } from '../policy-endpoints.js';

/**
 * Just enough of a browser to drive the provider over HTTP: a cookie jar (one host, so names suffice),
 * redirects followed by hand, and MSAL's requests (PKCE S256, state, nonce, fragment response mode).
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** Navigation stops at a redirect to the SPA, where MSAL would take over. */
  constructor(private readonly spaOrigin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects until a page answers or the provider sends the browser back to the SPA. */
  async navigate(url: string, init: RequestInit = {}) {
    let current = url;
    let response = await this.request(current, init);
    while (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`redirect without location from ${current}`);
      current = new URL(location, current).href;
      if (current.startsWith(this.spaOrigin)) return { url: current, response, body: '' };
      response = await this.request(current);
    }
    return { url: current, response, body: await response.text() };
  }

  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What MSAL sends to the authorize endpoint for a B2C sign-in. */
export function authorizeRequest(config: Config, policy: string, options: { loginHint?: string } = {}) {
  const pkce = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const nonce = randomBytes(12).toString('base64url');
  const scope = `openid profile offline_access ${config.auth.apiScope}`;
  const redirectUri = `${config.publicUrl}/redirect.html`;
  const url = new URL(policyEndpoints(config, policy).authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: config.auth.clientId,
    scope,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    client_info: '1',
    ...(options.loginHint ? { login_hint: options.loginHint } : {}),
  }).toString();
  return { url: url.href, verifier: pkce.verifier, state, nonce, scope, redirectUri };
}

/** The parameters of the redirect back to the SPA (fragment response mode, or query for errors). */
export function redirectParams(url: string): URLSearchParams {
  const parsed = new URL(url);
  return new URLSearchParams(parsed.hash ? parsed.hash.slice(1) : parsed.search);
}

/** The form's action and method attribute, and the value of an input, from a page's HTML. */
export function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html}`);
  return new URL(action.replaceAll('&amp;', '&'), base).href;
}

export function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) fields[name] = value;
  }
  return fields;
}

/** A port nobody listens on right now (the provider's issuer names its port, so it is chosen first). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
