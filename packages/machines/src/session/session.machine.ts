/**
 * Session: whether the user is logged in or browses as a guest, keeping the session alive, noticing when it is lost,
 * and logging out (spec 01 §1 "keeps the API descriptor … as locally stored user data", §2 login view `to`, §3
 * descriptor `services.logout` and `services.keepalive {href, interval s}`, §4 Session, §6 "Not logged in", §7 auth
 * check and logout, §8 'logout error', §9 notifications close after 15 s; spec 02 §1, §6 guests; fotoweb-api-notes §1
 * public entry point).
 *
 * The actor starts in `unauthenticated` and moves on at once: stored user data → checking → authenticated |
 * unauthenticated; without it, on an address guests may browse (the archives, {@link isGuestAddress}) it checks guest
 * access once (the public descriptor) → guest, else (or when guests are refused) it asks for the login view
 * (spec 01 §4). authenticated (keepalive ping every `interval` s, auth check repeated) → loggingOut →
 * unauthenticated, or → unauthenticated when the session is lost. guest → authenticated on login, or → login with
 * `to` on a private address. In `unauthenticated` the machine says where the app must go: `context.loginUrl` (the
 * login view with the current address in `to`, or the logged-out view after logging out).
 */
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import {
  isGuestAddress,
  isLoginViewAddress,
  isPasswordResetAddress,
  isShareLinkAddress,
  isSignupAddress,
  isCookiePolicyAddress,
  loginUrlFor,
  LOGIN_VIEW_PATH,
  pageHrefOfAddress,
  pathOfAddress,
} from './sessionAddress.ts';

/** How often the auth check repeats while logged in, in seconds, unless the input says otherwise. */
export const DEFAULT_AUTH_CHECK_INTERVAL_S = 300;

/** Shortest keepalive interval honoured, in seconds (a descriptor saying 0 must not ping in a loop). */
export const MIN_KEEPALIVE_INTERVAL_S = 1;

/** The notice shown when logging out failed. */
export const LOGOUT_ERROR_NOTICE = 'logout error'; // spec 01 §8

/** How long a notice stays before it closes by itself, in ms. */
export const SESSION_NOTICE_AUTOCLOSE_MS = 15_000; // spec 01 §9

/**
 * The part of the API descriptor the session reads (spec 01 §3): `services.logout` (POST to log out),
 * `services.keepalive` (`href` to GET, `interval` in seconds; absent or null: no keepalive) and `views.loggedOut`
 * (where to go after logging out; default the login view). Any full descriptor has this shape.
 */
export interface SessionDescriptor {
  readonly services: {
    readonly logout: string;
    readonly keepalive?: { readonly href: string; readonly interval: number } | null;
  };
  readonly views?: { readonly loggedOut?: string | null } | null;
}

/**
 * What the injected `checkAuth` actor resolves with: the auth check's answer `{authenticated, apiDescriptor}`
 * (spec 01 §7 "GET auth-check url: returns apiDescriptor and authenticated"). It rejects when the check itself
 * failed (offline, 5xx): the session is then kept as it is.
 */
export interface CheckAuthOutput {
  readonly authenticated: boolean;
  readonly apiDescriptor?: SessionDescriptor | undefined;
}

/**
 * The part of the public API descriptor (`GET /fotoweb/`, fotoweb-api-notes §1: `archives`, `searchURL`,
 * `services.login`, …) the session keeps for a guest; the injected `checkGuestAccess` actor resolves with it.
 * The machine reads none of it: the app reads the public archives list and the search from it.
 */
export interface GuestDescriptor {
  readonly archives: string;
}

/**
 * What the injected `checkGuestAccess` actor resolves with, without stored user data on an address guests may browse:
 * the browser's own session when it has one after all (`session`: its full descriptor; the stored user data was
 * missing, e.g. cleared, while the session cookie lives on), else the public descriptor (`guest`: guests may browse).
 * It rejects when guests are refused (401 in guest-disabled mode) or the check itself failed.
 */
export type GuestAccessAnswer = { readonly session: SessionDescriptor } | { readonly guest: GuestDescriptor };

/**
 * What is known about guest access (issue 12; spec 02 §6): not checked yet; granted, with the public descriptor; or
 * refused (the public descriptor answered 401 in guest-disabled mode, the check failed, or a call answered 401 while
 * browsing as a guest). Checked once: a refusal is not asked again while the app runs.
 */
