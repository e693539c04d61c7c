/**
 * The group save's test model (spec 03 §2.6, §4 group form add and edit modes, §5 Group, §8 group errors): the SAVE
 * payloads and network outcomes that `groupSave.test.ts` runs on real actors and `npm run paths -- groupSave` prints
 * for QA.
 *
 * Two inputs: editing "Keyword editors" ({@link groupSaveModel}, what `npm run paths` lists) and adding "Photo desk"
 * ({@link groupSaveModelFor}`('add')`: the create, then the membership lists on the new group's links, and a retry
 * after a failed membership PATCH that never creates it twice).
 *
 * The `save` and `saveMemberships` invocations become their done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { CIRCULAR_MEMBER_OF_TEXT, groupSaveMachine, groupValues, type GroupFormValues, type GroupSaveInput, type SavedGroup } from './groupSave.machine.ts';

/** The edited group's links (dam.yaml `Group`). */
export const MODEL_GROUP: SavedGroup = {
  href: '/fotoweb/api/groups/10020',
  memberOfHref: '/fotoweb/api/groups/10020/member-of',
  userMembersHref: '/fotoweb/api/groups/10020/users',
  groupMembersHref: '/fotoweb/api/groups/10020/groups',
};

/** The edit form's starting values: "Keyword editors" holding `manageTaxonomies`, license defaults otherwise. */
export const MODEL_GROUP_ORIGINAL: GroupFormValues = { ...groupValues(undefined), name: 'Keyword editors', permissions: ['manageTaxonomies'] };

/** The SAVE payloads: what the form holds when Save is pressed. */
export const MODEL_GROUP_SAVES = {
  /** A display name of spaces only (spec 03 §5 Group: required). */
  invalid: { ...MODEL_GROUP_ORIGINAL, name: '   ' },
  /** Only surrounding spaces added and an empty custom property row: nothing to send (spec 03 §4 edit mode). */
  unchanged: { ...MODEL_GROUP_ORIGINAL, name: ' Keyword editors ', propertyBag: [{ key: '', value: '' }] },
  /** One more permission: sent alone. */
  changed: { ...MODEL_GROUP_ORIGINAL, permissions: ['manageTaxonomies', 'api'] },
} as const satisfies Record<string, GroupFormValues>;

/** The machine input of every path: editing {@link MODEL_GROUP}. */
export const GROUP_SAVE_MODEL_INPUT: GroupSaveInput = { mode: 'edit', saved: MODEL_GROUP, original: MODEL_GROUP_ORIGINAL };

/** The group the add form creates: its links, known only once the POST answers (dam.yaml `Group`). */
export const MODEL_NEW_GROUP: SavedGroup = {
  href: '/fotoweb/api/groups/10030',
  memberOfHref: '/fotoweb/api/groups/10030/member-of',
  userMembersHref: '/fotoweb/api/groups/10030/users',
  groupMembersHref: '/fotoweb/api/groups/10030/groups',
};

/** The add form's SAVE payloads: a new group "Photo desk", the defaults otherwise. */
export const MODEL_NEW_GROUP_SAVES = {
  /** A display name of spaces only: refused, nothing created (spec 03 §5 Group). */
  invalid: { ...groupValues(undefined), name: '   ' },
  /** A new group: created (POST); pressed again after a failed membership PATCH, nothing is created again. */
  valid: { ...groupValues(undefined), name: 'Photo desk' },
} as const satisfies Record<string, GroupFormValues>;

/** The add form's machine input: creating at the descriptor's group list (`userManagement.groupList`). */
export const GROUP_SAVE_ADD_MODEL_INPUT: GroupSaveInput = { mode: 'add', listHref: '/fotoweb/groups/' };

/** Which form the model drives: the edit form of {@link GROUP_SAVE_MODEL_INPUT} or the add form of {@link GROUP_SAVE_ADD_MODEL_INPUT}. */
export type GroupSaveModelMode = 'edit' | 'add';

