import type { FastifyInstance, FastifyReply } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { DamContext } from '../../context.ts';
import { serveOperations, type OperationHandler } from '../../http/operations.ts';
import { OAuthError, type OAuthClient } from '../../services/auth.service.ts';
import { TokenLimits, type TokenLimitAnswer } from '../../policies/token-limits.ts';

/**
 * The form's fields as strings (undefined for a missing or repeated field). The token endpoint reads its form
 * itself rather than through the route table's `TokenRequestSchema`: its errors are RFC 6749's
 * `{error, error_description}` (`unsupported_grant_type`, `invalid_request`…), never a FotoWeb error body.
 */
function formFields(body: unknown): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
}

/**
 * `POST /fotoweb/oauth2/token` (fotoweb-api-notes §10, RFC 6749): form-encoded grants client_credentials,
 * refresh_token and password (BFF client only), the client authenticated in the body or by HTTP Basic
 * ({@link clientCredentials}). Errors follow RFC 6749 §5.2 `{error, error_description}`.
 *
 * Order: refuse a connecting address that failed to authenticate this client id too often (429) → authenticate the client
 * → charge the grant's limit (429) → grant. The limits are {@link TokenLimits}, `MAGPIE_TOKEN_RATE_LIMIT` per
 * minute each. A 429 answers `{error: "slow_down"}` (RFC 8628 §3.5) with `Retry-After` in seconds.
 */
export async function tokenRoutes(app: FastifyInstance, ctx: DamContext) {
  const limits = new TokenLimits(ctx.config.tokenRateLimit);

  const createToken: OperationHandler<'createToken'> = async ({ request, reply }) => {
    const fields = formFields(request.body);
    reply.header('cache-control', 'no-store');

    let credentials: ClientCredentials;
    try {
      credentials = clientCredentials(request.headers.authorization, fields);
    } catch (error) {
      return answerError(reply, error);
    }
    const clientId = credentials.clientId ?? '';
    const blockedFor = limits.clientAuthBlockedFor(request.ip, clientId);
    if (blockedFor > 0) return slowDown(reply, blockedFor, 'Too many failed client authentications from this address.');
    let client: OAuthClient;
    try {
      client = await ctx.auth.authenticateClient(credentials.clientId, credentials.clientSecret);
    } catch (error) {
      if (error instanceof OAuthError) limits.clientAuthFailed(request.ip, clientId);
      // RFC 6749 §5.2: a client that authenticated through the Authorization header is told the scheme.
      if (credentials.basic && error instanceof OAuthError && error.status === 401) reply.header('www-authenticate', 'Basic realm="fotoweb"');
      return answerError(reply, error);
    }

    let charge: TokenLimitAnswer | undefined;
    if (fields.grant_type === 'password' && client.kind === 'bff') {
      charge = limits.takePasswordGrant(endUserAddress(fields.end_user_address) ?? request.ip);
      if (!charge.allowed) return slowDown(reply, charge.retryAfterSeconds, 'Too many failed logins from this address.');
    } else if (fields.grant_type === 'client_credentials' && client.kind === 'api') {
      charge = limits.takeClientGrant(client.clientId);
      if (!charge.allowed) return slowDown(reply, charge.retryAfterSeconds, 'Too many token requests for this client.');
    }

    // Only wrong passwords stay counted against the end user's address.
    const guessed = fields.grant_type === 'password';
    try {
      const tokens = await ctx.auth.grant(client, fields);
      if (guessed && charge?.allowed) charge.refund();
      return reply.send(tokens);
    } catch (error) {
      const wrongPassword = error instanceof OAuthError && error.error === 'invalid_grant';
      if (guessed && charge?.allowed && !wrongPassword) charge.refund();
      return answerError(reply, error);
    }
  };
  serveOperations(app, '/fotoweb/oauth2/token', { createToken }, { config: { public: true } });
}

/** The client's credentials as a token request carries them; `basic` when they came in the Authorization header. */
export interface ClientCredentials {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly basic: boolean;
}

/**
 * Where the client's id and secret are (RFC 6749 §2.3.1): an HTTP Basic `Authorization` header (`client_secret_basic`:
 * base64 of the form-urlencoded id, a colon and the form-urlencoded secret) or the form's `client_id` and
 * `client_secret` (`client_secret_post`). Another scheme in the header (a Bearer token sent along) is not client
 * authentication and is ignored. Checks nothing about the client itself ({@link AuthService.authenticateClient} does).
 *
 * @param authorization - the request's `Authorization` header, if any.
 * @param fields - the form's fields ({@link formFields}).
 * @throws OAuthError `invalid_request` (400) when the request uses both methods, or the Basic value is not base64 of
 *   `id:secret` with valid percent-encoding, or is longer than 4 KiB.
 */
export function clientCredentials(authorization: string | undefined, fields: Record<string, string | undefined>): ClientCredentials {
  const basic = /^Basic[ ]+([A-Za-z0-9+/=]*)[ ]*$/i.exec(authorization ?? '');
  if (authorization !== undefined && basic === null && /^Basic(\s|$)/i.test(authorization)) {
    throw new OAuthError('invalid_request', 'The Authorization header is not valid HTTP Basic client authentication.');
  }
  if (basic === null) return { clientId: fields.client_id, clientSecret: fields.client_secret, basic: false };
  if (fields.client_secret !== undefined) {
    throw new OAuthError('invalid_request', 'Send the client credentials either in the Authorization header or in the body, not both.');
  }
  const encoded = basic[1]!;
  const decoded = encoded.length <= 4096 ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_request', 'The Basic credentials must be the client id and secret joined by a colon.');
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    // The body's client_id, when sent alone, must name the same client (RFC 6749 §2.3.1 allows it for public clients).
    if (fields.client_id !== undefined && fields.client_id !== '' && fields.client_id !== clientId) {
      throw new OAuthError('invalid_request', 'The client_id in the body is not the client of the Authorization header.');
    }
    return { clientId, clientSecret, basic: true };
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError('invalid_request', 'The Basic credentials are not valid form-urlencoded text.');
  }
}

/**
 * The end user's address the BFF passes on (`end_user_address`, dam.yaml `PasswordTokenRequest`), normalised;
 * undefined when absent or not an IP address (the connecting address is charged then).
 */
function endUserAddress(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 64 || !ipaddr.isValid(value)) return undefined;
  return ipaddr.process(value).toString();
}

function slowDown(reply: FastifyReply, retryAfterSeconds: number, description: string): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ error: 'slow_down', error_description: `${description} Try again in ${retryAfterSeconds} seconds.` });
}

function answerError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof OAuthError) return reply.code(error.status).send({ error: error.error, error_description: error.description });
  throw error;
}
