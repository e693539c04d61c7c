/**
 * The Pins view (issue 13; spec 01 §3 Pins, the descriptor's `pins`): what the user pinned, newest first, as tiles:
 * archives and folders, then assets, each with its pin toggle to unpin it. Reached from the header's Pins item
 * (signed-in users only). It reloads the pins when it opens, so pins made in another tab show.
 */
import { useEffect } from 'react';
import { Alert, Button, Grid, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { Pin as PinIcon } from 'lucide-react';
import { AssetTile } from '../components/AssetTile.tsx';
import { CollectionTile } from '../components/CollectionTile.tsx';
import { EmptyView, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { PINS_PATH } from '../lib/urls.ts';
import { useAssetTilePin, useTilePin } from './PinToggle.tsx';
import { usePins } from './PinsProvider.tsx';
import type { Asset, Collection, Pin } from '@magpie/api-types';

/** Size of the asset tiles (px). */
const ASSET_TILE_PX = 180;

function PinnedAsset({ pin }: { readonly pin: Pin & { asset: Asset } }) {
  return <AssetTile asset={pin.asset} size={ASSET_TILE_PX} from={PINS_PATH} {...useAssetTilePin(pin.href)} />;
}

function PinnedCollection({ pin }: { readonly pin: Pin & { collection: Collection } }) {
  const tilePin = useTilePin(pin.href);
  return (
    <CollectionTile
      collection={pin.type === 'taxonomyItem' ? { ...pin.collection, name: pin.name } : pin.collection}
      kind={pin.type === 'archive' ? 'archive' : pin.type === 'album' ? 'album' : pin.type === 'taxonomyItem' ? 'smartFolder' : 'folder'}
      href={pin.href}
      {...(pin.type === 'taxonomyItem' ? { byline: `In ${pin.collection.name}` } : {})}
      {...(tilePin ? { pin: tilePin } : {})}
    />
  );
}

export function PinsView() {
  const pins = usePins();
  useDocumentTitle('Pins');
  const reload = pins?.reload;
  useEffect(() => {
    reload?.();
  }, [reload]);

  if (!pins) return <EmptyView icon={<PinIcon aria-hidden="true" />} title="No pins" description="Log in to pin assets, folders and archives." />;
  const collections = pins.pins.filter((pin): pin is Pin & { collection: Collection } => pin.type !== 'asset' && pin.collection !== undefined);
  const assets = pins.pins.filter((pin): pin is Pin & { asset: Asset } => pin.type === 'asset' && pin.asset !== undefined);
  return (
    <Stack gap="6" data-testid="pins-view" data-state={pins.state}>
      <div>
        <Heading as="h1" size="2xl">
          Pins
        </Heading>
        <Text color="fg.muted">
          What you pinned, newest first ({pins.pins.length} of at most {pins.limit || '…'}).
        </Text>
      </div>
      {pins.state === 'loading' && pins.pins.length === 0 ? (
        <LoadingState label="Loading your pins…" />
      ) : pins.state === 'failed' ? (
        <Alert.Root status="error" data-testid="pins-load-error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your pins could not be loaded</Alert.Title>
            <Alert.Description>
              <Stack gap="3" align="flex-start">
                <span>{pins.loadError}</span>
                <Button size="sm" variant="outline" onClick={pins.retry}>
                  Try again
                </Button>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : pins.pins.length === 0 ? (
        <EmptyView
          icon={<PinIcon aria-hidden="true" />}
          title="Nothing pinned yet"
          description="Pin an archive, a folder or an asset with its pin button, and it waits for you here."
        />
      ) : (
        <>
          {collections.length > 0 && (
            <Stack as="section" gap="3" aria-labelledby="pins-collections">
              <Heading as="h2" size="lg" id="pins-collections">
                Archives and folders
              </Heading>
              <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="4" aria-labelledby="pins-collections">
                {collections.map((pin) => (
                  <li key={pin.href}>
                    <PinnedCollection pin={pin} />
                  </li>
                ))}
              </Grid>
            </Stack>
          )}
          {assets.length > 0 && (
            <Stack as="section" gap="3" aria-labelledby="pins-assets">
              <Heading as="h2" size="lg" id="pins-assets">
                Assets
              </Heading>
              <Wrap as="ul" listStyleType="none" p="0" m="0" gap="4" aria-labelledby="pins-assets" data-testid="pinned-assets">
                {assets.map((pin) => (
                  <li key={pin.href}>
                    <PinnedAsset pin={pin} />
                  </li>
                ))}
              </Wrap>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
