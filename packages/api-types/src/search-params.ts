/**
 * The search language of collection URLs, defined once for the DAM, the web app and the advanced-search machine
 * (spec 02 §3 Search criteria, §5 Advanced search; dam.yaml, the query parameters of `getCollection` and
 * `listArchives`; fotoweb-api-notes §5):
 *
 * - `q`: a search expression (at most {@link MAX_EXPRESSION_LENGTH} characters);
 * - key=value criteria: `<fieldId>=value` (1–4 digits) and the built-in text keys {@link TEXT_KEYS} (`fn`, `dn`,
 *   `fp`); a key repeated is OR-ed, different keys are AND-ed, the value `""` asks for an empty field;
 * - the choices {@link SEARCH_CHOICES} (`dt`, `cs`, `o`, `ms`, `s`, and `cst` the consent status, which the DAM
 *   honours only where the caller holds ViewConsentSummary);
 * - the range bounds {@link RANGE_PARAMS}: `fsf`/`fst` in **MB** of {@link BYTES_PER_MB} bytes, `pwf`/`pwt` and
 *   `phf`/`pht` in whole **px**, the date ranges `mtf`/`mtt`, `itf`/`itt`, `rtf`/`rtt`, `ctf`/`ctt` as `YYYY-MM-DD`
 *   (the DAM also takes a time); each bound is checked against the column it is compared with
 *   ({@link rangeValueProblem});
 * - `txnm=<taxonomy item id>` ({@link TAXONOMY_ITEM_KEY}).
 *
 * The web client holds a search as {@link SearchParams} (file sizes in bytes) and writes and reads the query with
 * {@link searchParamsToQuery} and {@link searchParamsFromQuery}. The key lists here are checked against the
 * contract's parameters at compile time, so a parameter added to one and not the other fails `tsc`.
 */
import type { components as DamComponents, operations as DamOperations } from './generated/dam.ts';

type Assert<T extends true> = T;
type IsNever<T> = [T] extends [never] ? true : false;

// ------------------------------------------------------------------------------------------------ keys

/** The query key of a search expression. */
export const EXPRESSION_KEY = 'q';
/** Longest search in characters, the expression or all search values of a query together; longer answers 400. */
export const MAX_EXPRESSION_LENGTH = 2000;
/** The query key of a taxonomy item criterion (`txnm=<item id>`, spec 02 §7's key for taxonomy items). */
export const TAXONOMY_ITEM_KEY = 'txnm';
/** Query keys that are never search criteria (FotoWeb lets `access_token` ride in the query). */
export const NON_SEARCH_KEYS: readonly string[] = ['access_token'];

/** Built-in text keys that take one text value: file name (`*` wildcards), folder name, full path (spec 02 §3). */
export const TEXT_KEYS = ['fn', 'dn', 'fp'] as const;
/** A built-in text key. */
export type TextKey = (typeof TEXT_KEYS)[number];

/**
 * The choices (spec 02 §3) and every value the DAM accepts for each, compared without case: document type, colour
 * space, orientation of the upright picture, metadata status (`none` no field filled, `little` one or two,
 * `normal` three or more), storage. Keys in the order queries are written, values in the order the advanced search
 * popover offers them.
 */
export const SEARCH_CHOICES = {
  dt: ['image', 'movie', 'audio', 'graphic', 'document', 'generic'],
  cs: ['rgb', 'cmyk', 'grayscale', 'unknown'],
  o: ['landscape', 'portrait', 'square'],
  ms: ['none', 'little', 'normal'],
  s: ['online', 'offline'],
  // The asset's consentStatus.assetConsentState, lower-case (issue 15; spec 02 §9: offered at consent feature level 40).
  cst: ['noconsentinfo', 'pending', 'noconsent', 'partialconsent', 'fullconsent'],
} as const satisfies Record<string, readonly string[]>;
/** A choice key: `dt`, `cs`, `o`, `ms`, `s`, `cst` (consent status). */
export type ChoiceKey = keyof typeof SEARCH_CHOICES;
/** A value of choice `K`, e.g. `SearchChoice<'dt'>` is `'image' | 'movie' | …`. */
export type SearchChoice<K extends ChoiceKey> = (typeof SEARCH_CHOICES)[K][number];
/** The choice keys, in the order queries are written. */
export const CHOICE_KEYS = Object.keys(SEARCH_CHOICES) as ChoiceKey[];

