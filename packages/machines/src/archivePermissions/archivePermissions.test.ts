import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  ARCHIVE_PERMISSION_IDS,
  archivePermissionsMachine,
  CONSENT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  dependentsOf,
  HISTORY_PERMISSIONS,
  lockedArchivePermissions,
  offeredArchivePermissions,
  prerequisitesOf,
  sortArchivePermissions,
  tickArchivePermission,
  untickArchivePermission,
  type ArchivePermissionId,
  type ArchivePermissionsEvent,
} from './archivePermissions.machine.ts';
import {
  ARCHIVE_PERMISSIONS_CONSENT_INPUT,
  ARCHIVE_PERMISSIONS_MODEL_INPUT,
  ARCHIVE_PERMISSIONS_MODEL_SCOPES,
  archivePermissionsModel,
  createArchivePermissionsTestModel,
  MODEL_UNOFFERED_PERMISSION,
} from './archivePermissions.model.ts';
import type { ArchivePermissionsInput } from './archivePermissions.machine.ts';

const shortestPaths = archivePermissionsModel.testModel('shortest').getShortestPaths();
const simplePaths = archivePermissionsModel.testModel('simple').getSimplePaths();
/** The same clicks where consent forms are on: the consent group and its dependencies too. */
const consentPaths = createArchivePermissionsTestModel(ARCHIVE_PERMISSIONS_MODEL_SCOPES.shortest, ARCHIVE_PERMISSIONS_CONSENT_INPUT).getShortestPaths();

/** spec 03 §4, written out: each dependent and what it requires. */
const REQUIRES: ReadonlyArray<[ArchivePermissionId, ArchivePermissionId]> = [
  ['HistoryRollback', 'HistoryView'],
  ['HistoryManage', 'HistoryView'],
  ['ManageConsentStatus', 'ViewConsentDetails'],
  ['ManageConsentStatus', 'ViewConsentSummary'],
  ['ViewConsentDetails', 'ViewConsentSummary'],
];

function createPermissionsDriver(coverage?: CoverageTracker, input: ArchivePermissionsInput = ARCHIVE_PERMISSIONS_MODEL_INPUT): PathDriver {
  const actor = createActor(archivePermissionsMachine, {
    input,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  const offered = actor.getSnapshot().context.offered;
  return {
    exec(event: EventObject) {
      const before = new Set(actor.getSnapshot().context.permissions);
      actor.send(event as ArchivePermissionsEvent);
      const after = new Set(actor.getSnapshot().context.permissions);
      const added = [...after].filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !after.has(id));
      if (event.type === 'TOGGLE') {
        const { permission } = event as Extract<ArchivePermissionsEvent, { type: 'TOGGLE' }>;
        if (!offered.includes(permission)) {
          expect([added, removed]).toEqual([[], []]);
        } else if (before.has(permission)) {
          // A user can only untick what is not locked: nothing ticked requires it, so only it goes.
          expect([added, removed]).toEqual([[], [permission]]);
        } else {
          // Ticking ticks the prerequisites that were not ticked yet (spec 03 §4).
          const needed = REQUIRES.filter(([dependent]) => dependent === permission).map(([, required]) => required);
          expect(added.sort()).toEqual([...new Set([permission, ...needed])].filter((id) => !before.has(id)).sort());
          expect(removed).toEqual([]);
        }
      }
      // spec 03 §4: select all ticks every offered permission; unselect all clears them.
      if (event.type === 'SELECT_ALL') expect(offered.every((id) => after.has(id))).toBe(true);
      if (event.type === 'UNSELECT_ALL') expect(offered.some((id) => after.has(id))).toBe(false);
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { permissions } = snapshot.context;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const [dependent, required] of REQUIRES) {
        if (permissions.includes(dependent)) expect(permissions).toContain(required);
      }
      expect(permissions).not.toContain(MODEL_UNOFFERED_PERMISSION);
      expect(permissions).toEqual(sortArchivePermissions(permissions));
      for (const id of permissions) expect(offered).toContain(id);
    },
  };
}

describeModelPaths('archivePermissions model: shortest paths (history group, refused consent and video, select all)', shortestPaths, 100, () => createPermissionsDriver());

describeModelPaths('archivePermissions model: shortest paths with consent forms on (history and consent groups)', consentPaths, 100, () =>
  createPermissionsDriver(undefined, ARCHIVE_PERMISSIONS_CONSENT_INPUT),
);

describeModelPaths('archivePermissions model: simple paths (history group)', simplePaths, 150, () => createPermissionsDriver());

