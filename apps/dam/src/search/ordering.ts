import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { isAcceptableText } from '@magpie/api-types/schemas';
import { derivedKey } from '../lib/crypto.ts';

/**
 * Sort orders of asset lists, FotoWeb's `;o=` path parameter (fotoweb-api-notes §5): '' last modified descending
 * (the default), `+` ascending; `fn`/`-fn` file name; `<fieldId>`/`-<fieldId>` a metadata field's value. Every
 * order ends with the asset id so it is total, which keyset paging needs.
 */
export interface Ordering {
  /** The `;o=` value that selects it ('' for the default). */
  key: string;
  /** SQL of the sort value (without direction). */
  expression: RawBuilder<unknown>;
  /** The same value as text, stored in cursors; `cast` turns it back. */
  asText: RawBuilder<string>;
  cast: (text: string) => RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/** The sort options a collection lists in `alt_orders`: key, label, and the `;o=` values for each direction. */
export const SORT_OPTIONS = [
  { key: 'mt', name: 'Last modified', asc: '+', desc: '' },
  { key: 'fn', name: 'File name', asc: 'fn', desc: '-fn' },
  { key: '5', name: 'Title', asc: '5', desc: '-5' },
  { key: '55', name: 'Date created', asc: '55', desc: '-55' },
] as const;

/** Raised for an unknown `;o=` value: answered 400. */
export class InvalidOrderError extends Error {}

/**
 * The ordering a `;o=` value selects.
 * @throws InvalidOrderError for anything but '', `+`, `-`, `fn`, `-fn`, `<fieldId>`, `-<fieldId>`, `mt`, `-mt`.
 */
export function parseOrdering(o: string): Ordering {
  const value = o.trim();
  if (value === '' || value === '-' || value === '-mt' || value === '+' || value === 'mt') {
    const expression = sql`assets.modified`;
    return { key: value, expression, asText: sql<string>`assets.modified::text`, cast: (t) => sql`${t}::timestamptz`, direction: value === '+' || value === 'mt' ? 'asc' : 'desc' };
  }
  const match = /^(-?)(fn|\d{1,4})$/.exec(value);
  if (!match) throw new InvalidOrderError(`Unknown sort order "${o}".`);
  const direction = match[1] ? 'desc' : 'asc';
  if (match[2] === 'fn') {
    const expression = sql`lower(assets.filename)`;
    return { key: value, expression, asText: sql<string>`lower(assets.filename)`, cast: (t) => sql`${t}::text`, direction };
  }
  const field = String(Number(match[2]));
  const expression = sql`coalesce(assets.metadata ->> ${sql.lit(field)}, '')`;
  return { key: value, expression, asText: sql<string>`coalesce(assets.metadata ->> ${sql.lit(field)}, '')`, cast: (t) => sql`${t}::text`, direction };
}

/** Where a page starts: FotoWeb's page index plus, for keyset paging, the row it continues from. */
export type PageCursor = { index: number; mode: 'offset' } | { index: number; mode: 'after' | 'before'; sortValue: string; id: number } | { index: number; mode: 'last' };

/** Raised for a `;p=` value that is not one this server issued: answered 400. */
export class InvalidPageError extends Error {}

/** Bytes of the HMAC-SHA256 kept in a keyset cursor (128 bits: out of reach of guessing). */
const CURSOR_MAC_BYTES = 16;
/** Its length in base64url characters. */
const CURSOR_MAC_CHARS = Math.ceil((CURSOR_MAC_BYTES * 4) / 3);
/**
 * Longest `;p=` value (characters). A keyset cursor whose sort value would make it longer (a very long title, say)
 * is replaced by the plain page index: slower to serve (an offset) but exact, and short enough for every URL limit.
 */
export const MAX_PAGE_REFERENCE_CHARS = 512;
/** Highest row id a cursor may name: asset ids are PostgreSQL `integer`s. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * The key that signs keyset cursors, derived (HKDF-SHA256, its own label) from the first configured secret, so
 * every DAM process of one deployment shares it without storing another secret; a random key per process when
 * none is configured (links then work within one run of that process).
 *
 * @param secrets  Configured secrets in order of preference, e.g. the BFF client secret, the CLI client secret.
 * @returns a 32-byte key.
 */
export function pagingKeyFrom(secrets: ReadonlyArray<string | undefined>): Buffer {
  return derivedKey(secrets, 'paging cursors v1');
}

/**
 * Encodes and decodes FotoWeb's `;p=` page references: `3` (plain index), `3-a<mac><token>` (after a row),
 * `3-b<mac><token>` (before a row), `3-l` (the last page). Links stay opaque to clients (they must follow
 * `paging.next`); underneath they are keyset positions, so page 500 costs what page 1 costs.
 *
 * A keyset cursor carries the sort value of a row, which is cast back to the sort column's type in SQL, so it is
 * signed (HMAC-SHA256 over the reference and the `;o=` order it belongs to, truncated to 128 bits): a forged or
 * altered cursor, or one moved to another order, answers 400, never reaches SQL (issue 9).
 */
export class PageCursors {
  constructor(
    /** The signing key ({@link pagingKeyFrom}); every DAM process of a deployment must share it. */
    private readonly key: Buffer,
  ) {}

