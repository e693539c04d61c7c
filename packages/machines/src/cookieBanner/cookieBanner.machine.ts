/**
 * Cookie consent banner in the footer (spec 02 §2 Footer and cookie consent, §3 Cookie consent reply, §4 "Cookie
 * banner: shown when the user is not logged in and the consent text differs from the stored one; accepting stores
 * the text (local storage key "policy") and hides the banner", §6 "Guests: cookie banner shown", §7
 * `GET {base}/api/privacy/cookie-consent`, §8 "Cookie consent load failure: the banner shows a load-failed text").
 *
 * deciding → waitingForSession (SESSION) | hidden (logged in) | loading → readingStored → shown | hidden;
 * shown → storing → hidden; loading fails → loadFailed (RETRY → loading, DISMISS → hidden). A guest who logs in
 * while the banner (or the load-failed text) shows sees it go away.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The local storage key the accepted consent text is kept under. */
export const CONSENT_STORAGE_KEY = 'policy'; // spec 02 §4

/** The text the banner shows when the consent could not be loaded (spec 02 §8). */
export const CONSENT_LOAD_FAILED_MESSAGE = 'The cookie consent could not be loaded.'; // spec 02 §8

/** The reply of `GET {base}/api/privacy/cookie-consent` (spec 02 §3 Cookie consent reply, §7). */
export interface CookieConsentReply {
  readonly banner?: { readonly title?: string; readonly body?: string };
  readonly policy?: string;
}

/** Input of the injected `readStored` actor: the key to read from local storage. Resolves with the text or `null`. */
export interface ReadStoredConsentInput {
  readonly key: string;
}

/** Input of the injected `store` actor: write `value` under `key` in local storage. */
export interface StoreConsentInput {
  readonly key: string;
  readonly value: string;
}

/**
 * Input of {@link cookieBannerMachine}: `loggedIn` is whether a user is logged in (spec 02 §6: only guests see the
 * banner); leave it out while the session is still loading, and send `SESSION` when it is known.
 */
export interface CookieBannerInput {
  readonly loggedIn?: boolean;
}

/**
 * Context of {@link cookieBannerMachine}.
 *
 * - `loggedIn`: whether a user is logged in; `undefined` until the session is known.
 * - `consent`: the loaded reply, once `loadConsent` answered.
 * - `consentText`: the text compared with and stored under {@link CONSENT_STORAGE_KEY} ({@link consentTextOf}).
 * - `storedText`: what local storage held (`null` when nothing, or when it could not be read).
 * - `accepted`: the user accepted in this session.
 * - `error`: `{value: 'loadFailed', message: CONSENT_LOAD_FAILED_MESSAGE, cause}` in `loadFailed`;
 *   `{value: 'storeFailed', …}` when accepting could not be stored (the banner hides anyway).
 */
export interface CookieBannerContext {
  readonly loggedIn: boolean | undefined;
  readonly consent: CookieConsentReply | undefined;
  readonly consentText: string | undefined;
  readonly storedText: string | null;
  readonly accepted: boolean;
  readonly error: CookieBannerError | undefined;
}

/** Why the banner could not do its job; `cause` is what the injected actor rejected with. */
export interface CookieBannerError {
  readonly value: 'loadFailed' | 'storeFailed';
  readonly message: string;
  readonly cause: unknown;
}

/**
 * Events of {@link cookieBannerMachine}.
 *
 * - `SESSION {loggedIn}`: the session became known (in `waitingForSession`), or a guest logged in while the banner
 *   or its load-failed text shows (`loggedIn: true` hides it).
 * - `ACCEPT`: the banner's accept button (in `shown`): stores the consent text and hides.
 * - `DISMISS`: closes the load-failed banner (in `loadFailed`), storing nothing: it shows again next visit.
 * - `RETRY`: tries to load the consent again (in `loadFailed`).
 */
export type CookieBannerEvent = { type: 'SESSION'; loggedIn: boolean } | { type: 'ACCEPT' } | { type: 'DISMISS' } | { type: 'RETRY' };

/**
 * The consent text of a reply, the one compared with local storage: the `policy` when it is a non-empty string,
 * otherwise the banner's title and body (so a reply without `policy` still re-asks when its banner changes).
 */
export function consentTextOf(reply: CookieConsentReply): string {
  if (typeof reply.policy === 'string' && reply.policy.length > 0) return reply.policy;
  return [reply.banner?.title ?? '', reply.banner?.body ?? ''].join('\n');
}

/**
 * Whether a guest must see the banner: the consent text differs from the stored one (spec 02 §4). An empty consent
 * text (no policy, no banner) never shows a banner.
 */
export function needsConsent(consentText: string, storedText: string | null): boolean {
  return consentText.trim().length > 0 && consentText !== storedText;
}

/**
 * The cookie banner machine (spec 02 §4, §6, §7, §8).
 *
 * States: `deciding` (transient), `waitingForSession`, `loading` (`loadConsent`), `readingStored` (`readStored`), `shown`, `storing`
 * (`store`), `loadFailed`, `hidden` (final). Output: `{accepted}`.
 *
 * Provide `loadConsent` (resolves with a {@link CookieConsentReply}), `readStored` (resolves with the stored text or
 * `null`) and `store` (resolves when written) with `.provide({actors: {…}})`; the built-in ones reject. A storage
 * that cannot be read counts as "nothing stored" (the banner shows); a failed write hides the banner anyway, with
 * `error.value = 'storeFailed'`.
 */
