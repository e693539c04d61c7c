/**
 * The session's addresses: the login view and its `to` return address (spec 01 §2 "Optional query 'to' (return
 * address: path plus query plus hash)", §4 Session "keeping the current address in 'to'").
 *
 * The rules mirror the BFF's rule for `to` (bff.yaml `POST /fotoweb/views/login`) and the web app's `lib/urls.ts`,
 * so the address the session redirects to is one the BFF accepts back.
 */

/** The login view. */
export const LOGIN_VIEW_PATH = '/fotoweb/views/login'; // spec 01 §2

/** Landing pages that need no `to`: logging in lands there anyway (spec 01 §2 "/fotoweb/" and the archives list). */
export const DEFAULT_LANDING_ADDRESSES: readonly string[] = ['/', '/fotoweb/', '/fotoweb/archives/'];

/** The archives space: the archives list and every collection and asset under it (spec 01 §2 routes). */
export const ARCHIVES_SPACE_PATH = '/fotoweb/archives/';

/** Longest accepted `to` return address, in characters (bff.yaml `to` maxLength). */
export const MAX_RETURN_ADDRESS_LENGTH = 2048;

/** The path of an address: what comes before its query (`?`) or hash (`#`). */
export function pathOfAddress(address: string): string {
  const end = address.search(/[?#]/);
  return end === -1 ? address : address.slice(0, end);
}

/** The page's own API href in an address: path plus query, without the hash (page addresses are API hrefs). */
export function pageHrefOfAddress(address: string): string {
  const hash = address.indexOf('#');
  return hash === -1 ? address : address.slice(0, hash);
}

/**
 * `true` when a guest may browse `address` without logging in (issue 12, spec 02 §1, §6): the archives list
 * (`/fotoweb/archives/`, with or without its slash, also with a search) and every collection and asset under it, and
 * the landing pages that lead there (`/`, `/fotoweb/`), and albums (`/fotoweb/users/{u}/albums/{a}/`, issue 13: the
 * public ones open for guests; the DAM answers 404 for the others). Everything else (the settings views, the
 * change-password view, any other address) needs a session; the login view needs neither.
 */
export function isGuestAddress(address: string): boolean {
  const path = pathOfAddress(address);
  return DEFAULT_LANDING_ADDRESSES.includes(path) || path === '/fotoweb' || path === '/fotoweb/archives' || path.startsWith(ARCHIVES_SPACE_PATH) || ALBUM_PATH.test(path);
}

/** An album's page (`/fotoweb/users/{u}/albums/{a}/`), which a guest may open when the album is public (issue 13). */
const ALBUM_PATH = /^\/fotoweb\/users\/[0-9]{1,9}\/albums\/[0-9]{1,9}\/$/;

/** `true` when `address` is the login view (with or without a query or hash). */
export function isLoginViewAddress(address: string): boolean {
  return pathOfAddress(address) === LOGIN_VIEW_PATH;
}

/** Where share links open (issue 13): pages for anyone, signed in or not. */
export const SHARE_LINK_PATH_PREFIX = '/fotoweb/shares/';

/** `true` when `address` is a share link's public page (issue 13), which needs no session. */
export function isShareLinkAddress(address: string): boolean {
  return pathOfAddress(address).startsWith(SHARE_LINK_PATH_PREFIX);
}

/**
 * The pages of "Forgot password?" (issue 14 "Password reset"): asking for a reset link, and setting a new password
 * with the link from the mail. For anyone, signed in or not.
 */
export const PASSWORD_RESET_VIEW_PATHS: readonly string[] = ['/fotoweb/views/forgot-password', '/fotoweb/views/reset-password'];

/** `true` when `address` is one of the {@link PASSWORD_RESET_VIEW_PATHS}, which need no session. */
export function isPasswordResetAddress(address: string): boolean {
  return PASSWORD_RESET_VIEW_PATHS.includes(pathOfAddress(address));
}

/** The public sign-up page (issue 14; an invitation's link, `?invitation=<token>`): for anyone, signed in or not. */
export const SIGNUP_VIEW_PATH = '/fotoweb/views/signup';

/** `true` when `address` is the {@link SIGNUP_VIEW_PATH}, which needs no session. */
export function isSignupAddress(address: string): boolean {
  return pathOfAddress(address) === SIGNUP_VIEW_PATH;
}

/** The public cookie policy page (issue 15; spec 02 §1 `{base}/views/cookie-policy`): for anyone, signed in or not. */
export const COOKIE_POLICY_VIEW_PATH = '/fotoweb/views/cookie-policy';

/** `true` when `address` is the {@link COOKIE_POLICY_VIEW_PATH}, which needs no session. */
export function isCookiePolicyAddress(address: string): boolean {
  return pathOfAddress(address) === COOKIE_POLICY_VIEW_PATH;
}

/**
 * A safe return address, or `undefined`: a same-origin path starting with `/` but not `//` or `/\` (which browsers
 * treat as another host), without control characters, at most {@link MAX_RETURN_ADDRESS_LENGTH} characters, and not
 * the login view itself (that would loop).
 */
export function safeReturnAddress(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.length > MAX_RETURN_ADDRESS_LENGTH) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  if (isLoginViewAddress(raw)) return undefined;
  return raw;
}

/**
 * The login view's address with `to` set to `address` (path plus query plus hash), spec 01 §2, §4 Session.
 * `to` is left out when the address is not safe ({@link safeReturnAddress}) or is a default landing page.
 *
 * @example loginUrlFor('/fotoweb/archives/5000/?q=boat#grid') === '/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F5000%2F%3Fq%3Dboat%23grid'
 */
export function loginUrlFor(address: string | undefined): string {
  const to = safeReturnAddress(address);
  if (to === undefined || DEFAULT_LANDING_ADDRESSES.includes(to)) return LOGIN_VIEW_PATH;
  return `${LOGIN_VIEW_PATH}?to=${encodeURIComponent(to)}`;
}
