import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  CIRCULAR_GROUP_MEMBERS_TEXT,
  GROUP_EXISTS_TEXT,
  GROUP_FORBIDDEN_TEXT,
  GROUP_INVALID_TEXT,
  GROUP_NAME_REQUIRED,
  groupCreateBody,
  groupPatch,
  groupProblems,
  groupSaveErrorMessage,
  groupSaveMachine,
  groupValues,
  type GroupFormValues,
  type GroupSaveInput,
  type SavedGroup,
  type SaveGroupInput,
  type SaveGroupMembershipsInput,
} from './groupSave.machine.ts';
import {
  GROUP_SAVE_ADD_MODEL_INPUT,
  GROUP_SAVE_MODEL_INPUT,
  groupSaveModel,
  groupSaveModelFor,
  MODEL_GROUP,
  MODEL_GROUP_ORIGINAL,
  MODEL_GROUP_SAVES,
  MODEL_NEW_GROUP,
  MODEL_NEW_GROUP_SAVES,
  type GroupSaveModelMode,
} from './groupSave.model.ts';

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

const EDITORS: SavedGroup = {
  href: '/fotoweb/api/groups/10020',
  memberOfHref: '/fotoweb/api/groups/10020/member-of',
  userMembersHref: '/fotoweb/api/groups/10020/users',
  groupMembersHref: '/fotoweb/api/groups/10020/groups',
};
const original = { ...groupValues(undefined), name: 'Editors', permissions: ['manageTaxonomies'] };

function start(input: GroupSaveInput) {
  const saves = createControlledPromiseActor<SavedGroup, SaveGroupInput>();
  const memberships = createControlledPromiseActor<unknown, SaveGroupMembershipsInput>();
  const actor = createActor(groupSaveMachine.provide({ actors: { save: saves.logic, saveMemberships: memberships.logic } }), { input }).start();
  return { actor, saves, memberships };
}

const shortestPaths = groupSaveModel.testModel('shortest').getShortestPaths();
const simplePaths = groupSaveModel.testModel('simple').getSimplePaths();
const addShortestPaths = groupSaveModelFor('add').testModel('shortest').getShortestPaths();
const addSimplePaths = groupSaveModelFor('add').testModel('simple').getSimplePaths();

type GroupSaveEvent = { type: 'SAVE'; values: GroupFormValues; membershipsChanged: boolean };

