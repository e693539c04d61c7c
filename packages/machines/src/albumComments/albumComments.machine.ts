/**
 * Comments on an album (issue 13; spec 03 §3.3 `albums.comment`, `moderateComments`; spec 01 §2 prompt modal
 * (yes/cancel), §8 the default error; dam.yaml `listAlbumComments`, `addAlbumComment`, `deleteAlbumComment`).
 *
 * ready (idle | failed): EDIT {text} changes the draft; POST → sending when the caller may comment and the draft,
 * trimmed, is 1 to {@link ALBUM_COMMENT_MAX_LENGTH} characters; DELETE {href} → confirming when the comment is
 * listed and the caller may delete it (a deletion is for good): CONFIRM → sending, CANCEL → ready.idle. sending: the
 * `send` actor posts the draft or deletes the comment → ready.idle with the comment added at the end (the draft
 * emptied) or taken away, or → ready.failed with the message, the comments and the draft unchanged (DISMISS →
 * ready.idle; in failed, EDIT keeps the message and POST / DELETE start the next request).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ALBUM_COMMENT_MAX_LENGTH, type AlbumComment } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** A request of the flow: post the draft, or delete one comment. */
export type AlbumCommentRequest = { readonly kind: 'post'; readonly text: string } | { readonly kind: 'delete'; readonly href: string };

/** The input: the album's comments href (`props.comments.href`), its comments as loaded, and whether the caller may comment. */
export interface AlbumCommentsInput {
  readonly href: string;
  readonly comments: readonly AlbumComment[];
  readonly canComment: boolean;
}

/** What the `send` actor is given: the comments href and the request. */
export interface AlbumCommentSendInput {
  readonly href: string;
  readonly request: AlbumCommentRequest;
}

/** Context: the comments shown, the draft, the request being confirmed or sent, and why the last one failed. */
export interface AlbumCommentsContext {
  readonly href: string;
  readonly comments: readonly AlbumComment[];
  readonly canComment: boolean;
  /** What the user is writing, as typed. */
  readonly draft: string;
  /** The request being confirmed or sent; kept after it ends, so a closing prompt still names it. */
  readonly request: AlbumCommentRequest | undefined;
  /** Why the last request failed ({@link albumCommentErrorMessage}), while `ready.failed`. */
  readonly error: string | undefined;
}

/** The screen's events. */
export type AlbumCommentsEvent =
  { type: 'EDIT'; text: string } | { type: 'POST' } | { type: 'DELETE'; href: string } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'DISMISS' };

/** Whether `draft`, trimmed, may be posted: 1 to {@link ALBUM_COMMENT_MAX_LENGTH} characters. */
export function isPostableComment(draft: string): boolean {
  const text = draft.trim();
  return text.length > 0 && text.length <= ALBUM_COMMENT_MAX_LENGTH;
}

/**
 * What a failed request says, from `{status, responseJSON}`: the DAM's message for a 4xx (403 without
 * `albums.comment`, 409 `AlbumClosed`, 404 a comment deleted meanwhile), the general error otherwise (spec 01 §8).
 */
export function albumCommentErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `send` ({@link AlbumCommentSendInput} → the comment made for a post, null for a delete;
 * rejecting with `{status, responseJSON}`) with `.provide({actors})`; the built-in one rejects.
 */
export const albumCommentsMachine = setup({
  types: { context: {} as AlbumCommentsContext, events: {} as AlbumCommentsEvent, input: {} as AlbumCommentsInput },
  actors: {
    send: fromPromise<AlbumComment | null, AlbumCommentSendInput>(async () => {
      throw new Error('albumComments: provide `send` with .provide()');
    }),
  },
  guards: {
    'mayPost?': ({ context }) => context.canComment && isPostableComment(context.draft),
    'mayDelete?': ({ context, event }) => {
      assertEvent(event, 'DELETE');
      return context.comments.some((comment) => comment.href === event.href && comment.allowDelete);
    },
  },
  actions: {
    forgetError: assign({ error: undefined }),
    edit: assign({
      draft: ({ event }) => {
        assertEvent(event, 'EDIT');
        return event.text;
      },
    }),
  },
}).createMachine({
  id: 'albumComments',
  initial: 'ready',
  context: ({ input }) => ({ href: input.href, comments: input.comments, canComment: input.canComment, draft: '', request: undefined, error: undefined }),
  states: {
    ready: {
      initial: 'idle',
      exit: 'forgetError',
      on: {
        EDIT: { actions: 'edit' },
        POST: { guard: 'mayPost?', target: 'sending', actions: assign({ request: ({ context }) => ({ kind: 'post' as const, text: context.draft.trim() }) }) },
        DELETE: {
          guard: 'mayDelete?',
          target: 'confirming',
          actions: assign({ request: ({ event }) => ({ kind: 'delete' as const, href: (event as { href: string }).href }) }),
        },
      },
      states: {
        idle: { entry: 'forgetError' },
        failed: { on: { DISMISS: 'idle' } },
      },
    },
    confirming: {
      on: { CONFIRM: 'sending', CANCEL: 'ready.idle' },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ href: context.href, request: context.request! }),
        onDone: {
          target: 'ready.idle',
          actions: assign(({ context, event }) => {
            const request = context.request!;
            if (request.kind === 'delete') return { comments: context.comments.filter((comment) => comment.href !== request.href) };
            return { comments: event.output ? [...context.comments, event.output] : context.comments, draft: '' };
          }),
        },
        onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => albumCommentErrorMessage(event.error) }) },
      },
    },
  },
});
