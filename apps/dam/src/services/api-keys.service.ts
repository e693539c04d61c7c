import type { Kysely } from 'kysely';
import type { ApiKeyCreated, ApiKeyList } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { ApiKeysRepository } from '../repositories/api-keys.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { presentApiKey, presentCreatedApiKey } from '../presenters/integrations.presenter.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { AUTH_CACHE_TTL_MS, canSignIn, type AuthService } from './auth.service.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordActivity } from './activity.service.ts';

/** Upper bound of cached keys before the cache is emptied. */
const API_KEY_CACHE_MAX_ENTRIES = 1_000;

/** The caller a legacy API key authenticates as: its user, with the key as client and grant (`fwapitoken:<id>`). */
export type ApiKeyCaller = Caller & { grantId: string };

/**
 * Legacy API keys (issue 16; fotoweb-api-notes §10 "Legacy API key"): administrators with `manageSettings` create,
 * list and revoke them; a request with the header `FWAPIToken: <key>` acts as the key's user with that user's
 * permissions (http/auth.ts). FotoWeb's keys act as the built-in administrator; Magpie's act as a chosen user, under
 * the rules of API clients (`administrationPolicy.assertMayActAs`): anyone but the site owner may choose only
 * themselves, and never a user with more group permissions than their own. A key works while its user may sign in
 * and holds the `api` group permission, as an API client's tokens do.
 *
 * The key is 32 random bytes shown once; only its SHA-256 is stored (no slow hash is needed for a random key).
 */
export class ApiKeysService {
  /** Recently resolved keys (hash → caller, key id, expiry in ms), as {@link AuthService}'s token cache. */
  private readonly cache = new Map<string, { caller: ApiKeyCaller; keyId: number; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: AuthService,
  ) {}

  /** The live keys, newest first, never the keys themselves. @throws ApiError 403 Forbidden without `manageSettings`. */
  async list(caller: Caller): Promise<ApiKeyList> {
    administrationPolicy.assertMayManageApiKeys(caller);
    return { data: (await new ApiKeysRepository(this.db).list()).map(presentApiKey) };
  }

  /**
   * Creates a key named `name` acting as the user `userId`.
   * @throws ApiError 403 Forbidden without `manageSettings`, for another user (unless the caller is the site owner), or
   *   for a user holding a group permission the caller lacks; 400 InvalidRequest when `userId` is no enabled person.
   */
  async create(caller: Caller, input: { name: string; userId: number }): Promise<ApiKeyCreated> {
    administrationPolicy.assertMayManageApiKeys(caller);
    const users = new UsersRepository(this.db);
    const user = await users.findById(input.userId);
    if (!user || user.kind !== 'person' || !canSignIn(user)) throw badRequest('A key may act as an enabled person of this site.');
    const principal = await users.principalOf(user.id);
    administrationPolicy.assertMayActAs(
      caller,
      { isSiteOwner: (await users.siteOwnerId()) === user.id, permissions: new Set(principal.permissions) },
      { kind: 'user', id: user.id },
    );
    const key = randomToken(32);
    return inTransaction(this.db, async (trx) => {
      const keys = new ApiKeysRepository(trx);
      const id = await keys.insert({ name: input.name, keyHash: sha256Hex(key), userId: user.id, createdBy: caller.userId, createdByName: caller.username });
      await recordActivity(trx, caller, 'site.apiKeyCreated', { kind: 'site', name: input.name }, { keyId: id, actsAs: user.username });
      return presentCreatedApiKey((await keys.find(id))!, key);
    });
  }

  /**
   * Revokes a key: it answers 401 at once in this process (in the others within {@link AUTH_CACHE_TTL_MS}).
   * @throws ApiError 403 Forbidden without `manageSettings`; 404 NotFound for an unknown or revoked key.
   */
  async revoke(caller: Caller, id: number): Promise<void> {
    administrationPolicy.assertMayManageApiKeys(caller);
    await inTransaction(this.db, async (trx) => {
      const keys = new ApiKeysRepository(trx);
      // A key of a deleted user is no longer listed, and is revoked all the same.
      const name = (await keys.find(id))?.name ?? `API key ${id}`;
      if (!(await keys.revoke(id))) throw notFound('The API key');
      await recordActivity(trx, caller, 'site.apiKeyRevoked', { kind: 'site', name }, { keyId: id });
    });
    for (const [hash, entry] of this.cache) if (entry.keyId === id) this.cache.delete(hash);
  }

  /**
   * The caller of a request carrying `FWAPIToken: <key>`: the key's user with that user's groups and permissions, or
   * undefined when the key is unknown or revoked, or its user may not sign in or lacks the `api` permission. Never
   * asked to change a password (server-to-server).
   */
  async authenticate(key: string): Promise<ApiKeyCaller | undefined> {
    const hash = sha256Hex(key);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.caller;
    const keys = new ApiKeysRepository(this.db);
    const row = await keys.findByHash(hash);
    if (!row) return undefined;
    const user = await this.auth.callerForUser(row.user_id);
    if (!user || !sitePolicy.can(user, 'useApi')) return undefined;
    await keys.touch(row.id);
    const caller: ApiKeyCaller = { ...user, clientId: `fwapitoken:${row.id}`, grantId: `fwapitoken:${row.id}`, mustChangePassword: false };
    if (this.cache.size >= API_KEY_CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { caller, keyId: row.id, until: now + AUTH_CACHE_TTL_MS });
    return caller;
  }

  /** Forgets every cached key (after a change to users, groups or permissions in this process). */
  forgetCallers(): void {
    this.cache.clear();
  }
}
