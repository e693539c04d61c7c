import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  consentTextOf,
  CONSENT_LOAD_FAILED_MESSAGE,
  CONSENT_STORAGE_KEY,
  cookieBannerMachine,
  needsConsent,
  type CookieBannerEvent,
  type CookieConsentReply,
  type ReadStoredConsentInput,
  type StoreConsentInput,
} from './cookieBanner.machine.ts';
import { cookieBannerModel, COOKIE_BANNER_MODEL_INPUT, MODEL_CONSENT, MODEL_FAILURE, MODEL_OLD_POLICY } from './cookieBanner.model.ts';

const shortestPaths = cookieBannerModel.testModel('shortest').getShortestPaths();
const simplePaths = cookieBannerModel.testModel('simple').getSimplePaths();

function createBannerDriver(coverage?: CoverageTracker): PathDriver {
  const consents = createControlledPromiseActor<CookieConsentReply, void>();
  const reads = createControlledPromiseActor<string | null, ReadStoredConsentInput>();
  const writes = createControlledPromiseActor<void, StoreConsentInput>();
  const actor = createActor(cookieBannerMachine.provide({ actors: { loadConsent: consents.logic, readStored: reads.logic, store: writes.logic } }), {
    input: COOKIE_BANNER_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** The fake local storage: what a successful `store` wrote. */
  const storage = new Map<string, string>();
  let loggedInFromStart = false;
  let storeFailed = false;

  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.loadConsent':
          consents.current().resolve(record.output as CookieConsentReply);
          break;
        case 'xstate.error.actor.loadConsent':
          consents.current().reject(record.error);
          break;
        case 'xstate.done.actor.readStored':
          reads.current().resolve(record.output as string | null);
          break;
        case 'xstate.error.actor.readStored':
          reads.current().reject(record.error);
          break;
        case 'xstate.done.actor.store': {
          const write = writes.current();
          storage.set(write.input.key, write.input.value);
          write.resolve();
          break;
        }
        case 'xstate.error.actor.store':
          storeFailed = true;
          writes.current().reject(record.error);
          break;
        default:
          if (event.type === 'SESSION' && actor.getSnapshot().matches('waitingForSession')) {
            loggedInFromStart = (event as Extract<CookieBannerEvent, { type: 'SESSION' }>).loggedIn;
          }
          actor.send(event as CookieBannerEvent);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      const pending = consents.pending().length + reads.pending().length + writes.pending().length;
      // spec 02 §6: nothing is requested before the session is known, nor for a user logged in from the start.
      if (context.loggedIn === undefined || loggedInFromStart) expect(consents.invocations).toHaveLength(0);
      // A logged-in user never sees the banner after logging in.
      if (context.loggedIn) expect(snapshot.matches('shown')).toBe(false);
      switch (snapshot.value) {
        case 'waitingForSession':
          expect(pending).toBe(0);
          break;
        case 'loading':
          expect(context.loggedIn).toBe(false);
          expect(pending).toBe(1);
          expect(consents.pending()).toHaveLength(1);
          break;
        case 'readingStored':
          expect(reads.current().input).toEqual({ key: CONSENT_STORAGE_KEY });
          expect(pending).toBe(1);
          break;
        case 'shown':
          // spec 02 §4: shown only to guests, and only when the consent text differs from the stored one.
          expect(context.loggedIn).toBe(false);
          expect(context.consentText).toBe(consentTextOf(MODEL_CONSENT));
          expect(context.storedText).not.toBe(context.consentText);
          expect(context.accepted).toBe(false);
          expect(pending).toBe(0);
          break;
        case 'storing':
          expect(writes.current().input).toEqual({ key: CONSENT_STORAGE_KEY, value: context.consentText });
          expect(pending).toBe(1);
          break;
        case 'loadFailed':
          expect(context.error).toEqual({ value: 'loadFailed', message: CONSENT_LOAD_FAILED_MESSAGE, cause: MODEL_FAILURE });
          expect(pending).toBe(0);
          break;
        case 'hidden':
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ accepted: context.accepted });
          expect(pending).toBe(0);
          if (context.accepted) {
            // Accepting stores the text under "policy", unless the browser refused the write.
            if (storeFailed) expect(context.error?.value).toBe('storeFailed');
            else expect(storage.get(CONSENT_STORAGE_KEY)).toBe(context.consentText);
          } else {
            expect(storage.size).toBe(0);
          }
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths('cookieBanner model: shortest paths', shortestPaths, 40, () => createBannerDriver());

describeModelPaths('cookieBanner model: simple paths', simplePaths, 120, () => createBannerDriver());

describe('cookieBanner coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(cookieBannerMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createBannerDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('cookieBanner', report));
    assertFullCoverage('cookieBanner', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly, with a fake local storage.
// ---------------------------------------------------------------------------------------------------------------

function startBanner(loggedIn: boolean | undefined, storage: Map<string, string>, reply: CookieConsentReply = MODEL_CONSENT) {
  let loads = 0;
  const actor = createActor(
    cookieBannerMachine.provide({
      actors: {
        loadConsent: fromPromise<CookieConsentReply, void>(async () => {
          loads++;
          return reply;
        }),
        readStored: fromPromise<string | null, ReadStoredConsentInput>(async ({ input }) => storage.get(input.key) ?? null),
        store: fromPromise<void, StoreConsentInput>(async ({ input }) => void storage.set(input.key, input.value)),
      },
    }),
    { input: loggedIn === undefined ? {} : { loggedIn } },
  ).start();
  return { actor, loads: () => loads };
}

describe('cookieBanner spec rules', () => {
  it('stores the accepted text under the local storage key "policy" and does not ask again (spec 02 §4)', async () => {
    expect(CONSENT_STORAGE_KEY).toBe('policy');
    const storage = new Map<string, string>();
    const first = startBanner(false, storage);
    await flushPromises();
    await flushPromises();
    expect(first.actor.getSnapshot().value).toBe('shown');
    first.actor.send({ type: 'ACCEPT' });
    await flushPromises();
    expect(first.actor.getSnapshot().value).toBe('hidden');
    expect(storage.get('policy')).toBe(MODEL_CONSENT.policy);

    const again = startBanner(false, storage);
    await flushPromises();
    await flushPromises();
    expect(again.actor.getSnapshot().value).toBe('hidden');
    expect(again.actor.getSnapshot().output).toEqual({ accepted: false });
  });

  it('asks again when the consent text changed since it was accepted', async () => {
    const storage = new Map([['policy', MODEL_OLD_POLICY]]);
    const { actor } = startBanner(false, storage);
    await flushPromises();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('never loads nor shows the consent for a logged-in user (spec 02 §6)', async () => {
    const { actor, loads } = startBanner(true, new Map());
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(loads()).toBe(0);
  });

  it('waits for the session before loading anything', async () => {
    const { actor, loads } = startBanner(undefined, new Map());
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('waitingForSession');
    expect(loads()).toBe(0);
    actor.send({ type: 'SESSION', loggedIn: false });
    await flushPromises();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(loads()).toBe(1);
  });

  it('shows the load-failed text when the consent cannot be loaded (spec 02 §8)', async () => {
    const actor = createActor(cookieBannerMachine, { input: { loggedIn: false } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.message).toBe(CONSENT_LOAD_FAILED_MESSAGE);
  });

  it('compares the policy text, or the banner text when there is no policy', () => {
    expect(consentTextOf({ policy: 'p', banner: { title: 't', body: 'b' } })).toBe('p');
    expect(consentTextOf({ banner: { title: 't', body: 'b' } })).toBe('t\nb');
    expect(consentTextOf({})).toBe('\n');
    expect(needsConsent('p', null)).toBe(true);
    expect(needsConsent('p', 'old')).toBe(true);
    expect(needsConsent('p', 'p')).toBe(false);
    expect(needsConsent(' \n', null)).toBe(false);
  });

  it('ignores a logout-style SESSION while the banner shows (only a login hides it)', async () => {
    const { actor } = startBanner(false, new Map());
    await flushPromises();
    await flushPromises();
    actor.send({ type: 'SESSION', loggedIn: false });
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'SESSION', loggedIn: true });
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