export const cookieBannerMachine = setup({
  types: {
    context: {} as CookieBannerContext,
    events: {} as CookieBannerEvent,
    input: {} as CookieBannerInput,
    output: {} as { accepted: boolean },
  },
  actors: {
    loadConsent: fromPromise<CookieConsentReply, void>(async () => {
      throw new Error('cookieBanner: provide `loadConsent` with .provide()');
    }),
    readStored: fromPromise<string | null, ReadStoredConsentInput>(async () => {
      throw new Error('cookieBanner: provide `readStored` with .provide()');
    }),
    store: fromPromise<void, StoreConsentInput>(async () => {
      throw new Error('cookieBanner: provide `store` with .provide()');
    }),
  },
  guards: {
    'isSessionUnknown?': ({ context }) => context.loggedIn === undefined,
    'isLoggedIn?': ({ context }) => context.loggedIn === true,
    'isLogin?': ({ event }) => event.type === 'SESSION' && event.loggedIn,
    'isConsentNeeded?': ({ context }, params: { stored: unknown }) => needsConsent(context.consentText ?? '', typeof params.stored === 'string' ? params.stored : null),
  },
  actions: {
    setSession: assign(({ event }) => {
      assertEvent(event, 'SESSION');
      return { loggedIn: event.loggedIn };
    }),
    storeConsent: assign((_, params: { reply: CookieConsentReply }) => ({
      consent: params.reply,
      consentText: consentTextOf(params.reply),
      error: undefined,
    })),
    rememberStored: assign((_, params: { stored: unknown }) => ({
      storedText: typeof params.stored === 'string' ? params.stored : null,
    })),
    failLoad: assign((_, params: { cause: unknown }) => ({
      error: { value: 'loadFailed', message: CONSENT_LOAD_FAILED_MESSAGE, cause: params.cause } as CookieBannerError,
    })),
    markAccepted: assign({ accepted: true }),
    rememberAccepted: assign(({ context }) => ({ storedText: context.consentText ?? null })),
    failStore: assign((_, params: { cause: unknown }) => ({
      error: {
        value: 'storeFailed',
        message: 'The cookie consent could not be remembered.',
        cause: params.cause,
      } as CookieBannerError,
    })),
  },
}).createMachine({
  id: 'cookieBanner',
  initial: 'deciding',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    consent: undefined,
    consentText: undefined,
    storedText: null,
    accepted: false,
    error: undefined,
  }),
  states: {
    deciding: {
      // spec 02 §6: logged-in users never see the banner, so nothing is loaded for them.
      always: [{ guard: 'isSessionUnknown?', target: 'waitingForSession' }, { guard: 'isLoggedIn?', target: 'hidden' }, { target: 'loading' }],
    },
    waitingForSession: {
      on: { SESSION: { target: 'deciding', actions: 'setSession' } },
    },
    loading: {
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: {
          target: 'readingStored',
          actions: { type: 'storeConsent', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: { target: 'loadFailed', actions: { type: 'failLoad', params: ({ event }) => ({ cause: event.error }) } },
      },
    },
    readingStored: {
      invoke: {
        id: 'readStored',
        src: 'readStored',
        input: { key: CONSENT_STORAGE_KEY },
        onDone: [
          {
            guard: { type: 'isConsentNeeded?', params: ({ event }) => ({ stored: event.output }) },
            target: 'shown',
            actions: { type: 'rememberStored', params: ({ event }) => ({ stored: event.output }) },
          },
          { target: 'hidden', actions: { type: 'rememberStored', params: ({ event }) => ({ stored: event.output }) } },
        ],
        // Storage blocked (private mode, disabled cookies): treat as never accepted, so the banner asks.
        onError: [
          {
            guard: { type: 'isConsentNeeded?', params: { stored: null } },
            target: 'shown',
          },
          { target: 'hidden' },
        ],
      },
    },
    shown: {
      on: {
        ACCEPT: 'storing',
        SESSION: { guard: 'isLogin?', target: 'hidden', actions: 'setSession' },
      },
    },
    storing: {
      invoke: {
        id: 'store',
        src: 'store',
        input: ({ context }) => ({ key: CONSENT_STORAGE_KEY, value: context.consentText ?? '' }),
        onDone: { target: 'hidden', actions: ['markAccepted', 'rememberAccepted'] },
        // The user accepted: hide now even if the browser refused to store it (it will ask again next visit).
        onError: {
          target: 'hidden',
          actions: ['markAccepted', { type: 'failStore', params: ({ event }) => ({ cause: event.error }) }],
        },
      },
    },
    loadFailed: {
      on: {
        RETRY: 'loading',
        DISMISS: 'hidden',
        SESSION: { guard: 'isLogin?', target: 'hidden', actions: 'setSession' },
      },
    },
    hidden: { type: 'final' },
  },
  output: ({ context }) => ({ accepted: context.accepted }),
});
