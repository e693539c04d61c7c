import { sql, type Kysely } from 'kysely';
import type { ApiKeyRow, Database } from '../db/schema.ts';

/** A live legacy API key as listed: its row with the names of the user it acts as. */
export interface ApiKeyRecord extends ApiKeyRow {
  /** The acting user's full name, or user name when that is empty. */
  userName: string;
}

/**
 * Legacy API keys (`api_keys`, migration 0035; issue 16): looked up by the SHA-256 of the key, listed and revoked by
 * administrators. Revoked keys keep their row (`revoked` set) and are never found again.
 */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new key; answers its id. */
  async insert(key: { name: string; keyHash: string; userId: number; createdBy: number; createdByName: string }): Promise<number> {
    const row = await this.db
      .insertInto('api_keys')
      .values({ name: key.name, key_hash: key.keyHash, user_id: key.userId, created_by: key.createdBy, created_by_name: key.createdByName })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private records() {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select(sql<string>`coalesce(nullif(users.full_name, ''), users.username)`.as('userName'))
      .where('api_keys.revoked', 'is', null)
      .where('users.deleted', 'is', null);
  }

  /** The live keys, newest first. */
  list(): Promise<ApiKeyRecord[]> {
    return this.records().orderBy('api_keys.created', 'desc').orderBy('api_keys.id', 'desc').execute();
  }

  /** A live key by id, or undefined. */
  find(id: number): Promise<ApiKeyRecord | undefined> {
    return this.records().where('api_keys.id', '=', id).executeTakeFirst();
  }

  /** A live key by the SHA-256 (hex) of the key, or undefined. */
  findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).where('revoked', 'is', null).executeTakeFirst();
  }

  /** Records a use, at most once a minute per key (each request would otherwise write). */
  async touch(id: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used: sql`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
  }

  /** Revokes a live key. @returns false when it was not live. */
  async revoke(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked: sql`now()` })
      .where('id', '=', id)
      .where('revoked', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
