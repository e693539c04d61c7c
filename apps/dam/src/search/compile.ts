import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldValues } from '../db/schema.ts';
import { BYTES_PER_MB } from '@magpie/api-types/search-params';
import type { SearchNode, RangeKey } from './expression.ts';
import { escapeLike } from '../repositories/like.ts';

/** Words of a value as the index stores them: lower-case runs of letters and digits. */
export function wordsOf(value: string): string[] {
  return value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The lexemes of an asset's field vector: `f<field>` for every field that holds a value, and `f<field>_<word>` for
 * every word of it. Field predicates match these with the GIN index instead of scanning JSON.
 */
export function fieldLexemes(metadata: FieldValues): string[] {
  const lexemes = new Set<string>();
  for (const [field, raw] of Object.entries(metadata)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v.trim() !== '');
    if (values.length === 0) continue;
    lexemes.add(`f${field}`);
    for (const value of values) for (const word of wordsOf(value)) lexemes.add(`f${field}_${word}`);
  }
  return [...lexemes];
}

/** `*` and `?` wildcards to a LIKE pattern; without wildcards the value matches anywhere (contains). */
function likePattern(value: string): string {
  const escaped = escapeLike(value.toLowerCase());
  return /[*?]/.test(value) ? escaped.replace(/\*/g, '%').replace(/\?/g, '_') : `%${escaped}%`;
}

/** A tsquery for words: each word required, a trailing `*` makes that word a prefix. */
function wordQuery(value: string, prefix: (word: string) => string): string | undefined {
  const parts = value.split(/\s+/).flatMap((part) => {
    const words = wordsOf(part);
    if (words.length === 0) return [];
    const last = words.length - 1;
    // Lexemes are quoted and cast with ::tsquery, so no text-search parser splits "f25_london" at the underscore.
    return words.map((w, i) => `'${prefix(w)}'${i === last && part.endsWith('*') ? ':*' : ''}`);
  });
  return parts.length ? parts.join(' & ') : undefined;
}

