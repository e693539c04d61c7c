/**
 * The desktop-tool test model (spec 01 §2, §4 Desktop tool, §6, §9): the payload cases that `desktopTool.test.ts`
 * runs on real actors and `npm run paths -- desktopTool` prints for QA.
 *
 * The user starts with the tool's rights, a desktop layout, an 8.2 installer and nothing stored. Steps are the
 * entries (install, already have it — with and without a version —, ignore), closing the install view, the layout
 * switching to or from touch, and the `saveSettings` call answering. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { desktopToolMachine, type DesktopToolContext, type DesktopToolInput } from './desktopTool.machine.ts';

/** The installer the model offers: newer than the default 8.1 (spec 01 §9), so "already have it" leads to an update. */
export const MODEL_INSTALLER = { href: '/fotoweb/fwdt/FotoWebDesktop-8.2.msi', version: '8.2' } as const;

/** The machine input of both variants: rights, desktop layout, nothing stored. */
export const DESKTOP_TOOL_MODEL_INPUT: DesktopToolInput = {
  hasRights: true,
  touchLayout: false,
  installer: MODEL_INSTALLER,
  installView: '/fotoweb/views/fwdt/install',
};

/** What a failed save rejects with in the model (a full or disabled local storage). */
export const MODEL_SAVE_FAILURE = { name: 'QuotaExceededError', message: 'The quota has been exceeded.' } as const;

const modelMachine = toTestModelMachine(desktopToolMachine);

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): readonly EventObject[] => {
    const context = snapshot.context as DesktopToolContext;
    const events: EventObject[] = [{ type: 'LAYOUT_CHANGED', touchLayout: !context.touchLayout } as EventObject];
    // "Already have it" without a version everywhere; with the installer's version only on the install offer.
    events.push({ type: 'ALREADY_HAVE_IT' });
    if (variant === 'shortest' && snapshot.matches('shouldInstall')) {
      events.push({ type: 'ALREADY_HAVE_IT', version: MODEL_INSTALLER.version } as EventObject);
    }
    events.push({ type: 'xstate.error.actor.saveSettings', error: MODEL_SAVE_FAILURE } as EventObject);
    return events;
  };
}

/**
 * Simple paths: the layout switch only from the first offer and back from `hidden`, and saves that succeed, so the
 * count stays bounded; shortest paths explore every case.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    if (variant === 'shortest') return true;
    const context = snapshot.context as DesktopToolContext;
    if (event.type === 'LAYOUT_CHANGED') {
      return snapshot.matches('hidden') || (snapshot.matches('shouldInstall') && !context.settings.ignoreFWDT);
    }
    return event.type !== 'xstate.error.actor.saveSettings';
  };
}

/**
 * A vertex is the snapshot (value + context). Closing the install view and switching back from the touch layout
 * return to a snapshot seen before; they get their own vertex so the paths take those transitions too.
 */
export function serializeDesktopToolState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  if (event?.type === 'CLOSE_INSTALL_VIEW') return `${key} (install view closed)`;
  if (event?.type === 'LAYOUT_CHANGED' && !(snapshot.context as DesktopToolContext).touchLayout) {
    return `${key} (back from the touch layout)`;
  }
  return key;
}

/** The desktop-tool {@link MachineModel}: same input for both variants; `simple` uses fewer layout switches. */
export const desktopToolModel: MachineModel = {
  name: 'desktopTool',
  title: 'Desktop tool: offer install or update, "already have it" (8.1 when unknown), ignore (persisted)',
  spec: 'spec 01 §2 Desktop tool, §3 Client settings, §4 Desktop tool, §6 fwdt rights, §9 default version 8.1',
  machine: desktopToolMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: DESKTOP_TOOL_MODEL_INPUT,
      events: modelEvents(variant),
      filterEvents: modelFilter(variant),
      serializeState: serializeDesktopToolState,
    });
  },
};
