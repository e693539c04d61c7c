import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  SHARE_FAILED_MESSAGE,
  albumShareErrorMessage,
  albumShareMachine,
  shareLinkProblem,
  type AlbumShareEvent,
  type ShareLinkRequest,
  type ShareLinkView,
} from './albumShare.machine.ts';
import { ALBUM_SHARE_MODEL_INPUT, albumShareModel } from './albumShare.model.ts';

// Simple paths are too many for this dialog's settings; the shortest ones reach every state and transition.
const shortestPaths = albumShareModel.testModel('shortest').getShortestPaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<ShareLinkView[], string>();
  const creates = createControlledPromiseActor<ShareLinkView, ShareLinkRequest>();
  const revokes = createControlledPromiseActor<void, { sharesHref: string; href: string }>();
  const actor = createActor(albumShareMachine.provide({ actors: { loadLinks: loads.logic, createLink: creates.logic, revokeLink: revokes.logic } }), {
    input: ALBUM_SHARE_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.loadLinks') loads.current().resolve(payload.output as ShareLinkView[]);
      else if (event.type === 'xstate.error.actor.loadLinks') loads.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.createLink') creates.current().resolve(payload.output as ShareLinkView);
      else if (event.type === 'xstate.error.actor.createLink') creates.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.revokeLink') revokes.current().resolve(undefined);
      else if (event.type === 'xstate.error.actor.revokeLink') revokes.current().reject(payload.error);
      else actor.send(event as AlbumShareEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of creates.invocations) expect(input.sharesHref).toBe(ALBUM_SHARE_MODEL_INPUT.sharesHref);
      expect(creates.pending()).toHaveLength(snapshot.matches('creating') ? 1 : 0);
      expect(revokes.pending()).toHaveLength(snapshot.matches('revoking') ? 1 : 0);
    },
  };
}

describeModelPaths('albumShare model: shortest paths', shortestPaths, 120, () => createDriver());

describe('albumShare coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(albumShareMachine);
    for (const path of shortestPaths) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('albumShare', report));
    assertFullCoverage('albumShare', report);
  });

  it('accepts no expiry or one from today, no password or one of 4 characters or more', () => {
    const today = '2026-11-29';
    expect(shareLinkProblem({ today, expires: '', password: '' })).toBeUndefined();
    expect(shareLinkProblem({ today, expires: today, password: 'abcd' })).toBeUndefined();
    expect(shareLinkProblem({ today, expires: '2026-11-28', password: '' })).toMatch(/today or later/);
    expect(shareLinkProblem({ today, expires: 'soon', password: '' })).toMatch(/date/);
    expect(shareLinkProblem({ today, expires: '', password: 'abc' })).toMatch(/4 characters/);
  });

  it('sends the settings, puts the new link first and forgets the password', async () => {
    const requests: ShareLinkRequest[] = [];
    const actor = createActor(
      albumShareMachine.provide({
        actors: {
          loadLinks: fromPromise<ShareLinkView[], string>(async () => []),
          createLink: fromPromise<ShareLinkView, ShareLinkRequest>(async ({ input }) => {
            requests.push(input);
            return { href: '/l/1', url: '/fotoweb/shares/x/', expires: null, hasPassword: true, download: true };
          }),
        },
      }),
      { input: ALBUM_SHARE_MODEL_INPUT },
    ).start();
    await flushPromises();
    actor.send({ type: 'SET_EXPIRES', value: '2026-12-01' });
    actor.send({ type: 'SET_PASSWORD', value: 'secret' });
    actor.send({ type: 'SET_DOWNLOAD', value: true });
    actor.send({ type: 'CREATE' });
    await flushPromises();
    expect(requests).toEqual([{ sharesHref: ALBUM_SHARE_MODEL_INPUT.sharesHref, expires: '2026-12-01', password: 'secret', download: true }]);
    expect(actor.getSnapshot().context).toMatchObject({ created: '/fotoweb/shares/x/', password: '', expires: '', download: false, links: [{ href: '/l/1' }] });
  });

  it('says "Share failed" for a link not made, the DAM message for a 4xx, the general error for a failed revoke', () => {
    expect(albumShareErrorMessage({ status: 500 }, true)).toBe(SHARE_FAILED_MESSAGE);
    expect(albumShareErrorMessage({ status: 403, responseJSON: { message: 'No.' } }, true)).toBe('No.');
    expect(albumShareErrorMessage(new TypeError('offline'), false)).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