/** Inclusive bounds of a date value: a bare date covers the whole day (UTC). */
function dateBounds(value: string, side: 'from' | 'to'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return side === 'from' ? `${value}T00:00:00.000Z` : `${value}T23:59:59.999Z`;
  return value.endsWith('Z') ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`;
}

const RANGE_COLUMNS: Record<RangeKey, RawBuilder<unknown>> = {
  fs: sql`assets.filesize`,
  pw: sql`coalesce(assets.oriented_width, assets.width)`,
  ph: sql`coalesce(assets.oriented_height, assets.height)`,
  mt: sql`assets.modified`,
  rt: sql`assets.created`,
  ct: sql`assets.camera_time`,
  it: sql`assets.iptc_date`,
};

function rangeCondition(key: RangeKey, from: string | undefined, to: string | undefined): Expression<SqlBool> {
  const column = RANGE_COLUMNS[key];
  const bound = (value: string, side: 'from' | 'to') => {
    if (key === 'fs') return side === 'from' ? Math.floor(Number(value) * BYTES_PER_MB) : Math.ceil(Number(value) * BYTES_PER_MB);
    if (key === 'pw' || key === 'ph') return Number(value);
    if (key === 'it') return value.slice(0, 10);
    return dateBounds(value, side);
  };
  const conditions: RawBuilder<SqlBool>[] = [];
  if (from !== undefined) conditions.push(sql<SqlBool>`${column} >= ${bound(from, 'from')}`);
  if (to !== undefined) conditions.push(sql<SqlBool>`${column} <= ${bound(to, 'to')}`);
  return conditions.length === 1 ? conditions[0]! : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * An asset's consent state, lower-case (`cst`, issue 15): the rule of `assetConsentState`
 * (presenters/consent.presenter.ts) over its consent forms; a form's `expires` (`YYYY-MM-DD`) is compared with the
 * UTC day.
 */
const consentStateSql = sql`(SELECT CASE
    WHEN count(*) = 0 THEN 'noconsentinfo'
    WHEN bool_or(f.state IN ('Declined', 'Revoked') OR f.expires < to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')) THEN 'noconsent'
    WHEN bool_and(f.state = 'Signed') THEN 'fullconsent'
    WHEN bool_or(f.state = 'PartiallySigned') THEN 'partialconsent'
    ELSE 'pending' END
  FROM consent_form_assets l JOIN consent_forms f ON f.id = l.form_id WHERE l.asset_id = assets.id)`;

/**
 * Compiles a search AST to a WHERE condition on `assets` (issue #4; fotoweb-api-notes §5):
 * - free text against the stored `search_vector` (GIN), every word required, phrases as phrase queries;
 * - `<field>:words` against `field_vector` (GIN), a phrase re-checked on the field's text; `<field>:""` when the
 *   field holds no value; `<field>:a~~b` compares the field's value (numerically when both bounds are numbers);
 * - `fn`/`dn`/`fp` as contains or `*`/`?` wildcard patterns, case-insensitive;
 * - `dt`, `o`, `cs`, `ms`, `s` as equalities, `cst` the consent state of the asset's forms, and `fs` (MB), `pw`, `ph`, `mt`, `it`, `rt`, `ct` as inclusive ranges.
 */
export function compileSearch(node: SearchNode): Expression<SqlBool> {
  switch (node.type) {
    case 'and':
      return sql<SqlBool>`(${sql.join(node.children.map(compileSearch), sql` AND `)})`;
    case 'or':
      return sql<SqlBool>`(${sql.join(node.children.map(compileSearch), sql` OR `)})`;
    case 'not':
      return sql<SqlBool>`(NOT ${compileSearch(node.child)})`;
    case 'text': {
      const words = wordsOf(node.value);
      if (words.length === 0) return sql<SqlBool>`true`;
      if (words.length > 1 && /\s/.test(node.value.trim())) {
        return sql<SqlBool>`assets.search_vector @@ phraseto_tsquery('simple', ${words.join(' ')})`;
      }
      const query = wordQuery(node.value, (w) => w)!;
      return sql<SqlBool>`assets.search_vector @@ ${query}::tsquery`;
    }
    case 'field': {
      if (node.value === '') return sql<SqlBool>`NOT (assets.field_vector @@ ${`f${node.field}`}::tsquery)`;
      const query = wordQuery(node.value, (w) => `f${node.field}_${w}`);
      if (!query) return sql<SqlBool>`(assets.metadata ->> ${node.field}) ILIKE ${likePattern(node.value)}`;
      const indexed = sql<SqlBool>`assets.field_vector @@ ${query}::tsquery`;
      // Several words: the index finds candidates, the text check keeps them in order and together.
      return /\s/.test(node.value.trim()) && !node.value.includes('*')
        ? sql<SqlBool>`(${indexed} AND (assets.metadata ->> ${node.field}) ILIKE ${likePattern(node.value)})`
        : indexed;
    }
    case 'fieldRange': {
      const value = sql`(assets.metadata ->> ${node.field})`;
      const numeric = (node.from === undefined || NUMERIC.test(node.from)) && (node.to === undefined || NUMERIC.test(node.to));
      const target = numeric ? sql`(CASE WHEN ${value} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${value}::numeric END)` : value;
      const conditions: RawBuilder<SqlBool>[] = [];
      if (node.from !== undefined) conditions.push(numeric ? sql<SqlBool>`${target} >= ${Number(node.from)}` : sql<SqlBool>`${target} >= ${node.from}`);
      if (node.to !== undefined) conditions.push(numeric ? sql<SqlBool>`${target} <= ${Number(node.to)}` : sql<SqlBool>`${target} <= ${node.to}`);
      return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
    }
    case 'range':
      return rangeCondition(node.key, node.from, node.to);
    case 'special':
      switch (node.key) {
        case 'fn':
          return sql<SqlBool>`lower(assets.filename) LIKE ${likePattern(node.value)}`;
        case 'dn':
          return sql<SqlBool>`lower(regexp_replace(assets.folder_path, '^.*/', '')) LIKE ${likePattern(node.value)}`;
        case 'fp':
          return sql<SqlBool>`lower(assets.folder_path || '/' || assets.filename) LIKE ${likePattern(node.value)}`;
        case 'dt':
          return sql<SqlBool>`assets.doctype = ${node.value}`;
        case 'cs':
          return node.value === 'unknown' ? sql<SqlBool>`coalesce(assets.colorspace, 'unknown') = 'unknown'` : sql<SqlBool>`assets.colorspace = ${node.value}`;
        case 'o': {
          const w = sql`coalesce(assets.oriented_width, assets.width)`;
          const h = sql`coalesce(assets.oriented_height, assets.height)`;
          if (node.value === 'landscape') return sql<SqlBool>`${w} > ${h}`;
          if (node.value === 'portrait') return sql<SqlBool>`${w} < ${h}`;
          return sql<SqlBool>`${w} = ${h}`;
        }
        case 'ms':
          if (node.value === 'none') return sql<SqlBool>`assets.metadata_fields = 0`;
          if (node.value === 'little') return sql<SqlBool>`assets.metadata_fields BETWEEN 1 AND 2`;
          return sql<SqlBool>`assets.metadata_fields >= 3`;
        case 's':
          // Every Magpie original is online; offline storage does not exist yet.
          return node.value === 'online' ? sql<SqlBool>`true` : sql<SqlBool>`false`;
        case 'cst':
          return sql<SqlBool>`${consentStateSql} = ${node.value}`;
      }
  }
}

/**
 * The one lexeme a search is, when it is exactly "the asset's vector holds this lexeme": a single free word
 * (`harbour`, vector `search`) or a single-word field predicate (`25:harbour`, vector `field`, lexeme
 * `f25_harbour`), alone or as the only child of AND/OR. Such a search's hits can be counted from the kept counts
 * of migration 0008; any other search (several words, prefixes `*`, phrases, NOT, ranges…) answers undefined.
 * Mirrors {@link compileSearch}: for these nodes it compiles to `<vector> @@ '<lexeme>'::tsquery`.
 */
export function countedTerm(node: SearchNode): { vector: 'search' | 'field'; lexeme: string } | undefined {
  if ((node.type === 'and' || node.type === 'or') && node.children.length === 1) return countedTerm(node.children[0]!);
  if (node.type !== 'text' && node.type !== 'field') return undefined;
  const words = wordsOf(node.value);
  if (words.length !== 1 || node.value.includes('*')) return undefined;
  if (node.type === 'text') return { vector: 'search', lexeme: words[0]! };
  // A field value with inner spaces is re-checked on the field's text, so it is more than its lexeme.
  if (/\s/.test(node.value.trim())) return undefined;
  return { vector: 'field', lexeme: `f${node.field}_${words[0]!}` };
}

/** Joins a field's value(s) into one string for the text index. */
function joined(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(' ') : (value ?? '');
}

/**
 * The weighted document a row's `search_vector` is made from: title (A), keywords and byline (B), description,
 * headline and file name (C), every other field (D).
 */
export function searchDocumentSql(metadata: FieldValues, filename: string) {
  const others = Object.entries(metadata)
    .filter(([field]) => !['5', '25', '80', '120', '105'].includes(field))
    .map(([, value]) => joined(value))
    .join(' ');
  const name = `${filename} ${filename.replace(/[._-]+/g, ' ')}`;
  return sql<string>`
    setweight(to_tsvector('simple', ${joined(metadata['5'])}), 'A') ||
    setweight(to_tsvector('simple', ${`${joined(metadata['25'])} ${joined(metadata['80'])}`}), 'B') ||
    setweight(to_tsvector('simple', ${`${joined(metadata['120'])} ${joined(metadata['105'])} ${name}`}), 'C') ||
    setweight(to_tsvector('simple', ${others}), 'D')`;
}
