import type { FastifyInstance } from 'fastify';
import { serveOperations } from '../../http/operations.ts';
import { COOKIE_CONSENT } from '../../presenters/cookie-consent.ts';

/**
 * The cookie banner's text and the cookie policy (issue 15; spec 02 §7 `GET {base}/api/privacy/cookie-consent`), for
 * anyone, signed in or not: visitors who are not logged in see the banner. Cached by browsers for an hour.
 */
export async function privacyRoutes(app: FastifyInstance) {
  serveOperations(
    app,
    '/fotoweb/api/privacy/cookie-consent',
    {
      getCookieConsent: async ({ reply }) => reply.header('cache-control', 'public, max-age=3600').send(COOKIE_CONSENT),
    },
    { config: { public: true } },
  );
}
