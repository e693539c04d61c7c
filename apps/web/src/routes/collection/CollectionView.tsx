/**
 * A collection page (archive, folder or search result). The page address is the collection's href; the view
 * fetches it as `collection` (first page of assets and children embedded), shows name, asset count, breadcrumbs,
 * the sort menu, child folders and the virtualized thumbnail grid, and reloads after uploads.
 *
 * A collection this user opened less than 2 h ago shows at once from the navigation cache (spec 01 §9, `navigation/`:
 * its name, breadcrumbs and child folders, never its assets or a search's results) while the request runs; the assets
 * section waits for the answer. If the request fails, the cached folders stay and the assets section shows the error.
 *
 * A search the DAM refuses (400, e.g. `InvalidSearchExpression`) does not replace the view with an error: the
 * message goes under the header search field (spec 02 §8) and the view shows the collection without the search.
 *
 * Assets can be selected (Ctrl/⌘+click or Space on a thumbnail toggles one, Shift+click selects the range from the
 * previous selection, Shift+A all loaded ones, Esc clears: spec 01 §2; each an action of the registry driving the
 * `assetSelection` machine). The selection bar (`SelectionBar.tsx`, issue 13) shows the registry's commands the
 * selection permits: the view offers them the selected assets and what it can do with them (`selection`: the batch
 * edit drawer of spec 02 §2, the Add to album dialog, the folder cover, the file operations' dialog, pins, an album's
 * own changes), so F2 and the Delete key follow the same rules as the buttons.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Collection } from '@magpie/api-types';
import { useNotifications } from '../../notifications/NotificationsProvider.tsx';
import { TaxonomyNavigation } from '../../taxonomy/TaxonomyNavigation.tsx';
import { errorReport } from '../../notifications/errorReport.ts';
import { Alert, Box, Button, Flex, Grid, Heading, HStack, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { FolderPlus, ImagePlus, Images, SearchX } from 'lucide-react';
import type { SavedFolder } from '@magpie/machines';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { api, describeError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FolderActionsMenu, type FolderAction } from '../../folders/FolderActionsMenu.tsx';
import { FolderDialog } from '../../folders/FolderDialog.tsx';
import { useResource } from '../../api/useResource.ts';
import { collectionForNavigation } from '../../navigation/navigationCache.ts';
import { useNavigationCacheEntry } from '../../navigation/NavigationCacheKeeper.tsx';
import { useActions } from '../../actions/ActionsProvider.tsx';
import { actionOpenUpload } from '../../actions/actionOpenUpload.ts';
import { actionClearSelection } from '../../actions/actionClearSelection.ts';
import { actionSelectAssetRange } from '../../actions/actionSelectAssetRange.ts';
import { actionToggleAssetSelection } from '../../actions/actionToggleAssetSelection.ts';
import type { ActionContext, SelectionCommands } from '../../actions/types.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { assetCountText, CollectionTile } from '../../components/CollectionTile.tsx';
import { PinToggle, useTilePin } from '../../pins/PinToggle.tsx';
import { usePins } from '../../pins/PinsProvider.tsx';
import { EmptyView, ErrorState, LoadingState } from '../../components/States.tsx';
import { VirtualAssetGrid } from '../../components/VirtualAssetGrid.tsx';
import type { AssetTilePin } from '../../components/AssetTile.tsx';
import { useView } from '../../session/ViewContext.tsx';
import { currentAddress, hrefOfLocation } from '../../lib/urls.ts';
import { searchErrorMessage } from '../../search/search.ts';
import { SortMenu } from '../../components/SortMenu.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useAssetPages } from './useAssetPages.ts';
import { BatchEditDrawer } from '../../metadata/BatchEditDrawer.tsx';
import { selectionStyles } from './assetSelection.ts';
import { SelectionBar } from './SelectionBar.tsx';
import { useAssetSelection } from './useAssetSelection.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { AddToAlbumDialog } from '../../albums/AddToAlbumDialog.tsx';
import { AlbumHeaderActions, useAlbumSelectionChange } from '../../albums/AlbumActions.tsx';
import { AlbumComments } from '../../albums/AlbumComments.tsx';
import { FileOperationNotice, FileOperations, fileOperationStart, type FileOperationOutcome, type FileOperationStart } from '../../files/FileOperations.tsx';
import { SaveSmartFolderButton, SmartFolders } from '../../smartFolders/SmartFolders.tsx';
import { FolderStyleDialog } from '../../folders/FolderStyleDialog.tsx';
import type { AlbumAddResult } from '@magpie/machines';

/**
 * A child folder's tile, with its pin toggle for signed-in users and, where the folder offers them (`edit`,
 * `canBeDeleted`), its actions menu: Rename… and Delete… (issue 13).
 */
