/**
 * The asset page: large preview (800, or 1600 on high-density screens), the metadata panel (the archive's metadata
 * view with one in-place editor per field, spec 02 §2; read-only rows when the asset has no view), the write-back
 * status, the file facts, the history panel (spec 01 §7 Revisions), a download link to the ORIGINAL rendition, Add to
 * cart (issue 15, the registry's `addAssetToCart` when the asset allows `Order`), and back to the collection (also
 * with Esc, through the action registry).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, chakra, Flex, Grid, Heading, HStack, Link, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { ArrowLeft, Download, ShoppingCart } from 'lucide-react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { Asset } from '@magpie/api-types';
import { api } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { useActions } from '../../actions/ActionsProvider.tsx';
import { actionAddAssetToCart } from '../../actions/actionAddAssetToCart.ts';
import { DocTypeIcon } from '../../components/DocTypeIcon.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { AssetVideo } from './AssetVideo.tsx';
import { DocumentPager } from './DocumentPager.tsx';
import { assetTitle, fileFacts, metadataRows, originalRenditionHref, pickPreview, previewSrcSet } from '../../lib/assetFields.ts';
import { hrefOfLocation, safeReturnAddress } from '../../lib/urls.ts';
import { HistoryPanel } from '../../metadata/HistoryPanel.tsx';
import { ConsentPanel } from '../../consent/ConsentPanel.tsx';
import { MetadataPanel } from '../../metadata/MetadataPanel.tsx';
import { WritebackStatus } from '../../metadata/WritebackStatus.tsx';
import { PinToggle } from '../../pins/PinToggle.tsx';
import { RenditionDownloadMenu } from './RenditionDownloadMenu.tsx';
import { FieldEditorTestModal, testFieldsOf } from '../../metadata/FieldEditorTestModal.tsx';

/** Preview size of the asset view, px (FotoWeb's 800 preview; 1600 for high-density screens). */
const LARGE_PREVIEW_SIZE = 800;

/** The asset page at the asset's href (see the module comment); `#field-editor-test` opens the editors' test modal. */
export function AssetView() {
  const location = useLocation();
  const navigate = useNavigate();
  const href = hrefOfLocation(location);
  const resource = useResource(href, (signal) => api.getAsset(href, { signal }));
  // The asset a save or rollback answered wins over the loaded one until the next load.
  const [saved, setSaved] = useState<Asset>();
  useEffect(() => setSaved(undefined), [resource.data]);
  const asset = saved && saved.href === resource.data?.href ? saved : resource.data;
  const { setGoBack, setAsset } = useActions();
  const from = safeReturnAddress((location.state as { from?: unknown } | null)?.from as string | undefined);
  const backHref = from ?? asset?.archiveHREF;

  const goBack = useCallback(() => {
    if (from !== undefined && window.history.length > 1) navigate(-1);
    else if (backHref) navigate(backHref);
  }, [from, backHref, navigate]);

  useEffect(() => {
    setGoBack(goBack);
    return () => setGoBack(undefined);
  }, [goBack, setGoBack]);

  // The asset on screen, for the registry's commands on it (Add to cart).
  useEffect(() => {
    setAsset(asset);
  }, [asset, setAsset]);
  useEffect(() => () => setAsset(undefined), [setAsset]);

  useDocumentTitle(asset ? assetTitle(asset) : undefined);
  const testFields = testFieldsOf(location.hash);

  if (resource.status === 'error' && !asset) return <ErrorState error={resource.error} onRetry={resource.reload} />;
  if (!asset) return <LoadingState label="Loading asset…" />;

  return (
    <Stack gap="4" data-testid="asset-view" data-href={asset.href}>
      {backHref && (
        <Box>
          <Button asChild variant="ghost" size="sm" ms="-2">
            <RouterLink
              to={backHref}
              data-testid="asset-back"
              aria-keyshortcuts="Escape"
              onClick={(event) => {
                event.preventDefault();
                goBack();
              }}
            >
              <ArrowLeft aria-hidden="true" />
              Back to collection
            </RouterLink>
          </Button>
        </Box>
      )}
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="6" alignItems="start">
        <AssetPreview asset={asset} onAssetChange={setSaved} />
        <AssetDetails asset={asset} onAssetChange={setSaved} reload={resource.reload} />
      </Grid>
      {testFields && (
        <FieldEditorTestModal
          assetHref={asset.href}
          fields={testFields}
          onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state })}
        />
      )}
    </Stack>
  );
}

