import { createActor, fromPromise, SimulatedClock, type EventObject, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import type { PathVariant } from '../testing/machineModel.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  authCheckIntervalMs,
  DEFAULT_AUTH_CHECK_INTERVAL_S,
  isPageHref,
  isPublicSessionAddress,
  isUnauthorizedError,
  keepaliveIntervalMs,
  loggedOutViewOf,
  LOGOUT_ERROR_NOTICE,
  SESSION_NOTICE_AUTOCLOSE_MS,
  sessionGuestDescriptor,
  sessionMachine,
  sessionRedirect,
  type CheckAuthOutput,
  type GuestAccessAnswer,
  type KeepaliveInput,
  type LogoutInput,
  type SessionEvent,
  type SessionInput,
} from './session.machine.ts';
import {
  MODEL_ADDRESS,
  MODEL_AUTH_CHECK_INTERVAL_S,
  MODEL_DESCRIPTOR,
  MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE,
  MODEL_GUEST_DESCRIPTOR,
  MODEL_LOGGED_OUT_VIEW,
  MODEL_OTHER_ADDRESS,
  MODEL_ASSET_ADDRESS,
  MODEL_PRIVATE_VIEW,
  SESSION_MODEL_INPUTS,
  sessionModel,
} from './session.model.ts';
import {
  isGuestAddress,
  isLoginViewAddress,
  LOGIN_VIEW_PATH,
  loginUrlFor,
  MAX_RETURN_ADDRESS_LENGTH,
  pageHrefOfAddress,
  pathOfAddress,
  safeReturnAddress,
} from './sessionAddress.ts';

const shortestPaths = sessionModel.testModel('shortest').getShortestPaths();
const simplePaths = sessionModel.testModel('simple').getSimplePaths();

