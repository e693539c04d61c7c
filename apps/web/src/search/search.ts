/**
 * Search and sort URLs of the web client (issue #4; spec 02 §2 Advanced search popover and Routes, §3 Search criteria,
 * §8 search errors). The search state lives in the URL: a collection URL carries `?q=` plus the advanced-search
 * parameters of the contract (dam.yaml `getCollection`; keys, units and conversions in
 * `@magpie/api-types/search-params`), and a sorted collection URL carries `;o=<value>`. Hrefs stay opaque: sort
 * hrefs come from `alt_orders`, search URLs from a `searchURL` template; this module only appends query parameters
 * and reads them back.
 */
import { searchParamsFromQuery, searchParamsToQuery, type SearchParams } from '@magpie/api-types/search-params';
import { ApiError, expandUriTemplate } from '@magpie/api-types/client';

/** The search of a URL's query string; the search language's own reader (`@magpie/api-types/search-params`). */
export { searchParamsFromQuery };

/**
 * The search URL for search parameters (spec 02 §2 "builds the search URL from the search-URL template and the query
 * parameters"): the `{?q}` template expanded with `q` (left out when there is none), then the other parameters in the
 * DAM's units ({@link searchParamsToQuery}: file sizes in MB, pixels in px, built-in fields as field ids).
 * Example: `/fotoweb/archives/5000-Photos/{?q}` with `{q: 'boat', criteria: [{field: '25', value: 'sea'}]}` gives
 * `/fotoweb/archives/5000-Photos/?q=boat&25=sea`.
 */
export function searchHref(template: string, params: SearchParams): string {
  const base = expandUriTemplate(template, params.q ? { q: params.q } : {});
  const rest = searchParamsToQuery(params).toString();
  if (rest === '') return base;
  return `${base}${base.includes('?') ? '&' : '?'}${rest}`;
}

/** True when the search parameters ask for nothing (Search would show the whole collection). */
export function isEmptySearch(params: SearchParams): boolean {
  return !params.q && searchParamsToQuery(params).toString() === '';
}

/** The `;o=` sort value of an href (`/fotoweb/archives/5000-Photos/;o=-fn?q=x` → `-fn`); `''` when unsorted. */
export function sortValueOf(href: string): string {
  const path = href.split('?')[0]!;
  const match = /;o=([^;/?#]*)/.exec(path);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * An archive href with the user's saved sort (spec 02 §2 Routes: "the collection tile link uses the user's saved sort
 * for that archive by appending an ;o= component"). An empty or missing value, or an href that already has a sort,
 * leaves the href as it is. The query, if any, stays after the path.
 */
export function withSavedSort(href: string, sort: string | undefined): string {
  if (!sort || sortValueOf(href) !== '') return href;
  const index = href.indexOf('?');
  const path = index === -1 ? href : href.slice(0, index);
  const query = index === -1 ? '' : href.slice(index);
  return `${path};o=${sort}${query}`;
}

/** The archive a collection belongs to: its id up to the first `/` (archives have the id `"5000"`, folders `"5000/a/b"`). */
export function archiveIdOf(collection: { readonly id: string }): string {
  return collection.id.split('/')[0]!;
}

/** The saved sorts of the user preferences (`shared.sorting`: archive id → `;o=` value); `{}` when missing. */
export function savedSorting(preferences: { readonly shared?: Record<string, unknown> } | undefined): Record<string, string> {
  const sorting = preferences?.shared?.['sorting'];
  if (typeof sorting !== 'object' || sorting === null || Array.isArray(sorting)) return {};
  return Object.fromEntries(Object.entries(sorting).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The archives the user pinned (the user preferences' `intranet.archivePinned`, spec 01 §3: a list of archive ids,
 * as {@link archiveIdOf} gives them); `[]` when missing. Pinned archives come first in the archive list and win the
 * header search's choice of archive (spec 02 §2 Header search).
 */
export function pinnedArchives(preferences: { readonly intranet?: Record<string, unknown> } | undefined): string[] {
  const pinned = preferences?.intranet?.['archivePinned'];
  return Array.isArray(pinned) ? pinned.filter((id): id is string => typeof id === 'string') : [];
}

/** Pinned archives first (in their server order), then the others (spec 02 §2 Collection tile pin toggle). */
export function pinnedFirst<T extends { readonly id: string }>(archives: readonly T[], pinned: readonly string[]): T[] {
  const isPinned = (archive: T) => pinned.includes(archiveIdOf(archive));
  return [...archives.filter(isPinned), ...archives.filter((archive) => !isPinned(archive))];
}

/** One entry of the sort menu: a sort order of `alt_orders` in one direction. */
export interface SortChoice {
  /** `<key>:asc` or `<key>:desc`, unique in the menu. */
  readonly id: string;
  /** What the menu shows, e.g. `File name (A→Z)`. */
  readonly label: string;
  readonly direction: 'asc' | 'desc';
  /** Where to go (opaque, from `alt_orders`). */
  readonly href: string;
  /** Its `;o=` value (`''` for the collection's default order). */
  readonly value: string;
}

interface AltOrderLike {
  readonly key: string;
  readonly name: string;
  readonly asc: { readonly href: string; readonly default?: boolean };
  readonly desc: { readonly href: string; readonly default?: boolean };
}

/** The sort menu of a collection's `alt_orders`: each order ascending then descending. */
export function sortChoices(altOrders: readonly AltOrderLike[] | undefined): SortChoice[] {
  return (altOrders ?? []).flatMap((order) =>
    (['asc', 'desc'] as const).map((direction) => ({
      id: `${order.key}:${direction}`,
      label: `${order.name} (${direction === 'asc' ? 'ascending' : 'descending'})`,
      direction,
      href: order[direction].href,
      value: sortValueOf(order[direction].href),
    })),
  );
}

/** The sort choice in effect for a collection href: the one whose `;o=` value matches (`''` = the default one). */
export function currentSortChoice(choices: readonly SortChoice[], href: string): SortChoice | undefined {
  const value = sortValueOf(href);
  return choices.find((choice) => choice.value === value);
}

/** Error values whose server heading the header search shows (spec 02 §8). */
const HEADED_SEARCH_ERRORS = new Set(['InvalidSearchExpression', 'InvalidTaxonomyItem']);

/** The text for other 400 search errors (spec 02 §8 "any other search error shows an 'invalid parameters' text"). */
export const INVALID_PARAMETERS_MESSAGE = 'Invalid parameters';

/**
 * The message the header search shows under its field for a failed search (spec 02 §8): the server's heading for
 * `InvalidSearchExpression` and `InvalidTaxonomyItem`, {@link INVALID_PARAMETERS_MESSAGE} for any other 400.
 * Undefined for anything that is not a 400 (the view shows those as errors).
 */
export function searchErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as { value?: string; heading?: string } | undefined;
  if (body?.value && HEADED_SEARCH_ERRORS.has(body.value)) return body.heading || body.value;
  return INVALID_PARAMETERS_MESSAGE;
}
