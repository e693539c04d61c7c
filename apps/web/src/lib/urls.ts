import { loginUrlFor } from '@magpie/machines';
/**
 * URL handling for the web client. Collection and asset hrefs are opaque (FotoWeb API, "URLs are opaque"): the
 * client takes them from the API and navigates to them as they are. The only URLs built here are the client's own
 * routes (the login view and its `to` return address, spec 01 §2) and search URLs expanded from a `searchURL`
 * template with `expandSearchUrl`.
 */
import { expandSearchUrl } from '@magpie/api-types/client';

/** The login view (spec 01 §2). */
export const LOGIN_PATH = '/fotoweb/views/login';
/** The archives list, the default landing page (spec 01 §2: "the default when no API descriptor exists"). */
export const ARCHIVES_PATH = '/fotoweb/archives/';
/** The Pins view (issue 13): what the user pinned. */
export const PINS_PATH = '/fotoweb/views/pins';
/** The Albums view (issue 13): the user's albums, archived and deleted ones. */
export const ALBUMS_PATH = '/fotoweb/views/albums';
/** The trash (issue 13): deleted assets to restore or purge. */
export const TRASH_PATH = '/fotoweb/views/trash';
/** "Forgot password?" (issue 14): ask for a password reset link by e-mail address. */
export const FORGOT_PASSWORD_PATH = '/fotoweb/views/forgot-password';
/** The page a password reset link opens (`?token=…`; the DAM's `mail/links.ts` `RESET_PASSWORD_VIEW`). */
export const RESET_PASSWORD_PATH = '/fotoweb/views/reset-password';
/** Longest accepted `to` return address, in characters (bff.yaml `to` maxLength). */
export const MAX_RETURN_ADDRESS_LENGTH = 2048;

/** The parts of a location the client reads (a `window.location` or a react-router `Location`). */
export interface LocationLike {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** The current address as spec 01 §2 keeps it in `to`: path plus query plus hash. */
export function currentAddress(location: LocationLike): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The API href a client route stands for: the route's path plus query (the hash stays in the browser). The BFF
 * answers browser navigations with the app, so the page address of a collection or asset IS its href.
 */
export function hrefOfLocation(location: Pick<LocationLike, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`;
}

/**
 * A safe return address, or undefined: a same-origin path that starts with `/` but not `//` or `/\` (which
 * browsers treat as another host), has no control characters, is not longer than
 * {@link MAX_RETURN_ADDRESS_LENGTH}, and is not the login view itself (that would loop). Mirrors the BFF's rule for
 * `to` (bff.yaml `POST /fotoweb/views/login`).
 */
export function safeReturnAddress(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.length > MAX_RETURN_ADDRESS_LENGTH) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`) || raw.startsWith(`${LOGIN_PATH}#`)) return undefined;
  return raw;
}

/**
 * The login view's URL with `to` set to `returnAddress` (spec 01 §2, §4 Session: "missing stored user data
 * redirects to login, keeping the current address in 'to'"). `to` is left out when the address is not safe or is
 * the default landing page.
 */
export function loginUrl(returnAddress?: string): string {
  // One rule for the route guard and the session machine.
  return loginUrlFor(returnAddress);
}

/** True for an asset page: FotoWeb asset URLs end in `.info` (architecture.md "asset URLs end in .info"). */
export function isAssetPath(pathname: string): boolean {
  return pathname.endsWith('.info');
}

/**
 * The collection address a typed or pasted page address means when its trailing slash is missing
 * (`/fotoweb/archives/5000-Photos` → `/fotoweb/archives/5000-Photos/`): FotoWeb collection hrefs always end in `/`
 * or in `;o=`/`;p=` path components after it, and the DAM answers 404 for the slash-less form. Undefined when the
 * address needs no change (already a collection href, an asset, the archives list, or outside `/fotoweb/archives/`).
 */
export function collectionPathWithSlash(pathname: string): string | undefined {
  if (!pathname.startsWith(ARCHIVES_PATH) || isArchivesListPath(pathname) || isAssetPath(pathname) || pathname.endsWith('/')) return undefined;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.startsWith(';') ? undefined : `${pathname}/`;
}

/** True for the archives list page (`/fotoweb/archives/`, with or without the trailing slash). */
export function isArchivesListPath(pathname: string): boolean {
  return pathname === ARCHIVES_PATH || pathname === '/fotoweb/archives';
}

/** What the collection-related parts of a header search need from the current collection. */
export interface SearchableCollection {
  /** RFC 6570 template with `{?q}`, or null when the collection cannot be searched. */
  readonly searchURL: string | null;
  /** Where to go to drop the search, or null. */
  readonly clearSearch: { readonly href: string } | null;
  /** Where the collection itself lives (used to clear when `clearSearch` is null). */
  readonly href: string;
}

/** The outcome of submitting the header search. */
export type HeaderSearchPlan =
  /** Go to this href (a search result or the search-clear URL). */
  | { readonly kind: 'navigate'; readonly href: string }
  /** Search across all archives with this list URL, then go to the best archive (spec 02 §2 Header search). */
  | { readonly kind: 'searchArchives'; readonly listHref: string }
  /** Nothing to do (an empty search where there is nothing to clear, or nothing searchable). */
  | { readonly kind: 'none' };

/**
 * Decides what the header search does (spec 02 §2 Header search, §4: "empty submit clears"):
 * - text and a searchable current collection: expand its `searchURL` with the trimmed text;
 * - empty text in a collection: go to its `clearSearch.href` (or the collection's own href);
 * - text on the archives list (no current collection): search all archives through the descriptor's `searchURL`;
 * - otherwise nothing.
 */
export function planHeaderSearch(input: {
  readonly text: string;
  readonly collection?: SearchableCollection | undefined;
  readonly archivesSearchUrl?: string | null | undefined;
}): HeaderSearchPlan {
  const q = input.text.trim();
  const { collection } = input;
  if (collection) {
    if (q === '') return { kind: 'navigate', href: collection.clearSearch?.href || stripQuery(collection.href) };
    if (collection.searchURL) return { kind: 'navigate', href: expandSearchUrl(collection.searchURL, q) };
  }
  if (q === '') return { kind: 'none' };
  if (input.archivesSearchUrl) return { kind: 'searchArchives', listHref: expandSearchUrl(input.archivesSearchUrl, q) };
  return { kind: 'none' };
}

function stripQuery(href: string): string {
  const index = href.indexOf('?');
  return index === -1 ? href : href.slice(0, index);
}

/**
 * The archive to open after a search across archives (spec 02 §2): the search collection with the most hits,
 * pinned archives first; the earliest wins a tie. Undefined when no archive has hits (the view then says so).
 */
export function pickArchiveForSearch<T extends { readonly assetCount: number; readonly href: string }>(
  results: readonly T[],
  isPinned: (result: T) => boolean = () => false,
): T | undefined {
  let best: T | undefined;
  for (const result of results) {
    if (result.assetCount <= 0) continue;
    if (best === undefined) {
      best = result;
      continue;
    }
    const pinnedBest = isPinned(best);
    const pinned = isPinned(result);
    if ((pinned && !pinnedBest) || (pinned === pinnedBest && result.assetCount > best.assetCount)) best = result;
  }
  return best;
}
