/**
 * The New folder and Rename folder dialog (issue 13; spec 01 §3 Folder, §5 file-name rule): the name dialog
 * (components/NameDialog.tsx) on the `folderEdit` machine; `POST` the collection to create, `PATCH` the folder to
 * rename.
 */
import { folderEditMachine, type FolderEditMode, type SavedFolder } from '@magpie/machines';
import { api } from '../api/client.ts';
import { NameDialog, type NameDialogKind } from '../components/NameDialog.tsx';

/** What the dialog edits: a new folder in `href`, or the folder at `href` named `name`. */
export interface FolderDialogTarget {
  readonly mode: FolderEditMode;
  readonly href: string;
  readonly name: string;
}

const FOLDER_DIALOG: NameDialogKind = {
  machine: folderEditMachine,
  testId: 'folder',
  label: 'Folder name',
  maxLength: 255,
  title: (target) => (target.mode === 'create' ? 'New folder' : `Rename “${target.name}”`),
  submitLabel: (target) => (target.mode === 'create' ? 'Create folder' : 'Rename'),
  save: async (input) => {
    const folder = input.mode === 'create' ? await api.createFolder(input.href, input.name) : await api.renameFolder(input.href, input.name);
    return { href: folder.href, name: folder.name };
  },
};

/** See the module comment. `target` opens it (undefined: closed); `onClose` gets the saved folder, or undefined. */
export function FolderDialog({ target, onClose }: { readonly target: FolderDialogTarget | undefined; readonly onClose: (saved: SavedFolder | undefined) => void }) {
  return <NameDialog kind={FOLDER_DIALOG} target={target} onClose={onClose} />;
}
