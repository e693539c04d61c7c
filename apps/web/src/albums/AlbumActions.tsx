/**
 * What an album page offers its owner (issue 13; spec 01 §2 relocation, §7 `PATCH album`; spec 02 §6 SetPosterAsset):
 * on the selection, Remove from album, Use as cover (one asset), Move to top and Move to bottom (actions of the
 * registry on the selection bar, `actions/actionAlbumSelection.ts`, run through {@link useAlbumSelectionChange}); in the header,
 * Rename… (the album dialog), Share… (the share dialog: people and groups with `albums.shareWithUsers` or
 * `albums.shareWithGroups`, links with `albums.shareWithGuests`), Clear cover, Archive or Restore, and Delete (to the deleted albums, after a confirmation)
 * or Restore from there. Each is
 * one request (`PATCH` or `DELETE` on the album's `edit`); a refusal shows under the header.
 */
import { useCallback, useState } from 'react';
import type { NameEditInput, SavedName } from '@magpie/machines';
import { AlbumDialog } from './AlbumDialog.tsx';
import { ShareDialog, type ShareAbilities } from './ShareDialog.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { Button, HStack } from '@chakra-ui/react';
import { Archive, ArchiveRestore, Globe, ImageOff, PencilLine, Share2, Trash2, Undo2 } from 'lucide-react';
import type { Collection } from '@magpie/api-types';
import { useNavigate } from 'react-router-dom';
import { api, describeError } from '../api/client.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ALBUMS_PATH } from '../lib/urls.ts';

/** One album change: runs it, then reloads the page, or says why it failed. */
function useAlbumChange(onChanged: () => void, onFailed: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (change: () => Promise<unknown>, what: string) => {
      setBusy(true);
      try {
        await change();
        onChanged();
      } catch (failure) {
        onFailed(`${what} failed. ${describeError(failure).message}`);
      } finally {
        setBusy(false);
      }
    },
    [onChanged, onFailed],
  );
  return { busy, run };
}

/** An album's own command on its selected assets: remove them, use the one as cover, move them to the top or bottom. */
export type AlbumSelectionChange = 'remove' | 'cover' | 'top' | 'bottom';

/** The `PATCH` on the album's `edit` that makes `change` on `hrefs`, and what it is called when it fails. */
export function albumSelectionUpdate(change: AlbumSelectionChange, hrefs: readonly string[]): { readonly update: Parameters<typeof api.updateAlbum>[1]; readonly what: string } {
  switch (change) {
    case 'remove':
      return { update: { assets: { delete: [...hrefs] } }, what: 'Removing' };
    case 'cover':
      return { update: { poster_asset: hrefs[0]! }, what: 'Setting the cover' };
    case 'top':
    case 'bottom':
      return { update: { move: { assets: [...hrefs], to: change } }, what: 'Moving' };
  }
}

/**
 * The album's selection commands for the selection bar's actions: `change` runs one on `hrefs` (one request on the
 * album's `edit`, then `onChanged`, or `onFailed` with why); `busy` while it runs.
 */
export function useAlbumSelectionChange(album: Collection | undefined, onChanged: () => void, onFailed: (message: string) => void) {
  const { busy, run } = useAlbumChange(onChanged, onFailed);
  const edit = album?.edit;
  const change = useCallback(
    (kind: AlbumSelectionChange, hrefs: readonly string[]) => {
      if (!edit || hrefs.length === 0) return;
      const { update, what } = albumSelectionUpdate(kind, hrefs);
      void run(() => api.updateAlbum(edit, update), what);
    },
    [edit, run],
  );
  return { busy, change };
}

