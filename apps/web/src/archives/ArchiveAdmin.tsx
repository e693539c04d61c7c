/**
 * What the archives listing offers holders of the manage-archives permission (spec 03 §2.11, §6 "Add archive tile:
 * requires hasManageArchivesPermission"): the "Add new archive" tile, an "Archive details" button on each archive
 * tile, its tile menu (Style…, Clear cover; spec 02 §2 Collection tile, issue 13), and the host of the add/edit
 * dialog, whose chunk (the dialog, its tabs, the drag-and-drop access list) loads the first time it opens (route-level
 * code splitting keeps it out of the login page's bundle).
 */
import { lazy } from 'react';
import { Box, chakra, IconButton, Text, VStack } from '@chakra-ui/react';
import { ImageOff, Palette, Plus, Settings2 } from 'lucide-react';
import type { Collection, FullApiDescriptor } from '@magpie/api-types';
import { LazyBoundary } from '../components/LazyBoundary.tsx';
import { LoadingState } from '../components/States.tsx';
import { TileActionsMenu } from '../components/TileActionsMenu.tsx';
import type { ArchiveDialogResult } from './ArchiveDialog.tsx';

const ArchiveDialog = lazy(() => import('./ArchiveDialog.tsx').then((module) => ({ default: module.ArchiveDialog })));

/** True when the descriptor says the user may add and change archives (`permissions.hasManageArchivesPermission`). */
export function canManageArchives(descriptor: Pick<FullApiDescriptor, 'permissions'> | undefined): boolean {
  return descriptor?.permissions?.hasManageArchivesPermission === true;
}

/** The dialog to show: adding an archive, or the details of the archive with this id. */
export type ArchiveDialogTarget = { readonly mode: 'add' } | { readonly mode: 'edit'; readonly archiveId: string; readonly name: string };

/** The "Add new archive" tile (spec 03 §2.11): a button the size of an archive tile. */
export function AddArchiveTile({ onOpen }: { readonly onOpen: () => void }) {
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      data-testid="add-archive-tile"
      w="full"
      h="full"
      minH="44"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      rounded="lg"
      bg="bg.subtle"
      color="fg.muted"
      cursor="pointer"
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: 'bg.muted', color: 'fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <VStack gap="2">
        <Plus size={32} aria-hidden="true" />
        <Text fontWeight="semibold">Add new archive</Text>
      </VStack>
    </chakra.button>
  );
}

/** The "Archive details" button on an archive tile (edit), over the tile's link, at its bottom right. */
export function ArchiveDetailsButton({ name, onOpen }: { readonly name: string; readonly onOpen: () => void }) {
  return (
    <Box position="absolute" bottom="2" right="2" zIndex="1">
      <IconButton size="sm" variant="ghost" aria-label={`Archive details: ${name}`} title="Archive details" onClick={onOpen} data-testid="archive-details">
        <Settings2 aria-hidden="true" />
      </IconButton>
    </Box>
  );
}

/** What the archives listing is asked to do with an archive's tile. */
export interface ArchiveTileAction {
  readonly kind: 'style' | 'clearCover';
  readonly archive: Collection;
}

/**
 * An archive tile's menu (issue 13; spec 02 §2 "administrators and owners choose colour and icon", §6
 * SetPosterAsset), over the tile at its top left: Style… where the archive offers it (`edit`, given to holders of
 * manageArchives; an archive is renamed in its details, never here), Clear cover where a cover is chosen
 * (`posterAsset`) and the archive carries `SetPosterAsset`; nothing otherwise.
 */
export function ArchiveTileMenu({ archive, onAction }: { readonly archive: Collection; readonly onAction: (action: ArchiveTileAction) => void }) {
  if (!archive.edit) return null;
  const canClearCover = Boolean(archive.posterAsset) && (archive.permissions ?? []).includes('SetPosterAsset');
  return (
    <TileActionsMenu
      label={`Tile actions: ${archive.name}`}
      testId="archive-tile-actions"
      items={[
        { value: 'style', label: 'Style…', icon: Palette, when: true, testId: 'archive-style-open' },
        { value: 'clearCover', label: 'Clear cover', icon: ImageOff, when: canClearCover, testId: 'archive-clear-cover' },
      ]}
      onSelect={(kind) => onAction({ kind, archive })}
    />
  );
}

/** The add/edit dialog while `target` is set; `onClose` gets how it ended. */
export function ArchiveDialogHost({ target, onClose }: { readonly target: ArchiveDialogTarget | undefined; readonly onClose: (result: ArchiveDialogResult) => void }) {
  if (!target) return null;
  return (
    <LazyBoundary
      fallback={
        <Box position="fixed" inset="0" zIndex="modal" bg="bg/80">
          <LoadingState label="Loading the archive settings…" />
        </Box>
      }
    >
      <ArchiveDialog key={target.mode === 'edit' ? target.archiveId : 'add'} archiveId={target.mode === 'edit' ? target.archiveId : undefined} onClose={onClose} />
    </LazyBoundary>
  );
}
