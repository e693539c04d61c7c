/**
 * The app's one API client (typed client of `@magpie/api-types`), talking to the BFF on the same origin with the
 * session cookie and the CSRF header. Views and feature rooms call {@link api}; none sends its own requests (the
 * chunked uploader of `@magpie/machines` takes its own `fetch`, see `upload/uploadMachine.ts`). Two app-wide
 * policies live here:
 *
 * - Any 401 from the DAM API (not from the BFF's own login/session routes) reports a lost session, so the app can
 *   go to the login view keeping the current address (spec 01 §4 Session); any 403 `PasswordChangeRequired`
 *   reports a forced password change, so the app can go to the change-password view (spec 03 §2.11); any 404 of a
 *   read reports its href, so a guest on a page that is not there for guests goes to the login view (issue 12).
 * - Reads bypass the HTTP cache (`cache: 'no-store'`): a collection's page address and its API href are the same URL
 *   (the BFF answers browser navigations with the app), and a cached JSON answer must never be shown for a page
 *   reload or a back navigation from another site.
 */
import { ApiError, createMagpieClient, readCookie } from '@magpie/api-types/client';
import { API_PATHS, CSRF_COOKIE, CSRF_HEADER } from '@magpie/api-types';

type UnauthorizedListener = () => void;
const listeners = new Set<UnauthorizedListener>();

/** Calls `listener` whenever an API call answers 401 because the session is missing. Returns an unsubscribe. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type PasswordChangeRequiredListener = () => void;
const passwordChangeListeners = new Set<PasswordChangeRequiredListener>();

/**
 * Calls `listener` whenever an API call answers 403 `PasswordChangeRequired`: the administrator forced a password
 * change while this page held a descriptor that did not say so yet (spec 03 §2.11). Returns an unsubscribe.
 */
export function onPasswordChangeRequired(listener: PasswordChangeRequiredListener): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

type NotFoundListener = (href: string) => void;
const notFoundListeners = new Set<NotFoundListener>();

/**
 * Calls `listener` with the href (path plus query, as requested) whenever an API read (`GET`) answers 404. The
 * session tells a guest's private address by it: collections and assets are read at their page's address, and the
 * DAM answers 404 for what a caller may not see (issue 12). Returns an unsubscribe.
 */
export function onNotFound(listener: NotFoundListener): () => void {
  notFoundListeners.add(listener);
  return () => notFoundListeners.delete(listener);
}

/** Reads a 403's error body on a copy (the caller still reads the answer) and tells the listeners when it says so. */
function reportPasswordChangeRequired(response: Response): void {
  if (passwordChangeListeners.size === 0) return;
  response
    .clone()
    .json()
    .then((body: unknown) => {
      if ((body as { value?: unknown } | null)?.value !== 'PasswordChangeRequired') return;
      for (const listener of passwordChangeListeners) listener();
    })
    .catch(() => {
      // Not a JSON error body: not this refusal.
    });
}

/** Share links' pages and files (issue 13). */
const SHARE_LINKS = '/fotoweb/shares/';
/** Password reset links (issue 14): a link that names nothing answers 404, which the reset page shows itself. */
const PASSWORD_RESETS = API_PATHS.passwordResets;

/**
 * Routes where a 401 is not a lost session: the BFF's own (wrong credentials) and share links (a password link asking
 * for its password, issue 13).
 */
const SESSION_ROUTES = [API_PATHS.login, API_PATHS.session, API_PATHS.logout, SHARE_LINKS];

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function pathOf(input: RequestInfo | URL): string {
  const url = urlOf(input);
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** The href of a request: a same-origin path as given (the page addresses are hrefs), else its path plus query. */
function hrefOf(input: RequestInfo | URL): string {
  const url = urlOf(input);
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * `fetch` with the app's policies (see the module comment). Private on purpose: every call goes through {@link api},
 * which reads answers and error bodies in one place (`@magpie/api-types/client`).
 */
const appFetch: typeof fetch = async (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  const response = await fetch(input, {
    ...init,
    credentials: 'same-origin',
    ...(method === 'GET' || method === 'HEAD' ? { cache: 'no-store' as const } : {}),
  });
  if (response.status === 401 && !SESSION_ROUTES.some((route) => pathOf(input).startsWith(route))) {
    for (const listener of listeners) listener();
  }
  if (response.status === 403) reportPasswordChangeRequired(response);
  // A share link or a reset link that does not work is its page's own answer (issues 13, 14), not a private page for a guest.
  if (response.status === 404 && method === 'GET' && !pathOf(input).startsWith(SHARE_LINKS) && !pathOf(input).startsWith(PASSWORD_RESETS)) {
    const href = hrefOf(input);
    for (const listener of notFoundListeners) listener(href);
  }
  return response;
};

/** The CSRF token to send on unsafe requests: the readable `magpie_csrf` cookie (bff.yaml "CSRF"). */
export function csrfToken(): string | undefined {
  return readCookie(document.cookie, CSRF_COOKIE);
}

/** Headers every unsafe request needs. */
export function csrfHeaders(): Record<string, string> {
  const token = csrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

/** The typed client every view uses. */
export const api = createMagpieClient({ fetch: appFetch, csrfToken });

/** True when `error` is an API error with this HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** True when `error` is an aborted request (a view unmounted or a newer request replaced it). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** spec 01 §8 default message. */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred. Please contact your local administrator.';

/**
 * What to tell people about a failed call: the server's heading and message for API errors (spec 01 §8: "4xx carry
 * responseJSON with heading and value"), a connection hint for network failures, else the default message.
 */
export function describeError(error: unknown): { heading: string; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 401) return { heading: 'Access denied', message: error.body?.message ?? 'Please log in again.' };
    if (error.status === 404) {
      return { heading: error.body?.heading ?? 'Not found', message: error.body?.message ?? 'This page does not exist or you may not see it.' };
    }
    return { heading: error.body?.heading ?? 'Something went wrong', message: error.body?.message ?? DEFAULT_ERROR_MESSAGE };
  }
  if (error instanceof TypeError) return { heading: 'No connection', message: 'The server could not be reached. Check your connection and try again.' };
  return { heading: 'Something went wrong', message: DEFAULT_ERROR_MESSAGE };
}
