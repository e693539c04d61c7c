/**
 * The session's test model (spec 01 §1, §2, §3, §4 Session, §7, §8, §9): the payload cases that `session.test.ts`
 * runs on real actors and `npm run paths -- session` prints for QA.
 *
 * Shortest paths start with stored user data on a deep link (a collection with a query and a hash) outside any
 * frame, so the keepalive runs; simple paths start without stored user data inside a frame (no keepalive) to keep
 * the number of loop-free routes bounded. Steps are the app's reports (logged in, 401, logout, navigation, dismiss),
 * the three calls answering and the three delays elapsing. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { formatEvent } from '../testing/modelPaths.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { isLoginViewAddress } from './sessionAddress.ts';
import { sessionMachine, type SessionContext, type SessionDescriptor, type SessionInput } from './session.machine.ts';

/** The deep link the model starts on: path plus query plus hash, all of which `to` must keep. */
export const MODEL_ADDRESS = '/fotoweb/archives/5000-photos/?q=harbour&sort=-modified#grid';

/** Another page the user goes to. */
export const MODEL_OTHER_ADDRESS = '/fotoweb/archives/5001-video/';

/** The descriptor's logged-out view: the login view, as Magpie's DAM announces it. */
export const MODEL_LOGGED_OUT_VIEW = '/fotoweb/views/login';

/** The model's descriptor: logout service, keepalive every 20 s (the DAM's value), the logged-out view. */
export const MODEL_DESCRIPTOR: SessionDescriptor = {
  services: {
    logout: '/fotoweb/services/logout',
    keepalive: { href: '/fotoweb/services/keepalive', interval: 20 },
  },
  views: { loggedOut: MODEL_LOGGED_OUT_VIEW },
};

/** The same user's descriptor from a server without keepalive (another tab logged in there). */
export const MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE: SessionDescriptor = {
  services: { logout: '/fotoweb/services/logout', keepalive: null },
  views: { loggedOut: MODEL_LOGGED_OUT_VIEW },
};

/** Seconds between auth checks in the model. */
export const MODEL_AUTH_CHECK_INTERVAL_S = 60;

/** The machine input per variant (see the module comment). */
export const SESSION_MODEL_INPUTS: Readonly<Record<PathVariant, SessionInput>> = {
  shortest: { storedDescriptor: MODEL_DESCRIPTOR, address: MODEL_ADDRESS, authCheckInterval: MODEL_AUTH_CHECK_INTERVAL_S },
  simple: { address: MODEL_ADDRESS, insideFrame: true, authCheckInterval: MODEL_AUTH_CHECK_INTERVAL_S },
};

/** What the model's failing calls reject with. */
export const MODEL_UNAUTHORIZED = { status: 401, message: 'Unauthorized' } as const;
export const MODEL_SERVER_ERROR = { status: 500, message: 'Internal Server Error' } as const;
export const MODEL_OFFLINE = { name: 'TypeError', message: 'Failed to fetch' } as const;

const modelMachine = toTestModelMachine(sessionMachine);

function done(id: string, output?: unknown): EventObject {
  return (output === undefined ? { type: `xstate.done.actor.${id}` } : { type: `xstate.done.actor.${id}`, output }) as EventObject;
}

function failed(id: string, error: unknown): EventObject {
  return { type: `xstate.error.actor.${id}`, error } as EventObject;
}

function modelEvents(_variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): readonly EventObject[] => {
    const context = snapshot.context as SessionContext;
    const events: EventObject[] = [];
    const loggedIn = (descriptor: SessionDescriptor) => ({ type: 'LOGGED_IN', descriptor }) as EventObject;
    const goTo = (address: string) => ({ type: 'LOCATION_CHANGED', address }) as EventObject;
    if (snapshot.matches('unauthenticated')) {
      events.push(loggedIn(MODEL_DESCRIPTOR));
      // The app follows the redirect; from the login view the user may go back to a page that needs the session.
      events.push(goTo(context.loginUrl ?? MODEL_OTHER_ADDRESS));
    }
    if (snapshot.matches('checking')) {
      events.push(loggedIn(MODEL_DESCRIPTOR));
      events.push(done('checkAuth', { authenticated: true, apiDescriptor: MODEL_DESCRIPTOR }));
      events.push(done('checkAuth', { authenticated: false }));
      events.push(failed('checkAuth', MODEL_OFFLINE));
    }
    if (snapshot.matches('authenticated')) {
      const other = context.descriptor?.services.keepalive ? MODEL_DESCRIPTOR_WITHOUT_KEEPALIVE : MODEL_DESCRIPTOR;
      events.push(loggedIn(other));
      // Logged in on the login view, the app goes back to \`to\`; elsewhere the user browses on.
      events.push(goTo(isLoginViewAddress(context.address) ? MODEL_ADDRESS : MODEL_OTHER_ADDRESS));
      if (snapshot.matches({ authenticated: { keepalive: 'pinging' } })) {
        events.push(done('keepalive'), failed('keepalive', MODEL_UNAUTHORIZED), failed('keepalive', MODEL_OFFLINE));
      }
      if (snapshot.matches({ authenticated: { authCheck: 'checking' } })) {
        events.push(done('checkAuth', { authenticated: true, apiDescriptor: context.descriptor }));
        events.push(done('checkAuth', { authenticated: false }));
        events.push(failed('checkAuth', MODEL_OFFLINE));
      }
    }
    if (snapshot.matches('loggingOut')) {
      events.push(done('logout'), failed('logout', MODEL_SERVER_ERROR), failed('logout', MODEL_UNAUTHORIZED));
    }
    return events;
  };
}

