import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { SHARE_FAILED_MESSAGE } from '../albumShare/albumShare.machine.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  CIRCULAR_GROUP_MEMBERS,
  CIRCULAR_MEMBER_OF,
  currentMembers,
  isMemberAddable,
  isMemberRemovable,
  memberChanges,
  memberEditErrorMessage,
  memberEditListMachine,
  type ApplyMemberChangesInput,
  type MemberEditListEvent,
  type MemberRef,
} from './memberEditList.machine.ts';
import { MEMBER_MODEL_INPUT, memberEditListModel, MODEL_EDITORS, MODEL_OWNER, MODEL_REGISTERED_USERS, MODEL_STAFF } from './memberEditList.model.ts';

const shortestPaths = memberEditListModel.testModel('shortest').getShortestPaths();
const simplePaths = memberEditListModel.testModel('simple').getSimplePaths();

// The built-in groups by href (dam.yaml `GroupBuiltinKey`: everyone 10001, registered 10002), never by name.
const DEFAULT_GROUP_HREFS = new Set(['/fotoweb/api/groups/10001', '/fotoweb/api/groups/10002']);
const hrefs = (list: readonly MemberRef[]) => list.map((m) => m.href);

function createMemberDriver(coverage?: CoverageTracker): PathDriver {
  const patches = createControlledPromiseActor<unknown, ApplyMemberChangesInput>();
  const actor = createActor(memberEditListMachine.provide({ actors: { applyMemberChanges: patches.logic } }), {
    input: MEMBER_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot().context;
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.applyMemberChanges') patches.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.applyMemberChanges') patches.current().reject(payload.error);
      else actor.send(event as MemberEditListEvent);
      await flushPromises();
      const after = actor.getSnapshot();
      const now = after.context;

      // Spec oracles, written from spec 03 §4 and spec 01 §5 rather than from the machine's guards.
      if (event.type === 'ADD') {
        const { member } = event as Extract<MemberEditListEvent, { type: 'ADD' }>;
        // The picker's Add: what it adds leaves the choice (spec 03 §2.6).
        expect(hrefs(now.picked)).toEqual(hrefs(before.picked).filter((h) => h !== member.href));
        if (hrefs(before.removed).includes(member.href)) {
          // Adding a previously removed item cancels the removal.
          expect([hrefs(now.removed), now.added]).toEqual([hrefs(before.removed).filter((h) => h !== member.href), before.added]);
        } else if (member.href === MODEL_OWNER.href || DEFAULT_GROUP_HREFS.has(member.href) || hrefs(currentMembers(before)).includes(member.href)) {
          expect(now).toBe(before);
        } else {
          expect(hrefs(now.added)).toEqual([...hrefs(before.added), member.href]);
        }
      }
      if (event.type === 'PICK') {
        const { member } = event as Extract<MemberEditListEvent, { type: 'PICK' }>;
        // Only a member the list could take is chosen (spec 03 §5 listed groups and the owner are not offered), once.
        const offered = member.href !== MODEL_OWNER.href && !DEFAULT_GROUP_HREFS.has(member.href) && !hrefs(currentMembers(before)).includes(member.href);
        if (offered && !hrefs(before.picked).includes(member.href)) expect(hrefs(now.picked)).toEqual([...hrefs(before.picked), member.href]);
        else expect(now).toBe(before);
        expect([now.added, now.removed]).toEqual([before.added, before.removed]);
      }
      if (event.type === 'UNPICK') {
        const { href } = event as Extract<MemberEditListEvent, { type: 'UNPICK' }>;
        expect(hrefs(now.picked)).toEqual(hrefs(before.picked).filter((h) => h !== href));
        expect([now.added, now.removed]).toEqual([before.added, before.removed]);
      }
      if (event.type === 'REMOVE') {
        const { href } = event as Extract<MemberEditListEvent, { type: 'REMOVE' }>;
        const member = currentMembers(before).find((m) => m.href === href);
        if (hrefs(before.added).includes(href)) {
          // Removing a just-added item cancels the addition.
          expect([hrefs(now.added), now.removed]).toEqual([hrefs(before.added).filter((h) => h !== href), before.removed]);
        } else if (!member || DEFAULT_GROUP_HREFS.has(member.href)) {
          expect(now).toBe(before);
        } else {
          expect(hrefs(now.removed)).toEqual([...hrefs(before.removed), href]);
        }
      }
      if (event.type === 'SAVE') {
        // Nothing changed: no update call (spec 03 §4).
        const changed = before.added.length + before.removed.length > 0;
        expect(after.value).toBe(changed ? 'saving' : 'saved');
      }
      if (event.type === 'xstate.error.actor.applyMemberChanges') {
        const error = payload.error as { status: number; responseJSON?: { heading: string } };
        const expected = error.status === 409 ? CIRCULAR_MEMBER_OF : error.status !== 500 && error.responseJSON ? error.responseJSON.heading : DEFAULT_ERROR_MESSAGE;
        expect([after.value, now.error, now.added, now.removed]).toEqual(['editing', expected, before.added, before.removed]);
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      const original = hrefs(context.original);
      expect(original).toEqual(hrefs(MEMBER_MODEL_INPUT.members));
      for (const href of hrefs(context.added)) expect(original).not.toContain(href);
      for (const href of hrefs(context.removed)) expect(original).toContain(href);
      expect(hrefs(context.added)).not.toContain(MODEL_OWNER.href);
      expect(context.removed.filter((m) => DEFAULT_GROUP_HREFS.has(m.href))).toEqual([]);
      const shown = hrefs(currentMembers(context));
      expect(new Set(shown).size).toBe(shown.length);
      // The picker's choice holds only what ADD would take: never listed, never the owner, never a default group.
      for (const member of context.picked) expect(isMemberAddable(context, member.href)).toBe(true);
      expect(new Set(hrefs(context.picked)).size).toBe(context.picked.length);
      expect(shown).toContain(MODEL_REGISTERED_USERS.href);
      // Every PATCH had something to send, as hrefs on the list's href (spec 03 §7).
      for (const { input } of patches.invocations) {
        expect(input.href).toBe(MEMBER_MODEL_INPUT.href);
        expect(input.add.length + input.remove.length).toBeGreaterThan(0);
      }
      expect(patches.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);

      switch (snapshot.value) {
        case 'editing':
          break;
        case 'saving':
          expect(patches.current().input).toEqual({ href: MEMBER_MODEL_INPUT.href, ...memberChanges(context) });
          expect(context.error).toBeUndefined();
          break;
        case 'saved':
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual(memberChanges(context));
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths('memberEditList model: shortest paths (every §8 failure)', shortestPaths, 40, () => createMemberDriver());

describeModelPaths('memberEditList model: simple paths (one failure)', simplePaths, 40, () => createMemberDriver());

describe('memberEditList coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(memberEditListMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createMemberDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('memberEditList', report));
    assertFullCoverage('memberEditList', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

function start() {
  const patches = createControlledPromiseActor<unknown, ApplyMemberChangesInput>();
  const actor = createActor(memberEditListMachine.provide({ actors: { applyMemberChanges: patches.logic } }), {
    input: MEMBER_MODEL_INPUT,
  }).start();
  return { actor, patches };
}

describe('memberEditList rules (spec 03 §4, spec 01 §5)', () => {
  it('gathers adds and removes, and each cancels the other', () => {
    const { actor } = start();
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    expect(memberChanges(actor.getSnapshot().context)).toEqual({ add: [MODEL_EDITORS.href], remove: [MODEL_STAFF.href] });
    actor.send({ type: 'ADD', member: MODEL_STAFF });
    actor.send({ type: 'REMOVE', href: MODEL_EDITORS.href });
    expect(memberChanges(actor.getSnapshot().context)).toEqual({ add: [], remove: [] });
    expect(hrefs(currentMembers(actor.getSnapshot().context))).toEqual([MODEL_REGISTERED_USERS.href, MODEL_STAFF.href]);
  });

  it('never adds a member twice, nor the owner to its own list', () => {
    const { actor } = start();
    const initial = actor.getSnapshot().context;
    actor.send({ type: 'ADD', member: MODEL_STAFF });
    actor.send({ type: 'ADD', member: MODEL_OWNER });
    expect(actor.getSnapshot().context).toBe(initial);
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'ADD', member: { ...MODEL_EDITORS, name: 'Editors (again)' } });
    expect(actor.getSnapshot().context.added).toEqual([MODEL_EDITORS]);
  });

  it('refuses to remove Everyone and Registered Users by href; a renamed built-in stays, look-alike names are removable', () => {
    const everyone: MemberRef = { href: '/fotoweb/api/groups/10001', name: 'All staff (renamed Everyone)', type: 'group' };
    const lookalike: MemberRef = { href: '/fotoweb/api/groups/10040', name: 'Everyone', type: 'group' };
    const namesake: MemberRef = { href: '/fotoweb/api/users/15009', name: 'Registered Users', type: 'user' };
    const actor = createActor(memberEditListMachine, {
      input: { ...MEMBER_MODEL_INPUT, kind: 'groupMembers', members: [everyone, lookalike, namesake, MODEL_REGISTERED_USERS] },
    }).start();
    const { context } = actor.getSnapshot();
    expect([everyone, lookalike, namesake, MODEL_REGISTERED_USERS].map((m) => isMemberRemovable(context, m.href))).toEqual([false, true, true, false]);
    actor.send({ type: 'REMOVE', href: everyone.href });
    actor.send({ type: 'REMOVE', href: MODEL_REGISTERED_USERS.href });
    actor.send({ type: 'REMOVE', href: lookalike.href });
    actor.send({ type: 'REMOVE', href: namesake.href });
    expect(hrefs(actor.getSnapshot().context.removed)).toEqual([lookalike.href, namesake.href]);
    expect(isMemberRemovable(context, '/fotoweb/api/groups/unknown')).toBe(false);
  });

  it('never adds a built-in group (its members are implicit)', () => {
    const actor = createActor(memberEditListMachine, { input: { ...MEMBER_MODEL_INPUT, members: [MODEL_STAFF] } }).start();
    const initial = actor.getSnapshot().context;
    actor.send({ type: 'ADD', member: MODEL_REGISTERED_USERS });
    actor.send({ type: 'ADD', member: { href: '/fotoweb/api/groups/10001', name: 'Everyone', type: 'group' } });
    expect(actor.getSnapshot().context).toBe(initial);
  });

  it('sends to the href SAVE names (a user created just before), else to the list it was opened on', () => {
    const { actor, patches } = start();
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'SAVE', href: '/fotoweb/api/users/15030/member-of' });
    expect(patches.current().input).toEqual({ href: '/fotoweb/api/users/15030/member-of', add: [MODEL_EDITORS.href], remove: [] });
  });

  it("keeps the picker's choice: only addable members, once; UNPICK drops one; each ADD takes one out (spec 03 §2.6, §5)", () => {
    const { actor } = start();
    const photo: MemberRef = { href: '/fotoweb/api/groups/10050', name: 'Photo desk', type: 'group' };
    actor.send({ type: 'PICK', member: MODEL_EDITORS });
    actor.send({ type: 'PICK', member: photo });
    actor.send({ type: 'PICK', member: MODEL_EDITORS });
    actor.send({ type: 'PICK', member: MODEL_STAFF });
    actor.send({ type: 'PICK', member: MODEL_OWNER });
    actor.send({ type: 'PICK', member: MODEL_REGISTERED_USERS });
    expect(hrefs(actor.getSnapshot().context.picked)).toEqual([MODEL_EDITORS.href, photo.href]);
    expect(memberChanges(actor.getSnapshot().context)).toEqual({ add: [], remove: [] });
    actor.send({ type: 'UNPICK', href: photo.href });
    actor.send({ type: 'UNPICK', href: photo.href });
    expect(hrefs(actor.getSnapshot().context.picked)).toEqual([MODEL_EDITORS.href]);
    // A removed member can be chosen again: adding it back cancels the removal.
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    actor.send({ type: 'PICK', member: MODEL_STAFF });
    for (const member of actor.getSnapshot().context.picked) actor.send({ type: 'ADD', member });
    const { context } = actor.getSnapshot();
    expect([context.picked, memberChanges(context)]).toEqual([[], { add: [MODEL_EDITORS.href], remove: [] }]);
  });

  it('ignores the picker while saving, and a choice alone is no change', async () => {
    const { actor, patches } = start();
    actor.send({ type: 'PICK', member: MODEL_EDITORS });
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'UNPICK', href: MODEL_EDITORS.href });
    actor.send({ type: 'PICK', member: { href: '/fotoweb/api/groups/10050', name: 'Photo desk', type: 'group' } });
    expect(hrefs(actor.getSnapshot().context.picked)).toEqual([MODEL_EDITORS.href]);
    expect(patches.current().input).toEqual({ href: MEMBER_MODEL_INPUT.href, add: [], remove: [MODEL_STAFF.href] });
    const chosenOnly = start();
    chosenOnly.actor.send({ type: 'PICK', member: MODEL_EDITORS });
    chosenOnly.actor.send({ type: 'SAVE' });
    expect([chosenOnly.patches.invocations.length, chosenOnly.actor.getSnapshot().status]).toEqual([0, 'done']);
  });

  it('makes no call when nothing changed', () => {
    const { actor, patches } = start();
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'REMOVE', href: MODEL_EDITORS.href });
    actor.send({ type: 'SAVE' });
    expect(patches.invocations).toHaveLength(0);
    expect(actor.getSnapshot().output).toEqual({ add: [], remove: [] });
  });

  it('ignores edits while saving and keeps the lists after a failure, clearing the message on the next edit', async () => {
    const { actor, patches } = start();
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    expect(actor.getSnapshot().context.removed).toEqual([]);
    patches.current().reject({ status: 409 });
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ error: CIRCULAR_MEMBER_OF, added: [MODEL_EDITORS] });
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('maps PATCH failures per list (spec 03 §8)', () => {
    expect(memberEditErrorMessage('groupMembers', { status: 409 })).toBe(CIRCULAR_GROUP_MEMBERS);
    expect(memberEditErrorMessage('memberOf', { status: 409 })).toBe(CIRCULAR_MEMBER_OF);
    expect(memberEditErrorMessage('userMembers', { status: 409 })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(memberEditErrorMessage('userMembers', { status: 409, responseJSON: { heading: 'User exists' } })).toBe('User exists');
    expect(memberEditErrorMessage('memberOf', { status: 403, responseJSON: { heading: 'Forbidden' } })).toBe('Forbidden');
    expect(memberEditErrorMessage('memberOf', { status: 500, responseJSON: { heading: 'SQL' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(memberEditErrorMessage('memberOf', new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(memberEditErrorMessage('memberOf', null)).toBe(DEFAULT_ERROR_MESSAGE);
    // An album's sharing (issue 13; spec 01 §8 "Share failed").
    expect(memberEditErrorMessage('albumShares', { status: 403, responseJSON: { heading: 'Not a friend' } })).toBe('Not a friend');
    expect(memberEditErrorMessage('albumShares', { status: 500, responseJSON: { heading: 'SQL' } })).toBe(SHARE_FAILED_MESSAGE);
    expect(memberEditErrorMessage('albumShares', new TypeError('Failed to fetch'))).toBe(SHARE_FAILED_MESSAGE);
  });

  it('sends {add, remove} hrefs with a real promise actor', async () => {
    const sent: ApplyMemberChangesInput[] = [];
    const actor = createActor(
      memberEditListMachine.provide({
        actors: { applyMemberChanges: fromPromise<unknown, ApplyMemberChangesInput>(async ({ input }) => void sent.push(input)) },
      }),
      { input: MEMBER_MODEL_INPUT },
    ).start();
    actor.send({ type: 'REMOVE', href: MODEL_STAFF.href });
    actor.send({ type: 'ADD', member: MODEL_EDITORS });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent).toEqual([{ href: MEMBER_MODEL_INPUT.href, add: [MODEL_EDITORS.href], remove: [MODEL_STAFF.href] }]);
    expect(actor.getSnapshot().output).toEqual({ add: [MODEL_EDITORS.href], remove: [MODEL_STAFF.href] });
  });
});
