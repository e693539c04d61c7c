/**
 * The smart folder name dialog (issue 13; spec 01 §3 "Folder or smart folder"): the name dialog
 * (components/NameDialog.tsx) on the `smartFolderEdit` machine. Saving a search `POST`s the archive's `smartFolders`
 * `{name, searchHref}` (the search on screen); renaming `PATCH`es the smart folder's `edit` `{name}`.
 */
import { useMemo } from 'react';
import { smartFolderEditMachine, SMART_FOLDER_NAME_LIMIT, type NameEditInput, type SavedName } from '@magpie/machines';
import { api } from '../api/client.ts';
import { NameDialog, type NameDialogKind } from '../components/NameDialog.tsx';

/** See the module comment. `target` opens it (undefined: closed); `searchHref` is the search a create saves. */
export function SmartFolderDialog({
  target,
  searchHref,
  onClose,
}: {
  readonly target: NameEditInput | undefined;
  readonly searchHref?: string;
  readonly onClose: (saved: SavedName | undefined) => void;
}) {
  const kind = useMemo<NameDialogKind>(
    () => ({
      machine: smartFolderEditMachine,
      testId: 'smart-folder',
      label: 'Smart folder name',
      maxLength: SMART_FOLDER_NAME_LIMIT + 50,
      title: (input) => (input.mode === 'create' ? 'Save the search as a smart folder' : `Rename “${input.name}”`),
      submitLabel: (input) => (input.mode === 'create' ? 'Save' : 'Rename'),
      save: async (input) => {
        const folder =
          input.mode === 'create'
            ? await api.createSmartFolder(input.href, { name: input.name, searchHref: searchHref ?? '' })
            : await api.updateSmartFolder(input.href, { name: input.name });
        return { href: folder.edit ?? folder.href, name: folder.name };
      },
    }),
    [searchHref],
  );
  return <NameDialog kind={kind} target={target} onClose={onClose} />;
}
