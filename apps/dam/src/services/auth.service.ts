import { randomUUID } from 'node:crypto';
import { GUEST_USER_ID } from '@magpie/api-types';
import type { DamConfig } from '../config.ts';
import type { TokensRepository } from '../repositories/tokens.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { CLI_CLIENT_ID } from './bootstrap.service.ts';
import type { Database, UserRow } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import { recordActivity } from './activity.service.ts';
import { preparePasswordChecks, randomToken, safeEqual, sha256Hex, verifyPassword } from '../lib/crypto.ts';

/**
 * How long a resolved access token is trusted without asking the database again (ms). What the caller is made of is
 * read with it: the user's groups and group permissions, the site-owner role, `forcePasswordChange`. In this process,
 * logout, refresh, revoking a user's or a client's tokens and {@link AuthService.forgetCallers} take effect at once;
 * a change made by another DAM process (a revoked token, a disabled user, a membership or permission changed, the
 * site owner handed over) reaches a caller cached here within this long.
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

/**
 * Whether a user may hold a session (spec 03 §4 User): enabled, not past the expiry date, and a person or an
 * application user (never the guest user, who stands for visitors without a session). Deleted users are never found.
 */
export function canSignIn(user: Pick<UserRow, 'is_enabled' | 'expires' | 'kind'>, now = new Date()): boolean {
  return user.is_enabled && user.kind !== 'guest' && (user.expires === null || user.expires.getTime() > now.getTime());
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
 * A client whose credentials checked out: the BFF's confidential client (password grant allowed), or a registered
 * API client acting as its user (`userId`).
 */
export type OAuthClient = { kind: 'bff'; clientId: string } | { kind: 'api'; clientId: string; userId: number };

/**
 * OAuth 2.0 for the DAM (fotoweb-api-notes §10): client_credentials for API clients, refresh_token, and the
 * password grant only for the BFF's own confidential client. Tokens are random, stored hashed, and revocable
 * per grant. Rate limits are the token route's (routes/oauth/token-limits.ts): it authenticates the client first
 * ({@link authenticateClient}), charges the right limit, then asks for the grant ({@link grant}).
 */
export class AuthService {
  /** Recently resolved access tokens (hash → caller and expiry in ms); see {@link AUTH_CACHE_TTL_MS}. */
  private readonly cache = new Map<string, { caller: Caller & { grantId: string }; until: number }>();

  constructor(
    private readonly config: DamConfig,
    private readonly users: UsersRepository,
    private readonly tokens: TokensRepository,
    /** With it, password logins, successful and failed, go to the activity log (issue 15). */
    private readonly activityDb?: Kysely<Database>,
  ) {
    // Make the dummy hash now, so the first unknown name does not answer slower than a known one.
    void preparePasswordChecks();
  }

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

  /**
   * Checks a client's credentials (`client_secret_post`, RFC 6749 §2.3.1): the BFF's client, or a registered API
   * client. An unknown client id costs one scrypt run like a known one (a dummy hash), so the answer time does not
   * tell which client ids exist.
   *
   * @throws OAuthError `invalid_client` when either is missing, the client is unknown or the secret is wrong.
   */
  async authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<OAuthClient> {
    if (!clientId || !secret) throw new OAuthError('invalid_client', 'client_id and client_secret are required.');
    if (this.isBffClient(clientId, secret)) return { kind: 'bff', clientId };
    const client = await this.tokens.findClient(clientId);
    const ok = await verifyPassword(secret, client?.secret_hash);
    if (client && ok) return { kind: 'api', clientId, userId: client.user_id };
    throw new OAuthError('invalid_client', 'Unknown client or wrong client secret.');
  }

  /**
   * Answers a token request (`application/x-www-form-urlencoded` fields): {@link authenticateClient}, then
   * {@link grant}. The token route calls the two steps itself, to charge its limits in between.
   * @throws OAuthError for unknown grants, bad client credentials, wrong passwords or dead refresh tokens.
   */
  async token(form: Record<string, string | undefined>): Promise<TokenResponse> {
    return this.grant(await this.authenticateClient(form.client_id, form.client_secret), form);
  }

  /**
   * Issues tokens for an authenticated client's grant (`grant_type` and its fields, RFC 6749 §4.3, §4.4, §6).
   * The password grant checks the password with scrypt whether or not the user name exists, and for a disabled
   * user too, so a wrong password takes as long for every name (issue 9 §6).
   *
   * An API client's grants (client_credentials, and its refreshes) need what it acts as to be able to sign in and to
   * hold the `api` group permission (spec 03 §3.3); a successful password grant records the login (`user_logins`).
   *
   * @throws OAuthError `unsupported_grant_type`, `unauthorized_client` (password grant from an API client,
   *   client_credentials from the BFF, an API client acting as a disabled user or one without `api`),
   *   `invalid_grant` (wrong user name or password, disabled or expired user, dead or foreign refresh token).
   */
  async grant(client: OAuthClient, form: Record<string, string | undefined>): Promise<TokenResponse> {
    switch (form.grant_type) {
      case 'client_credentials': {
        if (client.kind !== 'api') throw new OAuthError('unauthorized_client', 'This client may not use client_credentials.');
        // The command-line client acts as whoever owns the site: its secret lives in the data folder, whose holder
        // owns the site anyway, and the import commands keep working after the role is handed over.
        const userId = client.clientId === CLI_CLIENT_ID ? ((await this.users.siteOwnerId()) ?? client.userId) : client.userId;
        await this.assertMayUseApi(userId);
        return this.issue(userId, client.clientId);
      }
      case 'password': {
        if (client.kind !== 'bff') throw new OAuthError('unauthorized_client', 'The password grant is limited to the BFF client.');
        const user = form.username ? await this.users.findByUsername(form.username) : undefined;
        const ok = await verifyPassword(form.password ?? '', user?.password_hash);
        if (!user || !ok || !canSignIn(user)) {
          await this.logLogin('login.failed', user?.id, (form.username ?? '').slice(0, 200));
          throw new OAuthError('invalid_grant', 'Wrong user name or password.');
        }
        return this.signIn(user, client.clientId);
      }
      case 'refresh_token': {
        const hash = sha256Hex(form.refresh_token ?? '');
        const owner = await this.tokens.findLive(hash, 'refresh');
        if (!owner || owner.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The refresh token is invalid or expired.');
        // A user disabled, expired or deleted since the login gets no new tokens: their session ends at the next refresh.
        const user = await this.users.findById(owner.userId);
        if (!user || !canSignIn(user)) {
          await this.revokeGrant(owner.grantId);
          throw new OAuthError('invalid_grant', 'The refresh token is invalid or expired.');
        }
        if (client.kind === 'api') await this.assertMayUseApi(owner.userId);
        // Rotation: the old grant's tokens die, a new pair is issued (fotoweb-api-notes §10: the old refresh token is then invalid).
        await this.revokeGrant(owner.grantId);
        return this.issue(owner.userId, client.clientId);
      }
      default:
        throw new OAuthError('unsupported_grant_type', `Unsupported grant_type "${form.grant_type ?? ''}".`);
    }
  }

  /**
   * What a password grant does once the password is checked: issues a token pair for `clientId`, records
   * `login.succeeded` in the activity log and the last login in `user_logins`. It checks nothing itself (neither
   * password nor {@link canSignIn}); besides {@link grant}, only the test harness calls it, to sign in the users a
   * test makes with real tokens but without one scrypt run each.
   */
  async signIn(user: Pick<UserRow, 'id' | 'username'>, clientId: string): Promise<TokenResponse> {
    const tokens = await this.issue(user.id, clientId);
    await this.logLogin('login.succeeded', user.id, user.username);
    // The last login lives apart from `users`, whose writes empty every kept answer (plan risk 8).
    await this.users.recordLogin(user.id);
    return tokens;
  }

  /** Records a password login in the activity log: the user when the name is one, else the name as typed. */
  private async logLogin(action: 'login.succeeded' | 'login.failed', userId: number | undefined, name: string): Promise<void> {
    if (!this.activityDb) return;
    await recordActivity(
      this.activityDb,
      userId === undefined ? { userName: name } : { userId },
      action,
      userId === undefined ? { kind: 'site', name: 'Login' } : { kind: 'user', id: userId },
    );
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
    if (!user || !canSignIn(user)) return undefined;
    const principal = await this.principalOf(user.id);
    if (owner.clientId !== this.config.bffClient.id) {
      // An API client's token dies with the client (deleted, or its group deleted under it), whatever raced the
      // revocation, and as soon as what it acts as loses the api permission (spec 03 §3.3).
      if (!(await this.tokens.findClient(owner.clientId))) return undefined;
      if (!sitePolicy.can(principal, 'useApi')) return undefined;
    }
    const caller = {
      userId: user.id,
      username: user.username,
      fullName: user.full_name,
      email: user.email,
      ...principal,
      clientId: owner.clientId,
      grantId: owner.grantId,
      mustChangePassword: user.force_password_change,
    };
    if (this.cache.size >= AUTH_CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { caller, until: Math.min(now + AUTH_CACHE_TTL_MS, owner.expiresAt.getTime()) });
    return caller;
  }

  /**
   * A user as a caller, without a token: what an album's share links act as (its owner, issue 13), so a link shows what
   * its owner may see today. Undefined when the user may not hold a session (disabled, expired, deleted).
   */
  async callerForUser(userId: number): Promise<Caller | undefined> {
    const user = await this.users.findById(userId);
    if (!user || !canSignIn(user)) return undefined;
    return {
      userId: user.id,
      username: user.username,
      fullName: user.full_name,
      email: user.email,
      ...(await this.principalOf(user.id)),
      clientId: '',
      mustChangePassword: false,
    };
  }

  /** What a user is to the rules: the site-owner role, every group they are in and the group permissions those hold. */
  private async principalOf(userId: number): Promise<Pick<Caller, 'isSiteOwner' | 'groupIds' | 'permissions'>> {
    const principal = await this.users.principalOf(userId);
    return { isSiteOwner: (await this.users.siteOwnerId()) === userId, groupIds: principal.groupIds, permissions: new Set(principal.permissions) };
  }

  /**
   * Ensures an API client may get tokens: what it acts as is a user who may hold a session (enabled, unexpired, live)
   * and holds the `api` group permission (or is the site owner).
   * @throws OAuthError `unauthorized_client` otherwise.
   */
  private async assertMayUseApi(userId: number): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !canSignIn(user)) throw new OAuthError('unauthorized_client', 'The user this client acts as is disabled, expired or deleted.');
    if (!sitePolicy.can(await this.principalOf(userId), 'useApi')) throw new OAuthError('unauthorized_client', 'What this client acts as lacks the api permission.');
  }

  /**
   * Forgets a user's cached callers (every grant), so that their next request reads the account again: after
   * `forcePasswordChange` or the password changed in this process.
   */
  forgetUser(userId: number): void {
    for (const [hash, entry] of this.cache) if (entry.caller.userId === userId) this.cache.delete(hash);
  }

  /**
   * Ends every session of a user at once in this process (and within {@link AUTH_CACHE_TTL_MS} in the others):
   * revokes their tokens, except those of `exceptGrantId` when given, and forgets their cached callers.
   */
  async revokeUser(userId: number, options: { exceptGrantId?: string } = {}): Promise<void> {
    await this.tokens.revokeUser(userId, options);
    for (const [hash, entry] of this.cache) if (entry.caller.userId === userId && entry.caller.grantId !== options.exceptGrantId) this.cache.delete(hash);
  }

  /** Ends every session of an API client at once in this process (within {@link AUTH_CACHE_TTL_MS} in the others). */
  async revokeClient(clientId: string): Promise<void> {
    await this.tokens.revokeClient(clientId);
    for (const [hash, entry] of this.cache) if (entry.caller.clientId === clientId) this.cache.delete(hash);
  }

  /**
   * Forgets every cached caller, so the next request of each reads its groups, permissions and site-owner role again
   * (after a change to groups, memberships or permissions in this process).
   */
  forgetCallers(): void {
    this.cache.clear();
    this.guest = undefined;
  }

  /** The resolved guest caller and until when it may be reused (ms); see {@link AUTH_CACHE_TTL_MS}. */
  private guest: { caller: Caller & { grantId: string }; until: number } | undefined;

  /**
   * The caller a request without a token is answered as while guest access is on (issue 12, spec 02 §6): the guest
   * user (15000), in Guests, Everyone and whatever those are members of, holding what those groups hold. Never the site
   * owner, never asked to change a password; its `clientId` and `grantId` are empty (it has no session).
   */
  async guestCaller(): Promise<Caller & { grantId: string }> {
    const now = Date.now();
    if (this.guest && this.guest.until > now) return this.guest.caller;
    const principal = await this.users.principalOf(GUEST_USER_ID);
    const caller: Caller & { grantId: string } = {
      userId: GUEST_USER_ID,
      username: 'guest',
      fullName: 'Guest',
      email: '',
      isSiteOwner: false,
      groupIds: principal.groupIds,
      permissions: new Set(principal.permissions),
      clientId: '',
      grantId: '',
      mustChangePassword: false,
      isGuest: true,
    };
    this.guest = { caller, until: now + AUTH_CACHE_TTL_MS };
    return caller;
  }

  /** Logout: revokes the access and refresh tokens of the grant. */
  async revokeGrant(grantId: string): Promise<void> {
    await this.tokens.revokeGrant(grantId);
    for (const [hash, entry] of this.cache) if (entry.caller.grantId === grantId) this.cache.delete(hash);
  }
}
