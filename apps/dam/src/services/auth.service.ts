import { randomUUID } from 'node:crypto';
import type { DamConfig } from '../config.ts';
import type { TokensRepository } from '../repositories/tokens.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { randomToken, safeEqual, sha256Hex, verifyPassword } from '../lib/crypto.ts';

/**
 * How long a resolved access token is trusted without asking the database again (ms). Logout and refresh in this
 * process evict at once; another DAM process may honour a revoked token for at most this long.
 */
export const AUTH_CACHE_TTL_MS = 5_000;
/** Upper bound of cached tokens before the cache is emptied. */
const AUTH_CACHE_MAX_ENTRIES = 10_000;

/** The token endpoint's answer (RFC 6749 §5.1; FotoWeb answers `expires_in` 28 800 s). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
  refresh_token: string;
}

/** An RFC 6749 §5.2 error, answered with status 400 (401 for `invalid_client`). */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

/**
 * OAuth 2.0 for the DAM (fotoweb-api-notes §10): client_credentials for API clients, refresh_token, and the
 * password grant only for the BFF's own confidential client. Tokens are random, stored hashed, and revocable
 * per grant.
 */
export class AuthService {
  /** Recently resolved access tokens (hash → caller and expiry in ms); see {@link AUTH_CACHE_TTL_MS}. */
  private readonly cache = new Map<string, { caller: Caller & { grantId: string }; until: number }>();

  constructor(
    private readonly config: DamConfig,
    private readonly users: UsersRepository,
    private readonly tokens: TokensRepository,
  ) {}

  private async issue(userId: number, clientId: string, grantId = randomUUID()): Promise<TokenResponse> {
    const access = randomToken();
    const refresh = randomToken();
    const now = Date.now();
    await this.tokens.insert({ hash: sha256Hex(access), kind: 'access', grantId, userId, clientId, expiresAt: new Date(now + this.config.accessTokenTtl * 1000) });
    await this.tokens.insert({ hash: sha256Hex(refresh), kind: 'refresh', grantId, userId, clientId, expiresAt: new Date(now + this.config.refreshTokenTtl * 1000) });
    return { access_token: access, token_type: 'bearer', expires_in: this.config.accessTokenTtl, refresh_token: refresh };
  }

  private isBffClient(clientId: string, secret: string): boolean {
    const { bffClient } = this.config;
    return bffClient.secret !== undefined && safeEqual(clientId, bffClient.id) && safeEqual(secret, bffClient.secret);
  }

  /** Checks a client's credentials: the BFF's client, or a registered API client. Answers the client's acting user for API clients. */
  private async authenticateClient(clientId: string, secret: string): Promise<{ kind: 'bff' } | { kind: 'api'; userId: number }> {
    if (this.isBffClient(clientId, secret)) return { kind: 'bff' };
    const client = await this.tokens.findClient(clientId);
    if (client && (await verifyPassword(secret, client.secret_hash))) return { kind: 'api', userId: client.user_id };
    throw new OAuthError('invalid_client', 'Unknown client or wrong client secret.');
  }

  /**
   * Answers a token request (`application/x-www-form-urlencoded` fields).
   * @throws OAuthError for unknown grants, bad client credentials, wrong passwords or dead refresh tokens.
   */
  async token(form: Record<string, string | undefined>): Promise<TokenResponse> {
    const clientId = form.client_id ?? '';
    const clientSecret = form.client_secret ?? '';
    if (!clientId || !clientSecret) throw new OAuthError('invalid_client', 'client_id and client_secret are required.');
    switch (form.grant_type) {
      case 'client_credentials': {
        const client = await this.authenticateClient(clientId, clientSecret);
        if (client.kind !== 'api') throw new OAuthError('unauthorized_client', 'This client may not use client_credentials.');
        return this.issue(client.userId, clientId);
      }
      case 'password': {
        const client = await this.authenticateClient(clientId, clientSecret);
        if (client.kind !== 'bff') throw new OAuthError('unauthorized_client', 'The password grant is limited to the BFF client.');
        const user = form.username ? await this.users.findByUsername(form.username) : undefined;
        const ok = await verifyPassword(form.password ?? '', user?.password_hash);
        if (!user || !ok || !user.is_enabled) throw new OAuthError('invalid_grant', 'Wrong user name or password.');
        return this.issue(user.id, clientId);
      }
      case 'refresh_token': {
        await this.authenticateClient(clientId, clientSecret);
        const hash = sha256Hex(form.refresh_token ?? '');
        const owner = await this.tokens.findLive(hash, 'refresh');
        if (!owner || owner.clientId !== clientId) throw new OAuthError('invalid_grant', 'The refresh token is invalid or expired.');
        // Rotation: the old grant's tokens die, a new pair is issued (fotoweb-api-notes §10: the old refresh token is then invalid).
        await this.revokeGrant(owner.grantId);
        return this.issue(owner.userId, clientId);
      }
      default:
        throw new OAuthError('unsupported_grant_type', `Unsupported grant_type "${form.grant_type ?? ''}".`);
    }
  }

  /** Resolves an access token to its caller, or undefined when the token is unknown, expired or revoked. */
  async authenticate(accessToken: string): Promise<(Caller & { grantId: string }) | undefined> {
    const hash = sha256Hex(accessToken);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.caller;
    const owner = await this.tokens.findLive(hash, 'access');
    if (!owner) return undefined;
    const user = await this.users.findById(owner.userId);
    if (!user || !user.is_enabled) return undefined;
    const caller = {
      userId: user.id,
      username: user.username,
      fullName: user.full_name,
      email: user.email,
      isAdmin: user.is_admin,
      groupIds: await this.users.groupIdsOf(user.id),
      clientId: owner.clientId,
      grantId: owner.grantId,
    };
    if (this.cache.size >= AUTH_CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { caller, until: Math.min(now + AUTH_CACHE_TTL_MS, owner.expiresAt.getTime()) });
    return caller;
  }

  /** Logout: revokes the access and refresh tokens of the grant. */
  async revokeGrant(grantId: string): Promise<void> {
    await this.tokens.revokeGrant(grantId);
    for (const [hash, entry] of this.cache) if (entry.caller.grantId === grantId) this.cache.delete(hash);
  }
}
