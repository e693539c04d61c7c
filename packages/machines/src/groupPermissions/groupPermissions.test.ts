import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { GROUP_PERMISSIONS } from '@magpie/api-types';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  ALBUM_PERMISSIONS,
  getGroupPermission,
  GROUP_PERMISSION_KEYS,
  groupPermissionList,
  groupPermissionsMachine,
  isGroupPermissionDisabled,
  isGroupPermissionShown,
  PLAIN_GROUP_PERMISSIONS,
  setGroupPermission,
  toGroupPermissions,
  type GroupPermissionKey,
  type GroupPermissions,
} from './groupPermissions.machine.ts';
import { GROUP_PERMISSIONS_MODEL_INPUT, groupPermissionsModel, MODEL_UNAVAILABLE_PERMISSION } from './groupPermissions.model.ts';

const shortestPaths = groupPermissionsModel.testModel('shortest').getShortestPaths();
const simplePaths = groupPermissionsModel.testModel('simple').getSimplePaths();

/** The switches that are on, as a set of keys. */
function onSet(permissions: GroupPermissions): Set<GroupPermissionKey> {
  return new Set(GROUP_PERMISSION_KEYS.filter((key) => getGroupPermission(permissions, key)));
}

/**
 * What a TOGGLE must leave on, written from spec 03 §4 and §5 as set operations (independent of the machine's
 * helpers): flows dependency both ways; album switches that lose their sharing turn off; disabled and unavailable
 * switches refuse to turn on.
 */
function expectedOn(before: Set<GroupPermissionKey>, key: GroupPermissionKey, available: boolean): Set<GroupPermissionKey> {
  const on = new Set(before);
  if (!available) return on;
  const shares = (...keys: GroupPermissionKey[]) => keys.some((k) => on.has(k));
  if (on.has(key)) {
    on.delete(key);
    if (key === 'viewFlows') on.delete('manageFlows');
  } else {
    if (key === 'albums.delegateDownloads' && !shares('albums.shareWithUsers', 'albums.shareWithGroups', 'albums.shareWithGuests')) return on;
    if (key === 'albums.restrictToFriends' && !shares('albums.shareWithUsers', 'albums.shareWithGroups')) return on;
    on.add(key);
    if (key === 'manageFlows') on.add('viewFlows');
  }
  if (!shares('albums.shareWithUsers', 'albums.shareWithGroups', 'albums.shareWithGuests')) on.delete('albums.delegateDownloads');
  if (!shares('albums.shareWithUsers', 'albums.shareWithGroups')) on.delete('albums.restrictToFriends');
  return on;
}

