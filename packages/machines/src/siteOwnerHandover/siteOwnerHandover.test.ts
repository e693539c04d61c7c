import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  LOGOUT_ERROR,
  SITE_OWNER_FORBIDDEN,
  SITE_OWNER_INVALID_CONFIGURATION,
  siteOwnerErrorMessage,
  siteOwnerHandoverMachine,
  type ChangeSiteOwnerInput,
  type SiteOwnerHandoverEvent,
} from './siteOwnerHandover.machine.ts';
import { SITE_OWNER_MODEL_INPUT, siteOwnerHandoverModel } from './siteOwnerHandover.model.ts';

const shortestPaths = siteOwnerHandoverModel.testModel('shortest').getShortestPaths();
const simplePaths = siteOwnerHandoverModel.testModel('simple').getSimplePaths();

const PROMPT_MESSAGES = new Set([SITE_OWNER_INVALID_CONFIGURATION, SITE_OWNER_FORBIDDEN, DEFAULT_ERROR_MESSAGE]);

function createHandoverDriver(coverage?: CoverageTracker): PathDriver {
  const changes = createControlledPromiseActor<unknown, ChangeSiteOwnerInput>();
  const logouts = createControlledPromiseActor<unknown, void>();
  const actor = createActor(siteOwnerHandoverMachine.provide({ actors: { changeSiteOwner: changes.logic, logout: logouts.logic } }), {
    input: SITE_OWNER_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let acknowledged = false;
  let changeSucceeded = false;

  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.changeSiteOwner':
          changes.current().resolve(payload.output);
          changeSucceeded = true;
          break;
        case 'xstate.error.actor.changeSiteOwner': {
          changes.current().reject(payload.error);
          await flushPromises();
          // spec 03 §8: 400 invalid configuration, 403 forbidden, else generic; the dialog stays (spec 03 §4).
          const { status } = payload.error as { status: number };
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toBe('prompt');
          expect(snapshot.context.error).toBe(status === 400 ? 'invalid configuration' : status === 403 ? 'forbidden' : DEFAULT_ERROR_MESSAGE);
          return;
        }
        case 'xstate.done.actor.logout':
          logouts.current().resolve(payload.output);
          break;
        case 'xstate.error.actor.logout':
          logouts.current().reject(payload.error);
          break;
        default:
          if (event.type === 'ACKNOWLEDGE') acknowledged = true;
          actor.send(event as SiteOwnerHandoverEvent);
      }
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      expect(context.currentOwner).toEqual(SITE_OWNER_MODEL_INPUT.currentOwner);
      expect(context.newOwner).toEqual(SITE_OWNER_MODEL_INPUT.newOwner);
      // Every change request puts the new owner on the site owner resource (spec 03 §7).
      for (const { input } of changes.invocations) {
        expect(input).toEqual({ siteOwnerHref: '/fotoweb/users/site-owner', userHref: '/fotoweb/api/users/15002' });
      }
      // spec 03 §4 order: prompt → confirm → notice → logout. No logout before the change succeeded and the notice
      // was acknowledged; the change is never sent again once it succeeded.
      expect(context.ownerChanged).toBe(changeSucceeded);
      if (logouts.invocations.length > 0) expect([changeSucceeded, acknowledged]).toEqual([true, true]);
      if (context.ownerChanged) expect(changes.pending()).toHaveLength(0);
      if (context.loggedOut) expect(context.ownerChanged).toBe(true);
      expect(changes.pending()).toHaveLength(snapshot.matches('changing') ? 1 : 0);
      expect(logouts.pending()).toHaveLength(snapshot.matches('loggingOut') ? 1 : 0);
      expect(logouts.invocations).toHaveLength(context.logoutAttempts);

      switch (snapshot.value) {
        case 'prompt':
          expect(context.ownerChanged).toBe(false);
          if (context.error !== undefined) expect(PROMPT_MESSAGES.has(context.error)).toBe(true);
          break;
        case 'changing':
          expect(context.error).toBeUndefined();
          break;
        case 'notice':
          expect([context.ownerChanged, context.loggedOut, logouts.invocations.length]).toEqual([true, false, 0]);
          break;
        case 'loggingOut':
          expect(context.ownerChanged).toBe(true);
          break;
        case 'logoutFailed':
          expect([context.ownerChanged, context.loggedOut, context.error]).toEqual([true, false, LOGOUT_ERROR]);
          break;
        case 'closed':
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ ownerChanged: context.ownerChanged, loggedOut: context.loggedOut });
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths('siteOwnerHandover model: shortest paths (every failure message)', shortestPaths, 20, () => createHandoverDriver());

describeModelPaths('siteOwnerHandover model: simple paths (one failure status)', simplePaths, 20, () => createHandoverDriver());

describe('siteOwnerHandover coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(siteOwnerHandoverMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createHandoverDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('siteOwnerHandover', report));
    assertFullCoverage('siteOwnerHandover', report);
  });
});

