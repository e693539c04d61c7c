import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findRoute, GUEST_OPERATIONS } from '@magpie/api-types/routes';
import type { AuthService } from '../services/auth.service.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { DamOperation } from './operations.ts';
import { ApiError, unauthorized } from '../lib/errors.ts';
import type { AssetReference } from '../lib/references.ts';
import { looksLikeJwt, type PreviewTokensService } from '../services/preview-tokens.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every route not marked `config.public`. */
    caller: (Caller & { grantId: string }) | undefined;
    /** The one asset whose previews the request may fetch, when it came with a preview token (issue 16). */
    previewScope: AssetReference | undefined;
  }
  interface FastifyContextConfig {
    /** The route answers without a token (token endpoint, health). */
    public?: boolean;
  }
}

/** The bearer token of a request: `Authorization: Bearer <t>` or `?access_token=<t>` (fotoweb-api-notes §10). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' && query.access_token ? query.access_token : undefined;
}

/**
 * The legacy API key of a request: the `FWAPIToken` header (fotoweb-api-notes §10 "Legacy API key"; the query-string
 * form FotoWeb calls unofficial is not read).
 */
export function legacyApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers.fwapitoken;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/** What resolves a legacy API key to its caller (services/api-keys.service.ts). */
export interface ApiKeyAuthenticator {
  authenticate(key: string): Promise<(Caller & { grantId: string }) | undefined>;
}

/**
 * What a user whose password change is forced may still call (spec 03 §2.11, issue 11): the descriptor (it says
 * `isForcePasswordChangeSet`, which sends the web client to the change-password view), the session's keepalive and
 * logout, changing the password, and the preferences the shell reads. The token endpoint is public.
 */
export const ALLOWED_WHILE_PASSWORD_CHANGE_FORCED: ReadonlySet<string> = new Set([
  'getFullApiDescriptor',
  'getFullApiDescriptorNoSlash',
  'keepalive',
  'logout',
  'changeOwnPassword',
  'getUserPreferences',
  'updateUserPreferences',
] satisfies DamOperation[]);

/**
 * Authenticates every request that is not public: a live bearer token is required (401 otherwise) and resolves
 * to `request.caller`. Without a bearer token, a live legacy API key in `FWAPIToken` (issue 16) authenticates as its
 * user; an unknown or revoked key answers 401. While guest access is on, a request without a token for one of {@link GUEST_OPERATIONS} is
 * answered as the guest user instead (issue 12, spec 02 §6). A caller who must change their password gets 403 `PasswordChangeRequired` for every operation
 * but {@link ALLOWED_WHILE_PASSWORD_CHANGE_FORCED}, whatever client the token was issued to, so no client can skip
 * the change; a URL of no operation still answers its 404. A preview token (`previewTokens`, issue 16) is accepted
 * for `getPreview` only, setting `request.previewScope` to its asset; anywhere else it is an unknown token (401).
 */
export function registerAuthentication(
  app: FastifyInstance,
  auth: AuthService,
  options: { guestAccess: boolean; apiKeys?: ApiKeyAuthenticator; previewTokens?: Pick<PreviewTokensService, 'authenticate'> | undefined },
): void {
  app.decorateRequest('caller', undefined);
  app.decorateRequest('previewScope', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    // An asset's previewToken (issue 16) opens that asset's previews and nothing else: it is looked at for getPreview only.
    if (token && options.previewTokens && looksLikeJwt(token) && operationIdOf(request) === 'getPreview') {
      const granted = await options.previewTokens.authenticate(token);
      if (!granted) throw unauthorized('The preview token is invalid or has expired.');
      request.caller = granted.caller;
      request.previewScope = granted.asset;
      return;
    }
    const apiKey = token || !options.apiKeys ? undefined : legacyApiKey(request);
    if (apiKey) {
      const keyCaller = await options.apiKeys!.authenticate(apiKey);
      if (!keyCaller) throw unauthorized('The API key (FWAPIToken) is invalid or has been revoked.');
      request.caller = keyCaller;
      return;
    }
    if (!token && options.guestAccess && isGuestOperation(request)) {
      request.caller = await auth.guestCaller();
      return;
    }
    const caller = token ? await auth.authenticate(token) : undefined;
    if (!caller) throw unauthorized(token ? 'The access token is invalid or has expired.' : 'Authentication is required.');
    if (caller.mustChangePassword) {
      const operationId = findRoute(request.method, request.raw.url ?? request.url, { contract: 'dam' })?.route.operationId;
      if (operationId !== undefined && !ALLOWED_WHILE_PASSWORD_CHANGE_FORCED.has(operationId)) {
        throw new ApiError(403, 'PasswordChangeRequired', 'You must change your password before you go on.', 'Password change required');
      }
    }
    request.caller = caller;
  });
}

/** The operation id of a request's method and path, or undefined. */
function operationIdOf(request: FastifyRequest): string | undefined {
  return findRoute(request.method, request.raw.url ?? request.url, { contract: 'dam' })?.route.operationId;
}

/** Whether the request is for an operation guests may call ({@link GUEST_OPERATIONS}). */
function isGuestOperation(request: FastifyRequest): boolean {
  const operationId = findRoute(request.method, request.raw.url ?? request.url, { contract: 'dam' })?.route.operationId;
  return operationId !== undefined && GUEST_OPERATIONS.has(operationId as DamOperation);
}

/** The caller of an authenticated route (the auth hook guarantees it). */
export function callerOf(request: FastifyRequest): Caller & { grantId: string } {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
