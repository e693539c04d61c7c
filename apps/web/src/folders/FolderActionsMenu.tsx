/**
 * A folder tile's actions menu (issue 13): Rename… and Style… (colour and icon) where the folder offers them (`edit`),
 * Clear cover where it has a cover and carries `SetPosterAsset`, Delete… where it offers that (`canBeDeleted`);
 * nothing when it offers none.
 */
import { ImageOff, Palette, Pencil, Trash2 } from 'lucide-react';
import type { Collection } from '@magpie/api-types';
import { TileActionsMenu } from '../components/TileActionsMenu.tsx';

/** What the collection view is asked to do with a folder. */
export interface FolderAction {
  readonly kind: 'create' | 'rename' | 'delete' | 'style' | 'clearCover';
  /** The collection to create in, or the folder to rename or delete. */
  readonly folder: Collection;
}

export function FolderActionsMenu({ folder, onAction }: { readonly folder: Collection; readonly onAction: (action: FolderAction) => void }) {
  const canRename = Boolean(folder.edit);
  const canDelete = folder.canBeDeleted === true;
  const canClearCover = (folder.permissions ?? []).includes('SetPosterAsset') && (folder.posterImages?.length ?? 0) > 0;
  if (!canRename && !canDelete) return null;
  return (
    <TileActionsMenu
      label={`Actions for ${folder.name}`}
      testId="folder-actions"
      items={[
        { value: 'rename', label: 'Rename…', icon: Pencil, when: canRename },
        { value: 'style', label: 'Style…', icon: Palette, when: canRename, testId: 'folder-style-open' },
        { value: 'clearCover', label: 'Clear cover', icon: ImageOff, when: canClearCover, testId: 'folder-clear-cover' },
        { value: 'delete', label: 'Delete…', icon: Trash2, when: canDelete },
      ]}
      onSelect={(kind) => onAction({ kind, folder })}
    />
  );
}