  private mac(body: string, order: string): string {
    return createHmac('sha256', this.key).update(`${body}|${order}`).digest().subarray(0, CURSOR_MAC_BYTES).toString('base64url');
  }

  /**
   * The `;p=` value of a cursor.
   * @param order  The ordering's key (`Ordering.key`) the cursor belongs to.
   */
  encode(cursor: PageCursor, order: string): string {
    switch (cursor.mode) {
      case 'offset':
        return String(cursor.index);
      case 'last':
        return `${cursor.index}-l`;
      default: {
        const token = Buffer.from(JSON.stringify([cursor.sortValue, cursor.id])).toString('base64url');
        const body = `${cursor.index}-${cursor.mode === 'after' ? 'a' : 'b'}`;
        const reference = `${body}${this.mac(`${body}${token}`, order)}${token}`;
        return reference.length <= MAX_PAGE_REFERENCE_CHARS ? reference : String(cursor.index);
      }
    }
  }

  /**
   * Decodes {@link encode}'s output for the same order.
   * @throws InvalidPageError for anything else: a malformed value, a keyset cursor whose signature does not match
   *   (forged, altered, issued for another order or by a server with another key), or one whose content is not a
   *   sort value and a row id.
   */
  decode(value: string, order: string): PageCursor {
    const match = value.length <= MAX_PAGE_REFERENCE_CHARS ? /^(\d{1,7})(?:-(l|a|b)([A-Za-z0-9_-]*))?$/.exec(value) : null;
    if (!match) throw new InvalidPageError(`Invalid page "${value.slice(0, 64)}".`);
    const index = Number(match[1]);
    if (!match[2]) return { index, mode: 'offset' };
    if (match[2] === 'l') {
      if (match[3]) throw new InvalidPageError(`Invalid page "${value.slice(0, 64)}".`);
      return { index, mode: 'last' };
    }
    const rest = match[3] ?? '';
    const given = Buffer.from(rest.slice(0, CURSOR_MAC_CHARS));
    const token = rest.slice(CURSOR_MAC_CHARS);
    const expected = Buffer.from(this.mac(`${match[1]}-${match[2]}${token}`, order));
    if (token === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new InvalidPageError("This page link was not issued by this server for this order (or the server's key changed): start again from the first page.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      isAcceptableText(parsed[0]) &&
      Number.isInteger(parsed[1]) &&
      parsed[1] >= 1 &&
      parsed[1] <= MAX_ROW_ID
    ) {
      return { index, mode: match[2] === 'a' ? 'after' : 'before', sortValue: parsed[0], id: parsed[1] as number };
    }
    throw new InvalidPageError(`Invalid page "${value.slice(0, 64)}".`);
  }
}
