/**
 * A share link's public page (issue 13; dam.yaml `getSharedAlbum`, `unlockSharedAlbum`): the album is loaded; a
 * password link asks for its password first; an expired, revoked or unknown link says so and never shows the album.
 *
 * loading → shown (the album; LOAD_MORE → loadingMore → shown with the next page) | locked (401
 * `SharePasswordRequired`) | expired (410) | missing (404) | failed (anything else; RETRY). In locked: CHANGE the
 * password, SUBMIT it (not empty) → unlocking → loading with the access value, or back to locked with the reason
 * (403: wrong password; 429: too many tries).
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** 403 `WrongPassword`. */
export const SHARE_WRONG_PASSWORD_MESSAGE = 'That is not the password of this link.';
/** SUBMIT with nothing typed. */
export const SHARE_PASSWORD_EMPTY_MESSAGE = 'Type the password.';

/** An asset as the page shows it (dam.yaml `SharedAsset`, the parts the page reads). */
export interface SharedAlbumAsset {
  readonly id: string;
  readonly filename: string;
  readonly title: string;
  readonly previews: ReadonlyArray<{ readonly size: number; readonly width: number; readonly height: number; readonly square: boolean; readonly href: string }>;
  readonly download: string | null;
}

/** A page of the shared album (dam.yaml `SharedAlbum`, the parts the page reads). */
export interface SharedAlbumPage {
  readonly name: string;
  readonly description: string;
  readonly assetCount: number;
  readonly download: boolean;
  readonly expires: string | null;
  readonly assets: readonly SharedAlbumAsset[];
  readonly paging: { readonly next: string | null } | null;
}

/** The input: the link's page URL. */
export interface SharedAlbumInput {
  readonly href: string;
}

/** Context: the link, the access value (password links), the album so far, the next page, the password typed, what is wrong. */
export interface SharedAlbumContext {
  readonly href: string;
  readonly access: string;
  readonly album: SharedAlbumPage | undefined;
  readonly next: string | undefined;
  readonly password: string;
  readonly error: string | undefined;
}

/** The page's events. */
export type SharedAlbumEvent = { type: 'CHANGE'; password: string } | { type: 'SUBMIT' } | { type: 'LOAD_MORE' } | { type: 'RETRY' };

const statusOf = (error: unknown): number | undefined => (typeof error === 'object' && error !== null ? (error as { status?: number }).status : undefined);

/** What a refused password says: wrong, too many tries (the DAM's words), or the general error. */
export function shareUnlockErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 403) return SHARE_WRONG_PASSWORD_MESSAGE;
  const message = (error as { responseJSON?: { message?: string } | null } | null)?.responseJSON?.message?.trim();
  if (status === 429 && message) return message;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `loadPage` ({href, access} → {@link SharedAlbumPage}, rejecting with `{status, responseJSON}`)
 * and `unlock` ({href, password} → the access value) with `.provide({actors})`; the built-in ones reject.
 */
export const sharedAlbumMachine = setup({
  types: {
    context: {} as SharedAlbumContext,
    events: {} as SharedAlbumEvent,
    input: {} as SharedAlbumInput,
  },
  actors: {
    loadPage: fromPromise<SharedAlbumPage, { href: string; access: string }>(async () => {
      throw new Error('sharedAlbum: provide `loadPage` with .provide()');
    }),
    unlock: fromPromise<string, { href: string; password: string }>(async () => {
      throw new Error('sharedAlbum: provide `unlock` with .provide()');
    }),
  },
  guards: {
    locked: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
    expired: ({ event }) => statusOf((event as { error?: unknown }).error) === 410,
    missing: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    typed: ({ context }) => context.password !== '',
    hasNext: ({ context }) => context.next !== undefined,
  },
}).createMachine({
  id: 'sharedAlbum',
  initial: 'loading',
  context: ({ input }) => ({ href: input.href, access: '', album: undefined, next: undefined, password: '', error: undefined }),
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ href: context.href, access: context.access }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ album: event.output, next: event.output.paging?.next || undefined, error: undefined })) },
        onError: [
          { guard: 'locked', target: 'locked' },
          { guard: 'expired', target: 'expired' },
          { guard: 'missing', target: 'missing' },
          { target: 'failed', actions: assign({ error: () => DEFAULT_ERROR_MESSAGE }) },
        ],
      },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: { on: { LOAD_MORE: { guard: 'hasNext', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ href: context.next!, access: '' }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                album: { ...context.album!, assets: [...context.album!.assets, ...event.output.assets] },
                next: event.output.paging?.next || undefined,
                error: undefined,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: () => DEFAULT_ERROR_MESSAGE }) },
          },
        },
      },
    },
    locked: {
      on: {
        CHANGE: { actions: assign(({ event }) => ({ password: event.password, error: undefined })) },
        SUBMIT: [{ guard: 'typed', target: 'unlocking' }, { actions: assign({ error: SHARE_PASSWORD_EMPTY_MESSAGE }) }],
      },
    },
    unlocking: {
      invoke: {
        id: 'unlock',
        src: 'unlock',
        input: ({ context }) => ({ href: context.href, password: context.password }),
        onDone: { target: 'loading', actions: assign(({ event }) => ({ access: event.output, password: '', error: undefined })) },
        onError: { target: 'locked', actions: assign(({ event }) => ({ error: shareUnlockErrorMessage(event.error) })) },
      },
    },
    expired: { type: 'final' },
    missing: { type: 'final' },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) } } },
  },
});