describe('siteOwnerHandover spec rules', () => {
  it('maps the change errors by status (spec 03 §8) and names the logout error (spec 01 §8)', () => {
    expect(siteOwnerErrorMessage({ status: 400 })).toBe('invalid configuration');
    expect(siteOwnerErrorMessage({ status: 403 })).toBe('forbidden');
    expect(siteOwnerErrorMessage({ status: 409 })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(siteOwnerErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(LOGOUT_ERROR).toBe('logout error');
  });

  it('refuses a new owner without setNewSiteOwner, or the current owner, before anything is sent (spec 03 §6)', () => {
    const refused = [
      { ...SITE_OWNER_MODEL_INPUT, newOwner: { ...SITE_OWNER_MODEL_INPUT.newOwner, actions: { setNewSiteOwner: false } } },
      { ...SITE_OWNER_MODEL_INPUT, newOwner: { ...SITE_OWNER_MODEL_INPUT.currentOwner, actions: { setNewSiteOwner: true } } },
    ];
    for (const input of refused) {
      const snapshot = createActor(siteOwnerHandoverMachine, { input }).getSnapshot();
      expect(snapshot.status).toBe('error');
      expect(snapshot.error).toBeInstanceOf(RangeError);
    }
  });

  it('ignores CANCEL while the change is running and while the notice is shown', () => {
    const changes = createControlledPromiseActor<unknown, ChangeSiteOwnerInput>();
    const actor = createActor(siteOwnerHandoverMachine.provide({ actors: { changeSiteOwner: changes.logic } }), {
      input: SITE_OWNER_MODEL_INPUT,
    }).start();
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('changing');
    expect(changes.current().signal.aborted).toBe(false);
  });

  it('hands over and logs out in order with real promise actors', async () => {
    const calls: string[] = [];
    const actor = createActor(
      siteOwnerHandoverMachine.provide({
        actors: {
          changeSiteOwner: fromPromise<unknown, ChangeSiteOwnerInput>(async ({ input }) => {
            calls.push(`PUT ${input.siteOwnerHref} ${input.userHref}`);
          }),
          logout: fromPromise<unknown, void>(async () => {
            calls.push('POST logout');
          }),
        },
      }),
      { input: SITE_OWNER_MODEL_INPUT },
    ).start();
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('notice');
    expect(calls).toEqual(['PUT /fotoweb/users/site-owner /fotoweb/api/users/15002']);
    actor.send({ type: 'ACKNOWLEDGE' });
    await flushPromises();
    expect(calls).toEqual(['PUT /fotoweb/users/site-owner /fotoweb/api/users/15002', 'POST logout']);
    expect(actor.getSnapshot().output).toEqual({ ownerChanged: true, loggedOut: true });
  });

  it('shows the default message and logout error when no actors are provided', async () => {
    const actor = createActor(siteOwnerHandoverMachine, { input: SITE_OWNER_MODEL_INPUT }).start();
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(actor.getSnapshot().context.error).toBe(DEFAULT_ERROR_MESSAGE);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().output).toEqual({ ownerChanged: false, loggedOut: false });
  });
});
