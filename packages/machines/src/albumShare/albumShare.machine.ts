/**
 * An album's Share dialog (issue 13; FotoWeb sharing, `type: "everyone"` links; spec 01 §8 "Share failed"): the
 * album's share links are loaded; the user makes a link with an optional expiry date, an optional password and a
 * download switch, copies it, and revokes links.
 *
 * loading → ready (the links) or loadFailed (RETRY, CLOSE). In ready: SET_EXPIRES, SET_PASSWORD, SET_DOWNLOAD edit
 * the new link; CREATE (when the expiry is today or later and a password is empty or at least 4 characters) →
 * creating → ready with the new link first (its URL is `created`), or ready with "Share failed"; REVOKE a link →
 * revoking → ready without it, or with the reason. CLOSE → closed.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** spec 01 §8: a link the server would not make. */
export const SHARE_FAILED_MESSAGE = 'Share failed';
/** A password of a share link is at least this long (dam.yaml `AlbumSharingUpdate`). */
export const SHARE_PASSWORD_MIN = 4;

/** A share link as the dialog lists it. */
export interface ShareLinkView {
  /** The link's own href (to revoke it). */
  readonly href: string;
  /** The public page's URL (path), to give to people. */
  readonly url: string;
  /** ISO 8601, or null. */
  readonly expires: string | null;
  readonly hasPassword: boolean;
  readonly download: boolean;
}

/** The input: the album's sharing href and today's date (`YYYY-MM-DD`, the user's calendar). */
export interface AlbumShareInput {
  readonly sharesHref: string;
  readonly today: string;
}

/** What `createLink` gets: the expiry date (`YYYY-MM-DD`, the link works through that day) or '', the password or '', download. */
export interface ShareLinkRequest {
  readonly sharesHref: string;
  readonly expires: string;
  readonly password: string;
  readonly download: boolean;
}

/** Context: the links, the new link's settings, what is wrong, and the URL of the link just made. */
export interface AlbumShareContext {
  readonly sharesHref: string;
  readonly today: string;
  readonly links: readonly ShareLinkView[];
  readonly expires: string;
  readonly password: string;
  readonly download: boolean;
  readonly problem: string | undefined;
  readonly error: string | undefined;
  readonly created: string | undefined;
  readonly revoking: string | undefined;
}

/** The dialog's events. */
export type AlbumShareEvent =
  | { type: 'SET_EXPIRES'; value: string }
  | { type: 'SET_PASSWORD'; value: string }
  | { type: 'SET_DOWNLOAD'; value: boolean }
  | { type: 'CREATE' }
  | { type: 'REVOKE'; href: string }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

/** What is wrong with the new link's settings, or undefined. */
export function shareLinkProblem(context: Pick<AlbumShareContext, 'expires' | 'password' | 'today'>): string | undefined {
  if (context.expires !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(context.expires)) return 'Give the expiry as a date.';
  if (context.expires !== '' && context.expires < context.today) return 'A link expires today or later.';
  if (context.password !== '' && context.password.length < SHARE_PASSWORD_MIN) return `A password is at least ${SHARE_PASSWORD_MIN} characters.`;
  return undefined;
}

/** What a refused change says: the DAM's message for a 4xx, "Share failed" for a link not made, the general one otherwise. */
export function albumShareErrorMessage(error: unknown, making: boolean): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { status?: number; responseJSON?: { message?: string } | null };
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return making ? SHARE_FAILED_MESSAGE : DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `loadLinks` (sharesHref → {@link ShareLinkView}[]), `createLink` ({@link ShareLinkRequest} →
 * the new {@link ShareLinkView}) and `revokeLink` ({sharesHref, href} → void), rejecting with `{status, responseJSON}`,
 * with `.provide({actors})`; the built-in ones reject.
 */
export const albumShareMachine = setup({
  types: {
    context: {} as AlbumShareContext,
    events: {} as AlbumShareEvent,
    input: {} as AlbumShareInput,
  },
  actors: {
    loadLinks: fromPromise<ShareLinkView[], string>(async () => {
      throw new Error('albumShare: provide `loadLinks` with .provide()');
    }),
    createLink: fromPromise<ShareLinkView, ShareLinkRequest>(async () => {
      throw new Error('albumShare: provide `createLink` with .provide()');
    }),
    revokeLink: fromPromise<void, { sharesHref: string; href: string }>(async () => {
      throw new Error('albumShare: provide `revokeLink` with .provide()');
    }),
  },
  guards: {
    acceptable: ({ context }) => shareLinkProblem(context) === undefined,
  },
}).createMachine({
  id: 'albumShare',
  initial: 'loading',
  context: ({ input }) => ({
    sharesHref: input.sharesHref,
    today: input.today,
    links: [],
    expires: '',
    password: '',
    download: false,
    problem: undefined,
    error: undefined,
    created: undefined,
    revoking: undefined,
  }),
  states: {
    loading: {
      invoke: {
        id: 'loadLinks',
        src: 'loadLinks',
        input: ({ context }) => context.sharesHref,
        onDone: { target: 'ready', actions: assign({ links: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'loadFailed', actions: assign({ error: () => DEFAULT_ERROR_MESSAGE }) },
      },
      on: { CLOSE: 'closed' },
    },
    loadFailed: {
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
    ready: {
      on: {
        SET_EXPIRES: { actions: assign(({ event }) => ({ expires: event.value, problem: undefined, error: undefined })) },
        SET_PASSWORD: { actions: assign(({ event }) => ({ password: event.value, problem: undefined, error: undefined })) },
        SET_DOWNLOAD: { actions: assign(({ event }) => ({ download: event.value, error: undefined })) },
        CREATE: [{ guard: 'acceptable', target: 'creating' }, { actions: assign(({ context }) => ({ problem: shareLinkProblem(context) })) }],
        REVOKE: { target: 'revoking', actions: assign(({ event }) => ({ revoking: event.href, error: undefined })) },
        CLOSE: 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({ sharesHref: context.sharesHref, expires: context.expires, password: context.password, download: context.download }),
        onDone: {
          target: 'ready',
          // The new link comes first; the form starts over (the password is never kept).
          actions: assign(({ context, event }) => ({ links: [event.output, ...context.links], created: event.output.url, expires: '', password: '', download: false })),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => albumShareErrorMessage(event.error, true) }) },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeLink',
        src: 'revokeLink',
        input: ({ context }) => ({ sharesHref: context.sharesHref, href: context.revoking! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => {
            const gone = context.links.find((link) => link.href === context.revoking);
            return {
              links: context.links.filter((link) => link.href !== context.revoking),
              revoking: undefined,
              created: gone?.url === context.created ? undefined : context.created,
            };
          }),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ revoking: undefined, error: albumShareErrorMessage(event.error, false) })) },
      },
    },
    closed: { type: 'final' },
  },
});