export type GuestAccess = { readonly status: 'unchecked' } | { readonly status: 'granted'; readonly descriptor: GuestDescriptor } | { readonly status: 'refused' };

/** Input of the injected `keepalive` actor: the descriptor's `services.keepalive.href` to GET. */
export interface KeepaliveInput {
  readonly href: string;
}

/** Input of the injected `logout` actor: the descriptor's `services.logout` to POST with an empty body (spec 01 §7). */
export interface LogoutInput {
  readonly href: string;
}

/** A notice the app shows about the session: today only {@link LOGOUT_ERROR_NOTICE} (spec 01 §8). */
export interface SessionNotice {
  readonly status: 'error';
  readonly message: string;
}

/**
 * Input of {@link sessionMachine}.
 *
 * - `storedDescriptor`: the descriptor kept as locally stored user data, if any (spec 01 §1, §4).
 * - `address`: the current address, path plus query plus hash (what `to` keeps).
 * - `insideFrame`: the app runs inside a frame; no keepalive then (the hosting page keeps the session alive).
 * - `authCheckInterval`: seconds between auth checks while logged in, default {@link DEFAULT_AUTH_CHECK_INTERVAL_S};
 *   a positive finite number.
 */
export interface SessionInput {
  readonly storedDescriptor?: SessionDescriptor | undefined;
  readonly address: string;
  readonly insideFrame?: boolean;
  readonly authCheckInterval?: number;
}

/**
 * Context of {@link sessionMachine}.
 *
 * - `descriptor`: the session's descriptor; set exactly in `checking`, `authenticated` and `loggingOut`.
 * - `address`: the current address, as last reported.
 * - `loginUrl`: where the app must navigate now; set exactly in `unauthenticated.redirecting` (the login view with
 *   `to` = the current address) and `unauthenticated.loggedOut` (the logged-out view).
 * - `loggedOutView`: the logged-out view of the session that was logged out; being there needs no redirect.
 * - `notice`: the notice to show ({@link LOGOUT_ERROR_NOTICE}); closes after 15 s or on DISMISS_NOTICE.
 * - `authCheckIntervalMs`: ms between auth checks.
 * - `guestAccess`: what is known about guest access ({@link GuestAccess}); `granted` in `guest`.
 */
export interface SessionContext {
  readonly descriptor: SessionDescriptor | undefined;
  readonly address: string;
  readonly insideFrame: boolean;
  readonly authCheckIntervalMs: number;
  readonly loginUrl: string | undefined;
  readonly loggedOutView: string | undefined;
  readonly notice: SessionNotice | undefined;
  readonly guestAccess: GuestAccess;
}

/**
 * Events of {@link sessionMachine}, from the app:
 *
 * - `LOGGED_IN {descriptor}`: the user logged in (the login view fetched the descriptor), or another tab stored a
 *   descriptor. Starts or renews the session; ignored while logging out.
 * - `SESSION_LOST`: an API call answered 401, or another tab dropped the stored user data. For a guest, a 401 means
 *   guests are refused now (guest access was turned off) or the call needs a session: to the login view with `to`.
 * - `NOT_FOUND {href}`: an API read answered 404 for `href` (path plus query). For a guest on the page whose href
 *   that is (a collection or asset the guest may not see, or none at all: the DAM answers both alike), the address
 *   is private: to the login view with `to` (issue 12 "a logged-out visit to a private address still goes to login
 *   with `to`"). Ignored otherwise.
 * - `LOGOUT`: the user asked to log out (ignored unless checking or authenticated).
 * - `LOCATION_CHANGED {address}`: the app navigated (path plus query plus hash).
 * - `DISMISS_NOTICE`: the user closed the notice.
 */
export type SessionEvent =
  | { type: 'LOGGED_IN'; descriptor: SessionDescriptor }
  | { type: 'SESSION_LOST' }
  | { type: 'NOT_FOUND'; href: string }
  | { type: 'LOGOUT' }
  | { type: 'LOCATION_CHANGED'; address: string }
  | { type: 'DISMISS_NOTICE' };

/**
 * The keepalive interval of `descriptor` in ms (spec 01 §3 `services.keepalive.interval` is in seconds, at least
 * {@link MIN_KEEPALIVE_INTERVAL_S}), or `undefined` when it has no keepalive or the interval is not a positive number.
 */
