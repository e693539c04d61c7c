import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An API client as its repository row gives it, with the name of what it acts as. */
export interface ApplicationRecord {
  clientId: string;
  name: string;
  /** The user it acts as (for a client acting as a group, its hidden application user). */
  userId: number;
  userName: string;
  /** The group it acts as, or null when it acts as a user. */
  actingGroupId: number | null;
  actingGroupName: string | null;
  created: Date;
}

/** A valid (unexpired, unrevoked) token's owner. */
export interface TokenOwner {
  userId: number;
  clientId: string;
  grantId: string;
  expiresAt: Date;
}

/** OAuth tokens and API clients. Tokens are looked up by their SHA-256 hash only. */
export class TokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: { hash: string; kind: 'access' | 'refresh'; grantId: string; userId: number; clientId: string; expiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('oauth_tokens')
      .values({ token_hash: token.hash, kind: token.kind, grant_id: token.grantId, user_id: token.userId, client_id: token.clientId, expires_at: token.expiresAt })
      .execute();
  }

  /** The owner of a live token of the given kind, or undefined when unknown, expired or revoked. */
  async findLive(hash: string, kind: 'access' | 'refresh'): Promise<TokenOwner | undefined> {
    const row = await this.db
      .selectFrom('oauth_tokens')
      .select(['user_id', 'client_id', 'grant_id', 'expires_at'])
      .where('token_hash', '=', hash)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row && { userId: row.user_id, clientId: row.client_id, grantId: row.grant_id, expiresAt: row.expires_at };
  }

  /** Revokes one token; answers whether it was live. */
  async revoke(hash: string): Promise<boolean> {
    const result = await this.db.updateTable('oauth_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes every token of a grant (logout; a refresh rotates the grant's tokens). */
  async revokeGrant(grantId: string): Promise<void> {
    await this.db.updateTable('oauth_tokens').set({ revoked_at: new Date() }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
  }

  /**
   * Revokes every live token of a user (device-token reset, disabling, deleting, a password set by an administrator),
   * or of a user's tokens all but one grant's (a user who changed their own password keeps the session they did it in).
   */
  async revokeUser(userId: number, options: { exceptGrantId?: string } = {}): Promise<void> {
    let query = this.db.updateTable('oauth_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (options.exceptGrantId) query = query.where('grant_id', '<>', options.exceptGrantId);
    await query.execute();
  }

  /** Revokes every live token issued to an API client (the client was deleted). */
  async revokeClient(clientId: string): Promise<void> {
    await this.db.updateTable('oauth_tokens').set({ revoked_at: new Date() }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  }

  /** Deletes tokens that expired more than a day ago (housekeeping). */
  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('oauth_tokens')
      .where('expires_at', '<', new Date(Date.now() - 86_400_000))
      .execute();
  }

  findClient(clientId: string) {
    return this.db.selectFrom('api_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  /** Inserts or replaces an API client's secret hash and acting user. */
  async upsertClient(client: { clientId: string; name: string; secretHash: string; userId: number }): Promise<void> {
    await this.db
      .insertInto('api_clients')
      .values({ client_id: client.clientId, name: client.name, secret_hash: client.secretHash, user_id: client.userId })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ secret_hash: client.secretHash, user_id: client.userId }))
      .execute();
  }

  /** Registers an API client (spec 03 §3.12): acting as `userId`, through `actingGroupId` when it acts as a group. */
  async insertClient(client: { clientId: string; name: string; secretHash: string; userId: number; actingGroupId?: number | null; createdBy?: number | null }): Promise<void> {
    await this.db
      .insertInto('api_clients')
      .values({
        client_id: client.clientId,
        name: client.name,
        secret_hash: client.secretHash,
        user_id: client.userId,
        acting_group_id: client.actingGroupId ?? null,
        created_by: client.createdBy ?? null,
      })
      .execute();
  }

  /** The API clients but `exceptClientIds` (Magpie's own), by name, with the names of what they act as. */
  async listApplications(exceptClientIds: readonly string[]): Promise<ApplicationRecord[]> {
    let query = this.applications();
    if (exceptClientIds.length > 0) query = query.where('api_clients.client_id', 'not in', [...exceptClientIds]);
    return (await query.orderBy('api_clients.name').orderBy('api_clients.client_id').execute()).map(toApplicationRecord);
  }

  /** One API client with the names of what it acts as, or undefined. */
  async findApplication(clientId: string): Promise<ApplicationRecord | undefined> {
    const row = await this.applications().where('api_clients.client_id', '=', clientId).executeTakeFirst();
    return row && toApplicationRecord(row);
  }

  private applications() {
    return this.db
      .selectFrom('api_clients')
      .innerJoin('users', 'users.id', 'api_clients.user_id')
      .leftJoin('groups', 'groups.id', 'api_clients.acting_group_id')
      .select([
        'api_clients.client_id',
        'api_clients.name',
        'api_clients.user_id',
        'api_clients.acting_group_id',
        'api_clients.created',
        'users.username',
        'users.full_name',
        'groups.name as group_name',
      ]);
  }

  /** Deletes an API client (its tokens are revoked separately); answers whether it existed. */
  async deleteClient(clientId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_clients').where('client_id', '=', clientId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function toApplicationRecord(row: {
  client_id: string;
  name: string;
  user_id: number;
  acting_group_id: number | null;
  created: Date;
  username: string;
  full_name: string;
  group_name: string | null;
}): ApplicationRecord {
  return {
    clientId: row.client_id,
    name: row.name,
    userId: row.user_id,
    userName: row.full_name || row.username,
    actingGroupId: row.acting_group_id,
    actingGroupName: row.group_name,
    created: row.created,
  };
}