/** Whether `key` is a choice key (own keys only: `constructor` or `__proto__` are not keys of the language). */
export function isChoiceKey(key: string): key is ChoiceKey {
  return Object.hasOwn(SEARCH_CHOICES, key);
}

/** Range keys over numbers: file size `fs` (MB), pixel width `pw` and height `ph` (px). */
export const NUMBER_RANGE_KEYS = ['fs', 'pw', 'ph'] as const;
/**
 * Range keys over dates, the date types of the advanced search: `mt` last modified, `it` IPTC date created
 * ("ingested"), `rt` received by Magpie, `ct` taken (camera time) (spec 02 §3, §9; docs/decisions.md "Search").
 */
export const DATE_TYPES = ['mt', 'it', 'rt', 'ct'] as const;
/** A range key over numbers (`fs` in MB, `pw`/`ph` in px). */
export type NumberRangeKey = (typeof NUMBER_RANGE_KEYS)[number];
/** A date type (date range key). */
export type DateType = (typeof DATE_TYPES)[number];
/** A range key. */
export type RangeKey = NumberRangeKey | DateType;
/** Every range key and what it ranges over, numbers first, in the order queries are written. */
export const RANGE_KEYS = Object.fromEntries([...NUMBER_RANGE_KEYS.map((key) => [key, 'number']), ...DATE_TYPES.map((key) => [key, 'date'])]) as {
  readonly [K in RangeKey]: K extends DateType ? 'date' : 'number';
};

/** Whether `key` is a range key (own keys only, as {@link isChoiceKey}). */
export function isRangeKey(key: string): key is RangeKey {
  return Object.hasOwn(RANGE_KEYS, key);
}

/** Which end of a range a bound is. */
export type RangeSide = 'from' | 'to';
/** A range bound's query key: the range key with `f` (from) or `t` (to), e.g. `fsf`, `mtt`. */
export type RangeParam = `${RangeKey}${'f' | 't'}`;

/** The query key of one bound of a range: `rangeParam('fs', 'from')` is `fsf`. */
export function rangeParam<K extends RangeKey>(key: K, side: RangeSide): `${K}${'f' | 't'}` {
  return `${key}${side === 'from' ? 'f' : 't'}`;
}

/** Every range bound key, from then to for each range key: `fsf`, `fst`, `pwf`, `pwt`, `phf`, `pht`, `mtf`, … */
export const RANGE_PARAMS = (Object.keys(RANGE_KEYS) as RangeKey[]).flatMap((key) => [rangeParam(key, 'from'), rangeParam(key, 'to')]);

/** The range and side a query key bounds (`fsf` → fs from), or undefined for any other key. */
export function rangeOfParam(param: string): { key: RangeKey; side: RangeSide } | undefined {
  if (param.length < 2 || !(RANGE_PARAMS as readonly string[]).includes(param)) return undefined;
  return { key: param.slice(0, -1) as RangeKey, side: param.endsWith('f') ? 'from' : 'to' };
}

/** Whether `key` is a criterion key: a field id of 1–4 digits or a built-in text key. */
export function isCriterionKey(key: string): boolean {
  return /^\d{1,4}$/.test(key) || (TEXT_KEYS as readonly string[]).includes(key);
}

/**
 * The built-in field keys of the advanced search (spec 02 §3): file name, folder name, full path, then the
 * built-in metadata fields.
 */
export const BUILTIN_FIELDS = ['fn', 'dn', 'fp', 'title', 'description', 'tags', 'status', 'rating', 'notes'] as const;
/** A built-in field key. */
export type BuiltinField = (typeof BUILTIN_FIELDS)[number];
/**
 * The DAM's key for the built-in metadata fields it has no key for: their field ids (title 5, description 120,
 * tags = keywords 25). `fn`, `dn`, `fp` and field ids are keys as they are; status, rating and notes have none, and
 * the popover does not offer them.
 */
export const BUILTIN_FIELD_IDS: Readonly<Partial<Record<BuiltinField, string>>> = { title: '5', description: '120', tags: '25' };

// ------------------------------------------------------------------------------------------------ units and limits

/** Bytes per megabyte, for file sizes in searches (spec 02 §5). */
export const BYTES_PER_MB = 1_048_576; // spec 02 §5
/** The largest file size the advanced search form takes, in MB (spec 02 §5). */
export const FILE_SIZE_MAX_MB = 2_097_151; // spec 02 §5
/** The largest pixel width or height the advanced search form takes, in px (the spec gives none: Magpie's choice). */
export const PIXEL_RANGE_MAX = 100_000;
/** The earliest date the advanced search form offers, `YYYY-MM-DD` (spec 02 §5). */
export const EARLIEST_SEARCH_DATE = '1900-01-01'; // spec 02 §5

