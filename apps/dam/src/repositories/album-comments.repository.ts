import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A comment with its author's name as lists show it. */
export interface AlbumCommentListing {
  readonly id: number;
  readonly albumId: number;
  /** Null once the author was removed for good. */
  readonly authorId: number | null;
  /** The author's full name, else user name; '' without an author. */
  readonly authorName: string;
  readonly text: string;
  readonly created: Date;
}

/** Comments on albums (migration 0023). */
export class AlbumCommentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The album's last `limit` comments, oldest first, with their authors' names. */
  async list(albumId: number, limit: number): Promise<AlbumCommentListing[]> {
    const rows = await this.listQuery().where('album_comments.album_id', '=', albumId).orderBy('album_comments.id', 'desc').limit(limit).execute();
    return rows.reverse().map(listing);
  }

  /** The comment `id` when it is on the album `albumId`, else undefined. */
  async find(albumId: number, id: number): Promise<AlbumCommentListing | undefined> {
    const row = await this.listQuery().where('album_comments.album_id', '=', albumId).where('album_comments.id', '=', id).executeTakeFirst();
    return row && listing(row);
  }

  /** How many comments the album has. */
  async count(albumId: number): Promise<number> {
    const row = await this.db
      .selectFrom('album_comments')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('album_id', '=', albumId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Stores a comment (`text` 1 to 2,000 characters) and answers it. */
  async add(albumId: number, authorId: number, text: string): Promise<AlbumCommentListing> {
    const { id } = await this.db.insertInto('album_comments').values({ album_id: albumId, author_id: authorId, text }).returning('id').executeTakeFirstOrThrow();
    return (await this.find(albumId, id))!;
  }

  /** Deletes the comment `id` of the album; false when there was none. */
  async delete(albumId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('album_comments').where('album_id', '=', albumId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private listQuery() {
    return this.db
      .selectFrom('album_comments')
      .leftJoin('users', 'users.id', 'album_comments.author_id')
      .select(['album_comments.id', 'album_comments.album_id', 'album_comments.author_id', 'album_comments.text', 'album_comments.created', 'users.full_name', 'users.username']);
  }
}

function listing(row: {
  id: number;
  album_id: number;
  author_id: number | null;
  text: string;
  created: Date;
  full_name: string | null;
  username: string | null;
}): AlbumCommentListing {
  return { id: row.id, albumId: row.album_id, authorId: row.author_id, authorName: row.full_name || row.username || '', text: row.text, created: row.created };
}
