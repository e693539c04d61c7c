/**
 * The album comments test model (issue 13; spec 03 §3.3 albums.comment, moderateComments; spec 01 §2 prompt modal):
 * the paths `albumComments.test.ts` runs on real actors, `tests/e2e/model/albumComments.model.spec.ts` runs in
 * Chromium against the album page's Comments, and `npm run paths -- albumComments` prints for QA.
 *
 * The album starts without comments. A path may write {@link ALBUM_COMMENTS_MODEL_TEXT} and post it (once: only
 * while the album has none), then delete it after the prompt or cancel. A post may fail with 500 (and, for shortest
 * paths, 409 `AlbumClosed`), a deletion with 500 (and 404 for a comment deleted meanwhile); nothing changes then.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AlbumComment } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { albumCommentsMachine, isPostableComment, type AlbumCommentsContext, type AlbumCommentsInput } from './albumComments.machine.ts';

/** What the model writes: two lines, with spaces around that the post trims. */
export const ALBUM_COMMENTS_MODEL_TEXT = '  The harbour at dusk should be the cover.\nAgreed?  ';

/** The input of every path: an album without comments that the caller may comment on. */
export const ALBUM_COMMENTS_MODEL_INPUT: AlbumCommentsInput = { href: '/fotoweb/users/2/albums/5/.comments/', comments: [], canComment: true };

/** The comment the DAM answers for a post of `text`: the caller's, which they may delete. */
export function albumCommentsModelMade(text: string): AlbumComment {
  return {
    href: `${ALBUM_COMMENTS_MODEL_INPUT.href}1`,
    text,
    created: '2026-11-29T10:00:00.000Z',
    author: { name: 'Model User', href: '/fotoweb/api/users/2' },
    allowDelete: true,
  };
}

/** A failure without a reason to show: the general error. */
export const ALBUM_COMMENTS_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } } as const;

/** 409 `AlbumClosed`, as the DAM words it (apps/dam album-comments.service.ts): the album was archived meanwhile. */
export const ALBUM_COMMENTS_MODEL_CLOSED = {
  status: 409,
  responseJSON: { value: 'AlbumClosed', heading: 'Album closed', message: 'An archived or deleted album takes no comments; restore it first.' },
} as const;

/** 404 for a comment someone else deleted meanwhile. */
export const ALBUM_COMMENTS_MODEL_GONE = { status: 404, responseJSON: { value: 'NotFound', heading: 'Not found', message: 'The comment was not found.' } } as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as AlbumCommentsContext;
    if (snapshot.matches('ready')) {
      const events: EventObject[] = [];
      if (context.draft === '' && context.comments.length === 0) events.push(event('EDIT', { text: ALBUM_COMMENTS_MODEL_TEXT }));
      if (isPostableComment(context.draft)) events.push(event('POST'));
      const deletable = context.comments.find((comment) => comment.allowDelete);
      if (deletable) events.push(event('DELETE', { href: deletable.href }));
      if (snapshot.matches({ ready: 'failed' })) events.push(event('DISMISS'));
      return events;
    }
    if (snapshot.matches('confirming')) return [event('CONFIRM'), event('CANCEL')];
    if (snapshot.matches('sending')) {
      const request = context.request!;
      const failures: unknown[] =
        request.kind === 'post'
          ? [ALBUM_COMMENTS_MODEL_SERVER_ERROR, ...(variant === 'shortest' ? [ALBUM_COMMENTS_MODEL_CLOSED] : [])]
          : [ALBUM_COMMENTS_MODEL_SERVER_ERROR, ...(variant === 'shortest' ? [ALBUM_COMMENTS_MODEL_GONE] : [])];
      return [
        event('xstate.done.actor.send', { output: request.kind === 'post' ? albumCommentsModelMade(request.text) : null }),
        ...failures.map((error) => event('xstate.error.actor.send', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(albumCommentsMachine);

/** The `xstate/graph` test model for a variant, with {@link ALBUM_COMMENTS_MODEL_INPUT}. */
export function createAlbumCommentsTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ALBUM_COMMENTS_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The album comments {@link MachineModel}. */
export const albumCommentsModel: MachineModel = {
  name: 'albumComments',
  title: 'Write a comment on an album and post it; delete one after a prompt; a refusal (409 album closed, 404 gone) changes nothing',
  spec: 'issue 13; spec 03 §3.3 albums.comment, moderateComments; spec 01 §2 prompt modal, §8 default error; dam.yaml addAlbumComment, deleteAlbumComment',
  machine: albumCommentsMachine,
  testModel(variant: PathVariant) {
    return createAlbumCommentsTestModel(variant);
  },
};
