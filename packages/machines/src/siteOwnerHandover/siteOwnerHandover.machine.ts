/**
 * Site-owner hand-over: the administrator passes the site-owner role to another user, then is logged out
 * (spec 03 §4 "Site-owner change: prompt, confirm, notice, then the current session is logged out", §2.8 site-owner
 * prompt and notice, §6 exactly one site owner, §7 `PUT site owner href`, §8 errors; spec 01 §8 'logout error').
 *
 * prompt → changing → notice → loggingOut → closed. A failed change goes back to the prompt with a message; a failed
 * logout shows 'logout error' with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** Message for a 400 answer to the site-owner change (spec 03 §8 "400: invalid configuration"). */
export const SITE_OWNER_INVALID_CONFIGURATION = 'invalid configuration'; // spec 03 §8

/** Message for a 403 answer to the site-owner change (spec 03 §8 "403: forbidden"). */
export const SITE_OWNER_FORBIDDEN = 'forbidden'; // spec 03 §8

/** Message when logging the session out fails after the hand-over. */
export const LOGOUT_ERROR = 'logout error'; // spec 01 §8

/** A user as the hand-over dialog names them (spec 03 §3.1: href, fullName). */
export interface SiteOwnerUser {
  readonly href: string;
  readonly fullName: string;
}

/** The user receiving the role: must have the `setNewSiteOwner` action (spec 03 §3.1 actions, §6). */
export interface SiteOwnerCandidate extends SiteOwnerUser {
  readonly actions: { readonly setNewSiteOwner: boolean };
}

/**
 * Input of {@link siteOwnerHandoverMachine}.
 *
 * - `siteOwnerHref`: the site owner resource to `PUT` (from the API descriptor);
 * - `currentOwner`: named in the prompt (spec 03 §2.8);
 * - `newOwner`: must allow `setNewSiteOwner` and differ from `currentOwner`.
 */
export interface SiteOwnerHandoverInput {
  readonly siteOwnerHref: string;
  readonly currentOwner: SiteOwnerUser;
  readonly newOwner: SiteOwnerCandidate;
}

/** Input of the injected `changeSiteOwner` actor: `PUT {siteOwnerHref}` with body `{user: userHref}` (spec 03 §7). */
export interface ChangeSiteOwnerInput {
  readonly siteOwnerHref: string;
  readonly userHref: string;
}

/** What the injected actors reject with for an HTTP failure; anything else maps to the default message. */
export interface SiteOwnerRequestError {
  readonly status?: number;
}

/**
 * Context of {@link siteOwnerHandoverMachine}.
 *
 * - `error`: the message shown in the prompt after a failed change, or 'logout error' after a failed logout;
 * - `ownerChanged`: the server accepted the new owner (set on entering `notice`, never reset);
 * - `loggedOut`: the session was logged out;
 * - `logoutAttempts`: logout calls started so far (RETRY starts another).
 */
export interface SiteOwnerHandoverContext {
  readonly siteOwnerHref: string;
  readonly currentOwner: SiteOwnerUser;
  readonly newOwner: SiteOwnerCandidate;
  readonly error: string | undefined;
  readonly ownerChanged: boolean;
  readonly loggedOut: boolean;
  readonly logoutAttempts: number;
}

/**
 * Events: `CONFIRM` / `CANCEL` in the prompt; `ACKNOWLEDGE` closes the site-owner-changed notice and starts the
 * logout; `RETRY` / `CLOSE` after a failed logout. Anything else in another state is ignored (no cancelling while the
 * change or the logout is running).
 */
export type SiteOwnerHandoverEvent = { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'ACKNOWLEDGE' } | { type: 'RETRY' } | { type: 'CLOSE' };

/** Output once `closed`: whether the role changed hands and whether the session was logged out. */
export interface SiteOwnerHandoverOutput {
  readonly ownerChanged: boolean;
  readonly loggedOut: boolean;
}

/**
 * The prompt's message for a rejected site-owner change (spec 03 §8, users by HTTP status): 400 → invalid
 * configuration, 403 → forbidden, anything else (other statuses, network errors) → the default error message.
 */
export function siteOwnerErrorMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null ? (error as SiteOwnerRequestError).status : undefined;
  if (status === 400) return SITE_OWNER_INVALID_CONFIGURATION;
  if (status === 403) return SITE_OWNER_FORBIDDEN;
  return DEFAULT_ERROR_MESSAGE;
}