function createPermissionsDriver(coverage?: CoverageTracker): PathDriver {
  const actor = createActor(groupPermissionsMachine, {
    input: GROUP_PERMISSIONS_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    exec(event: EventObject) {
      const before = actor.getSnapshot().context;
      const { permission } = event as unknown as { permission: GroupPermissionKey };
      actor.send({ type: 'TOGGLE', permission });
      const after = actor.getSnapshot().context;
      const available = permission !== MODEL_UNAVAILABLE_PERMISSION;
      expect([...onSet(after.permissions)].sort()).toEqual([...expectedOn(onSet(before.permissions), permission, available)].sort());
      if (!available) expect(after).toBe(before);
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { permissions } = snapshot.context;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { albums } = permissions;
      // spec 03 §4: manageFlows never without viewFlows.
      if (permissions.manageFlows) expect(permissions.viewFlows).toBe(true);
      // spec 03 §5: the dependent album switches are never on while disabled.
      if (albums.delegateDownloads) expect(albums.shareWithUsers || albums.shareWithGroups || albums.shareWithGuests).toBe(true);
      if (albums.restrictToFriends) expect(albums.shareWithUsers || albums.shareWithGroups).toBe(true);
      expect(getGroupPermission(permissions, MODEL_UNAVAILABLE_PERMISSION)).toBe(false);
    },
  };
}

describeModelPaths('groupPermissions model: shortest paths (flows and album sharing rules)', shortestPaths, 100, () => createPermissionsDriver());

describeModelPaths('groupPermissions model: simple paths (flows rules)', simplePaths, 20, () => createPermissionsDriver());

describe('groupPermissions coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(groupPermissionsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createPermissionsDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('groupPermissions', report));
    assertFullCoverage('groupPermissions', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

describe('group permission rules (spec 03 §3.3, §4, §5)', () => {
  it('lists the 8 album and 27 plain permissions of spec 03 §3.3', () => {
    expect(ALBUM_PERMISSIONS).toHaveLength(8);
    expect(PLAIN_GROUP_PERMISSIONS).toHaveLength(27);
    expect(GROUP_PERMISSION_KEYS).toHaveLength(35);
    expect(GROUP_PERMISSION_KEYS).toContain('albums.delegateDownloads');
    expect(GROUP_PERMISSION_KEYS).toContain('manageFotostationConfigurations');
  });

  it("takes the contract's flat list (api-types GROUP_PERMISSIONS) and gives it back for the request body", () => {
    expect(GROUP_PERMISSION_KEYS).toEqual(GROUP_PERMISSIONS);
    const permissions = toGroupPermissions(['manageTaxonomies', 'albums.create', 'albums.bogus', 'bogus']);
    expect([permissions.manageTaxonomies, permissions.albums.create, permissions.api]).toEqual([true, true, false]);
    expect(groupPermissionList(permissions)).toEqual(['albums.create', 'manageTaxonomies']);
    const actor = createActor(groupPermissionsMachine, { input: { permissions: ['viewFlows'] } }).start();
    actor.send({ type: 'TOGGLE', permission: 'manageFlows' });
    expect(groupPermissionList(actor.getSnapshot().context.permissions)).toEqual(['viewFlows', 'manageFlows']);
  });

  it('turns viewFlows on with manageFlows, and manageFlows off with viewFlows', () => {
    const none = toGroupPermissions();
    const managed = setGroupPermission(none, 'manageFlows', true);
    expect([managed.viewFlows, managed.manageFlows]).toEqual([true, true]);
    const viewOnly = setGroupPermission(managed, 'manageFlows', false);
    expect([viewOnly.viewFlows, viewOnly.manageFlows]).toEqual([true, false]);
    const cleared = setGroupPermission(managed, 'viewFlows', false);
    expect([cleared.viewFlows, cleared.manageFlows]).toEqual([false, false]);
  });

  it('disables delegate downloads without sharing, and restrict to friends without user or group sharing', () => {
    const guests = toGroupPermissions({ albums: { shareWithGuests: true } });
    expect(isGroupPermissionDisabled(toGroupPermissions(), 'albums.delegateDownloads')).toBe(true);
    expect(isGroupPermissionDisabled(guests, 'albums.delegateDownloads')).toBe(false);
    expect(isGroupPermissionDisabled(guests, 'albums.restrictToFriends')).toBe(true);
    expect(isGroupPermissionDisabled(toGroupPermissions({ albums: { shareWithGroups: true } }), 'albums.restrictToFriends')).toBe(false);
    expect(isGroupPermissionDisabled(toGroupPermissions(), 'api')).toBe(false);
  });

  it('turns the dependent album switches off when their last sharing goes', () => {
    let p = toGroupPermissions({ albums: { shareWithUsers: true, shareWithGuests: true, restrictToFriends: true, delegateDownloads: true } });
    p = setGroupPermission(p, 'albums.shareWithUsers', false);
    expect([p.albums.restrictToFriends, p.albums.delegateDownloads]).toEqual([false, true]);
    p = setGroupPermission(p, 'albums.shareWithGuests', false);
    expect(p.albums.delegateDownloads).toBe(false);
  });

  it('shows only available switches and refuses toggles of the others; a new group starts all off', () => {
    const actor = createActor(groupPermissionsMachine, {
      input: { permissions: { api: true, albums: { create: true } }, available: ['api', 'viewFlows', 'manageFlows', 'bogus' as never] },
    }).start();
    const { context } = actor.getSnapshot();
    expect(context.available).toEqual(['api', 'viewFlows', 'manageFlows']);
    expect(isGroupPermissionShown(context, 'api')).toBe(true);
    expect(isGroupPermissionShown(context, 'albums.create')).toBe(false);
    actor.send({ type: 'TOGGLE', permission: 'albums.create' });
    expect(actor.getSnapshot().context).toBe(context);
    actor.send({ type: 'TOGGLE', permission: 'manageFlows' });
    expect(actor.getSnapshot().context.permissions).toMatchObject({ api: true, viewFlows: true, manageFlows: true, albums: { create: true } });
    const fresh = createActor(groupPermissionsMachine, { input: {} }).getSnapshot().context;
    expect(onSet(fresh.permissions).size).toBe(0);
    expect(fresh.available).toEqual(GROUP_PERMISSION_KEYS);
  });

  it('lets a disabled switch that was loaded on be turned off, but not on again', () => {
    const actor = createActor(groupPermissionsMachine, { input: { permissions: { albums: { delegateDownloads: true } } } }).start();
    actor.send({ type: 'TOGGLE', permission: 'albums.delegateDownloads' });
    expect(actor.getSnapshot().context.permissions.albums.delegateDownloads).toBe(false);
    actor.send({ type: 'TOGGLE', permission: 'albums.delegateDownloads' });
    expect(actor.getSnapshot().context.permissions.albums.delegateDownloads).toBe(false);
  });
});
