/**
 * `@magpie/bff`: Magpie's Backend-for-Frontend (architecture.md). Build it with {@link buildBffApp} from a
 * {@link BffConfig} ({@link loadBffConfig} reads the environment); `main.ts` runs it.
 */
export { buildBffApp, DEFAULT_OPENAPI_DIR, type BuildBffAppOptions } from './app.ts';
export { loadBffConfig, ConfigError, MIN_SESSION_SECRET_LENGTH, type BffConfig } from './config.ts';
export { DamAuthClient, DamAuthError, type DamTokens, type DamUser, type DamAuthFailure } from './dam/dam-auth.ts';
export { TokenRefresher, ROTATION_GRACE_MS } from './session/token-refresher.ts';
export { CookieSealer, deriveKey } from './lib/crypto.ts';
export { HttpError } from './lib/errors.ts';
export { prefersHtml } from './lib/accept.ts';
export { mergeOpenApi, type OpenApiDocument } from './docs/merge-openapi.ts';
export { errorsPlugin } from './plugins/errors.ts';
export { sessionPlugin, REFRESH_MARGIN_MS, type SessionData, type SessionPluginOptions } from './plugins/session.ts';
export { csrfPlugin, type CsrfPluginOptions } from './plugins/csrf.ts';
export { validatePlugin, MAX_VALIDATED_BODY_BYTES } from './plugins/validate.ts';
export { proxyPlugin, PUBLIC_OPERATIONS, type ProxyPluginOptions } from './plugins/proxy.ts';
export { staticPlugin, HOME_PATH, NOT_BUILT_PAGE, type StaticPluginOptions } from './plugins/static.ts';
export { docsPlugin, loadMergedSpec, DOCS_PREFIX, type DocsPluginOptions } from './plugins/docs.ts';
export { sessionRoutes, LOGIN_RATE_WINDOW_MS, type SessionRoutesOptions } from './routes/session/session.route.ts';