function FolderTile({ folder, onAction }: { readonly folder: Collection; readonly onAction: (action: FolderAction) => void }) {
  const pin = useTilePin(folder.href);
  return (
    <Box position="relative">
      <CollectionTile collection={folder} kind="folder" {...(folder.pin && pin ? { pin } : {})} />
      <FolderActionsMenu folder={folder} onAction={onAction} />
    </Box>
  );
}

/**
 * The asset tiles' pins from the store (issue 13): undefined for guests. Each tile gets plain values and the store's
 * stable toggle, so a pin re-renders only the tiles whose pin changed.
 */
function usePinOf(): ((href: string) => AssetTilePin) | undefined {
  const pins = usePins();
  return useMemo(() => {
    if (!pins) return undefined;
    const busy = pins.state !== 'ready';
    return (assetHref: string) => ({ pinned: pins.isPinned(assetHref), pinBusy: busy, pinLoading: pins.pendingHref === assetHref, onTogglePin: pins.toggle });
  }, [pins]);
}

/** The collection page at the collection's href (see the module comment), with the selection for the batch edit. */
export function CollectionView() {
  const location = useLocation();
  const href = hrefOfLocation(location);
  const { setCollection, setSearchError, refreshCount } = useView();
  const cached = useNavigationCacheEntry<Collection>(location.search === '' ? href : undefined, collectionForNavigation);
  const resource = useResource(href, (signal) => api.getCollection(href, { signal }), cached);
  const searchError = resource.status === 'error' ? searchErrorMessage(resource.error) : undefined;
  // The same collection without the refused search (or the refused sort, when there is no query).
  const fallbackHref = searchError === undefined ? undefined : location.search ? location.pathname : location.pathname.replace(/;[^/]*$/, '');
  const fallback = useResource(fallbackHref, (signal) => api.getCollection(fallbackHref!, { signal }));
  const collection = (resource.fromCache && searchError !== undefined ? undefined : resource.data) ?? (searchError !== undefined ? fallback.data : undefined);
  // The cached collection has no assets: the assets section waits for the server's answer (or shows its failure).
  const assetsPending = resource.fromCache && collection === resource.data;
  const pages = useAssetPages(collection?.assets);
  const { context, run, setSelection } = useActions();

  const { actorRef: assetSelection, selected, selectedAssets } = useAssetSelection(href, pages.assets);
  const pinOf = usePinOf();
  // New folder, Rename… and Delete… (issue 13): the dialog or confirmation open, and the last refusal of a delete.
  const [folderAction, setFolderActionState] = useState<FolderAction | undefined>(undefined);
  // What the page's actions did, and their refusals, go to the notification system (spec 01 §2: 15 s).
  const { notify } = useNotifications();
  const failed = useCallback(
    (testId: string, message: string, failure?: unknown) =>
      notify({ status: 'error', key: testId, testId, body: message, ...(failure !== undefined ? { report: errorReport(failure, { message }) } : {}) }),
    [notify],
  );
  const setFolderError = useCallback((message: string, failure?: unknown) => failed('folder-action-error', message, failure), [failed]);
  const reloadCollection = resource.reload;
  // Clear cover (issue 13) needs no dialog: it is one request, then the tiles reload.
  const setFolderAction = useCallback(
    (action: FolderAction | undefined) => {
      if (action?.kind !== 'clearCover') return setFolderActionState(action);
      api
        .updateFolder(action.folder.edit!, { poster_asset: null })
        .then(reloadCollection, (failure: unknown) => setFolderError(`The cover was not cleared. ${describeError(failure).message}`, failure));
    },
    [reloadCollection, setFolderError],
  );
  const closeFolderDialog = useCallback(
    (saved: SavedFolder | undefined) => {
      setFolderActionState(undefined);
      if (saved) reloadCollection();
    },
    [reloadCollection],
  );
  const [batchOpen, setBatchOpen] = useState(false);
  useEffect(() => setBatchOpen(false), [href]);
  // Albums (issue 13): the Add to album dialog's assets, what the last add did, and an album change's refusal.
  const { descriptor } = useSession();
  const [albumAssets, setAlbumAssets] = useState<readonly string[] | undefined>(undefined);
  const setAlbumError = useCallback((message: string) => failed('album-error', message), [failed]);
  const closeAlbumDialog = useCallback(
    (result: AlbumAddResult | undefined) => {
      setAlbumAssets(undefined);
      if (!result) return;
      notify({
        status: 'success',
        key: 'album-added',
        testId: 'album-added',
        body: (
          <>
            {result.added === 1 ? '1 asset' : `${result.added} assets`} added to{' '}
            <Link asChild color="brand.fg">
              <RouterLink to={result.album.href}>{result.album.name}</RouterLink>
            </Link>
            .
          </>
        ),
      });
    },
    [notify],
  );
  // Smart folders (issue 13): where the search just saved shows.
  const notifySavedSearch = useCallback(
    (search: Collection) =>
      notify({
        status: 'success',
        key: 'smart-folder-saved',
        testId: 'smart-folder-saved',
        body: (
          <>
            The search is saved under Smart folders in{' '}
            <Link asChild color="brand.fg">
              <RouterLink to={search.ancestors?.[0]?.href ?? search.clearSearch?.href ?? search.href} data-testid="smart-folder-archive">
                {search.ancestors?.[0]?.name ?? search.name}
              </RouterLink>
            </Link>
            .
          </>
        ),
      }),
    [notify],
  );
  // File operations (issue 13): the one running in its dialog; what it did becomes a notice.
  const [fileStart, setFileStart] = useState<FileOperationStart | undefined>(undefined);
  const fileOperationEnded = useCallback(
    (outcome: FileOperationOutcome | undefined) => {
      setFileStart(undefined);
      if (!outcome) return;
      notify({
        status: outcome.failed.length > 0 ? 'warning' : 'success',
        key: 'file-operation',
        testId: 'file-operation-outcome',
        body: <FileOperationNotice outcome={outcome} />,
      });
      run(actionClearSelection);
      reloadCollection();
    },
    [notify, run, reloadCollection],
  );
  const albumChanged = useCallback(() => reloadCollection(), [reloadCollection]);
  const { busy: albumBusy, change: albumChange } = useAlbumSelectionChange(collection?.isLinkCollection === true ? collection : undefined, albumChanged, setAlbumError);

  // What the selection bar's actions and their keys may do with the selected assets (issue 13; spec 01 §2).
  const pins = usePins();
  const pinAll = pins?.pinAll;
  const pinsBusy = pins !== undefined && pins.state !== 'ready';
  const selection = useMemo<SelectionCommands | undefined>(() => {
    if (!collection) return undefined;
    const hrefs = selectedAssets.map((asset) => asset.href);
    return {
      assets: selectedAssets,
      collection,
      descriptor,
      start: (kind, options) => setFileStart(fileOperationStart(kind, selectedAssets, descriptor, options)),
      openAddToAlbum: () => setAlbumAssets(hrefs),
      editMetadata: () => setBatchOpen(true),
      setFolderCover: () => {
        if (!collection.edit || hrefs.length !== 1) return;
        api.updateFolder(collection.edit, { poster_asset: hrefs[0]! }).then(
          () => notify({ status: 'success', key: 'folder-cover-set', testId: 'folder-cover-set', body: 'The asset is the folder’s cover now.' }),
          (failure: unknown) => setFolderError(`The cover was not set. ${describeError(failure).message}`, failure),
        );
      },
      pins: pinAll ? { busy: pinsBusy, pinAll: () => pinAll(hrefs) } : undefined,
      album: { busy: albumBusy, change: (change) => albumChange(change, hrefs) },
    };
  }, [collection, selectedAssets, descriptor, pinAll, pinsBusy, albumBusy, albumChange, notify, setFolderError]);
  useEffect(() => setSelection(selection), [selection, setSelection]);
  useEffect(() => () => setSelection(undefined), [setSelection]);
  // The bar's context: the view's selection now (the registry's follows after this render), and no dialog check (the
  // bar shows what the selection permits; an open dialog covers it and the keys wait for it).
  const barContext = useMemo<ActionContext>(() => ({ ...context, assetSelection, selection, dialogOpen: () => false }), [context, assetSelection, selection]);

  // Reload after uploads finished (spec 01 §4 Upload popover: the new thumbnails appear).
  const { reload } = resource;
  const seenRefresh = useRef(refreshCount);
  useEffect(() => {
    if (refreshCount === seenRefresh.current) return;
    seenRefresh.current = refreshCount;
    reload();
  }, [refreshCount, reload]);

  useEffect(() => {
    setCollection(collection);
  }, [collection, setCollection]);
  useEffect(() => () => setCollection(undefined), [setCollection]);
  useEffect(() => {
    setSearchError(searchError);
  }, [searchError, setSearchError]);
  useEffect(() => () => setSearchError(undefined), [setSearchError]);

  useDocumentTitle(collection?.name);

  if (resource.status === 'error' && searchError === undefined && !collection) {
    return <ErrorState error={resource.error} onRetry={resource.reload} />;
  }
  if (searchError !== undefined && fallback.status === 'error' && !collection) return <ErrorState error={fallback.error} onRetry={fallback.reload} />;
  if (!collection) return <LoadingState label="Loading collection…" />;

  const isSearch = searchError === undefined && (collection.type === 'search' || (collection.searchString ?? '') !== '');
  const children = collection.children?.data ?? [];
  const canUploadHere = collection.canUploadTo && actionOpenUpload.predicate(context);
  const isAlbum = collection.isLinkCollection === true;

  return (
    <Stack gap="5" data-testid="collection-view" data-href={collection.href}>
      <Breadcrumbs ancestors={collection.ancestors ?? []} current={collection.name} />
      <Flex align={{ base: 'flex-start', md: 'flex-end' }} justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }}>
        <Box>
          <HStack gap="2">
            <Heading as="h1" size="2xl" data-testid="collection-name">
              {collection.name}
            </Heading>
            {!isSearch && collection.pin && <PinToggle href={collection.href} name={collection.name} data-testid="collection-pin" />}
          </HStack>
          <Text color="fg.muted" data-testid="collection-count" aria-live="polite">
            {isSearch ? `${assetCountText(collection.assetCount)} matching “${collection.searchString}”` : assetCountText(collection.assetCount)}
            {resource.status === 'loading' && ' · updating…'}
            {/* An album others shared with the user names its owner (issue 13). */}
            {isAlbum && collection.edit === null && typeof collection.props?.owner?.name === 'string' && (
              <span data-testid="album-owner">{` · shared by ${collection.props.owner.name}`}</span>
            )}
          </Text>
          {searchError !== undefined && (
            <Text color="fg.muted" fontSize="sm" data-testid="search-not-run">
              The search could not be run; showing everything here.
            </Text>
          )}
        </Box>
        <HStack gap="3">
          {isSearch && collection.clearSearch && (
            <Link asChild fontSize="sm" color="brand.fg">
              <RouterLink to={collection.clearSearch.href} data-testid="clear-search">
                Clear search
              </RouterLink>
            </Link>
          )}
          {isSearch && <SaveSmartFolderButton search={collection} onSaved={() => notifySavedSearch(collection)} />}
          {isAlbum && <AlbumHeaderActions album={collection} onChanged={albumChanged} onFailed={setAlbumError} />}
          {!isSearch && collection.canCreateFolders && (
            <Button size="sm" variant="outline" onClick={() => setFolderAction({ kind: 'create', folder: collection })} data-testid="new-folder">
              <FolderPlus aria-hidden="true" />
              New folder
            </Button>
          )}
          <SortMenu collection={collection} />
        </HStack>
      </Flex>

      {isAlbum && (collection.archived !== null || collection.deleted !== null) && (
        <Alert.Root status="info" data-testid="album-state">
          <Alert.Indicator />
          <Alert.Description>{collection.deleted !== null ? 'This album is deleted. Restore it to use it again.' : 'This album is archived.'}</Alert.Description>
        </Alert.Root>
      )}
      {isAlbum && !isSearch && <AlbumComments album={collection} />}
      {descriptor && <AddToAlbumDialog descriptor={descriptor} assets={albumAssets} onClose={closeAlbumDialog} />}
      <FolderDialog
        target={
          folderAction?.kind === 'create'
            ? { mode: 'create', href: folderAction.folder.href, name: '' }
            : folderAction?.kind === 'rename'
              ? { mode: 'rename', href: folderAction.folder.href, name: folderAction.folder.name }
              : undefined
        }
        onClose={closeFolderDialog}
      />
      <ConfirmDialog
        open={folderAction?.kind === 'delete'}
        title={`Delete “${folderAction?.folder.name ?? ''}”?`}
        confirmLabel="Delete folder"
        testId="folder-delete"
        onClose={() => setFolderActionState(undefined)}
        action={async () => {
          await api.deleteFolder(folderAction!.folder.href);
          reloadCollection();
        }}
        onFailed={(failure) => setFolderError(`The folder was not deleted. ${describeError(failure).message}`, failure)}
      >
        The folder and its empty sub-folders are deleted. A folder that holds assets is not: move or delete them first.
      </ConfirmDialog>
      <FolderStyleDialog
        folder={folderAction?.kind === 'style' ? folderAction.folder : undefined}
        onClose={(saved) => {
          setFolderActionState(undefined);
          if (saved) reloadCollection();
        }}
      />
      {collection.isSmartFolderNavigationEnabled && collection.smartFolders && <SmartFolders href={collection.smartFolders} refresh={refreshCount} />}
      {!isSearch && collection.type === 'archive' && <TaxonomyNavigation taxonomies={collection.taxonomies} />}
      {children.length > 0 && (
        <chakra.section aria-labelledby="folders-heading">
          <Heading as="h2" id="folders-heading" size="md" mb="3">
            Folders
          </Heading>
          <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(200px, 1fr))" gap="3">
            {children.map((child) => (
              <li key={child.href}>
                <FolderTile folder={child} onAction={setFolderAction} />
              </li>
            ))}
          </Grid>
        </chakra.section>
      )}

      <chakra.section aria-labelledby="assets-heading">
        <Heading as="h2" id="assets-heading" srOnly>
          Assets
        </Heading>
        {assetsPending ? (
          resource.status === 'error' ? (
            <ErrorState error={resource.error} onRetry={resource.reload} />
          ) : (
            <LoadingState label="Loading assets…" />
          )
        ) : pages.assets.length === 0 && !pages.next ? (
          isSearch ? (
            <EmptyView icon={<SearchX aria-hidden="true" />} title="No assets match this search" description="Try other words, or clear the search to see everything here." />
          ) : isAlbum ? (
            <EmptyView icon={<Images aria-hidden="true" />} title="This album is empty" description="Select assets in an archive and choose “Add to album” to put them here." />
          ) : (
            <EmptyView
              icon={<ImagePlus aria-hidden="true" />}
              title="No assets here yet — upload some"
              description={canUploadHere ? 'Drop files into the upload popover, or choose them from your computer.' : undefined}
            >
              {canUploadHere && (
                <HStack>
                  <Button colorPalette="brand" onClick={() => run(actionOpenUpload)} data-testid="empty-upload">
                    Upload files
                  </Button>
                </HStack>
              )}
            </EmptyView>
          )
        ) : (
          <Box
            css={selectionStyles(selected)}
            onClickCapture={(event) => {
              // A plain click opens the asset; with Shift or Ctrl/⌘ it selects (Space on a thumbnail: the registry).
              const action = event.shiftKey ? actionSelectAssetRange : event.ctrlKey || event.metaKey ? actionToggleAssetSelection : undefined;
              if (action && run(action, { target: event.target as Element })) {
                event.preventDefault();
                event.stopPropagation();
              }
            }}
          >
            <VirtualAssetGrid
              assets={pages.assets}
              total={collection.assetCount}
              hasNext={pages.next !== undefined}
              loadingMore={pages.loading}
              loadMoreFailed={pages.failed}
              pageSizeHint={pages.pageSize}
              onLoadMore={pages.loadMore}
              from={currentAddress(location)}
              selected={selected}
              {...(pinOf ? { pinOf } : {})}
            />
          </Box>
        )}
      </chakra.section>

      {context.loggedIn && pages.assets.length > 0 && <SelectionBar count={selected.size} context={barContext} run={run} />}
      <FileOperations start={fileStart} onEnd={fileOperationEnded} />
      {batchOpen && selectedAssets.length > 0 && <BatchEditDrawer assets={selectedAssets} onClose={() => setBatchOpen(false)} onSaved={resource.reload} />}
    </Stack>
  );
}
