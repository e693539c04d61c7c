/**
 * A folder tile's actions menu (issue 13): Rename… and Style… (colour and icon) where the folder offers them (`edit`),
 * Clear cover where it has a cover and carries `SetPosterAsset`, Delete… where it offers that (`canBeDeleted`);
 * nothing when it offers none.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { EllipsisVertical, ImageOff, Palette, Pencil, Trash2 } from 'lucide-react';
import type { Collection } from '@magpie/api-types';

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
    <Menu.Root onSelect={({ value }) => onAction({ kind: value as FolderAction['kind'], folder })}>
      <Menu.Trigger asChild>
        <IconButton data-testid="folder-actions" aria-label={`Actions for ${folder.name}`} size="sm" variant="subtle" position="absolute" top="2" left="2" zIndex="1">
          <EllipsisVertical aria-hidden="true" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {canRename && (
              <Menu.Item value="rename">
                <Pencil aria-hidden="true" />
                Rename…
              </Menu.Item>
            )}
            {canRename && (
              <Menu.Item value="style" data-testid="folder-style-open">
                <Palette aria-hidden="true" />
                Style…
              </Menu.Item>
            )}
            {canClearCover && (
              <Menu.Item value="clearCover" data-testid="folder-clear-cover">
                <ImageOff aria-hidden="true" />
                Clear cover
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item value="delete">
                <Trash2 aria-hidden="true" />
                Delete…
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