function AssetPreview({ asset, onAssetChange }: { asset: Asset; onAssetChange: (asset: Asset) => void }) {
  const pixelRatio = typeof window.devicePixelRatio === 'number' ? window.devicePixelRatio : 1;
  const preview = asset.hasPreview === false ? undefined : pickPreview(asset.previews, LARGE_PREVIEW_SIZE, pixelRatio);
  return (
    <Flex as="figure" bg="bg.muted" rounded="lg" minH={{ base: '240px', md: '420px' }} align="center" justify="center" p="2" m="0" data-testid="asset-preview">
      {asset.webVideo ? (
        // A movie plays in the browser once its web copy is made (issue 16).
        <AssetVideo asset={asset} poster={preview?.href} onAssetChange={onAssetChange} />
      ) : asset.documentPages && asset.documentPages.count > 1 ? (
        // A document with several pages pages through them (issue 16).
        <DocumentPager asset={asset} pages={asset.documentPages} firstPage={pickPreview(asset.previews, 1600)?.href} />
      ) : preview ? (
        <chakra.img
          src={preview.href}
          srcSet={previewSrcSet(asset.previews, LARGE_PREVIEW_SIZE)}
          alt={assetTitle(asset)}
          maxW="full"
          maxH="78vh"
          objectFit="contain"
          rounded="md"
        />
      ) : (
        <Stack align="center" color="fg.muted" gap="2">
          <DocTypeIcon doctype={asset.doctype} hasPreview={asset.hasPreview} size={72} />
          <Text>No preview available</Text>
        </Stack>
      )}
    </Flex>
  );
}

function AssetDetails({ asset, onAssetChange, reload }: { asset: Asset; onAssetChange: (asset: Asset) => void; reload: () => void }) {
  const facts = fileFacts(asset);
  const download = originalRenditionHref(asset);
  return (
    <Stack as="aside" aria-labelledby="asset-title" gap="5" data-testid="asset-metadata">
      <Box>
        <Heading as="h1" id="asset-title" size="xl" wordBreak="break-word" data-testid="asset-title">
          {assetTitle(asset)}
        </Heading>
        <HStack mt="3" gap="2">
          {download && (
            <Button asChild size="sm" colorPalette="brand">
              <a href={download} download={asset.filename} data-testid="asset-download">
                <Download aria-hidden="true" />
                Download original
              </a>
            </Button>
          )}
          <RenditionDownloadMenu asset={asset} />
          <AddToCartButton asset={asset} />
          <PinToggle href={asset.href} name={asset.filename} data-testid="asset-pin" />
        </HStack>
      </Box>
      <MetadataPanel asset={asset} onAssetChange={onAssetChange} fallback={<ReadOnlyMetadata asset={asset} />} />
      <WritebackStatus asset={asset} onAssetChange={onAssetChange} />
      <Box>
        <Heading as="h2" size="sm" mb="2">
          File
        </Heading>
        <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2" fontSize="sm">
          {facts.map((fact) => (
            <Box key={fact.label} display="contents">
              <chakra.dt color="fg.muted">{fact.label}</chakra.dt>
              <chakra.dd m="0" wordBreak="break-all">
                {fact.value}
              </chakra.dd>
            </Box>
          ))}
        </chakra.dl>
      </Box>
      <ConsentPanel asset={asset} onChanged={reload} />
      <HistoryPanel key={asset.href} asset={asset} onAssetChanged={reload} />
      <Link asChild fontSize="sm" color="brand.fg">
        <RouterLink to={asset.archiveHREF}>Open the archive</RouterLink>
      </Link>
    </Stack>
  );
}

/** The registry's Add to cart for the asset on screen (issue 15), shown while its rule holds; disabled while an add runs. */
function AddToCartButton({ asset }: { asset: Asset }) {
  const { context, run } = useActions();
  // The button's context: this asset now (the registry's follows after this render), no dialog check (a dialog covers it).
  const here = useMemo(() => ({ ...context, asset, dialogOpen: () => false }), [context, asset]);
  if (!actionAddAssetToCart.predicate(here)) return null;
  return (
    <Button size="sm" variant="outline" onClick={() => run(actionAddAssetToCart)} disabled={actionAddAssetToCart.busy?.(here) === true} data-testid={actionAddAssetToCart.testId}>
      <ShoppingCart aria-hidden="true" />
      {actionAddAssetToCart.label(here)}
    </Button>
  );
}

/** The asset's known fields, read-only (an asset without a metadata view, or a view that failed to load). */
function ReadOnlyMetadata({ asset }: { asset: Asset }) {
  const rows = metadataRows(asset);
  return (
    <Box>
      <Heading as="h2" size="sm" mb="2">
        Metadata
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No metadata.
        </Text>
      ) : (
        <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2" fontSize="sm">
          {rows.map((row) => (
            <Box key={row.id} display="contents" data-testid={`field-${row.id}`}>
              <chakra.dt color="fg.muted">{row.label}</chakra.dt>
              <chakra.dd m="0" wordBreak="break-word" whiteSpace={row.kind === 'multiline' ? 'pre-line' : undefined}>
                {row.kind === 'tags' ? (
                  <Wrap as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={row.label}>
                    {row.values.map((value) => (
                      <li key={value}>
                        <Tag.Root size="sm" variant="subtle" data-testid="keyword">
                          <Tag.Label>{value}</Tag.Label>
                        </Tag.Root>
                      </li>
                    ))}
                  </Wrap>
                ) : (
                  row.values[0]
                )}
              </chakra.dd>
            </Box>
          ))}
        </chakra.dl>
      )}
    </Box>
  );
}