/**
 * What each numeric range accepts, from the column it is compared with (issue 9: a value SQL would refuse is a
 * 400, never a 500): `pw`/`ph` whole px of a PostgreSQL `integer`; `fs` MB, fractions allowed, whose bytes
 * (× {@link BYTES_PER_MB}) fit the `bigint` file size (2^63 − 1 bytes is just under 2^43 MB).
 */
export const NUMERIC_RANGE_LIMITS = {
  fs: { whole: false, max: 2 ** 43 - 1, unit: 'MB' },
  pw: { whole: true, max: 2_147_483_647, unit: 'px' },
  ph: { whole: true, max: 2_147_483_647, unit: 'px' },
} as const satisfies Record<NumberRangeKey, { whole: boolean; max: number; unit: string }>;

/** Rounds megabytes to 2 decimals (spec 02 §5). */
export function roundMegabytes(mb: number): number {
  return Math.round(mb * 100) / 100;
}

/** Megabytes (rounded to 2 decimals) to bytes, with 1,048,576 bytes per MB (spec 02 §5). */
export function megabytesToBytes(mb: number): number {
  return Math.round(roundMegabytes(mb) * BYTES_PER_MB);
}

/** Bytes to megabytes, rounded to 2 decimals. */
export function bytesToMegabytes(bytes: number): number {
  return roundMegabytes(bytes / BYTES_PER_MB);
}

// ------------------------------------------------------------------------------------------------ range checks

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?Z?$/;

/**
 * Whether `value` is a date `YYYY-MM-DD[THH:mm[:ss]][Z]` that exists on the calendar, years 0001–9999 (all inside
 * PostgreSQL's `timestamptz` range).
 */