/** The delayed events an actor has scheduled and not cancelled, with when they were scheduled (simulated ms). */
function createTimerLog(clock: SimulatedClock) {
  const scheduled = new Map<string, { readonly at: number; readonly delay: number }>();
  return {
    scheduled,
    inspect(event: InspectionEvent) {
      if (event.type !== '@xstate.action' || event.actorRef.sessionId !== event.rootId) return;
      const { type, params } = event.action as { type: string; params?: Record<string, unknown> };
      if (type === 'xstate.raise' && typeof params?.['delay'] === 'number') {
        scheduled.set(String(params['id']), { at: clock.now(), delay: params['delay'] });
      }
      if (type === 'xstate.cancel') scheduled.delete(String(params?.['sendId']));
    },
  };
}

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray or doubled `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createSessionDriver(variant: PathVariant, coverage?: CoverageTracker): PathDriver {
  const input = SESSION_MODEL_INPUTS[variant];
  const checks = createControlledPromiseActor<CheckAuthOutput, unknown>();
  const pings = createControlledPromiseActor<void, KeepaliveInput>();
  const logouts = createControlledPromiseActor<void, LogoutInput>();
  const guestChecks = createControlledPromiseActor<GuestAccessAnswer, unknown>();
  /** Guest access checks answered with the public descriptor or refused (an answer with a session decides nothing). */
  let guestAnswers = 0;
  const clock = new SimulatedClock();
  const timers = createTimerLog(clock);
  const actors = { checkAuth: checks.logic, keepalive: pings.logic, logout: logouts.logic, checkGuestAccess: guestChecks.logic };
  const actor = createActor(sessionMachine.provide({ actors }), {
    input,
    clock,
    inspect: (event) => {
      timers.inspect(event);
      coverage?.inspect(event);
    },
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** Simulated times of every keepalive ping. */
  const pingTimes: number[] = [];

  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      const before = actor.getSnapshot();
      switch (event.type) {
        case 'xstate.done.actor.checkAuth':
          checks.current().resolve(record.output as CheckAuthOutput);
          break;
        case 'xstate.error.actor.checkAuth':
          checks.current().reject(record.error);
          break;
        case 'xstate.done.actor.keepalive':
          pings.current().resolve();
          break;
        case 'xstate.error.actor.keepalive':
          pings.current().reject(record.error);
          break;
        case 'xstate.done.actor.logout':
          logouts.current().resolve();
          break;
        case 'xstate.error.actor.logout':
          logouts.current().reject(record.error);
          break;
        case 'xstate.done.actor.checkGuestAccess':
          if ('guest' in (record.output as GuestAccessAnswer)) guestAnswers++;
          guestChecks.current().resolve(record.output as GuestAccessAnswer);
          break;
        case 'xstate.error.actor.checkGuestAccess':
          guestAnswers++;
          guestChecks.current().reject(record.error);
          break;
        default:
          if (event.type.startsWith('xstate.after.')) {
            // The delay must be the next timer due, and fire exactly on time: nothing 1 ms early.
            const timer = timers.scheduled.get(event.type);
            expect(timer, `${event.type} is scheduled`).toBeDefined();
            const due = (timer?.at ?? 0) + (timer?.delay ?? 0);
            for (const other of timers.scheduled.values()) expect(other.at + other.delay).toBeGreaterThanOrEqual(due);
            const pingsBefore = pings.invocations.length;
            clock.increment(due - clock.now() - 1);
            await flushPromises();
            expect(actor.getSnapshot().value).toEqual(before.value);
            expect(pings.invocations).toHaveLength(pingsBefore);
            clock.increment(1);
            if (event.type.startsWith('xstate.after.keepaliveInterval.')) pingTimes.push(clock.now());
          } else {
            actor.send(event as SessionEvent);
          }
      }
      await flushPromises();
      const after = actor.getSnapshot();
      // spec 01 §8: a failed logout (other than 401) shows 'logout error' and keeps the session.
      if (event.type === 'xstate.error.actor.logout' && !isUnauthorizedError(record.error)) {
        expect(after.matches('authenticated')).toBe(true);
        expect(after.context.notice).toEqual({ status: 'error', message: LOGOUT_ERROR_NOTICE });
      }
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      const hasSession = snapshot.matches('checking') || snapshot.matches('authenticated') || snapshot.matches('loggingOut');
      expect(context.descriptor !== undefined).toBe(hasSession);
      // Pending calls: exactly those of the current states.
      const checkingNow = snapshot.matches('checking') || snapshot.matches({ authenticated: { authCheck: 'checking' } });
      expect(checks.pending()).toHaveLength(checkingNow ? 1 : 0);
      expect(pings.pending()).toHaveLength(snapshot.matches({ authenticated: { keepalive: 'pinging' } }) ? 1 : 0);
      expect(logouts.pending()).toHaveLength(snapshot.matches('loggingOut') ? 1 : 0);
      if (snapshot.matches('loggingOut')) expect(logouts.current().input).toEqual({ href: MODEL_DESCRIPTOR.services.logout });
      expect(guestChecks.pending()).toHaveLength(snapshot.matches({ unauthenticated: 'checkingGuest' }) ? 1 : 0);

      // Issue 12: guest access is checked once, only on an address guests may browse; a guest is at such an
      // address, with the public descriptor, and nothing is due (the app shows the guest shell).
      // (A check left unanswered when the user logged in meanwhile, or answered with a session, decides nothing.)
      expect(guestAnswers).toBe(context.guestAccess.status === 'unchecked' ? 0 : 1);
      if (snapshot.matches({ unauthenticated: 'checkingGuest' })) expect(context.guestAccess.status).toBe('unchecked');
      if (snapshot.matches('guest')) {
        expect(context.guestAccess).toEqual({ status: 'granted', descriptor: MODEL_GUEST_DESCRIPTOR });
        expect(isGuestAddress(context.address)).toBe(true);
        expect(sessionGuestDescriptor(snapshot)).toBe(MODEL_GUEST_DESCRIPTOR);
      } else {
        expect(sessionGuestDescriptor(snapshot)).toBeUndefined();
      }

      // spec 01 §2, §4: when a redirect is due, it is the login view keeping the current address in `to`,
      // or the logged-out view after logging out; on the login view nothing is due.
      const redirect = sessionRedirect(snapshot);
      if (snapshot.matches({ unauthenticated: 'redirecting' })) {
        expect(redirect).toBe(loginUrlFor(context.address));
        if (context.address === MODEL_ADDRESS) {
          expect(new URL(redirect ?? '', 'http://dam.test').searchParams.get('to')).toBe(MODEL_ADDRESS);
        }
      } else if (snapshot.matches({ unauthenticated: 'loggedOut' })) {
        expect(redirect).toBe(MODEL_LOGGED_OUT_VIEW);
      } else {
        // Also while guest access is checked and while browsing as a guest.
        expect(redirect).toBeUndefined();
      }
      if (snapshot.matches({ unauthenticated: 'atLogin' })) expect(isPublicSessionAddress(context.address, context.loggedOutView)).toBe(true);

      // Timers only while authenticated: the keepalive (never inside a frame, every `interval` s), the auth check
      // (every authCheckInterval), the notice (15 s).
      const expectedTimers: Record<string, number> = {};
      if (snapshot.matches({ authenticated: { keepalive: 'waiting' } })) {
        expectedTimers['xstate.after.keepaliveInterval.session.authenticated.keepalive.waiting'] = (context.descriptor?.services.keepalive?.interval ?? 0) * 1_000;
      }
      if (snapshot.matches({ authenticated: { authCheck: 'waiting' } })) {
        expectedTimers['xstate.after.authCheckInterval.session.authenticated.authCheck.waiting'] = MODEL_AUTH_CHECK_INTERVAL_S * 1_000;
      }
      if (snapshot.matches({ authenticated: { notice: 'shown' } })) {
        expectedTimers['xstate.after.noticeTimeout.session.authenticated.notice.shown'] = SESSION_NOTICE_AUTOCLOSE_MS;
      }
      expect(Object.fromEntries([...timers.scheduled].map(([id, timer]) => [id, timer.delay]))).toEqual(expectedTimers);
      expect(pendingTimers(clock)).toBe(Object.keys(expectedTimers).length);

      if (snapshot.matches({ authenticated: { keepalive: 'off' } })) {
        expect(context.insideFrame || !context.descriptor?.services.keepalive).toBe(true);
      }
      if (input.insideFrame) expect(pings.invocations).toHaveLength(0);
      for (const ping of pings.invocations) expect(ping.input).toEqual({ href: '/fotoweb/services/keepalive' });
      expect(pingTimes).toHaveLength(pings.invocations.length);
      // The notice shows exactly while `notice` is set.
      expect(context.notice !== undefined).toBe(snapshot.matches({ authenticated: { notice: 'shown' } }));
    },
  };
}

describeModelPaths('session model: shortest paths (stored user data, keepalive on)', shortestPaths, 120, () => createSessionDriver('shortest'));

describeModelPaths('session model: simple paths (no stored user data, inside a frame)', simplePaths, 40, () => createSessionDriver('simple'));

describe('session coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(sessionMachine);
    for (const path of shortestPaths) await runPath(path, createSessionDriver('shortest', coverage));
    for (const path of simplePaths) await runPath(path, createSessionDriver('simple', coverage));
    const report = coverage.report();
    console.log(formatCoverage('session', report));
    assertFullCoverage('session', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules and helpers, stated directly.
// ---------------------------------------------------------------------------------------------------------------

/** A guest-disabled site's answer to the public descriptor. */
async function refuseGuests(): Promise<GuestAccessAnswer> {
  throw { status: 401 };
}

function startSession(
  input: Partial<SessionInput>,
  answers: { check?: () => Promise<CheckAuthOutput>; ping?: () => Promise<void>; logout?: () => Promise<void>; guest?: () => Promise<GuestAccessAnswer> } = {},
) {
  const clock = new SimulatedClock();
  const pingTimes: number[] = [];
  const checkTimes: number[] = [];
  const logouts: LogoutInput[] = [];
  const guestChecks: number[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkAuth: fromPromise<CheckAuthOutput>(async () => {
          checkTimes.push(clock.now());
          return (answers.check ?? (async () => ({ authenticated: true })))();
        }),
        keepalive: fromPromise<void, KeepaliveInput>(async () => {
          pingTimes.push(clock.now());
          return (answers.ping ?? (async () => {}))();
        }),
        logout: fromPromise<void, LogoutInput>(async ({ input: logout }) => {
          logouts.push(logout);
          return (answers.logout ?? (async () => {}))();
        }),
        checkGuestAccess: fromPromise<GuestAccessAnswer>(async () => {
          guestChecks.push(clock.now());
          return (answers.guest ?? refuseGuests)();
        }),
      },
    }),
    { input: { address: MODEL_ADDRESS, ...input }, clock },
  ).start();
  return { actor, clock, pingTimes, checkTimes, logouts, guestChecks };
}

const allowGuests = async (): Promise<GuestAccessAnswer> => ({ guest: MODEL_GUEST_DESCRIPTOR });

async function advance(clock: SimulatedClock, ms: number, step = 1_000) {
  for (let t = 0; t < ms; t += step) {
    clock.increment(Math.min(step, ms - t));
    await flushPromises();
  }
}

describe('session spec rules', () => {
  it('redirects to login keeping path, query and hash in `to` when no user data is stored and guests are refused (spec 01 §2, §4)', async () => {
    const { actor, guestChecks } = startSession({});
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'checkingGuest' });
    expect(sessionRedirect(actor.getSnapshot())).toBeUndefined();
    await flushPromises();
    expect(guestChecks).toHaveLength(1);
    expect(actor.getSnapshot().context.guestAccess).toEqual({ status: 'refused' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(sessionRedirect(actor.getSnapshot())).toBe('/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F5000-photos%2F%3Fq%3Dharbour%26sort%3D-modified%23grid');
    actor.send({ type: 'LOCATION_CHANGED', address: sessionRedirect(actor.getSnapshot()) ?? '' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'atLogin' });
    expect(sessionRedirect(actor.getSnapshot())).toBeUndefined();
  });

  it('does not redirect when the app starts on the login view', () => {
    const { actor, guestChecks } = startSession({ address: `${LOGIN_VIEW_PATH}?to=%2Ffotoweb%2F` });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'atLogin' });
    expect(guestChecks).toEqual([]);
  });

  it('lets a visitor browse the archives as a guest, checking guest access once (issue 12, spec 02 §6)', async () => {
    const { actor, guestChecks } = startSession({ address: '/' }, { guest: allowGuests });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'checkingGuest' });
    // The app settles its address meanwhile: `/` → the archives list; the check goes on.
    actor.send({ type: 'LOCATION_CHANGED', address: '/fotoweb/archives/' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(sessionGuestDescriptor(actor.getSnapshot())).toBe(MODEL_GUEST_DESCRIPTOR);
    expect(sessionRedirect(actor.getSnapshot())).toBeUndefined();
    for (const address of ['/fotoweb/archives/?q=harbour', MODEL_ADDRESS, `${MODEL_ASSET_ADDRESS}#top`, '/fotoweb/archives']) {
      actor.send({ type: 'LOCATION_CHANGED', address });
      expect(actor.getSnapshot().value).toBe('guest');
      expect(actor.getSnapshot().context.address).toBe(address);
    }
    // Another page's read that is not found (a rendition, an old link) is not the page: nothing happens.
    actor.send({ type: 'NOT_FOUND', href: '/fotoweb/archives/5000-photos/' });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'DISMISS_NOTICE' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(guestChecks).toHaveLength(1);
    expect(actor.getSnapshot().context.descriptor).toBeUndefined();
  });

  it('sends a guest on a private address to login keeping it in `to`, and back to guest browsing from there', async () => {
    const { actor, guestChecks } = startSession({}, { guest: allowGuests });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('guest');
    // The page's collection is not there for guests (the DAM answers 404 for a private archive).
    actor.send({ type: 'NOT_FOUND', href: pageHrefOfAddress(MODEL_ADDRESS) });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(new URL(sessionRedirect(actor.getSnapshot()) ?? '', 'http://dam.test').searchParams.get('to')).toBe(MODEL_ADDRESS);
    expect(sessionGuestDescriptor(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'LOCATION_CHANGED', address: loginUrlFor(MODEL_ADDRESS) });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'atLogin' });
    // Back from the login view to the public archives: a guest again, without asking the server again.
    actor.send({ type: 'LOCATION_CHANGED', address: MODEL_OTHER_ADDRESS });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(guestChecks).toHaveLength(1);
    // Logging in there starts the session.
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(sessionGuestDescriptor(actor.getSnapshot())).toBeUndefined();
  });

  it('sends a guest to login for a page that needs a session, and through the "Log in" link', async () => {
    const { actor } = startSession({ address: MODEL_OTHER_ADDRESS }, { guest: allowGuests });
    await flushPromises();
    actor.send({ type: 'LOCATION_CHANGED', address: MODEL_PRIVATE_VIEW });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(sessionRedirect(actor.getSnapshot())).toBe(loginUrlFor(MODEL_PRIVATE_VIEW));
    actor.send({ type: 'LOCATION_CHANGED', address: MODEL_OTHER_ADDRESS });
    expect(actor.getSnapshot().value).toBe('guest');
    actor.send({ type: 'LOCATION_CHANGED', address: loginUrlFor(MODEL_OTHER_ADDRESS) });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'atLogin' });
    expect(sessionRedirect(actor.getSnapshot())).toBeUndefined();
  });

  it('refuses guests after a 401 while browsing as one (guest access turned off): login with `to`, no second check', async () => {
    const { actor, guestChecks } = startSession({}, { guest: allowGuests });
    await flushPromises();
    actor.send({ type: 'SESSION_LOST' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(sessionRedirect(actor.getSnapshot())).toBe(loginUrlFor(MODEL_ADDRESS));
    expect(actor.getSnapshot().context.guestAccess).toEqual({ status: 'refused' });
    actor.send({ type: 'LOCATION_CHANGED', address: MODEL_OTHER_ADDRESS });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(guestChecks).toHaveLength(1);
  });

  it('sends a user whose session was lost to login, not to guest browsing', async () => {
    const { actor, guestChecks } = startSession({ storedDescriptor: MODEL_DESCRIPTOR }, { check: async () => ({ authenticated: false }), guest: allowGuests });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(guestChecks).toEqual([]);
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR });
    actor.send({ type: 'SESSION_LOST' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(guestChecks).toEqual([]);
  });

  it('goes on as the user when the browser has a session without stored user data (cleared storage)', async () => {
    const { actor, guestChecks } = startSession({}, { guest: async () => ({ session: MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE }) });
    await flushPromises();
    expect(guestChecks).toHaveLength(1);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.descriptor).toBe(MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE);
    expect(actor.getSnapshot().context.address).toBe(MODEL_ADDRESS);
    expect(actor.getSnapshot().context.guestAccess).toEqual({ status: 'unchecked' });
    expect(sessionRedirect(actor.getSnapshot())).toBeUndefined();
  });

  it('checks guest access only on addresses guests may browse', async () => {
    const { actor, guestChecks } = startSession({ address: MODEL_PRIVATE_VIEW }, { guest: allowGuests });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    actor.send({ type: 'LOCATION_CHANGED', address: '/fotoweb/views/change-password?to=%2F' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(guestChecks).toEqual([]);
  });

  it('checks the stored session first, then keeps it alive every `interval` seconds (spec 01 §3, §4)', async () => {
    const { actor, clock, pingTimes, checkTimes } = startSession({ storedDescriptor: MODEL_DESCRIPTOR });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.descriptor).toBe(MODEL_DESCRIPTOR); // the stored data shows meanwhile
    await flushPromises();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await advance(clock, 61_000);
    expect(pingTimes).toEqual([20_000, 40_000, 60_000]);
    expect(checkTimes).toEqual([0]); // the repeated check comes every 300 s by default
    await advance(clock, 240_000);
    expect(checkTimes).toEqual([0, DEFAULT_AUTH_CHECK_INTERVAL_S * 1_000]);
  });

  it('keeps the keepalive beat when a new descriptor arrives, and follows its keepalive (none, then again)', async () => {
    const { actor, clock, pingTimes } = startSession({ storedDescriptor: MODEL_DESCRIPTOR });
    await flushPromises();
    await advance(clock, 10_000);
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR }); // another tab logged in again
    await advance(clock, 10_000);
    expect(pingTimes).toEqual([20_000]);
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE });
    expect(actor.getSnapshot().matches({ authenticated: { keepalive: 'off' } })).toBe(true);
    await advance(clock, 60_000);
    expect(pingTimes).toEqual([20_000]);
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR });
    await advance(clock, 20_000);
    expect(pingTimes).toEqual([20_000, 100_000]);
  });

  it('never pings inside a frame', async () => {
    const { actor, clock, pingTimes } = startSession({ storedDescriptor: MODEL_DESCRIPTOR, insideFrame: true });
    await flushPromises();
    expect(actor.getSnapshot().matches({ authenticated: { keepalive: 'off' } })).toBe(true);
    await advance(clock, 100_000);
    expect(pingTimes).toEqual([]);
  });

  it('repeats the auth check and renews the descriptor it returns (spec 01 §4, §7)', async () => {
    const renewed = { ...MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE };
    let calls = 0;
    const { actor, clock, checkTimes } = startSession(
      { storedDescriptor: MODEL_DESCRIPTOR, authCheckInterval: 30 },
      { check: async () => (++calls === 1 ? { authenticated: true } : { authenticated: true, apiDescriptor: renewed }) },
    );
    await flushPromises();
    await advance(clock, 30_000);
    expect(checkTimes).toEqual([0, 30_000]);
    expect(actor.getSnapshot().context.descriptor).toBe(renewed);
  });

  it('ends the session when the auth check says unauthenticated, keeping the address in `to`', async () => {
    const { actor } = startSession({ storedDescriptor: MODEL_DESCRIPTOR }, { check: async () => ({ authenticated: false }) });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
    expect(actor.getSnapshot().context.descriptor).toBeUndefined();
    expect(sessionRedirect(actor.getSnapshot())).toBe(loginUrlFor(MODEL_ADDRESS));
  });

  it('ends the session on a 401 keepalive, and keeps it on a network failure', async () => {
    let status = 0;
    const { actor, clock, pingTimes } = startSession(
      { storedDescriptor: MODEL_DESCRIPTOR },
      {
        ping: async () => {
          if (status) throw { status };
          throw new TypeError('Failed to fetch');
        },
      },
    );
    await flushPromises();
    await advance(clock, 40_000);
    expect(pingTimes).toEqual([20_000, 40_000]);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    status = 401;
    await advance(clock, 20_000);
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
  });

  it('logs out through services.logout and goes to the logged-out view (spec 01 §3, §7)', async () => {
    const { actor, logouts } = startSession({ storedDescriptor: { ...MODEL_DESCRIPTOR, views: { loggedOut: '/fotoweb/views/bye' } } });
    await flushPromises();
    actor.send({ type: 'LOGOUT' });
    await flushPromises();
    expect(logouts).toEqual([{ href: '/fotoweb/services/logout' }]);
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'loggedOut' });
    expect(sessionRedirect(actor.getSnapshot())).toBe('/fotoweb/views/bye');
    actor.send({ type: 'LOCATION_CHANGED', address: '/fotoweb/views/bye' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'atLogin' });
  });

  it("shows 'logout error' for 15 s when logging out fails, and keeps the session (spec 01 §8, §9)", async () => {
    expect(LOGOUT_ERROR_NOTICE).toBe('logout error');
    expect(SESSION_NOTICE_AUTOCLOSE_MS).toBe(15_000);
    const { actor, clock } = startSession(
      { storedDescriptor: MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE },
      {
        logout: async () => {
          throw { status: 500 };
        },
      },
    );
    await flushPromises();
    actor.send({ type: 'LOGOUT' });
    await flushPromises();
    expect(actor.getSnapshot().matches({ authenticated: { notice: 'shown' } })).toBe(true);
    expect(actor.getSnapshot().context.notice).toEqual({ status: 'error', message: 'logout error' });
    clock.increment(14_999);
    expect(actor.getSnapshot().context.notice).toBeDefined();
    clock.increment(1);
    expect(actor.getSnapshot().context.notice).toBeUndefined();
    expect(actor.getSnapshot().context.descriptor).toBe(MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE);
  });

  it('can log out while the stored session is being checked, and ignores events that do not apply', async () => {
    const { actor } = startSession({ storedDescriptor: MODEL_DESCRIPTOR }, { check: () => new Promise(() => {}) });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    actor.send({ type: 'LOGGED_IN', descriptor: MODEL_DESCRIPTOR });
    actor.send({ type: 'SESSION_LOST' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await flushPromises();
    actor.send({ type: 'SESSION_LOST' });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'DISMISS_NOTICE' });
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'loggedOut' });
  });

  it('fails safe without a provided guest check: to the login view as without guest access', async () => {
    const actor = createActor(sessionMachine, { input: { address: MODEL_ADDRESS } }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ unauthenticated: 'redirecting' });
  });

  it('fails safe without provided actors: the stored session is kept, logging out shows the notice', async () => {
    const actor = createActor(sessionMachine, { input: { storedDescriptor: MODEL_DESCRIPTOR, address: MODEL_ADDRESS } }).start();
    await flushPromises();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    actor.send({ type: 'LOGOUT' });
    await flushPromises();
    expect(actor.getSnapshot().context.notice?.message).toBe(LOGOUT_ERROR_NOTICE);
  });

  it('rejects an auth-check interval that is not a positive number', () => {
    expect(authCheckIntervalMs(undefined)).toBe(300_000);
    expect(authCheckIntervalMs(0.5)).toBe(500);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => authCheckIntervalMs(bad)).toThrow(RangeError);
    const snapshot = createActor(sessionMachine, { input: { address: '/', authCheckInterval: 0 } }).getSnapshot();
    expect(snapshot.status).toBe('error');
  });
});

