import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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

  async insertClient(client: { clientId: string; name: string; secretHash: string; userId: number }): Promise<void> {
    await this.db.insertInto('api_clients').values({ client_id: client.clientId, name: client.name, secret_hash: client.secretHash, user_id: client.userId }).execute();
  }
}