export function keepaliveIntervalMs(descriptor: SessionDescriptor | undefined): number | undefined {
  const keepalive = descriptor?.services.keepalive;
  if (!keepalive || typeof keepalive.href !== 'string' || keepalive.href === '') return undefined;
  const { interval } = keepalive;
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval <= 0) return undefined;
  return Math.max(MIN_KEEPALIVE_INTERVAL_S, interval) * 1_000;
}

/** `true` when `error` reports HTTP 401 (an object whose `status` is 401): the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/**
 * Checks the auth-check interval.
 *
 * @returns the interval in ms; {@link DEFAULT_AUTH_CHECK_INTERVAL_S} when `seconds` is `undefined`.
 * @throws {RangeError} when `seconds` is not a positive finite number.
 */
export function authCheckIntervalMs(seconds: number | undefined): number {
  if (seconds === undefined) return DEFAULT_AUTH_CHECK_INTERVAL_S * 1_000;
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new RangeError(`session: authCheckInterval must be a positive number of seconds, got ${seconds}`);
  }
  return seconds * 1_000;
}

/** Where logging out leads: the descriptor's `views.loggedOut`, else the login view. */
export function loggedOutViewOf(descriptor: SessionDescriptor | undefined): string {
  return descriptor?.views?.loggedOut || LOGIN_VIEW_PATH;
}

/**
 * `true` when being at `address` while logged out needs no redirect: the login view, the logged-out view, a share
 * link's page (issue 13), a page of "Forgot password?" or the sign-up page (issue 14), the cookie policy (issue 15).
 */
export function isPublicSessionAddress(address: string, loggedOutView: string | undefined): boolean {
  return (
    isLoginViewAddress(address) ||
    isShareLinkAddress(address) ||
    isPasswordResetAddress(address) ||
    isSignupAddress(address) ||
    isCookiePolicyAddress(address) ||
    (loggedOutView !== undefined && pathOfAddress(address) === pathOfAddress(loggedOutView))
  );
}

/** `true` when `href` (an API read's path plus query) is the page at `address`: collections and assets live at their hrefs. */
export function isPageHref(href: string, address: string): boolean {
  return href === pageHrefOfAddress(address);
}

const forgetSession = { descriptor: undefined, notice: undefined } as const;

