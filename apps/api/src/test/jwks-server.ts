import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

export interface JwksServer {
  /** For AUTH_JWKS_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * The test's signing key served as a JWKS (GET /keys), so an API process verifies the test's tokens as it
 * verifies the provider's: by fetching the key set over HTTP (plugins/auth.ts createRemoteJWKSet).
 */
export async function startJwksServer(jwk: JWK): Promise<JwksServer> {
  const body = JSON.stringify({ keys: [jwk] });
  const server = createServer((request, response) => {
    const found = request.url === '/keys';
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(found ? body : '{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/keys`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
