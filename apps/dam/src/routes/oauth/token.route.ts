import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { OAuthError } from '../../services/auth.service.ts';

/** Most token requests a client address may make per minute before 429 (brute-force guard). */
export const TOKEN_REQUESTS_PER_MINUTE = 60;

/**
 * `POST /fotoweb/oauth2/token` (fotoweb-api-notes §10, RFC 6749): form-encoded grants client_credentials,
 * refresh_token and password (BFF client only). Errors follow RFC 6749 §5.2 `{error, error_description}`.
 */
export async function tokenRoutes(app: FastifyInstance, ctx: DamContext) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  app.post('/fotoweb/oauth2/token', { config: { public: true } }, async (request, reply) => {
    const now = Date.now();
    const entry = hits.get(request.ip);
    if (!entry || entry.resetAt < now) hits.set(request.ip, { count: 1, resetAt: now + 60_000 });
    else if (++entry.count > TOKEN_REQUESTS_PER_MINUTE) {
      return reply.code(429).send({ error: 'slow_down', error_description: 'Too many token requests; wait a minute.' });
    }
    if (hits.size > 10_000) for (const [ip, e] of hits) if (e.resetAt < now) hits.delete(ip);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
    try {
      const tokens = await ctx.auth.token(fields);
      return reply.header('cache-control', 'no-store').send(tokens);
    } catch (error) {
      if (error instanceof OAuthError) return reply.code(error.status).header('cache-control', 'no-store').send({ error: error.error, error_description: error.description });
      throw error;
    }
  });
}
