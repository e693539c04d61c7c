import { sql, type RawBuilder } from 'kysely';

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
export type PageCursor =
  | { index: number; mode: 'offset' }
  | { index: number; mode: 'after' | 'before'; sortValue: string; id: number }
  | { index: number; mode: 'last' };

/** Raised for a `;p=` value that is not one this server issued: answered 400. */
export class InvalidPageError extends Error {}

/**
 * Encodes a page reference for a `;p=` path parameter: `3` (plain index), `3-a<token>` (after a row),
 * `3-b<token>` (before a row), `3-l` (the last page). Links stay opaque to clients (they must follow
 * `paging.next`); underneath they are keyset positions, so page 500 costs what page 1 costs.
 */
export function encodePage(cursor: PageCursor): string {
  switch (cursor.mode) {
    case 'offset':
      return String(cursor.index);
    case 'last':
      return `${cursor.index}-l`;
    default:
      return `${cursor.index}-${cursor.mode === 'after' ? 'a' : 'b'}${Buffer.from(JSON.stringify([cursor.sortValue, cursor.id])).toString('base64url')}`;
  }
}

/**
 * Decodes {@link encodePage}'s output.
 * @throws InvalidPageError for anything else.
 */
export function decodePage(value: string): PageCursor {
  const match = /^(\d{1,7})(?:-(l|a|b)([A-Za-z0-9_-]*))?$/.exec(value);
  if (!match) throw new InvalidPageError(`Invalid page "${value}".`);
  const index = Number(match[1]);
  if (!match[2]) return { index, mode: 'offset' };
  if (match[2] === 'l') return { index, mode: 'last' };
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match[3] ?? '', 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && Number.isSafeInteger(parsed[1])) {
      return { index, mode: match[2] === 'a' ? 'after' : 'before', sortValue: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // fall through
  }
  throw new InvalidPageError(`Invalid page "${value}".`);
}
