import { describe, expect, it } from 'vitest';
import { EnvironmentError, loadEnvironment } from './environment';

const valid = {
  apiUrl: '',
  mock: false,
  production: false,
  envName: 'local',
  appName: 'Portal',
  azureAd: {
    clientId: 'spa',
    redirectUri: 'http://x/redirect.html',
    postLogoutRedirectUri: 'http://x/',
    navigateToLoginRequestUrl: true,
    validateAuthority: false,
    authority: 'https://idp/t.onmicrosoft.com/b2c_1_signin',
    resetAuthority: 'https://idp/t.onmicrosoft.com/b2c_1_reset',
    knownAuthorities: ['idp'],
    interactionType: 'redirect',
    login: { tenantID: 'b2c_1_signin' },
    webApi: 'http://x/api',
    b2cScopes: ['scope'],
  },
};

const answering = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('loadEnvironment', () => {
  it('keeps the provider metadata when given and drops fields it does not know', async () => {
    const azureAd = { ...valid.azureAd, authorityMetadata: '{"issuer":"x"}' };
    await expect(loadEnvironment(answering(200, { ...valid, azureAd, extra: true }))).resolves.toEqual({
      ...valid,
      azureAd,
    });
  });

  it('names the invalid fields in its error', async () => {
    const body = { ...valid, mock: 'no', azureAd: { ...valid.azureAd, login: {} } };
    await expect(loadEnvironment(answering(200, body))).rejects.toThrow(
      'environment.json is not valid (mock, azureAd.login.tenantID)',
    );
  });

  it('accepts the spec §3 fields', async () => {
    await expect(loadEnvironment(answering(200, valid))).resolves.toEqual(valid);
  });

  it.each([
    ['an HTTP error', answering(503, 'down')],
    ['a body that is not JSON', answering(200, '<html>')],
    ['a missing field', answering(200, { ...valid, azureAd: { ...valid.azureAd, clientId: undefined } })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'an interaction type neither redirect nor popup',
      answering(200, { ...valid, azureAd: { ...valid.azureAd, interactionType: 'silent' } }),
    ],
    [
      'a scope that is not a string',
      answering(200, { ...valid, azureAd: { ...valid.azureAd, b2cScopes: [1] } }),
    ],
  ])('refuses %s with an EnvironmentError', async (_case, fetchImpl) => {
    await expect(loadEnvironment(fetchImpl as typeof fetch)).rejects.toBeInstanceOf(EnvironmentError);
  });
});