export function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? '0')) as [number, number, number, number, number, number];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(y, mo - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/**
 * What is wrong with one bound of a range key, checked against the column it is compared with: a calendar date for
 * the date keys ({@link isValidDate}); whole px up to 2,147,483,647 for `pw`/`ph`; MB (fractions allowed) up to
 * 2^43 − 1 for `fs` ({@link NUMERIC_RANGE_LIMITS}).
 * @returns a message naming the value and the key (the DAM answers it as 400 `InvalidSearchExpression`), or
 *   undefined when the value is good.
 */
export function rangeValueProblem(key: RangeKey, value: string): string | undefined {
  if (RANGE_KEYS[key] === 'date') return isValidDate(value) ? undefined : `"${value}" is not a date YYYY-MM-DD for ${key}.`;
  const limits = NUMERIC_RANGE_LIMITS[key as NumberRangeKey];
  if (!(limits.whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(value)) {
    return `"${value}" is not a ${limits.whole ? 'whole number' : 'number'} of ${limits.unit} for ${key}.`;
  }
  if (Number(value) > limits.max) return `"${value}" is out of range for ${key}: 0 to ${limits.max} ${limits.unit}.`;
  return undefined;
}

// ------------------------------------------------------------------------------------------------ to and from a query

/**
 * A search as the web client holds it (spec 02 §3 Search criteria): what the search URL is built from with the
 * search-URL template. File sizes in **bytes** (`fsf`/`fst`; the query carries MB), pixels (`pwf`/`pwt`,
 * `phf`/`pht`), dates `YYYY-MM-DD` (`mtf`/`mtt`, `itf`/`itt`, `rtf`/`rtt`, `ctf`/`ctt`); `criteria` holds the
 * built-in fields (keys `fn`, `dn`, `fp`, `title`…) and the metadata criteria (field ids).
 */
export interface SearchParams {
  q?: string;
  dt?: string;
  cs?: string;
  o?: string;
  ms?: string;
  s?: string;
  /** Consent status (issue 15), a value of `SEARCH_CHOICES.cst`. */
  cst?: string;
  fsf?: number;
  fst?: number;
  phf?: number;
  pht?: number;
  pwf?: number;
  pwt?: number;
  mtf?: string;
  mtt?: string;
  itf?: string;
  itt?: string;
  rtf?: string;
  rtt?: string;
  ctf?: string;
  ctt?: string;
  criteria?: { field: string; value: string | string[] }[];
}

/**
 * The query parameters (without `q`) of a search, as the DAM reads them: choices and dates as text, file sizes
 * converted from bytes to MB (2 decimals), pixel ranges in px, each criterion as `<key>=value` with the built-in
 * metadata fields as their field ids ({@link BUILTIN_FIELD_IDS}); a list value repeats the key (OR-ed by the DAM),
 * and so do rows of the same field. Keys the DAM has no criterion for are left out. Order: choices, ranges, criteria.
 */
export function searchParamsToQuery(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of CHOICE_KEYS) {
    const value = params[key];
    if (value) query.append(key, value);
  }
  for (const param of RANGE_PARAMS) {
    const value = params[param];
    if (value === undefined || value === '') continue;
    query.append(param, typeof value === 'number' && param.startsWith('fs') ? String(bytesToMegabytes(value)) : String(value));
  }
  for (const criterion of params.criteria ?? []) {
    const key = BUILTIN_FIELD_IDS[criterion.field as BuiltinField] ?? criterion.field;
    if (!isCriterionKey(key)) continue;
    for (const value of Array.isArray(criterion.value) ? criterion.value : [criterion.value]) query.append(key, value);
  }
  return query;
}

/**
 * The search of a URL's query string (`?q=…&dt=…`, with or without `?`), the reverse of
 * {@link searchParamsToQuery} and the template's `q`: file sizes in MB become bytes; numbers that are not finite
 * or are negative and empty values are dropped; each value of a criterion key becomes one criterion (a repeated
 * key, OR-ed, gives several rows of the same field); the first value of a repeated choice or bound counts. Other
 * keys (`access_token`, `txnm`…) are ignored.
 */
export function searchParamsFromQuery(search: string | URLSearchParams): SearchParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params: SearchParams = {};
  const q = query.get(EXPRESSION_KEY);
  if (q !== null && q.trim() !== '') params.q = q;
  for (const key of CHOICE_KEYS) {
    const value = query.get(key);
    if (value) params[key] = value;
  }
  const number = (key: string) => {
    const text = query.get(key);
    const value = text === null || text.trim() === '' ? NaN : Number(text);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  for (const param of RANGE_PARAMS) {
    const { key } = rangeOfParam(param)!;
    if (RANGE_KEYS[key] === 'date') {
      const value = query.get(param);
      if (value) (params as Record<string, string>)[param] = value;
    } else {
      const value = number(param);
      if (value !== undefined) (params as Record<string, number>)[param] = key === 'fs' ? megabytesToBytes(value) : value;
    }
  }
  const criteria: { field: string; value: string | string[] }[] = [];
  const seen = new Set<string>();
  for (const key of query.keys()) {
    if (!isCriterionKey(key) || seen.has(key)) continue;
    seen.add(key);
    // One criterion per value: the popover shows one row each, and rows with the same field are OR-ed again.
    for (const value of query.getAll(key)) criteria.push({ field: key, value });
  }
  if (criteria.length > 0) params.criteria = criteria;
  return params;
}

// ------------------------------------------------------------------------------------------------ the contract agrees

/** The query of `getCollection` and `listArchives` as the contract types it (dam.yaml). */
export type CollectionSearchQuery = NonNullable<DamOperations['getCollection']['parameters']['query']>;
type ArchiveListQuery = NonNullable<DamOperations['listArchives']['parameters']['query']>;
/** The query keys named here; `fields` is the contract's name for the `<fieldId>=` criteria (never sent). */
type NamedKey = typeof EXPRESSION_KEY | typeof TAXONOMY_ITEM_KEY | TextKey | ChoiceKey | RangeParam | 'fields';
type _SearchKeysMatchContract = [
  Assert<IsNever<Exclude<NamedKey, keyof CollectionSearchQuery>>>,
  Assert<IsNever<Exclude<keyof CollectionSearchQuery, NamedKey>>>,
  Assert<IsNever<Exclude<NamedKey, keyof ArchiveListQuery>>>,
  Assert<IsNever<Exclude<keyof ArchiveListQuery, NamedKey>>>,
  Assert<IsNever<Exclude<DamComponents['schemas']['DocType'], SearchChoice<'dt'>>>>,
  Assert<IsNever<Exclude<SearchChoice<'dt'>, DamComponents['schemas']['DocType']>>>,
  Assert<keyof SearchParams extends typeof EXPRESSION_KEY | ChoiceKey | RangeParam | 'criteria' ? true : false>,
];
