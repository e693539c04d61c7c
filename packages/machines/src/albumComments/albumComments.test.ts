import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AlbumComment } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { albumCommentErrorMessage, albumCommentsMachine, isPostableComment, type AlbumCommentSendInput } from './albumComments.machine.ts';
import { ALBUM_COMMENTS_MODEL_CLOSED, ALBUM_COMMENTS_MODEL_INPUT, ALBUM_COMMENTS_MODEL_TEXT, albumCommentsModel, albumCommentsModelMade } from './albumComments.model.ts';

const shortestPaths = albumCommentsModel.testModel('shortest').getShortestPaths();
const simplePaths = albumCommentsModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const sends = createControlledPromiseActor<AlbumComment | null, AlbumCommentSendInput>();
  return createPromiseActorDriver(
    {
      machine: albumCommentsMachine,
      input: ALBUM_COMMENTS_MODEL_INPUT,
      actors: [{ name: 'send', controlled: sends, invokingState: 'sending' }],
      verify(snapshot) {
        // Each request goes to the album's comments: a post sends the draft trimmed, a deletion a listed comment.
        for (const { input } of sends.invocations) expect(input.href).toBe(ALBUM_COMMENTS_MODEL_INPUT.href);
        if (snapshot.matches('sending')) {
          const { request } = sends.current().input;
          if (request.kind === 'post') expect(request.text).toBe(snapshot.context.draft.trim());
          else expect(snapshot.context.comments.map((comment) => comment.href)).toContain(request.href);
        }
        // A message only while failed.
        expect(snapshot.context.error !== undefined).toBe(snapshot.matches({ ready: 'failed' }));
      },
    },
    coverage,
  );
}

describeModelPaths('albumComments model: shortest paths', shortestPaths, 100, () => createDriver());

describeModelPaths('albumComments model: simple paths', simplePaths, 250, () => createDriver());

describe('albumComments coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(albumCommentsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('albumComments', report));
    assertFullCoverage('albumComments', report);
  });

  it('posts the draft trimmed, adds the answer at the end and empties the draft; deletes after the prompt', async () => {
    const sent: AlbumCommentSendInput[] = [];
    const send = fromPromise<AlbumComment | null, AlbumCommentSendInput>(async ({ input }) => {
      sent.push(input);
      return input.request.kind === 'post' ? albumCommentsModelMade(input.request.text) : null;
    });
    const actor = createActor(albumCommentsMachine.provide({ actors: { send } }), { input: ALBUM_COMMENTS_MODEL_INPUT }).start();
    actor.send({ type: 'EDIT', text: ALBUM_COMMENTS_MODEL_TEXT });
    actor.send({ type: 'POST' });
    await flushPromises();
    expect(sent).toEqual([{ href: ALBUM_COMMENTS_MODEL_INPUT.href, request: { kind: 'post', text: ALBUM_COMMENTS_MODEL_TEXT.trim() } }]);
    const made = actor.getSnapshot().context.comments[0]!;
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', comments: [{ text: ALBUM_COMMENTS_MODEL_TEXT.trim() }] });
    actor.send({ type: 'DELETE', href: made.href });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(sent).toHaveLength(1);
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(sent[1]).toEqual({ href: ALBUM_COMMENTS_MODEL_INPUT.href, request: { kind: 'delete', href: made.href } });
    expect(actor.getSnapshot().context.comments).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('posts nothing blank, too long, or without albums.comment; deletes only what the caller may', () => {
    const someoneElses: AlbumComment = { ...albumCommentsModelMade('theirs'), href: `${ALBUM_COMMENTS_MODEL_INPUT.href}9`, allowDelete: false };
    const actor = createActor(albumCommentsMachine, { input: { ...ALBUM_COMMENTS_MODEL_INPUT, comments: [someoneElses] } }).start();
    for (const text of ['', '  \n ', 'x'.repeat(2001)]) {
      actor.send({ type: 'EDIT', text });
      actor.send({ type: 'POST' });
      expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    }
    actor.send({ type: 'DELETE', href: someoneElses.href });
    actor.send({ type: 'DELETE', href: '/nowhere' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    const silent = createActor(albumCommentsMachine, { input: { ...ALBUM_COMMENTS_MODEL_INPUT, canComment: false } }).start();
    silent.send({ type: 'EDIT', text: 'hello' });
    silent.send({ type: 'POST' });
    expect(silent.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(isPostableComment('x'.repeat(2000))).toBe(true);
  });

  it('keeps the draft and the comments when a post fails, with the reason', async () => {
    const send = fromPromise<AlbumComment | null, AlbumCommentSendInput>(async () => {
      throw ALBUM_COMMENTS_MODEL_CLOSED;
    });
    const actor = createActor(albumCommentsMachine.provide({ actors: { send } }), { input: ALBUM_COMMENTS_MODEL_INPUT }).start();
    actor.send({ type: 'EDIT', text: 'late' });
    actor.send({ type: 'POST' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'late', comments: [], error: ALBUM_COMMENTS_MODEL_CLOSED.responseJSON.message });
  });

  it('words the errors', () => {
    expect(albumCommentErrorMessage({ status: 403, responseJSON: { message: 'You need the albums.comment permission.' } })).toBe('You need the albums.comment permission.');
    expect(albumCommentErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(albumCommentErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
