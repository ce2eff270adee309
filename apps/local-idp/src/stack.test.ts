import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '@portal/api/config';
import { DEMO_PASSWORD } from '@portal/api/seed/demo-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyEndpoints } from './policy-endpoints.js';
import { type Stack, startStack } from './stack.js';
import { authorizeRequest, Browser, formAction, redirectParams } from './test/browser.js';
import { SPA_ORIGIN, testConfig } from './test/fixture.js';

let dataDir: string;
let config: Config;
let stack: Stack;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'local-idp-stack-'));
  config = await testConfig({ DATA_DIR: dataDir, PORT: '0', WEB_DIST: join(dataDir, 'no-web') });
  stack = await startStack(config);
});
afterAll(async () => {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the stack: API and local provider in one process, on one database', () => {
  it('answers on both ports, and the SPA is told the endpoints the provider serves', async () => {
    expect((await fetch(`${stack.apiUrl}/readyz`)).status).toBe(200);
    const environment = (await (await fetch(`${stack.apiUrl}/environment/environment.json`)).json()) as {
      azureAd: { authorityMetadata?: string };
    };
    const discovery = await fetch(
      `${config.auth.instance}/emvoportal.onmicrosoft.com/b2c_1_signin/v2.0/.well-known/openid-configuration`,
    );
    const served = await discovery.json();
    expect(served).toMatchObject(JSON.parse(environment.azureAd.authorityMetadata ?? '{}'));
    expect(served).toMatchObject(policyEndpoints(config, config.auth.loginPolicy));
  });

  it("signs a seeded user in, and the API accepts the provider's access token", async () => {
    const browser = new Browser(config.publicUrl);
    const request = authorizeRequest(config, config.auth.loginPolicy);
    const page = await browser.navigate(request.url);
    const back = await browser.navigate(formAction(page.body, page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signInName: 'reviewer@portal.test', password: DEMO_PASSWORD }).toString(),
    });
    const token = await fetch(policyEndpoints(config, config.auth.loginPolicy).token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SPA_ORIGIN },
      body: new URLSearchParams({
        client_id: config.auth.clientId,
        grant_type: 'authorization_code',
        code: redirectParams(back.url).get('code') ?? '',
        code_verifier: request.verifier,
        redirect_uri: request.redirectUri,
      }).toString(),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };

    const organisations = await fetch(`${stack.apiUrl}/api/organisations?limit=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(organisations.status, await organisations.clone().text()).toBe(200);
    // The route needs EMVO: the reviewer's role came through the token, and a forged token gets nothing.
    const forged = await fetch(`${stack.apiUrl}/api/organisations?limit=1`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.status).toBe(401);
  });
});
