/**
 * The member edit list's test model (spec 03 §4 add and remove lists, §7, §8; spec 01 §5 default groups; §2.6, §5 the
 * add-member picker's choice): the payload cases that `memberEditList.test.ts` runs on real actors and
 * `npm run paths -- memberEditList` prints for QA.
 *
 * The picker's choice is shown from the untouched list: PICK Editors (and a refused PICK of a listed group), then
 * UNPICK it, ADD it (the Add button, which leaves the choice empty) or SAVE with only a choice (no call: a choice is
 * no change).
 *
 * The `applyMemberChanges` invocation becomes its done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { currentMembers, memberEditListMachine, type MemberEditListContext, type MemberEditListInput, type MemberRef } from './memberEditList.machine.ts';

/** The group whose memberships are edited (never added to its own list). Hrefs as dam.yaml `Group.href`. */
export const MODEL_OWNER: MemberRef = { href: '/fotoweb/api/groups/10021', name: 'Photographers', type: 'group' };
/** The built-in Everyone group (dam.yaml `GroupBuiltinKey` everyone 10001). */
export const MODEL_EVERYONE: MemberRef = { href: '/fotoweb/api/groups/10001', name: 'Everyone', type: 'group' };
/** A default group the owner is in: it cannot be removed (spec 01 §5); known by its href (10002), not its name. */
export const MODEL_REGISTERED_USERS: MemberRef = { href: '/fotoweb/api/groups/10002', name: 'Registered Users', type: 'group' };
/** An original membership the model removes and adds back. */
export const MODEL_STAFF: MemberRef = { href: '/fotoweb/api/groups/10030', name: 'Staff', type: 'group' };
/** A new membership the model adds and removes again. */
export const MODEL_EDITORS: MemberRef = { href: '/fotoweb/api/groups/10022', name: 'Editors', type: 'group' };

/** The machine input of every path: Photographers' member-of list (its `memberOfHref`, dam.yaml `Group`). */
export const MEMBER_MODEL_INPUT: MemberEditListInput = {
  kind: 'memberOf',
  href: `${MODEL_OWNER.href}/member-of`,
  ownerHref: MODEL_OWNER.href,
  members: [MODEL_REGISTERED_USERS, MODEL_STAFF],
  defaultGroupHrefs: [MODEL_EVERYONE.href, MODEL_REGISTERED_USERS.href],
};

/** Failed PATCHes per variant: `shortest` every §8 branch (409, a heading, a heading with 500); `simple` the 409. */
export const MEMBER_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409 },
    { status: 403, responseJSON: { heading: 'Memberships are managed by the directory' } },
    { status: 500, responseJSON: { heading: 'Deadlock detected' } },
  ],
  simple: [{ status: 409 }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as MemberEditListContext;
    if (snapshot.matches('editing')) {
      const listed = (member: MemberRef) => currentMembers(context).some((m) => m.href === member.href);
      if (context.picked.length > 0) return [event('SAVE'), event('UNPICK', { href: MODEL_EDITORS.href }), event('ADD', { member: MODEL_EDITORS })];
      const untouched = context.added.length + context.removed.length === 0 && context.error === undefined;
      return [
        // spec 03 §2.6 multi-select: Editors chosen in the picker; Staff, listed, is not offered.
        ...(untouched ? [event('PICK', { member: MODEL_EDITORS }), event('PICK', { member: MODEL_STAFF })] : []),
        event('SAVE'),
        ...(listed(MODEL_EDITORS) ? [event('REMOVE', { href: MODEL_EDITORS.href })] : [event('ADD', { member: MODEL_EDITORS })]),
        ...(listed(MODEL_STAFF) ? [event('REMOVE', { href: MODEL_STAFF.href })] : [event('ADD', { member: MODEL_STAFF })]),
        // Refused, shown once from the untouched list: a listed member again, the owner itself, a default group.
        ...(untouched ? [event('ADD', { member: MODEL_STAFF }), event('ADD', { member: MODEL_OWNER }), event('REMOVE', { href: MODEL_REGISTERED_USERS.href })] : []),
      ];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.applyMemberChanges', { output: null }),
        ...MEMBER_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.applyMemberChanges', { error })),
      ];
    }
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(variant: PathVariant) {
  const events = modelEvents(variant);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const pending = (snapshot: AnyMachineSnapshot) => {
  const { added, removed } = snapshot.context as MemberEditListContext;
  return added.length + removed.length;
};

const picked = (snapshot: AnyMachineSnapshot) => (snapshot.context as MemberEditListContext).picked.length;

/**
 * For shortest paths a vertex is the snapshot (value + context), except after an ADD, REMOVE, PICK or UNPICK that did
 * not grow the pending changes (a cancelled removal or addition, a refused edit, a choice made or dropped), and after
 * the picker's ADD of what it chose: those land on a snapshot already seen (or one a shorter path reaches), so the
 * vertex also names the event and a path takes them (spec 03 §4: cancelling is a rule to show, not a detour; §2.6:
 * the Add button adds the chosen members). Simple paths use the plain snapshot: with the marked vertices every
 * loop-free route would multiply.
 */
function serializeState(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot): string => {
    const key = serializeSnapshot(snapshot);
    if (variant === 'simple' || !event || !previous || !['ADD', 'REMOVE', 'PICK', 'UNPICK'].includes(event.type)) return key;
    const marked = pending(snapshot) <= pending(previous) || (event.type === 'ADD' && picked(previous) > 0);
    return marked ? `${key} after ${JSON.stringify(event)}` : key;
  };
}

const modelMachine = toTestModelMachine(memberEditListMachine);

/** The `xstate/graph` test model for a variant, with {@link MEMBER_MODEL_INPUT}. */
export function createMemberEditListTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, {
    input: MEMBER_MODEL_INPUT,
    events: modelEvents(variant),
    filterEvents: modelFilter(variant),
    serializeState: serializeState(variant),
  });
}

/** The member edit list's {@link MachineModel}; see {@link MEMBER_MODEL_FAILURES} for the variants. */
export const memberEditListModel: MachineModel = {
  name: 'memberEditList',
  title: "Edit a group's memberships: pick in the picker, add, remove, cancel either by the opposite action, save once as {add, remove}",
  spec: 'spec 03 §2.6 multi-select picker, §4 member and membership edits as add and remove lists, §5 add button, §7 PATCH {add, remove}, §8; spec 01 §5 default groups',
  machine: memberEditListMachine,
  testModel(variant: PathVariant) {
    return createMemberEditListTestModel(variant);
  },
};
