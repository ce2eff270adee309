import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const TEST_ISSUER = 'http://idp.test/emvoportal.onmicrosoft.com/b2c_1_signin/v2.0/';
export const TEST_AUDIENCE = 'portal-api';
export const TEST_POLICY = 'b2c_1_signin';

export type TestKeys = Awaited<ReturnType<typeof createTestKeys>>;

/** A signing key the API under test trusts, and a helper to mint B2C-shaped access tokens with it. */
export async function createTestKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [jwk] });

  async function sign(
    claims: JWTPayload = {},
    options: { expiresIn?: string | number; key?: Parameters<SignJWT['sign']>[0] } = {},
  ) {
    return new SignJWT({ acr: TEST_POLICY, name: 'Test User', emails: ['test@portal.test'], ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(String(claims.iss ?? TEST_ISSUER))
      .setAudience(String(claims.aud ?? TEST_AUDIENCE))
      .setSubject(String(claims.sub ?? 'test-subject'))
      .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined)
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.key ?? privateKey);
  }

  /** jwk: the public key as a JWKS endpoint serves it (test/jwks-server.ts, for API processes). */
  return { keySet, sign, jwk };
}
