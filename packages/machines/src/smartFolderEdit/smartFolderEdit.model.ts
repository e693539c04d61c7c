/**
 * The smart folder name dialog's test model (issue 13; spec 01 §3 "Folder or smart folder", §7): the outcomes
 * `smartFolderEdit.test.ts` runs on real actors, `tests/e2e/model/smartFolderEdit.model.spec.ts` runs in Chromium
 * against the collection view's "Save as smart folder" dialog, and `npm run paths -- smartFolderEdit` prints for QA.
 * Names typed: an acceptable one and a blank one.
 */
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { createNameEditModel } from '../nameEdit/nameEdit.model.ts';
import type { NameEditInput } from '../nameEdit/nameEdit.factory.ts';
import { smartFolderEditMachine } from './smartFolderEdit.machine.ts';

/** The input of every path: the search `harbour` of the archive Photos, saved as a new smart folder named after it. */
export const SMART_FOLDER_EDIT_MODEL_INPUT: NameEditInput = { mode: 'create', href: '/fotoweb/smartfolders/5000/', name: 'harbour' };

/** The names a path types: one the rules accept, one they refuse. */
export const SMART_FOLDER_EDIT_MODEL_NAMES = { good: 'Harbour photos', blank: '   ' } as const;

/** The smart folder a save makes. */
export const SMART_FOLDER_EDIT_MODEL_SAVED_HREF = '/fotoweb/smartfolders/5000/7';

/** Refusals per variant: `shortest` a 409 (the name taken) and a 500; `simple` the 500. */
export const SMART_FOLDER_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'SmartFolderExists', message: 'This archive already has a smart folder named "Harbour photos".' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

/** The name dialog's {@link MachineModel} (`nameEdit/nameEdit.model.ts`). */
export const smartFolderEditModel: MachineModel = createNameEditModel({
  name: 'smartFolderEdit',
  title: 'Save a search as a smart folder: a blank name refused, a taken name or a failure keeps the dialog open',
  spec: 'spec 01 §3 "Folder or smart folder", §7 smart folder urls',
  machine: smartFolderEditMachine,
  input: SMART_FOLDER_EDIT_MODEL_INPUT,
  names: SMART_FOLDER_EDIT_MODEL_NAMES,
  savedHref: () => SMART_FOLDER_EDIT_MODEL_SAVED_HREF,
  failures: SMART_FOLDER_EDIT_MODEL_FAILURES,
});