describe('session helpers', () => {
  it('reads the keepalive interval in seconds, at least 1 s, and none without a usable keepalive', () => {
    expect(keepaliveIntervalMs(MODEL_DESCRIPTOR)).toBe(20_000);
    expect(keepaliveIntervalMs({ services: { logout: '/l', keepalive: { href: '/k', interval: 0.2 } } })).toBe(1_000);
    expect(keepaliveIntervalMs(MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE)).toBeUndefined();
    expect(keepaliveIntervalMs(undefined)).toBeUndefined();
    for (const interval of [0, -5, Number.NaN]) {
      expect(keepaliveIntervalMs({ services: { logout: '/l', keepalive: { href: '/k', interval } } })).toBeUndefined();
    }
    expect(keepaliveIntervalMs({ services: { logout: '/l', keepalive: { href: '', interval: 20 } } })).toBeUndefined();
  });

  it('recognises a 401 error', () => {
    expect(isUnauthorizedError({ status: 401 })).toBe(true);
    expect(isUnauthorizedError({ status: 403 })).toBe(false);
    expect(isUnauthorizedError(new TypeError('x'))).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });

  it('knows where logging out leads and which addresses need no redirect', () => {
    expect(loggedOutViewOf(MODEL_DESCRIPTOR)).toBe(LOGIN_VIEW_PATH);
    expect(loggedOutViewOf({ services: { logout: '/l' }, views: { loggedOut: null } })).toBe(LOGIN_VIEW_PATH);
    expect(loggedOutViewOf(undefined)).toBe(LOGIN_VIEW_PATH);
    expect(isPublicSessionAddress('/fotoweb/views/login?to=%2Fx', undefined)).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/bye#top', '/fotoweb/views/bye')).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/bye', undefined)).toBe(false);
    expect(isPublicSessionAddress('/fotoweb/archives/', '/fotoweb/views/bye')).toBe(false);
    expect(isPublicSessionAddress('/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/?access=x', undefined)).toBe(true);
    // "Forgot password?" (issue 14): asking for a link and the mail's link are for anyone.
    expect(isPublicSessionAddress('/fotoweb/views/forgot-password', undefined)).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/reset-password?token=abc', undefined)).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/reset-passwords', undefined)).toBe(false);
    // The sign-up page (issue 14): an invitation's link, for anyone.
    expect(isPublicSessionAddress('/fotoweb/views/signup?invitation=abc', undefined)).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/signups', undefined)).toBe(false);
    // The cookie policy (issue 15): for anyone.
    expect(isPublicSessionAddress('/fotoweb/views/cookie-policy', undefined)).toBe(true);
    expect(isPublicSessionAddress('/fotoweb/views/cookie-policy-old', undefined)).toBe(false);
  });
});

