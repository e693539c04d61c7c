/**
 * A collection page (archive, folder or search result). The page address is the collection's href; the view
 * fetches it as `collection` (first page of assets and children embedded), shows name, asset count, breadcrumbs,
 * the sort menu, child folders and the virtualized thumbnail grid, and reloads after uploads.
 *
 * A search the DAM refuses (400, e.g. `InvalidSearchExpression`) does not replace the view with an error: the
 * message goes under the header search field (spec 02 §8) and the view shows the collection without the search.
 */
import { useEffect, useRef } from 'react';
import { Box, Button, Flex, Grid, Heading, HStack, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { ImagePlus, SearchX } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { useActions } from '../../actions/ActionsProvider.tsx';
import { actionOpenUpload } from '../../actions/actionOpenUpload.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { assetCountText, CollectionTile } from '../../components/CollectionTile.tsx';
import { EmptyView, ErrorState, LoadingState } from '../../components/States.tsx';
import { VirtualAssetGrid } from '../../components/VirtualAssetGrid.tsx';
import { useView } from '../../session/ViewContext.tsx';
import { currentAddress, hrefOfLocation } from '../../lib/urls.ts';
import { searchErrorMessage } from '../../lib/search.ts';
import { SortMenu } from '../../components/SortMenu.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useAssetPages } from './useAssetPages.ts';

export function CollectionView() {
  const location = useLocation();
  const href = hrefOfLocation(location);
  const { setCollection, setSearchError, refreshCount } = useView();
  const resource = useResource(href, (signal) => api.getCollection(href, { signal }));
  const searchError = resource.status === 'error' ? searchErrorMessage(resource.error) : undefined;
  // The same collection without the refused search (or the refused sort, when there is no query).
  const fallbackHref = searchError === undefined ? undefined : location.search ? location.pathname : location.pathname.replace(/;[^/]*$/, '');
  const fallback = useResource(fallbackHref, (signal) => api.getCollection(fallbackHref!, { signal }));
  const collection = resource.data ?? (searchError !== undefined ? fallback.data : undefined);
  const pages = useAssetPages(collection?.assets);
  const { context, run } = useActions();

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

  return (
    <Stack gap="5" data-testid="collection-view" data-href={collection.href}>
      <Breadcrumbs ancestors={collection.ancestors ?? []} current={collection.name} />
      <Flex align={{ base: 'flex-start', md: 'flex-end' }} justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }}>
        <Box>
          <Heading as="h1" size="2xl" data-testid="collection-name">
            {collection.name}
          </Heading>
          <Text color="fg.muted" data-testid="collection-count" aria-live="polite">
            {isSearch ? `${assetCountText(collection.assetCount)} matching “${collection.searchString}”` : assetCountText(collection.assetCount)}
            {resource.status === 'loading' && ' · updating…'}
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
          <SortMenu collection={collection} />
        </HStack>
      </Flex>

      {children.length > 0 && (
        <chakra.section aria-labelledby="folders-heading">
          <Heading as="h2" id="folders-heading" size="md" mb="3">
            Folders
          </Heading>
          <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(200px, 1fr))" gap="3">
            {children.map((child) => (
              <li key={child.href}>
                <CollectionTile collection={child} kind="folder" />
              </li>
            ))}
          </Grid>
        </chakra.section>
      )}

      <chakra.section aria-labelledby="assets-heading">
        <Heading as="h2" id="assets-heading" srOnly>
          Assets
        </Heading>
        {pages.assets.length === 0 && !pages.next ? (
          isSearch ? (
            <EmptyView
              icon={<SearchX aria-hidden="true" />}
              title="No assets match this search"
              description="Try other words, or clear the search to see everything here."
            />
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
          <VirtualAssetGrid
            assets={pages.assets}
            total={collection.assetCount}
            hasNext={pages.next !== undefined}
            loadingMore={pages.loading}
            loadMoreFailed={pages.failed}
            pageSizeHint={pages.pageSize}
            onLoadMore={pages.loadMore}
            from={currentAddress(location)}
          />
        )}
      </chakra.section>
    </Stack>
  );
}
