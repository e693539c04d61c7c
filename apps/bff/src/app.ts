import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { BffConfig } from './config.ts';
import { DamAuthClient } from './dam/dam-auth.ts';
import { clientErrorHandler } from '@magpie/api-types/server';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { securityHeadersPlugin, withSecurityHeaders } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { validatePlugin } from './plugins/validate.ts';
import { passwordResetLimitPlugin } from './plugins/password-reset-limit.ts';
import { staticPlugin } from './plugins/static.ts';
import { proxyPlugin } from './plugins/proxy.ts';
import { docsPlugin } from './plugins/docs.ts';
import { sessionRoutes } from './routes/session/session.route.ts';
import { DebugRequestLogController, loggerSetup } from '@magpie/api-types/server-logging';

/** The repository's `openapi/` folder (apps/bff/src → ../../../openapi). */
export const DEFAULT_OPENAPI_DIR = path.resolve(import.meta.dirname, '../../../openapi');

/** Largest body the BFF parses itself (its own JSON routes), bytes. Proxied bodies stream and are not limited here. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A request id taken from `X-Request-Id` when it is short and plain, so logs of the BFF and the DAM line up. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Options of {@link buildBffApp} beyond the configuration. */
export interface BuildBffAppOptions {
  /** A logger to use instead of one built from `config.logLevel`. */
  loggerInstance?: FastifyBaseLogger;
  /** Folder of `bff.yaml` and `dam.yaml` (default: the repository's `openapi/`). */
  openapiDir?: string;
  /** Clock (ms since the epoch) for session expiry; tests pass a fake. */
  now?: () => number;
}

/**
 * Builds the BFF (architecture.md): the only server the browser talks to. Plugins, in the order they run for a
 * request:
 *
 * 1. `errors`: FotoWeb-style error bodies for every failure; then `security-headers` (CSP, HSTS over HTTPS, nosniff…)
 *    on every answer, before any other hook can answer.
 * 2. `@fastify/cookie`, then `session` (encrypted `magpie_session`, token refresh) and `csrf` (double submit).
 * 3. `validate`: contract checks of `/fotoweb/` requests with `@magpie/api-types` (400/404/413/415); then
 *    `password-reset-limit`: reset link requests per client address (429).
 * 4. `static`: the web app, `/` → `/fotoweb/archives/`, and HTML navigations → index.html.
 * 5. routes: login, logout, session (bff.yaml).
 * 6. `proxy`: every other `/fotoweb/*` to the DAM with the session's bearer.
 * 7. `docs`: Swagger UI at `/docs` over bff.yaml + dam.yaml.
 *
 * The app is not listening yet; call `listen` (see main.ts) or test it with `inject`.
 *
 * @throws Error when the contracts in `openapiDir` cannot be read (at `ready()`).
 */
export async function buildBffApp(config: BffConfig, options: BuildBffAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance !== undefined
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            config.logLevel === 'silent'
              ? false
              : {
                  // Readable lines on a terminal, JSON otherwise or with LOG_FORMAT=json (`@magpie/api-types/server-logging`).
                  ...loggerSetup('bff', config),
                  redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
                },
        }),
    // Per-request lines at debug, so `info` shows what a person needs (`@magpie/api-types/server-logging`).
    logController: new DebugRequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // FotoWeb paths carry `;p=`/`;o=` and long percent-encoded folder names: keep them whole.
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 4096 },
    // A URL the router cannot decode, or headers Node refuses, answer a FotoWeb error body too (the errors plugin
    // runs after routing).
    frameworkErrors: withSecurityHeaders(frameworkErrorHandler),
    clientErrorHandler,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const damAuth = new DamAuthClient({
    damUrl: config.damUrl,
    clientId: config.client.id,
    clientSecret: config.client.secret,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(sessionPlugin, {
    secret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    damAuth,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  await app.register(csrfPlugin, { cookieSecure: config.cookieSecure });
  await app.register(validatePlugin);
  await app.register(passwordResetLimitPlugin, { limit: config.passwordResetRateLimit, ...(options.now !== undefined ? { now: options.now } : {}) });
  await app.register(staticPlugin, { webDist: config.webDist });
  await app.register(sessionRoutes, {
    damAuth,
    throttle: { addressLimit: config.loginRateLimit, addressUserLimit: config.loginAddressUserLimit, delay: config.loginDelay },
    sessionSecret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  await app.register(proxyPlugin, { damUrl: config.damUrl });
  await app.register(docsPlugin, { openapiDir: options.openapiDir ?? DEFAULT_OPENAPI_DIR });
  return app;
}

/** Fastify's `trustProxy` for a configured value; a hop count trusts that many proxies in front of the BFF. */
function trustProxyOption(value: BffConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