describe('login address (spec 01 §2 `to`: path plus query plus hash)', () => {
  it('keeps the whole address in `to`', () => {
    expect(loginUrlFor('/fotoweb/archives/5000/?q=boat#grid')).toBe('/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F5000%2F%3Fq%3Dboat%23grid');
  });

  it('leaves `to` out for the default landing pages and unsafe addresses', () => {
    for (const address of ['/', '/fotoweb/', '/fotoweb/archives/', undefined, '', 'https://evil.test/', '//evil.test/', '/\\evil', '/a\nb']) {
      expect(loginUrlFor(address)).toBe(LOGIN_VIEW_PATH);
    }
    expect(loginUrlFor(`/${'a'.repeat(MAX_RETURN_ADDRESS_LENGTH)}`)).toBe(LOGIN_VIEW_PATH);
    expect(loginUrlFor('/fotoweb/views/login?to=%2Fx')).toBe(LOGIN_VIEW_PATH);
  });

  it('knows which addresses guests may browse: the archives and the landing pages (issue 12)', () => {
    for (const address of [
      '/',
      '/fotoweb',
      '/fotoweb/',
      '/fotoweb/archives',
      '/fotoweb/archives/',
      '/fotoweb/archives/?q=boat',
      MODEL_ADDRESS,
      `${MODEL_ASSET_ADDRESS}#x`,
      // A public album (issue 13).
      '/fotoweb/users/15001/albums/7/',
    ]) {
      expect(isGuestAddress(address), address).toBe(true);
    }
    for (const address of [
      LOGIN_VIEW_PATH,
      `${LOGIN_VIEW_PATH}?to=%2F`,
      MODEL_PRIVATE_VIEW,
      '/fotoweb/views/change-password',
      '/fotoweb/me/',
      '/fotoweb/archivesx',
      '/elsewhere',
      '/fotoweb/users/15001/albums/7/.shares/',
      '/fotoweb/me/albums/',
    ]) {
      expect(isGuestAddress(address), address).toBe(false);
    }
  });

  it('finds the page href of an address (without its hash)', () => {
    expect(pageHrefOfAddress('/fotoweb/archives/5000/?q=a#grid')).toBe('/fotoweb/archives/5000/?q=a');
    expect(pageHrefOfAddress('/fotoweb/archives/5000/')).toBe('/fotoweb/archives/5000/');
    expect(isPageHref('/fotoweb/archives/5000/?q=a', '/fotoweb/archives/5000/?q=a#grid')).toBe(true);
    expect(isPageHref('/fotoweb/archives/5000/', '/fotoweb/archives/5000/?q=a')).toBe(false);
  });

  it('finds the path of an address and the login view', () => {
    expect(pathOfAddress('/a/b?c=1#d')).toBe('/a/b');
    expect(pathOfAddress('/a#b?c')).toBe('/a');
    expect(isLoginViewAddress('/fotoweb/views/login#x')).toBe(true);
    expect(isLoginViewAddress('/fotoweb/views/login2')).toBe(false);
    expect(safeReturnAddress('/fotoweb/archives/?q=a')).toBe('/fotoweb/archives/?q=a');
    expect(safeReturnAddress(null)).toBeUndefined();
  });
});
