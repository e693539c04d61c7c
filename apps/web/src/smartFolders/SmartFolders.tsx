/**
 * Smart folders (issue 13; spec 01 §3 "Folder or smart folder", §7 smart folder urls; spec 02 §2 collection tile): an
 * archive's saved searches, shown above its folders when the archive enables them (`isSmartFolderNavigationEnabled`),
 * each a tile that runs its search; for holders of EditSmartFolders (the smart folder's `edit`), an actions menu
 * with Rename…, Move earlier, Move later and Delete…. {@link SaveSmartFolderButton} saves the search on screen.
 */
import { useCallback, useState } from 'react';
import { Alert, Box, Button, chakra, Grid, Heading } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, BookmarkPlus, Pencil, Trash2 } from 'lucide-react';
import type { Collection } from '@magpie/api-types';
import type { NameEditInput, SavedName } from '@magpie/machines';
import { api, describeError } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { CollectionTile } from '../components/CollectionTile.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { TileActionsMenu } from '../components/TileActionsMenu.tsx';
import { SmartFolderDialog } from './SmartFolderDialog.tsx';

type SmartFolderAction = 'rename' | 'earlier' | 'later' | 'delete';

function SmartFolderMenu({ folder, index, count, onAction }: { folder: Collection; index: number; count: number; onAction: (action: SmartFolderAction) => void }) {
  return (
    <TileActionsMenu<SmartFolderAction>
      label={`Actions for ${folder.name}`}
      testId="smart-folder-actions"
      items={[
        { value: 'rename', label: 'Rename…', icon: Pencil, when: true },
        { value: 'earlier', label: 'Move earlier', icon: ArrowLeft, when: index > 0, testId: 'smart-folder-earlier' },
        { value: 'later', label: 'Move later', icon: ArrowRight, when: index < count - 1, testId: 'smart-folder-later' },
        { value: 'delete', label: 'Delete…', icon: Trash2, when: true },
      ]}
      onSelect={onAction}
    />
  );
}

/** The smart folders section of an archive whose `smartFolders` list it shows (nothing while there are none). */
export function SmartFolders({ href, refresh }: { readonly href: string; readonly refresh: number }) {
  const resource = useResource(`${href}#${refresh}`, (signal) => api.listSmartFolders(href, { signal }));
  const [renaming, setRenaming] = useState<NameEditInput | undefined>(undefined);
  const [deleting, setDeleting] = useState<Collection | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const reload = resource.reload;
  const closeRename = useCallback(
    (saved: SavedName | undefined) => {
      setRenaming(undefined);
      if (saved) reload();
    },
    [reload],
  );
  const folders = resource.data?.data ?? [];
  if (folders.length === 0) return null;
  const act = async (folder: Collection, index: number, action: SmartFolderAction) => {
    setError(undefined);
    if (action === 'rename') return setRenaming({ mode: 'rename', href: folder.edit!, name: folder.name });
    if (action === 'delete') return setDeleting(folder);
    try {
      await api.updateSmartFolder(folder.reorder!, { position: action === 'earlier' ? index - 1 : index + 1 });
      reload();
    } catch (failure) {
      setError(`The smart folder was not moved. ${describeError(failure).message}`);
    }
  };
  return (
    <chakra.section aria-labelledby="smart-folders-heading" data-testid="smart-folders">
      <Heading as="h2" id="smart-folders-heading" size="md" mb="3">
        Smart folders
      </Heading>
      {error && (
        <Alert.Root status="error" mb="3" data-testid="smart-folder-error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(200px, 1fr))" gap="3">
        {folders.map((folder, index) => (
          <Box as="li" key={folder.href + folder.name} position="relative" data-testid="smart-folder" data-name={folder.name}>
            <CollectionTile collection={folder} kind="smartFolder" />
            {folder.edit && <SmartFolderMenu folder={folder} index={index} count={folders.length} onAction={(action) => void act(folder, index, action)} />}
          </Box>
        ))}
      </Grid>
      <SmartFolderDialog target={renaming} onClose={closeRename} />
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete the smart folder “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        action={async () => {
          await api.deleteSmartFolder(deleting!.edit!);
          reload();
        }}
        onFailed={(failure) => setError(`The smart folder was not deleted. ${describeError(failure).message}`)}
        testId="smart-folder-delete"
      >
        The saved search goes; the assets it finds stay where they are.
      </ConfirmDialog>
    </chakra.section>
  );
}

/**
 * "Save as smart folder" for the search on screen (`search`: the search collection, whose archive's `smartFolders`
 * takes it), shown to holders of EditSmartFolders; `onSaved` follows a save.
 */
export function SaveSmartFolderButton({ search, onSaved }: { readonly search: Collection; readonly onSaved: () => void }) {
  const [target, setTarget] = useState<NameEditInput | undefined>(undefined);
  const close = useCallback(
    (saved: SavedName | undefined) => {
      setTarget(undefined);
      if (saved) onSaved();
    },
    [onSaved],
  );
  const list = (search as Collection & { smartFolders?: string | null }).smartFolders;
  if (!list || !(search.permissions ?? []).includes('EditSmartFolders')) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setTarget({ mode: 'create', href: list, name: search.searchString ?? '' })} data-testid="smart-folder-save">
        <BookmarkPlus aria-hidden="true" />
        Save as smart folder
      </Button>
      <SmartFolderDialog target={target} searchHref={search.href} onClose={close} />
    </>
  );
}