describe('archivePermissions coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(archivePermissionsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createPermissionsDriver(coverage));
    for (const path of consentPaths) await runPath(path, createPermissionsDriver(coverage, ARCHIVE_PERMISSIONS_CONSENT_INPUT));
    const report = coverage.report();
    console.log(formatCoverage('archivePermissions', report));
    assertFullCoverage('archivePermissions', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

describe('archive permission rules (spec 03 §3.11, §4, §5)', () => {
  it('uses the permission ids of spec 03 §3.11', () => {
    expect(ARCHIVE_PERMISSION_IDS).toHaveLength(37);
    expect(ARCHIVE_PERMISSION_IDS.slice(0, 2)).toEqual(['View', 'Preview']);
    expect(ARCHIVE_PERMISSION_IDS.slice(-6)).toEqual([...HISTORY_PERMISSIONS, ...CONSENT_PERMISSIONS]);
    expect(ARCHIVE_PERMISSION_IDS.filter((id) => id.startsWith('TrdParty'))).toEqual(['TrdParty1', 'TrdParty2', 'TrdParty3', 'TrdParty4']);
  });

  it('knows the prerequisites and dependents, transitively', () => {
    expect([...prerequisitesOf('ManageConsentStatus')].sort()).toEqual(['ViewConsentDetails', 'ViewConsentSummary']);
    expect([...prerequisitesOf('HistoryManage')]).toEqual(['HistoryView']);
    expect([...dependentsOf('ViewConsentSummary')].sort()).toEqual(['ManageConsentStatus', 'ViewConsentDetails']);
    expect([...dependentsOf('HistoryView')].sort()).toEqual(['HistoryManage', 'HistoryRollback']);
    expect(prerequisitesOf('Download').size + dependentsOf('Download').size).toBe(0);
  });

  it('ticks prerequisites and unticks dependents', () => {
    expect(tickArchivePermission(['View'], 'ManageConsentStatus')).toEqual(['View', 'ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus']);
    expect(untickArchivePermission(['View', 'ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus'], 'ViewConsentSummary')).toEqual(['View']);
    expect(untickArchivePermission(['HistoryView', 'HistoryRollback', 'HistoryManage'], 'HistoryView')).toEqual([]);
    expect(untickArchivePermission(['HistoryView', 'HistoryRollback', 'HistoryManage'], 'HistoryRollback')).toEqual(['HistoryView', 'HistoryManage']);
  });

  it('locks a prerequisite while a dependent is ticked', () => {
    expect([...lockedArchivePermissions(['HistoryView'])]).toEqual([]);
    expect([...lockedArchivePermissions(['HistoryView', 'HistoryRollback'])]).toEqual(['HistoryView']);
    expect([...lockedArchivePermissions(['ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus'])].sort()).toEqual(['ViewConsentDetails', 'ViewConsentSummary']);
  });

  it('offers the consent group only with consent management, consent forms and all three available', () => {
    const all = { consentManagementEnabled: true, consentFormsEnabled: true };
    const has = (offer: Parameters<typeof offeredArchivePermissions>[0]) => offeredArchivePermissions(offer).includes('ViewConsentSummary');
    expect(has(all)).toBe(true);
    expect(has({ ...all, consentManagementEnabled: false })).toBe(false);
    expect(has({ ...all, consentFormsEnabled: false })).toBe(false);
    expect(has({ ...all, available: ARCHIVE_PERMISSION_IDS.filter((id) => id !== 'ManageConsentStatus') })).toBe(false);
  });

  it('offers the version-control group only when all three are available, and MngVideo only if available', () => {
    const withoutManage = offeredArchivePermissions({ available: ARCHIVE_PERMISSION_IDS.filter((id) => id !== 'HistoryManage') });
    expect(withoutManage.filter((id) => id.startsWith('History'))).toEqual([]);
    expect(offeredArchivePermissions({}).filter((id) => id.startsWith('History'))).toEqual(HISTORY_PERMISSIONS);
    expect(offeredArchivePermissions({ available: ['View', 'Preview'] })).toEqual(['View', 'Preview']);
    expect(offeredArchivePermissions({})).toContain('MngVideo');
  });

  it("offers on Magpie's input every permission but MngVideo and the consent group", () => {
    const offered = createActor(archivePermissionsMachine, { input: ARCHIVE_PERMISSIONS_MODEL_INPUT }).getSnapshot().context.offered;
    expect(offered).toEqual(ARCHIVE_PERMISSION_IDS.filter((id) => id !== 'MngVideo' && !CONSENT_PERMISSIONS.includes(id)));
    expect(createActor(archivePermissionsMachine, { input: ARCHIVE_PERMISSIONS_CONSENT_INPUT }).getSnapshot().context.offered).toContain('ManageConsentStatus');
  });

  it('gives a newly added member View and Preview, and keeps unknown server ids at the end', () => {
    expect(DEFAULT_MEMBER_PERMISSIONS).toEqual(['View', 'Preview']);
    expect(createActor(archivePermissionsMachine, { input: {} }).getSnapshot().context.permissions).toEqual(['View', 'Preview']);
    const loaded = createActor(archivePermissionsMachine, { input: { permissions: ['Future', 'Download', 'View', 'View'] } });
    expect(loaded.getSnapshot().context.permissions).toEqual(['View', 'Download', 'Future']);
  });

  it('select all ticks every offered permission; unselect all clears them and leaves hidden ones', () => {
    const actor = createActor(archivePermissionsMachine, {
      input: { permissions: ['View', 'HistoryView'], available: ['View', 'Preview', 'Download', 'HistoryView'] },
    }).start();
    expect(actor.getSnapshot().context.offered).toEqual(['View', 'Preview', 'Download']);
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.permissions).toEqual(['View', 'Preview', 'Download', 'HistoryView']);
    actor.send({ type: 'UNSELECT_ALL' });
    expect(actor.getSnapshot().context.permissions).toEqual(['HistoryView']);
  });

  it('unticks the dependents when a locked prerequisite is toggled anyway, and refuses unoffered ids', () => {
    const actor = createActor(archivePermissionsMachine, { input: { ...ARCHIVE_PERMISSIONS_CONSENT_INPUT } }).start();
    actor.send({ type: 'TOGGLE', permission: 'ManageConsentStatus' });
    actor.send({ type: 'TOGGLE', permission: 'HistoryManage' });
    expect(lockedArchivePermissions(actor.getSnapshot().context.permissions)).toEqual(new Set(['HistoryView', 'ViewConsentSummary', 'ViewConsentDetails']));
    actor.send({ type: 'TOGGLE', permission: 'ViewConsentSummary' });
    actor.send({ type: 'TOGGLE', permission: 'HistoryView' });
    expect(actor.getSnapshot().context.permissions).toEqual(['View', 'Preview']);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'TOGGLE', permission: MODEL_UNOFFERED_PERMISSION });
    expect(actor.getSnapshot().context).toBe(before);
  });
});