function checkInput(input: SiteOwnerHandoverInput): SiteOwnerHandoverInput {
  if (!input.newOwner.actions.setNewSiteOwner) {
    throw new RangeError(`siteOwnerHandover: ${input.newOwner.href} may not become the site owner (setNewSiteOwner)`);
  }
  if (input.newOwner.href === input.currentOwner.href) {
    throw new RangeError(`siteOwnerHandover: ${input.newOwner.href} is already the site owner`);
  }
  return input;
}

/**
 * The site-owner hand-over machine (spec 03 §4, §2.8, §6, §7, §8; spec 01 §8).
 *
 * States: `prompt` (names the current and the new owner), `changing` (runs `changeSiteOwner`), `notice` (the
 * site-owner-changed notice), `loggingOut` (runs `logout`), `logoutFailed` ('logout error', RETRY or CLOSE),
 * `closed` (final; output {@link SiteOwnerHandoverOutput}).
 *
 * Actors to provide with `.provide({actors: {changeSiteOwner, logout}})`:
 * - `changeSiteOwner`: {@link ChangeSiteOwnerInput} → anything; rejects with {@link SiteOwnerRequestError};
 * - `logout`: no input (the descriptor's logout service, POST with an empty body) → anything.
 * The built-in ones reject, which shows the default message / 'logout error'.
 *
 * An input whose `newOwner` lacks `setNewSiteOwner` or is the current owner puts the actor in `error` status with a
 * `RangeError` before anything is sent (the row action is shown only when allowed, spec 03 §2.4).
 */
export const siteOwnerHandoverMachine = setup({
  types: {
    context: {} as SiteOwnerHandoverContext,
    events: {} as SiteOwnerHandoverEvent,
    input: {} as SiteOwnerHandoverInput,
    output: {} as SiteOwnerHandoverOutput,
  },
  actors: {
    changeSiteOwner: fromPromise<unknown, ChangeSiteOwnerInput>(async () => {
      throw new Error('siteOwnerHandover: provide `changeSiteOwner` with .provide()');
    }),
    logout: fromPromise<unknown, void>(async () => {
      throw new Error('siteOwnerHandover: provide `logout` with .provide()');
    }),
  },
  actions: {
    clearError: assign({ error: undefined }),
    showChangeError: assign((_, params: { error: unknown }) => ({ error: siteOwnerErrorMessage(params.error) })),
    markOwnerChanged: assign({ ownerChanged: true }),
    showLogoutError: assign({ error: LOGOUT_ERROR }),
    markLoggedOut: assign({ loggedOut: true }),
    countLogoutAttempt: assign(({ context }) => ({ logoutAttempts: context.logoutAttempts + 1 })),
  },
}).createMachine({
  id: 'siteOwnerHandover',
  initial: 'prompt',
  context: ({ input }) => {
    const { siteOwnerHref, currentOwner, newOwner } = checkInput(input);
    return { siteOwnerHref, currentOwner, newOwner, error: undefined, ownerChanged: false, loggedOut: false, logoutAttempts: 0 };
  },
  states: {
    prompt: {
      on: {
        CONFIRM: 'changing',
        CANCEL: 'closed',
      },
    },
    changing: {
      entry: 'clearError',
      invoke: {
        id: 'changeSiteOwner',
        src: 'changeSiteOwner',
        input: ({ context }) => ({ siteOwnerHref: context.siteOwnerHref, userHref: context.newOwner.href }),
        onDone: { target: 'notice', actions: 'markOwnerChanged' },
        // Errors keep the dialog, with the message, so the administrator can try again or cancel.
        onError: { target: 'prompt', actions: { type: 'showChangeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    notice: {
      on: { ACKNOWLEDGE: 'loggingOut' },
    },
    loggingOut: {
      entry: ['clearError', 'countLogoutAttempt'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'closed', actions: 'markLoggedOut' },
        onError: { target: 'logoutFailed', actions: 'showLogoutError' },
      },
    },
    logoutFailed: {
      on: {
        RETRY: 'loggingOut',
        CLOSE: 'closed',
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ ownerChanged: context.ownerChanged, loggedOut: context.loggedOut }),
});