/** Payload-carrying events XState proposes bare (`{type}`) when a state handles them; only ours count. */
const PAYLOAD_KEY: Readonly<Record<string, string>> = {
  LOGGED_IN: 'descriptor',
  LOCATION_CHANGED: 'address',
  'xstate.done.actor.checkAuth': 'output',
  'xstate.error.actor.checkAuth': 'error',
  'xstate.error.actor.keepalive': 'error',
  'xstate.error.actor.logout': 'error',
};

/**
 * Steps that lead to a snapshot another step already leads to (a region back where it was; a 401 logout that ends
 * like a successful one); each gets its own vertex (see {@link serializeSessionState}).
 */
const OWN_VERTEX_EVENTS: ReadonlySet<string> = new Set([
  'xstate.done.actor.keepalive',
  'xstate.error.actor.keepalive',
  'xstate.done.actor.checkAuth',
  'xstate.error.actor.checkAuth',
  'DISMISS_NOTICE',
  'xstate.after.noticeTimeout.session.authenticated.notice.shown',
  'xstate.error.actor.logout',
]);

/**
 * Shortest paths: in \`authenticated\`, one region at a time moves (a ping or a check runs while the other region
 * waits), so the paths show each region's steps rather than every interleaving.
 *
 * Simple paths (no stored user data, inside a frame) follow the redirects, log in on the login view, go back to
 * \`to\`, and then explore checks, logout (done or failing) and losing the session; failures other than those, a
 * second descriptor and going back from the login view are left to the shortest paths.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    const key = PAYLOAD_KEY[event.type];
    if (key !== undefined && (event as unknown as Record<string, unknown>)[key] === undefined) return false;
    const context = snapshot.context as SessionContext;
    if (variant === 'simple') {
      if (event.type.startsWith('xstate.after.authCheckInterval.') && snapshot.matches({ authenticated: { notice: 'shown' } })) {
        return false;
      }
      if (event.type === 'xstate.error.actor.checkAuth' || event.type === 'xstate.error.actor.keepalive') return false;
      if (event.type === 'xstate.error.actor.logout') return (event as unknown as { error: unknown }).error === MODEL_SERVER_ERROR;
      if (event.type === 'LOGGED_IN') return snapshot.matches({ unauthenticated: 'atLogin' });
      if (snapshot.matches('authenticated') && isLoginViewAddress(context.address)) return event.type === 'LOCATION_CHANGED';
      if (event.type === 'LOCATION_CHANGED') return context.loginUrl !== undefined;
      return true;
    }
    if (!snapshot.matches('authenticated')) return true;
    const pinging = snapshot.matches({ authenticated: { keepalive: 'pinging' } });
    const checking = snapshot.matches({ authenticated: { authCheck: 'checking' } });
    const noticeShown = snapshot.matches({ authenticated: { notice: 'shown' } });
    const keepaliveOff = snapshot.matches({ authenticated: { keepalive: 'off' } });
    if (event.type.startsWith('xstate.after.authCheckInterval.') && (!keepaliveOff || noticeShown)) return false;
    if (event.type.startsWith('xstate.after.keepaliveInterval.') && (checking || noticeShown)) return false;
    if ((pinging || checking || noticeShown) && ['LOGGED_IN', 'LOCATION_CHANGED'].includes(event.type)) return false;
    return true;
  };
}

/**
 * A vertex is the snapshot (value + context). A ping or a check that answered, and a notice that closed, bring the
 * snapshot back to one seen before; they get their own vertex (the snapshot plus that step) so the paths take them.
 */
export function serializeSessionState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  return event && OWN_VERTEX_EVENTS.has(event.type) ? `${key} (after ${formatEvent(event)})` : key;
}

/** Simple paths: the snapshot alone, so answered pings and checks end a route instead of opening new ones. */
function serializeSimpleState(snapshot: AnyMachineSnapshot): string {
  return serializeSnapshot(snapshot);
}

/** The session's {@link MachineModel} (see the module comment for the two variants). */
export const sessionModel: MachineModel = {
  name: 'session',
  title: 'Session: stored user data → auth check → authenticated (keepalive, repeated auth check) → logout or lost → login with `to`',
  spec: 'spec 01 §1, §2 login `to`, §3 services.logout/keepalive, §4 Session, §7 auth check and logout, §8 logout error, §9 15 s',
  machine: sessionMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: SESSION_MODEL_INPUTS[variant],
      events: modelEvents(variant),
      filterEvents: modelFilter(variant),
      serializeState: variant === 'shortest' ? serializeSessionState : serializeSimpleState,
    });
  },
};
