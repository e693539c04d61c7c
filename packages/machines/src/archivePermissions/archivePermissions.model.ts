/**
 * The archive member permissions' test model (spec 03 §3.11, §4 Archive permission dependencies, select all /
 * unselect all, §5 offered groups): the events that `archivePermissions.test.ts` runs on real actors and
 * `npm run paths -- archivePermissions` prints for QA.
 *
 * Paths only click what the access list lets a user click: a locked prerequisite (disabled while a dependent is
 * ticked) is never toggled; the unit tests send that TOGGLE directly.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import {
  ARCHIVE_PERMISSION_IDS,
  archivePermissionsMachine,
  DEFAULT_MEMBER_PERMISSIONS,
  lockedArchivePermissions,
  offeredArchivePermissions,
  sortArchivePermissions,
  type ArchivePermissionId,
  type ArchivePermissionsContext,
  type ArchivePermissionsInput,
} from './archivePermissions.machine.ts';

/** An id the model's archive does not offer (MngVideo shows only if available, spec 03 §5): toggling it is refused. */
export const MODEL_UNOFFERED_PERMISSION: ArchivePermissionId = 'MngVideo';

/**
 * The machine input of the model's paths: a newly added member (View, Preview) of an archive on a server like
 * Magpie's, which offers every permission but MngVideo (no advanced video controls) and never has consent forms on,
 * so the consent group is not shown even with consent management on (spec 03 §5). These are the checkboxes the
 * access list shows, so QA and the browser can click every path.
 */
export const ARCHIVE_PERMISSIONS_MODEL_INPUT: ArchivePermissionsInput = {
  available: ARCHIVE_PERMISSION_IDS.filter((id) => id !== MODEL_UNOFFERED_PERMISSION),
  consentManagementEnabled: true,
  consentFormsEnabled: false,
};

/**
 * The same member on a server with consent forms on: the consent group is offered too, with its dependencies
 * (spec 03 §4). `archivePermissions.test.ts` runs these paths as well; no screen of Magpie can show them yet.
 */
export const ARCHIVE_PERMISSIONS_CONSENT_INPUT: ArchivePermissionsInput = { ...ARCHIVE_PERMISSIONS_MODEL_INPUT, consentFormsEnabled: true };

/** What each variant clicks. */
export interface ArchivePermissionsModelScope {
  readonly toggles: readonly ArchivePermissionId[];
  readonly selectAll: boolean;
}

/**
 * The scope per variant: `shortest` both dependency groups (the consent one is refused unless the input offers it),
 * View, the unoffered MngVideo, select all and unselect all; `simple` the version-control group and unselect all (every loop-free order of a product of checkboxes grows
 * too fast). The other 30 checkboxes have no rule and would only multiply the paths.
 */
export const ARCHIVE_PERMISSIONS_MODEL_SCOPES: Readonly<Record<PathVariant, ArchivePermissionsModelScope>> = {
  shortest: {
    toggles: ['View', 'HistoryView', 'HistoryRollback', 'HistoryManage', 'ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus', MODEL_UNOFFERED_PERMISSION],
    selectAll: true,
  },
  simple: { toggles: ['HistoryView', 'HistoryRollback', 'HistoryManage'], selectAll: false },
};

function modelEvents(scope: ArchivePermissionsModelScope, input: ArchivePermissionsInput) {
  const initial = sortArchivePermissions(input.permissions ?? DEFAULT_MEMBER_PERMISSIONS).join();
  const offered = new Set<string>(offeredArchivePermissions(input));
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const { permissions } = snapshot.context as ArchivePermissionsContext;
    const locked = lockedArchivePermissions(permissions);
    return [
      ...scope.toggles
        // A ticked, locked prerequisite is disabled in the access list: a user cannot click it.
        .filter((permission) => !(locked.has(permission) && permissions.includes(permission)))
        // A refused click (the checkbox is not shown) once, from the start, rather than from every vertex.
        .filter((permission) => offered.has(permission) || permissions.join() === initial)
        .map((permission) => ({ type: 'TOGGLE', permission }) as EventObject),
      ...(scope.selectAll ? [{ type: 'SELECT_ALL' } as EventObject] : []),
      { type: 'UNSELECT_ALL' } as EventObject,
    ];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(scope: ArchivePermissionsModelScope, input: ArchivePermissionsInput) {
  const events = modelEvents(scope, input);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

/** A vertex is the snapshot, except after an event that changed nothing: that vertex names the event, so QA sees it. */
function serializeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot): string {
  const key = serializeSnapshot(snapshot);
  if (!event || !previous || event.type.startsWith('xstate.')) return key;
  return previous.context === snapshot.context ? `${key} after ${JSON.stringify(event)}` : key;
}

const modelMachine = toTestModelMachine(archivePermissionsMachine);

/** The `xstate/graph` test model clicking `scope`, starting from `input` (default {@link ARCHIVE_PERMISSIONS_MODEL_INPUT}). */
export function createArchivePermissionsTestModel(scope: ArchivePermissionsModelScope, input: ArchivePermissionsInput = ARCHIVE_PERMISSIONS_MODEL_INPUT) {
  return createTestModel(modelMachine, {
    input,
    events: modelEvents(scope, input),
    filterEvents: modelFilter(scope, input),
    serializeState,
  });
}

/**
 * The archive member permissions' {@link MachineModel}, as the access list offers them on Magpie
 * ({@link ARCHIVE_PERMISSIONS_MODEL_INPUT}); see {@link ARCHIVE_PERMISSIONS_MODEL_SCOPES}.
 */
export const archivePermissionsModel: MachineModel = {
  name: 'archivePermissions',
  title: "Tick and untick an archive member's permissions: the version-control dependencies, select all, unselect all, what is not offered",
  spec: 'spec 03 §3.11 permission ids, §4 Archive permission dependencies, default View and Preview, select all, §5 offered groups',
  machine: archivePermissionsMachine,
  testModel(variant: PathVariant) {
    return createArchivePermissionsTestModel(ARCHIVE_PERMISSIONS_MODEL_SCOPES[variant]);
  },
};