function createGroupSaveDriver(coverage?: CoverageTracker, mode: GroupSaveModelMode = 'edit'): PathDriver {
  const saved = mode === 'add' ? MODEL_NEW_GROUP : MODEL_GROUP;
  const saves = createControlledPromiseActor<SavedGroup, SaveGroupInput>();
  const memberships = createControlledPromiseActor<unknown, SaveGroupMembershipsInput>();
  const actor = createActor(groupSaveMachine.provide({ actors: { save: saves.logic, saveMemberships: memberships.logic } }), {
    input: mode === 'add' ? GROUP_SAVE_ADD_MODEL_INPUT : GROUP_SAVE_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  // The permissions the DAM holds: the original until a save succeeds, then the ones that save sent (none before the
  // add form's group is created).
  const key = (permissions: readonly string[]) => [...permissions].sort().join(',');
  let savedPermissions: string | undefined = mode === 'add' ? undefined : key(MODEL_GROUP_ORIGINAL.permissions);
  let sentPermissions = savedPermissions;
  let created = 0;

  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output as SavedGroup);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.saveMemberships') memberships.current().resolve(payload.output);
      else if (event.type === 'xstate.error.actor.saveMemberships') memberships.current().reject(payload.error);
      else actor.send(event as GroupSaveEvent);
      await flushPromises();
      const after = actor.getSnapshot();

      // Oracles from spec 03 §4/§5 Group, independent of the machine's guards.
      if (event.type === 'SAVE') {
        const { values, membershipsChanged } = event as GroupSaveEvent;
        const blank = values.name.trim() === '';
        const groupChanged = key(values.permissions) !== savedPermissions;
        if (!blank) sentPermissions = key(values.permissions);
        expect(after.value).toBe(blank ? 'editing' : groupChanged ? 'saving' : membershipsChanged ? 'savingMemberships' : 'saved');
        if (blank) expect(after.context.problems).toEqual([GROUP_NAME_REQUIRED]);
      }
      if (event.type === 'xstate.done.actor.save') {
        savedPermissions = sentPermissions;
        if (mode === 'add') created += 1;
      }
      if (event.type === 'xstate.error.actor.save') expect(after.context.error).toBe(groupSaveErrorMessage(payload.error));
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (mode === 'add') {
        // The add form creates the group with the whole body (spec 03 §7 POST), once: pressed again after a failed
        // membership PATCH, nothing is created twice.
        for (const { input } of saves.invocations) expect(input).toEqual({ ...GROUP_SAVE_ADD_MODEL_INPUT, body: groupCreateBody(MODEL_NEW_GROUP_SAVES.valid) });
        expect(created).toBeLessThanOrEqual(1);
      } else {
        // Only the permissions are ever sent, sorted: to the new list or back to the original one (spec 03 §4 edit mode).
        for (const { input } of saves.invocations) {
          expect(input).toMatchObject({ mode: 'edit', href: MODEL_GROUP.href });
          expect([{ permissions: ['api', 'manageTaxonomies'] }, { permissions: ['manageTaxonomies'] }]).toContainEqual((input as { patch: unknown }).patch);
        }
      }
      // The membership lists go after the group, to the (new) group's links.
      for (const { input } of memberships.invocations) expect(input).toEqual({ saved });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      expect(memberships.pending()).toHaveLength(snapshot.matches('savingMemberships') ? 1 : 0);
      if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ saved });
    },
  };
}

describeModelPaths('groupSave model: shortest paths (every §8 failure)', shortestPaths, 60, () => createGroupSaveDriver());

describeModelPaths('groupSave model: simple paths (one failure)', simplePaths, 60, () => createGroupSaveDriver());

describeModelPaths('groupSave add model: shortest paths (every §8 failure)', addShortestPaths, 40, () => createGroupSaveDriver(undefined, 'add'));

describeModelPaths('groupSave add model: simple paths (one failure)', addSimplePaths, 40, () => createGroupSaveDriver(undefined, 'add'));

describe('groupSave coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(groupSaveMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createGroupSaveDriver(coverage));
    for (const path of [...addShortestPaths, ...addSimplePaths]) await runPath(path, createGroupSaveDriver(coverage, 'add'));
    const report = coverage.report();
    console.log(formatCoverage('groupSave', report));
    assertFullCoverage('groupSave', report);
  });

  it('the model payloads are what their names say', () => {
    expect(groupProblems(MODEL_GROUP_SAVES.invalid)).toEqual([GROUP_NAME_REQUIRED]);
    expect(groupPatch(MODEL_GROUP_ORIGINAL, MODEL_GROUP_SAVES.unchanged)).toEqual({});
    expect(groupPatch(MODEL_GROUP_ORIGINAL, MODEL_GROUP_SAVES.changed)).toEqual({ permissions: ['api', 'manageTaxonomies'] });
  });
});