/** The album page's header commands (see the module comment). */
export function AlbumHeaderActions({ album, onChanged, onFailed }: { readonly album: Collection; readonly onChanged: () => void; readonly onFailed: (message: string) => void }) {
  const { busy, run } = useAlbumChange(onChanged, onFailed);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState<NameEditInput | undefined>(undefined);
  const [sharing, setSharing] = useState(false);
  const closeShare = useCallback(() => setSharing(false), []);
  const { descriptor } = useSession();
  const closeRename = useCallback(
    (saved: SavedName | undefined) => {
      setRenaming(undefined);
      if (saved) onChanged();
    },
    [onChanged],
  );
  const navigate = useNavigate();
  const edit = album.edit;
  if (!edit) return null;
  const deleted = album.deleted !== null;
  const sharesHref = album.props?.shares?.href;
  const albumsCan = descriptor?.permissions.albums;
  const ownerHref = typeof album.props?.owner?.href === 'string' ? album.props.owner.href : '';
  const shareCan: ShareAbilities = {
    links: albumsCan?.shareWithGuests ?? false,
    downloads: descriptor?.permissions.delegateDownload ?? false,
    people: descriptor?.people_search && (albumsCan?.shareWithUsers || albumsCan?.shareWithGroups) ? { peopleSearch: descriptor.people_search, ownerHref } : undefined,
  };
  return (
    <HStack gap="2" wrap="wrap">
      {!deleted && (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setRenaming({ mode: 'rename', href: edit, name: album.name })} data-testid="album-rename">
          <PencilLine aria-hidden="true" />
          Rename…
        </Button>
      )}
      <AlbumDialog target={renaming} onClose={closeRename} />
      {!deleted && sharesHref && (shareCan.links || shareCan.people) && (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setSharing(true)} data-testid="album-share">
          <Share2 aria-hidden="true" />
          Share…
        </Button>
      )}
      <ShareDialog sharesHref={sharing ? sharesHref : undefined} name={album.name} onClose={closeShare} can={shareCan} />
      {album.posterAsset && !deleted && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => run(() => api.updateAlbum(edit, { poster_asset: null }), 'Clearing the cover')}
          data-testid="album-clear-cover"
        >
          <ImageOff aria-hidden="true" />
          Clear cover
        </Button>
      )}
      {!deleted && album.archived === null && albumsCan?.showOnHomepage && (
        <Button
          size="sm"
          variant={album.props?.showOnHomepage ? 'solid' : 'outline'}
          aria-pressed={album.props?.showOnHomepage === true}
          disabled={busy}
          onClick={() => run(() => api.updateAlbum(edit, { showOnHomepage: album.props?.showOnHomepage !== true }), 'Changing the home page')}
          data-testid="album-public"
        >
          <Globe aria-hidden="true" />
          Show on home page
        </Button>
      )}
      {deleted ? (
        <Button size="sm" variant="outline" loading={busy} onClick={() => run(() => api.updateAlbum(edit, { deleted: false }), 'Restoring')} data-testid="album-restore">
          <Undo2 aria-hidden="true" />
          Restore
        </Button>
      ) : (
        album.canBeArchived && (
          <Button
            size="sm"
            variant="outline"
            loading={busy}
            onClick={() => run(() => api.updateAlbum(edit, { archived: album.archived === null }), album.archived === null ? 'Archiving' : 'Restoring')}
            data-testid="album-archive"
          >
            {album.archived === null ? <Archive aria-hidden="true" /> : <ArchiveRestore aria-hidden="true" />}
            {album.archived === null ? 'Archive' : 'Restore from archive'}
          </Button>
        )
      )}
      {album.canBeDeleted && (
        <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={() => setConfirming(true)} data-testid="album-delete">
          <Trash2 aria-hidden="true" />
          {deleted ? 'Delete for good…' : 'Delete…'}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={deleted ? `Delete “${album.name}” for good?` : `Delete “${album.name}”?`}
        confirmLabel={deleted ? 'Delete for good' : 'Delete album'}
        testId="album-delete-confirm"
        onClose={() => setConfirming(false)}
        action={async () => {
          await api.deleteAlbum(edit);
          navigate(ALBUMS_PATH);
        }}
        onFailed={(failure) => onFailed(`The album was not deleted. ${describeError(failure).message}`)}
      >
        {deleted
          ? 'The album is removed for good. Its assets stay in their archives.'
          : 'The album goes to your deleted albums, from where you can restore it. Its assets stay in their archives.'}
      </ConfirmDialog>
    </HStack>
  );
}