/**
 * The session machine (spec 01 §1, §2, §3, §4 Session, §7, §8, §9).
 *
 * - `checking`: runs `checkAuth` with the stored descriptor in place: authenticated → `authenticated` with the
 *   fresh descriptor; not → `unauthenticated`; a failed check keeps the stored session (`authenticated`).
 * - `authenticated` (parallel): `keepalive` pings `services.keepalive.href` every `interval` s (`keepaliveInterval`
 *   delay), never inside a frame, and is `off` while the descriptor has no keepalive (it follows a renewed or new
 *   descriptor); a 401 answer → `unauthenticated`, other failures retry at the next tick.
 *   `authCheck` repeats `checkAuth` every `authCheckInterval` (renews the descriptor, or → `unauthenticated`).
 *   `notice` shows the notice until DISMISS_NOTICE or 15 s (`noticeTimeout`).
 * - `loggingOut`: runs `logout` (POST `services.logout`): done, or 401 (already gone) → `unauthenticated.loggedOut`;
 *   another failure → back to `authenticated` with the 'logout error' notice (the server session is still there).
 * - `unauthenticated` (initial): `routing` decides at once: stored user data (only at start) → `checking`; already
 *   on the login or logged-out view → `atLogin`; on an address guests may browse ({@link isGuestAddress}) → `guest`
 *   when guest access is granted, or `checkingGuest` when it was not checked yet; else `redirecting` (go to
 *   `loginUrl`: login with `to`; spec 01 §4 "missing stored user data redirects to login"). `checkingGuest` runs
 *   `checkGuestAccess` ({@link GuestAccessAnswer}): the browser's own session → `authenticated`; the public
 *   descriptor → granted; failed (401 in guest-disabled mode, or any failure) → refused; then `routing` decides
 *   again for the address the app is at by then. After logging out, `loggedOut`
 *   (go to the logged-out view). A session that was lost (`lost`) goes to the login view with `to` without
 *   offering guest browsing: its user wants to log in again. LOCATION_CHANGED decides again.
 * - `guest`: browsing the public archives without a session; the app shows the guest shell with the public
 *   descriptor ({@link sessionGuestDescriptor}). LOGGED_IN → `authenticated`; LOCATION_CHANGED to an address guests
 *   may not browse → `unauthenticated` (the login view with `to`, or `atLogin` on the login view); NOT_FOUND of the
 *   page, or SESSION_LOST (a 401: guest access refused from now on) → login with `to`.
 *
 * Provide `checkAuth`, `keepalive`, `logout` and `checkGuestAccess` with `.provide({actors})`; the built-in ones
 * reject (so without `checkGuestAccess`, guests are refused and sent to login as before).
 * An invalid `input.authCheckInterval` puts the actor in `error` status with a `RangeError`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    checkAuth: fromPromise<CheckAuthOutput>(async () => {
      throw new Error('session: provide `checkAuth` with .provide()');
    }),
    keepalive: fromPromise<void, KeepaliveInput>(async () => {
      throw new Error('session: provide `keepalive` with .provide()');
    }),
    logout: fromPromise<void, LogoutInput>(async () => {
      throw new Error('session: provide `logout` with .provide()');
    }),
    checkGuestAccess: fromPromise<GuestAccessAnswer>(async () => {
      throw new Error('session: provide `checkGuestAccess` with .provide()');
    }),
  },
  guards: {
    'hasStoredDescriptor?': ({ context }) => context.descriptor !== undefined,
    'isAuthenticated?': (_, answer: CheckAuthOutput) => answer.authenticated === true,
    'isUnauthorized?': (_, params: { error: unknown }) => isUnauthorizedError(params.error),
    'shouldKeepAlive?': ({ context }) => !context.insideFrame && keepaliveIntervalMs(context.descriptor) !== undefined,
    'hasNotice?': ({ context }) => context.notice !== undefined,
    'isAtPublicView?': ({ context }) => isPublicSessionAddress(context.address, context.loggedOutView),
    'mayBrowseAsGuest?': ({ context }) => context.guestAccess.status === 'granted' && isGuestAddress(context.address),
    'shouldCheckGuestAccess?': ({ context }) => context.guestAccess.status === 'unchecked' && isGuestAddress(context.address),
    'isGuestAddress?': (_, params: { address: string }) => isGuestAddress(params.address),
    'isCurrentPage?': ({ context }, params: { href: string }) => isPageHref(params.href, context.address),
    'hasSession?': (_, answer: GuestAccessAnswer) => 'session' in answer,
  },
  delays: {
    keepaliveInterval: ({ context }) => keepaliveIntervalMs(context.descriptor) ?? MIN_KEEPALIVE_INTERVAL_S * 1_000,
    authCheckInterval: ({ context }) => context.authCheckIntervalMs,
    noticeTimeout: SESSION_NOTICE_AUTOCLOSE_MS,
  },
  actions: {
    storeAddress: assign(({ event }) => {
      assertEvent(event, 'LOCATION_CHANGED');
      return { address: event.address };
    }),
    startSession: assign(({ event }) => {
      assertEvent(event, 'LOGGED_IN');
      return { descriptor: event.descriptor, loginUrl: undefined, loggedOutView: undefined };
    }),
    renewSession: assign(({ context }, answer: CheckAuthOutput) => ({
      descriptor: answer.apiDescriptor ?? context.descriptor,
    })),
    loseSession: assign(forgetSession),
    endSession: assign(({ context }) => ({ ...forgetSession, loggedOutView: loggedOutViewOf(context.descriptor) })),
    redirectToLogin: assign(({ context }) => ({ loginUrl: loginUrlFor(context.address) })),
    redirectToLoggedOutView: assign(({ context }) => ({ loginUrl: context.loggedOutView ?? LOGIN_VIEW_PATH })),
    clearRedirect: assign({ loginUrl: undefined }),
    resumeSession: assign((_, answer: GuestAccessAnswer) => ({ descriptor: 'session' in answer ? answer.session : undefined, loginUrl: undefined, loggedOutView: undefined })),
    grantGuestAccess: assign((_, answer: GuestAccessAnswer) => ('guest' in answer ? { guestAccess: { status: 'granted', descriptor: answer.guest } satisfies GuestAccess } : {})),
    refuseGuestAccess: assign({ guestAccess: { status: 'refused' } satisfies GuestAccess }),
    showLogoutError: assign({ notice: { status: 'error', message: LOGOUT_ERROR_NOTICE } satisfies SessionNotice }),
    clearNotice: assign({ notice: undefined }),
  },
}).createMachine({
  id: 'session',
  // Not known to be logged in until the stored user data is checked; `routing` moves on at once.
  initial: 'unauthenticated',
  context: ({ input }) => ({
    descriptor: input.storedDescriptor,
    address: input.address,
    insideFrame: input.insideFrame ?? false,
    authCheckIntervalMs: authCheckIntervalMs(input.authCheckInterval),
    loginUrl: undefined,
    loggedOutView: undefined,
    notice: undefined,
    guestAccess: { status: 'unchecked' },
  }),
  on: {
    LOCATION_CHANGED: { actions: 'storeAddress' },
  },
  states: {
    checking: {
      invoke: {
        id: 'checkAuth',
        src: 'checkAuth',
        onDone: [
          {
            guard: { type: 'isAuthenticated?', params: ({ event }) => event.output },
            target: 'authenticated',
            actions: { type: 'renewSession', params: ({ event }) => event.output },
          },
          { target: 'unauthenticated.lost', actions: 'loseSession' },
        ],
        // The check could not be made (offline, 5xx): keep the stored session; a 401 on any call still ends it.
        onError: 'authenticated',
      },
      on: {
        LOGGED_IN: { target: 'authenticated', actions: 'startSession' },
        SESSION_LOST: { target: 'unauthenticated.lost', actions: 'loseSession' },
        LOGOUT: 'loggingOut',
      },
    },
    authenticated: {
      type: 'parallel',
      on: {
        // A new descriptor (another tab logged in again): the keepalive follows it.
        LOGGED_IN: { actions: 'startSession' },
        SESSION_LOST: { target: 'unauthenticated.lost', actions: 'loseSession' },
        // A new attempt: the last attempt's notice goes.
        LOGOUT: { target: 'loggingOut', actions: 'clearNotice' },
      },
      states: {
        keepalive: {
          // Follows the descriptor: a renewed or new descriptor may add, change or drop the keepalive.
          initial: 'off',
          states: {
            off: {
              always: { guard: 'shouldKeepAlive?', target: 'waiting' },
            },
            waiting: {
              always: { guard: not('shouldKeepAlive?'), target: 'off' },
              after: { keepaliveInterval: 'pinging' },
            },
            pinging: {
              invoke: {
                id: 'keepalive',
                src: 'keepalive',
                input: ({ context }) => ({ href: context.descriptor?.services.keepalive?.href ?? '' }),
                onDone: 'waiting',
                onError: [
                  {
                    guard: { type: 'isUnauthorized?', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.unauthenticated.lost',
                    actions: 'loseSession',
                  },
                  // A network blip: try again at the next tick.
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
        authCheck: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { authCheckInterval: 'checking' },
            },
            checking: {
              invoke: {
                id: 'checkAuth',
                src: 'checkAuth',
                onDone: [
                  {
                    guard: { type: 'isAuthenticated?', params: ({ event }) => event.output },
                    target: 'waiting',
                    actions: { type: 'renewSession', params: ({ event }) => event.output },
                  },
                  { target: '#session.unauthenticated.lost', actions: 'loseSession' },
                ],
                onError: 'waiting',
              },
            },
          },
        },
        notice: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasNotice?', target: 'shown' },
            },
            shown: {
              after: { noticeTimeout: { target: 'idle', actions: 'clearNotice' } },
              on: { DISMISS_NOTICE: { target: 'idle', actions: 'clearNotice' } },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ href: context.descriptor?.services.logout ?? '' }),
        onDone: { target: '#session.unauthenticated.loggedOut', actions: 'endSession' },
        onError: [
          {
            // The session was already gone: logged out all the same.
            guard: { type: 'isUnauthorized?', params: ({ event }) => ({ error: event.error }) },
            target: '#session.unauthenticated.loggedOut',
            actions: 'endSession',
          },
          // spec 01 §8: a 'logout error' notice; the user stays logged in and may try again.
          { target: 'authenticated', actions: 'showLogoutError' },
        ],
      },
    },
    unauthenticated: {
      initial: 'routing',
      on: {
        LOGGED_IN: { target: 'authenticated', actions: 'startSession' },
        LOCATION_CHANGED: { target: '.routing', actions: 'storeAddress' },
      },
      states: {
        routing: {
          always: [
            // Only at start: the descriptor is dropped whenever the session ends.
            { guard: 'hasStoredDescriptor?', target: '#session.checking' },
            { guard: 'isAtPublicView?', target: 'atLogin', actions: 'clearRedirect' },
            // Issue 12: the public archives without logging in, when the site lets guests in.
            { guard: 'mayBrowseAsGuest?', target: '#session.guest', actions: 'clearRedirect' },
            { guard: 'shouldCheckGuestAccess?', target: 'checkingGuest', actions: 'clearRedirect' },
            // spec 01 §4: to the login view, keeping the current address in 'to'.
            { target: 'redirecting', actions: 'redirectToLogin' },
          ],
        },
        checkingGuest: {
          invoke: {
            id: 'checkGuestAccess',
            src: 'checkGuestAccess',
            onDone: [
              // The browser has a session after all: continue as its user, here.
              {
                guard: { type: 'hasSession?', params: ({ event }) => event.output },
                target: '#session.authenticated',
                actions: { type: 'resumeSession', params: ({ event }) => event.output },
              },
              { target: 'routing', actions: { type: 'grantGuestAccess', params: ({ event }) => event.output } },
            ],
            // 401 (guest-disabled mode) or no answer: to the login view as without guest access.
            onError: { target: 'routing', actions: 'refuseGuestAccess' },
          },
          on: {
            // Wait for the answer (the app may still be settling its address, e.g. `/` → the archives list).
            LOCATION_CHANGED: { actions: 'storeAddress' },
          },
        },
        // The session ended without logging out (401, the auth check): log in again, keeping the address in 'to'.
        lost: {
          always: [
            { guard: 'isAtPublicView?', target: 'atLogin', actions: 'clearRedirect' },
            { target: 'redirecting', actions: 'redirectToLogin' },
          ],
        },
        redirecting: {},
        loggedOut: {
          entry: 'redirectToLoggedOutView',
          // Logged out while already on the logged-out view: nowhere to go.
          always: { guard: 'isAtPublicView?', target: 'atLogin', actions: 'clearRedirect' },
        },
        atLogin: {},
      },
    },
    guest: {
      on: {
        LOGGED_IN: { target: 'authenticated', actions: 'startSession' },
        LOCATION_CHANGED: [
          { guard: { type: 'isGuestAddress?', params: ({ event }) => ({ address: event.address }) }, actions: 'storeAddress' },
          // Somewhere guests may not go (or the login view): decide as without a session.
          { target: 'unauthenticated', actions: 'storeAddress' },
        ],
        // The page's collection or asset is not there for guests: a private address (issue 12).
        NOT_FOUND: {
          guard: { type: 'isCurrentPage?', params: ({ event }) => ({ href: event.href }) },
          target: 'unauthenticated.redirecting',
          actions: 'redirectToLogin',
        },
        // A 401 as a guest: guests are refused now (guest-disabled mode), or the call needs a session.
        SESSION_LOST: { target: 'unauthenticated.redirecting', actions: ['refuseGuestAccess', 'redirectToLogin'] },
      },
    },
  },
});

/**
 * Where the app must navigate for `snapshot`, or `undefined`: the login view with `to`, or the logged-out view
 * (the machine's `context.loginUrl`, set only while a redirect is due). The app navigates, then reports the new
 * address with LOCATION_CHANGED, which settles the machine in `unauthenticated.atLogin`.
 */
export function sessionRedirect(snapshot: { readonly context: Pick<SessionContext, 'loginUrl'> }): string | undefined {
  return snapshot.context.loginUrl;
}

/**
 * The public descriptor while `snapshot` is in `guest` (the app shows the guest shell with the public archives),
 * else `undefined` (logged in, deciding, or on the way to the login view).
 */
export function sessionGuestDescriptor(snapshot: { matches(state: 'guest'): boolean; readonly context: Pick<SessionContext, 'guestAccess'> }): GuestDescriptor | undefined {
  const access = snapshot.context.guestAccess;
  return snapshot.matches('guest') && access.status === 'granted' ? access.descriptor : undefined;
}
