/**
 * The session's test model (spec 01 §1, §2, §3, §4 Session, §7, §8, §9; spec 02 §6 guests): the payload cases that
 * `session.test.ts` runs on real actors and `npm run paths -- session` prints for QA.
 *
 * Shortest paths start with stored user data on a deep link (a collection with a query and a hash) outside any
 * frame, so the keepalive runs; simple paths start without stored user data inside a frame (no keepalive) to keep
 * the number of loop-free routes bounded. Both start on an archives address, which guests may browse: without a
 * session the machine checks guest access there. Steps are the app's reports (logged in, 401, 404, logout,
 * navigation, dismiss), the four calls answering and the three delays elapsing. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { formatEvent } from '../testing/modelPaths.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { isGuestAddress, isLoginViewAddress, loginUrlFor, pageHrefOfAddress } from './sessionAddress.ts';
import { sessionMachine, type GuestDescriptor, type SessionContext, type SessionDescriptor, type SessionInput } from './session.machine.ts';

/** The deep link the model starts on: path plus query plus hash, all of which `to` must keep. */
export const MODEL_ADDRESS = '/fotoweb/archives/5000-photos/?q=harbour&sort=-modified#grid';

/** Another page the user goes to (an archive: guests may browse it). */
export const MODEL_OTHER_ADDRESS = '/fotoweb/archives/5001-video/';

/** The archives list (guests browse it too). */
export const MODEL_ARCHIVES_LIST = '/fotoweb/archives/';

/** A page only users with a session may open (a settings view). */
export const MODEL_PRIVATE_VIEW = '/fotoweb/views/api-clients';

/** An asset's page in the model's archive (guests browse it too). */
export const MODEL_ASSET_ADDRESS = '/fotoweb/archives/5000-photos/harbour.jpg.info';

/** The public API descriptor (`GET /fotoweb/`) as Magpie's DAM answers it while guest access is on. */
export const MODEL_GUEST_DESCRIPTOR: GuestDescriptor = {
  archives: '/fotoweb/archives/',
};

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
      // The app follows the redirect; from the login view the user may go back to an archive (which guests may
      // browse); while guest access is checked the app may still be settling its address.
      events.push(goTo(context.loginUrl ?? MODEL_OTHER_ADDRESS));
    }
    if (snapshot.matches({ unauthenticated: 'checkingGuest' })) {
      events.push(done('checkGuestAccess', { guest: MODEL_GUEST_DESCRIPTOR }), failed('checkGuestAccess', MODEL_UNAUTHORIZED));
      // The browser has a session without stored user data (cleared storage): the user goes on.
      events.push(done('checkGuestAccess', { session: MODEL_DESCRIPTOR }));
      // The app settles its address meanwhile (`/` → the archives list): the check goes on.
      events.push(goTo(context.address === MODEL_OTHER_ADDRESS ? MODEL_ADDRESS : MODEL_OTHER_ADDRESS));
    }
    if (snapshot.matches('guest')) {
      events.push(loggedIn(MODEL_DESCRIPTOR));
      // Browsing on among the archives, the header's "Log in" link, and a page that needs a session.
      events.push(goTo(context.address === MODEL_ARCHIVES_LIST ? MODEL_OTHER_ADDRESS : MODEL_ARCHIVES_LIST));
      events.push(goTo(loginUrlFor(context.address)));
      events.push(goTo(MODEL_PRIVATE_VIEW));
      // The page's collection or asset is private (404), or a call answered 401.
      events.push({ type: 'NOT_FOUND', href: pageHrefOfAddress(context.address) } as EventObject);
      events.push({ type: 'SESSION_LOST' } as EventObject);
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
  NOT_FOUND: 'href',
  'xstate.done.actor.checkGuestAccess': 'output',
  'xstate.error.actor.checkGuestAccess': 'error',
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
 * waits), so the paths show each region's steps rather than every interleaving. Once guest access is known, a
 * session's own steps are not explored again (they are those of the unchecked case).
 *
 * Simple paths (no stored user data, inside a frame) start with the guest access check. Refused, they follow the
 * redirects, log in on the login view, go back to \`to\`, and then explore checks, logout (done or failing) and
 * losing the session; granted, they browse as a guest until the login view (the "Log in" link, a private page, a
 * 401, a settings view). Failures other than those, a second descriptor, browsing on as a guest, navigating during
 * the check and going back from the login view are left to the shortest paths.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    const key = PAYLOAD_KEY[event.type];
    if (key !== undefined && (event as unknown as Record<string, unknown>)[key] === undefined) return false;
    const context = snapshot.context as SessionContext;
    if (variant === 'simple') {
      if (snapshot.matches({ unauthenticated: 'checkingGuest' })) return event.type !== 'LOCATION_CHANGED';
      // As a guest: the "Log in" link, a private page (404, 401, a settings view); logging in follows refused access.
      if (snapshot.matches('guest')) return event.type !== 'LOGGED_IN' && !(event.type === 'LOCATION_CHANGED' && isGuestAddress((event as unknown as { address: string }).address));
      if (event.type === 'LOGGED_IN' && context.guestAccess.status !== 'refused') return false;
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
    // Once guest access is known, a session runs as before: its paths are those of the unchecked case.
    if (context.guestAccess.status !== 'unchecked') return false;
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
  title:
    'Session: stored user data → auth check → authenticated (keepalive, repeated auth check) → logout or lost → login with `to`; without a session on the archives, guest access checked once → guest → login with `to` on a private address',
  spec: 'spec 01 §1, §2 login `to`, §3 services.logout/keepalive, §4 Session, §6, §7 auth check and logout, §8 logout error, §9 15 s; spec 02 §1, §6 guests; issue 12',
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
