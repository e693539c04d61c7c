/**
 * The site-owner hand-over's test model (spec 03 §4 Site-owner change, §2.8, §7, §8; spec 01 §8): the payload cases
 * that `siteOwnerHandover.test.ts` runs on real actors and `npm run paths -- siteOwnerHandover` prints for QA.
 *
 * The `changeSiteOwner` and `logout` invocations become their done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { siteOwnerHandoverMachine, type SiteOwnerHandoverContext, type SiteOwnerHandoverInput } from './siteOwnerHandover.machine.ts';

/** The machine input of every path: the owner hands the role to a user allowed to take it. */
export const SITE_OWNER_MODEL_INPUT: SiteOwnerHandoverInput = {
  siteOwnerHref: '/fotoweb/users/site-owner',
  currentOwner: { href: '/fotoweb/api/users/15001', fullName: 'Ada Admin' },
  newOwner: { href: '/fotoweb/api/users/15002', fullName: 'Bo Boss', actions: { setNewSiteOwner: true } },
};

/**
 * HTTP statuses the model's failed changes answer, per variant: `shortest` tries each message of spec 03 §8 (400,
 * 403, other); `simple` only 403, since every other failure order would only repeat the same prompt loop.
 */
export const SITE_OWNER_MODEL_FAILURES: Readonly<Record<PathVariant, readonly number[]>> = {
  shortest: [400, 403, 500],
  simple: [403],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(failures: readonly number[]) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('prompt')) return [event('CONFIRM'), event('CANCEL')];
    if (snapshot.matches('changing')) {
      return [event('xstate.done.actor.changeSiteOwner', { output: null }), ...failures.map((status) => event('xstate.error.actor.changeSiteOwner', { error: { status } }))];
    }
    if (snapshot.matches('notice')) return [event('ACKNOWLEDGE')];
    if (snapshot.matches('loggingOut')) {
      // The logout fails at most once: a retry then succeeds or the path ends (RETRY would loop forever otherwise).
      const { logoutAttempts } = snapshot.context as SiteOwnerHandoverContext;
      return [event('xstate.done.actor.logout', { output: null }), ...(logoutAttempts < 2 ? [event('xstate.error.actor.logout', { error: { status: 500 } })] : [])];
    }
    if (snapshot.matches('logoutFailed')) return [event('RETRY'), event('CLOSE')];
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(failures: readonly number[]) {
  const events = modelEvents(failures);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(siteOwnerHandoverMachine);

/** The `xstate/graph` test model for the given failure statuses, with {@link SITE_OWNER_MODEL_INPUT}. */
export function createSiteOwnerHandoverTestModel(failures: readonly number[]) {
  return createTestModel(modelMachine, {
    input: SITE_OWNER_MODEL_INPUT,
    events: modelEvents(failures),
    filterEvents: modelFilter(failures),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
  });
}

/** The site-owner hand-over's {@link MachineModel}; see {@link SITE_OWNER_MODEL_FAILURES} for the variants. */
export const siteOwnerHandoverModel: MachineModel = {
  name: 'siteOwnerHandover',
  title: 'Hand the site-owner role to another user: prompt, confirm, notice, then log the session out',
  spec: 'spec 03 §4 Site-owner change, §2.8 site-owner prompt and notice, §6, §7 PUT site owner, §8; spec 01 §8 logout error',
  machine: siteOwnerHandoverMachine,
  testModel(variant: PathVariant) {
    return createSiteOwnerHandoverTestModel(SITE_OWNER_MODEL_FAILURES[variant]);
  },
};
