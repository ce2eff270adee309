import { describe, expect, it } from 'vitest';
import { lowerCasePath, stripOfflineAccessOnRefresh } from './http-helpers.js';
import { escapeHtml } from './pages.js';

describe('lowerCasePath (identity.md #2)', () => {
  it.each([
    [
      '/EmvoPortal.onmicrosoft.com/B2C_1_SignIn/OAuth2/v2.0/Token',
      '/emvoportal.onmicrosoft.com/b2c_1_signin/oauth2/v2.0/token',
    ],
    // Generated ids are case-sensitive: the interaction's and the resume route's.
    ['/T.onmicrosoft.com/P/interaction/AbC-9_x/Login', '/t.onmicrosoft.com/p/interaction/AbC-9_x/login'],
    [
      '/T.onmicrosoft.com/P/oauth2/v2.0/Authorize/AbC-9_x',
      '/t.onmicrosoft.com/p/oauth2/v2.0/authorize/AbC-9_x',
    ],
  ])('%s → %s', (path, expected) => {
    expect(lowerCasePath(path)).toBe(expected);
  });
});

describe('stripOfflineAccessOnRefresh (identity.md #5)', () => {
  const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
  const fields = (body: Buffer) => Object.fromEntries(new URLSearchParams(body.toString()));

  it.each([
    [
      { grant_type: 'refresh_token', scope: 'openid offline_access api/x' },
      { grant_type: 'refresh_token', scope: 'openid api/x' },
    ],
    [{ grant_type: 'refresh_token', scope: 'offline_access' }, { grant_type: 'refresh_token' }],
    [{ grant_type: 'refresh_token' }, { grant_type: 'refresh_token' }],
    [
      { grant_type: 'authorization_code', scope: 'openid offline_access' },
      { grant_type: 'authorization_code', scope: 'openid offline_access' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(fields(stripOfflineAccessOnRefresh(form(input)))).toEqual(expected);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
