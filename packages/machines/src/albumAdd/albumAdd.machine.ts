/**
 * Adding the selected assets to an album (issue 13; spec 01 §2 asset selection, §8 "Album could not be created, try
 * again later"; FotoWeb API, Albums): the user's albums are loaded, one is chosen (or a new one named), and the
 * assets are added to it.
 *
 * loading → choosing (the albums) or loadFailed (RETRY, CANCEL). In choosing: CHOOSE an album, CHOOSE_NEW and CHANGE
 * the new album's name, SUBMIT once a choice is complete → adding → done with the album and how many were added, or
 * back to choosing with the reason. CANCEL → cancelled.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** spec 01 §8: a new album the server would not make. */
export const ALBUM_CREATE_FAILED_MESSAGE = 'Album could not be created, try again later';
/** SUBMIT without a choice. */
export const ALBUM_CHOOSE_MESSAGE = 'Choose an album, or name a new one.';
/** A new album's name is 1 to 200 characters after trimming (dam.yaml `AlbumCreate`). */
export const ALBUM_NAME_LIMIT = 200;

/** An album the user may add to: its href and name, and how many assets it holds. */
export interface AlbumChoice {
  readonly href: string;
  readonly name: string;
  readonly assetCount: number;
}

/** The input: the hrefs of the assets to add (at least one). */
export interface AlbumAddInput {
  readonly assets: readonly string[];
}

/** What `addToAlbum` gets: the album chosen, or the name of a new one, and the assets. */
export type AlbumAddRequest = { readonly album: string; readonly assets: readonly string[] } | { readonly newName: string; readonly assets: readonly string[] };

/** What the add did: the album (href and name) and how many assets were new to it. */
export interface AlbumAddResult {
  readonly album: { readonly href: string; readonly name: string };
  readonly added: number;
}

/**
 * A refusal while adding: `stage: 'create'` when making the new album failed (nothing was added); `created` when the
 * new album was made but adding to it failed (a retry then adds to that album, never makes a second one).
 */
export interface AlbumAddFailure {
  readonly stage?: 'create' | 'add';
  readonly created?: AlbumChoice;
  readonly status?: number;
  readonly responseJSON?: { readonly value?: string; readonly message?: string } | null;
}

/** What a refused add says: the §8 message for a failed creation, the DAM's message for a 4xx, the general one otherwise. */
export function albumAddErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { stage, status, responseJSON } = error as AlbumAddFailure;
  if (stage === 'create') return ALBUM_CREATE_FAILED_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** What is wrong with a new album's name, or undefined. */
export function albumNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the new album a name.';
  if (trimmed.length > ALBUM_NAME_LIMIT) return `An album name is at most ${ALBUM_NAME_LIMIT} characters.`;
  return undefined;
}

/** Context: the assets, the albums, the choice (an album href, `new`, or none), the new name, and what is wrong. */
export interface AlbumAddContext {
  readonly assets: readonly string[];
  readonly albums: readonly AlbumChoice[];
  readonly choice: string | 'new' | undefined;
  readonly newName: string;
  readonly problem: string | undefined;
  readonly error: string | undefined;
  readonly result: AlbumAddResult | undefined;
}

/** The dialog's events. */
export type AlbumAddEvent =
  { type: 'CHOOSE'; href: string } | { type: 'CHOOSE_NEW' } | { type: 'CHANGE_NAME'; name: string } | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'CANCEL' };

/** What is wrong with the context's choice, or undefined when SUBMIT may go ahead. */
function choiceProblem(context: AlbumAddContext): string | undefined {
  if (context.choice === undefined) return ALBUM_CHOOSE_MESSAGE;
  if (context.choice === 'new') return albumNameProblem(context.newName);
  return undefined;
}

/**
 * The machine. Provide `loadAlbums` (() → {@link AlbumChoice}[]) and `addToAlbum` ({@link AlbumAddRequest} →
 * {@link AlbumAddResult}, rejecting with an {@link AlbumAddFailure}) with `.provide({actors})`; the built-in ones
 * reject. Once `done`, the context's `result` says what was added.
 */
export const albumAddMachine = setup({
  types: {
    context: {} as AlbumAddContext,
    events: {} as AlbumAddEvent,
    input: {} as AlbumAddInput,
  },
  actors: {
    loadAlbums: fromPromise<AlbumChoice[]>(async () => {
      throw new Error('albumAdd: provide `loadAlbums` with .provide()');
    }),
    addToAlbum: fromPromise<AlbumAddResult, AlbumAddRequest>(async () => {
      throw new Error('albumAdd: provide `addToAlbum` with .provide()');
    }),
  },
  guards: {
    complete: ({ context }) => choiceProblem(context) === undefined,
  },
}).createMachine({
  id: 'albumAdd',
  initial: 'loading',
  context: ({ input }) => ({ assets: input.assets, albums: [], choice: undefined, newName: '', problem: undefined, error: undefined, result: undefined }),
  states: {
    loading: {
      invoke: {
        id: 'loadAlbums',
        src: 'loadAlbums',
        onDone: {
          target: 'choosing',
          // With no album yet, a new one is the only choice.
          actions: assign(({ event }) => ({ albums: event.output, choice: event.output.length === 0 ? ('new' as const) : undefined })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: () => DEFAULT_ERROR_MESSAGE }) },
      },
      on: { CANCEL: 'cancelled' },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) }, CANCEL: 'cancelled' },
    },
    choosing: {
      on: {
        CHOOSE: { actions: assign(({ event }) => ({ choice: event.href, problem: undefined, error: undefined })) },
        CHOOSE_NEW: { actions: assign({ choice: 'new' as const, problem: undefined, error: undefined }) },
        CHANGE_NAME: { actions: assign(({ event }) => ({ choice: 'new' as const, newName: event.name, problem: undefined, error: undefined })) },
        SUBMIT: [{ guard: 'complete', target: 'adding' }, { actions: assign(({ context }) => ({ problem: choiceProblem(context) })) }],
        CANCEL: 'cancelled',
      },
    },
    adding: {
      invoke: {
        id: 'addToAlbum',
        src: 'addToAlbum',
        input: ({ context }): AlbumAddRequest =>
          context.choice === 'new' ? { newName: context.newName.trim(), assets: context.assets } : { album: context.choice!, assets: context.assets },
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'choosing',
          actions: assign(({ context, event }) => {
            const created = (event.error as AlbumAddFailure | null)?.created;
            return {
              error: albumAddErrorMessage(event.error),
              ...(created ? { albums: [created, ...context.albums.filter((album) => album.href !== created.href)], choice: created.href, newName: '' } : {}),
            };
          }),
        },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
