import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** The portal's public origin: https turns on HSTS. */
  publicUrl: string;
  /** The identity provider's base URL: MSAL fetches its metadata and tokens, and may frame it silently. */
  identityProvider: string;
  /** WEB_MOCK: the SPA runs the API's own code over PGlite in a worker, which compiles WebAssembly. */
  webMock?: boolean;
}

/** Where a build puts mock mode's worker and its chunks (apps/web/vite.config.ts MOCK_ASSETS). */
const MOCK_WORKER_ASSETS = '/assets/mock/';

/** One directive of the answer's policy changed, for one path. */
function amendPolicy(reply: FastifyReply, from: string, to: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(from, to));
}

/**
 * Browser features the portal never uses, refused to every page and anything it embeds. Only features
 * the browsers know: Chromium warns on every page's console of one it does not (Web Bluetooth is not
 * policy-controlled there, so `bluetooth` is left out).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'serial',
  'hid',
  'interest-cohort',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers every answer carries. The Content-Security-Policy lets scripts come only from the
 * portal's own origin (the built index.html has no inline script; the painted shell is markup with style
 * attributes only), so an injected script cannot run. Styles allow 'unsafe-inline': libraries set style
 * elements at run time (toasts, the select), and a style cannot run code.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const https = options.publicUrl.startsWith('https:');
  const identityProvider = new URL(options.identityProvider).origin;
  // helmet's middleware, made once: @fastify/helmet made it again for every request (parsing the policy each
  // time: 1.3 % of the API's time per list request in bench/api-list's profile).
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Mock mode's database (PGlite) is WebAssembly: 'wasm-unsafe-eval' lets it compile, and no script.
        'script-src': ["'self'", ...(options.webMock ? ["'wasm-unsafe-eval'"] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", identityProvider],
        // MSAL renews tokens in a hidden frame of the provider when the refresh token cannot.
        'frame-src': [identityProvider],
        // Mock mode's workers (spec §7: msw's service worker, the API's shared worker) are the only ones.
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Only behind https: a browser would otherwise pin a development origin to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // MSAL's sign-in popup reports back to the page that opened it: an opener policy would cut that link.
    crossOriginOpenerPolicy: false,
    // Cross-origin resources (the provider's) are not embedded, only fetched: no COEP needed.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // MSAL's silent renewal ends on redirect.html inside a hidden frame of the portal itself.
    if (request.url.startsWith('/redirect.html')) {
      reply.header('x-frame-options', 'SAMEORIGIN');
      amendPolicy(reply, "frame-ancestors 'none'", "frame-ancestors 'self'");
    }
    // Mock mode's API worker (under assets/mock/, whose policy is its script's answer's) routes with
    // Fastify's router, which compiles its matchers from strings: that worker alone may; no page may.
    if (options.webMock && request.url.startsWith(MOCK_WORKER_ASSETS)) {
      amendPolicy(reply, "'wasm-unsafe-eval'", "'wasm-unsafe-eval' 'unsafe-eval'");
    }
    done();
  });
});