/** Failed group saves per variant: `shortest` the name taken, a 400 with its field message and a 403; `simple` the name taken. */
export const GROUP_SAVE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'GroupExists', message: 'A group with this name exists.' } },
    { status: 400, responseJSON: { value: 'InvalidRequest', message: 'Invalid', issues: [{ message: 'The description is too long.' }] } },
    { status: 403, responseJSON: { value: 'Forbidden', message: 'manageUsers is needed' } },
  ],
  simple: [{ status: 409, responseJSON: { value: 'GroupExists', message: 'A group with this name exists.' } }],
};

/**
 * A failed membership PATCH: a loop through the "Member of" list, as that list's own message (spec 03 §8 circular
 * member-of) without a status, as the web's `saveMemberList` rejects.
 */
export const MODEL_GROUP_MEMBERSHIP_FAILURE = { message: CIRCULAR_MEMBER_OF_TEXT };

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const save = (values: GroupFormValues, membershipsChanged: boolean) => event('SAVE', { values, membershipsChanged });

function modelEvents(variant: PathVariant, mode: GroupSaveModelMode) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (mode === 'add' && (snapshot.matches('editing') || snapshot.matches('error'))) {
      const saves = [save(MODEL_NEW_GROUP_SAVES.invalid, true), save(MODEL_NEW_GROUP_SAVES.valid, true)];
      return variant === 'simple' ? saves : [...saves, save(MODEL_NEW_GROUP_SAVES.valid, false)];
    }
    if (snapshot.matches('editing') || snapshot.matches('error')) {
      const saves = [save(MODEL_GROUP_SAVES.invalid, true), save(MODEL_GROUP_SAVES.changed, true)];
      if (variant === 'simple') return saves;
      return [...saves, save(MODEL_GROUP_SAVES.unchanged, false), save(MODEL_GROUP_SAVES.unchanged, true), save(MODEL_GROUP_SAVES.changed, false)];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save', { output: mode === 'add' ? MODEL_NEW_GROUP : MODEL_GROUP }),
        ...GROUP_SAVE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    if (snapshot.matches('savingMemberships')) {
      return [event('xstate.done.actor.saveMemberships', { output: null }), event('xstate.error.actor.saveMemberships', { error: MODEL_GROUP_MEMBERSHIP_FAILURE })];
    }
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(variant: PathVariant, mode: GroupSaveModelMode) {
  const events = modelEvents(variant, mode);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(groupSaveMachine);

/** The `xstate/graph` test model for a variant, with {@link GROUP_SAVE_MODEL_INPUT} (or, adding, {@link GROUP_SAVE_ADD_MODEL_INPUT}). */
export function createGroupSaveTestModel(variant: PathVariant, mode: GroupSaveModelMode = 'edit') {
  const input = mode === 'add' ? GROUP_SAVE_ADD_MODEL_INPUT : GROUP_SAVE_MODEL_INPUT;
  return createTestModel(modelMachine, { input, events: modelEvents(variant, mode), filterEvents: modelFilter(variant, mode) });
}

/**
 * The group save's model for one form: `edit` is {@link groupSaveModel}; `add` is named `groupSave (add)` (a
 * function, so `npm run paths`, which lists one model per flow folder, does not find it; the unit tests and the
 * browser run it).
 */
export function groupSaveModelFor(mode: GroupSaveModelMode): MachineModel {
  if (mode === 'edit') return groupSaveModel;
  return {
    name: 'groupSave (add)',
    title: 'Save the add-group form: a blank name refused, the group created once, then its membership lists on its new links',
    spec: 'spec 03 §2.6, §4 group form add mode, §5 Group, §7 POST group list and the membership PATCHes, §8 group errors by status',
    machine: groupSaveMachine,
    testModel(variant: PathVariant) {
      return createGroupSaveTestModel(variant, 'add');
    },
  };
}

/** The group save's {@link MachineModel}; see {@link GROUP_SAVE_MODEL_FAILURES} for the variants. */
export const groupSaveModel: MachineModel = {
  name: 'groupSave',
  title: 'Save the group form: a blank name refused, no call when nothing changed, the group saved before its membership lists',
  spec: 'spec 03 §2.6, §4 group form add and edit modes, §5 Group, §7 POST/PATCH group and the membership PATCHes, §8 group errors by status',
  machine: groupSaveMachine,
  testModel(variant: PathVariant) {
    return createGroupSaveTestModel(variant);
  },
};
