/**
 * The group permission switches' test model (spec 03 §3.3, §4 flow permission dependencies, §5 Group switches): the
 * TOGGLE cases that `groupPermissions.test.ts` runs on real actors and `npm run paths -- groupPermissions` prints.
 *
 * The machine has no actors or delays; the model only chooses which switches to flip.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import {
  getGroupPermission,
  GROUP_PERMISSION_KEYS,
  groupPermissionsMachine,
  isGroupPermissionDisabled,
  isGroupPermissionShown,
  type GroupPermissionKey,
  type GroupPermissionsContext,
  type GroupPermissionsInputs,
} from './groupPermissions.machine.ts';

/** A switch the model's permissions overview does not offer: toggling it is refused. */
export const MODEL_UNAVAILABLE_PERMISSION: GroupPermissionKey = 'manageWebhooks';

/** The machine input of every path: a new group (all off), every switch available but {@link MODEL_UNAVAILABLE_PERMISSION}. */
export const GROUP_PERMISSIONS_MODEL_INPUT: GroupPermissionsInputs = {
  available: GROUP_PERMISSION_KEYS.filter((key) => key !== MODEL_UNAVAILABLE_PERMISSION),
};

/**
 * The switches each variant flips. The other 30 are independent switches with no rule: flipping them would only
 * multiply the paths. `shortest`: both flow rules and both album sharing rules; `simple`: the flow rules only (every
 * loop-free order of a product of switches grows too fast).
 */
export const GROUP_PERMISSIONS_MODEL_SWITCHES: Readonly<Record<PathVariant, readonly GroupPermissionKey[]>> = {
  shortest: ['viewFlows', 'manageFlows', 'albums.shareWithUsers', 'albums.shareWithGuests', 'albums.restrictToFriends', 'albums.delegateDownloads', MODEL_UNAVAILABLE_PERMISSION],
  simple: ['viewFlows', 'manageFlows', MODEL_UNAVAILABLE_PERMISSION],
};

const flags = (snapshot: AnyMachineSnapshot): string[] => {
  const { permissions } = snapshot.context as GroupPermissionsContext;
  const { albums, ...plain } = permissions;
  return [
    ...Object.entries(plain)
      .filter(([, on]) => on)
      .map(([name]) => name),
    ...Object.entries(albums)
      .filter(([, on]) => on)
      .map(([name]) => `albums.${name}`),
  ];
};

/**
 * A vertex is the snapshot, except after a TOGGLE that changed nothing (refused) or more than its own switch (a
 * dependency applied): those often land on a snapshot already seen, so the vertex also names the event and a path
 * takes it; the dependency rules are what the model is for.
 */
function serializeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot): string {
  const key = serializeSnapshot(snapshot);
  if (!event || !previous || event.type !== 'TOGGLE') return key;
  const before = new Set(flags(previous));
  const after = new Set(flags(snapshot));
  const changed = [...before].filter((f) => !after.has(f)).length + [...after].filter((f) => !before.has(f)).length;
  return changed === 1 ? key : `${key} after ${JSON.stringify(event)}`;
}

const modelMachine = toTestModelMachine(groupPermissionsMachine);

/** The `xstate/graph` test model flipping `switches`, with {@link GROUP_PERMISSIONS_MODEL_INPUT}. */
export function createGroupPermissionsTestModel(switches: readonly GroupPermissionKey[]) {
  // A refused toggle (unavailable, or disabled while off) is shown once, from the all-off start, not from every vertex.
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as GroupPermissionsContext;
    const start = flags(snapshot).length === 0;
    return switches
      .filter((permission) => {
        const refused =
          !isGroupPermissionShown(context, permission) || (!getGroupPermission(context.permissions, permission) && isGroupPermissionDisabled(context.permissions, permission));
        return start || !refused;
      })
      .map((permission) => ({ type: 'TOGGLE', permission }) as EventObject);
  };
  return createTestModel(modelMachine, {
    input: GROUP_PERMISSIONS_MODEL_INPUT,
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((listed) => JSON.stringify(listed) === JSON.stringify(event)),
    serializeState,
  });
}

/** The group permission switches' {@link MachineModel}; see {@link GROUP_PERMISSIONS_MODEL_SWITCHES}. */
export const groupPermissionsModel: MachineModel = {
  name: 'groupPermissions',
  title: "Flip a group's permission switches: flows dependencies, album sharing switches, unavailable switches",
  spec: 'spec 03 §2.6, §3.3 Group permissions, §4 group permission dependencies, §5 Group switches',
  machine: groupPermissionsMachine,
  testModel(variant: PathVariant) {
    return createGroupPermissionsTestModel(GROUP_PERMISSIONS_MODEL_SWITCHES[variant]);
  },
};