describe('group form rules (spec 03 §5 Group)', () => {
  it('requires a display name that is not blank', () => {
    expect(groupProblems({ ...groupValues(undefined), name: '   ' })).toEqual([GROUP_NAME_REQUIRED]);
    expect(groupProblems({ ...groupValues(undefined), name: 'Editors' })).toEqual([]);
  });

  it('trims, drops empty properties, and sends only what changed on edit', () => {
    const created = groupCreateBody({
      ...groupValues(undefined),
      name: ' Editors ',
      description: ' Edit ',
      propertyBag: [
        { key: 'a', value: '1' },
        { key: '', value: 'x' },
      ],
    });
    expect(created).toMatchObject({ name: 'Editors', description: 'Edit', propertyBag: [{ key: 'a', value: '1' }], license: { defaultLevel: 35, defaultConcurrencyMode: 0 } });
    expect(groupPatch(original, { ...original, name: 'Editors ' })).toEqual({});
    expect(groupPatch(original, { ...original, permissions: ['manageTaxonomies', 'api'] })).toEqual({ permissions: ['api', 'manageTaxonomies'] });
  });

  it('names the group errors of spec 03 §8 by status and value', () => {
    expect(groupSaveErrorMessage({ status: 409, responseJSON: { value: 'GroupExists', message: 'taken' } })).toBe(GROUP_EXISTS_TEXT);
    expect(groupSaveErrorMessage({ status: 409, responseJSON: { value: 'CircularGroupMembers', message: 'loop' } })).toBe(CIRCULAR_GROUP_MEMBERS_TEXT);
    expect(groupSaveErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad', issues: [{ message: 'Too long.' }] } })).toBe('Too long.');
    expect(groupSaveErrorMessage({ status: 400, responseJSON: null })).toBe(GROUP_INVALID_TEXT);
    expect(groupSaveErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'no' } })).toBe(GROUP_FORBIDDEN_TEXT);
    expect(groupSaveErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});

describe('groupSave (spec 03 §4 group form)', () => {
  it('refuses a blank name without a call, and makes no call when nothing changed', () => {
    const { actor, saves, memberships } = start({ mode: 'edit', saved: EDITORS, original });
    actor.send({ type: 'SAVE', values: { ...original, name: '  ' }, membershipsChanged: true });
    expect([actor.getSnapshot().value, actor.getSnapshot().context.problems]).toEqual(['editing', [GROUP_NAME_REQUIRED]]);
    actor.send({ type: 'SAVE', values: { ...original, description: '' }, membershipsChanged: false });
    expect(actor.getSnapshot().status).toBe('done');
    expect([saves.invocations.length, memberships.invocations.length]).toEqual([0, 0]);
  });

  it('sends only the changed fields on edit, then the membership lists to the group links', async () => {
    const { actor, saves, memberships } = start({ mode: 'edit', saved: EDITORS, original });
    actor.send({ type: 'SAVE', values: { ...original, permissions: ['manageTaxonomies', 'api'] }, membershipsChanged: true });
    expect(saves.current().input).toEqual({ mode: 'edit', href: EDITORS.href, patch: { permissions: ['api', 'manageTaxonomies'] } });
    saves.current().resolve(EDITORS);
    await flushPromises();
    expect(memberships.current().input).toEqual({ saved: EDITORS });
    memberships.current().resolve(null);
    await flushPromises();
    expect(actor.getSnapshot().output).toEqual({ saved: EDITORS });
  });

  it('creates the group, shows a 409, and after a failed membership save retries without creating again', async () => {
    const { actor, saves, memberships } = start({ mode: 'add', listHref: '/fotoweb/groups/' });
    const values = { ...groupValues(undefined), name: 'Editors' };
    actor.send({ type: 'SAVE', values, membershipsChanged: true });
    saves.current().reject({ status: 409, responseJSON: { value: 'GroupExists', message: 'taken' } });
    await flushPromises();
    expect([actor.getSnapshot().value, actor.getSnapshot().context.error]).toEqual(['error', GROUP_EXISTS_TEXT]);
    actor.send({ type: 'SAVE', values, membershipsChanged: true });
    expect(saves.current().input).toMatchObject({ mode: 'add', listHref: '/fotoweb/groups/', body: { name: 'Editors' } });
    saves.current().resolve(EDITORS);
    await flushPromises();
    memberships.current().reject(new Error('A group cannot contain itself.'));
    await flushPromises();
    expect(actor.getSnapshot().context.error).toBe('A group cannot contain itself.');
    actor.send({ type: 'SAVE', values, membershipsChanged: true });
    expect(saves.invocations).toHaveLength(2);
    memberships.current().resolve(null);
    await flushPromises();
    expect(actor.getSnapshot().status).toBe('done');
  });
});
