/**
 * The folder dialog's test model (issue 13; spec 01 §3 Folder, §5 file-name rule): the outcomes `folderEdit.test.ts`
 * runs on real actors, `tests/e2e/model/folderEdit.model.spec.ts` runs in Chromium against the New folder dialog, and
 * `npm run paths -- folderEdit` prints for QA. Names typed: an acceptable one and one with a forbidden character.
 */
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { createNameEditModel } from '../nameEdit/nameEdit.model.ts';
import { folderEditMachine, type FolderEditInput } from './folderEdit.machine.ts';

/** The input of every path: a new folder in the archive Photos. */
export const FOLDER_EDIT_MODEL_INPUT: FolderEditInput = { mode: 'create', href: '/fotoweb/archives/5000-Photos/', name: '' };

/** The names a path types: one the rules accept, one they refuse. */
export const FOLDER_EDIT_MODEL_NAMES = { good: 'Shoots 2026', bad: 'Shoots/2026' } as const;

/** Refusals per variant: `shortest` the name taken (409) and a 500; `simple` the 409. */
export const FOLDER_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 409, responseJSON: { value: 'FolderExists', message: 'There is already a folder named “Shoots 2026” here.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 409, responseJSON: { value: 'FolderExists', message: 'There is already a folder named “Shoots 2026” here.' } }],
};

/** The name dialog's {@link MachineModel} (`nameEdit/nameEdit.model.ts`). */
export const folderEditModel: MachineModel = createNameEditModel({
  name: 'folderEdit',
  title: 'Make a folder: a name with a forbidden character refused as typed, a taken name or a failure keeps the dialog open',
  spec: 'spec 01 §3 Folder, §5 file name must not contain \\ / : * ? " < > |',
  machine: folderEditMachine,
  input: FOLDER_EDIT_MODEL_INPUT,
  names: FOLDER_EDIT_MODEL_NAMES,
  savedHref: (context) => `${context.href}${encodeURIComponent(context.name.trim())}/`,
  failures: FOLDER_EDIT_MODEL_FAILURES,
});
