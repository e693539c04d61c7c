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
 * refresh_token and password (BFF client only). Errors follow RFC 6749 §5.2 `{error, error_description}`.
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

    const clientId = fields.client_id ?? '';
    const blockedFor = limits.clientAuthBlockedFor(request.ip, clientId);
    if (blockedFor > 0) return slowDown(reply, blockedFor, 'Too many failed client authentications from this address.');
    let client: OAuthClient;
    try {
      client = await ctx.auth.authenticateClient(fields.client_id, fields.client_secret);
    } catch (error) {
      if (error instanceof OAuthError) limits.clientAuthFailed(request.ip, clientId);
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
