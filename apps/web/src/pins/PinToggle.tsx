/**
 * Pin toggles bound to the pins store (issue 13; spec 01 §4 "Pinning an asset toggles it"; spec 02 §2 Collection tile
 * "pin toggle (logged in only)"): pressed when pinned, spinning while its change is saved, disabled while another
 * change is; nothing for guests (no pins store).
 */
import type { IconButtonProps } from '@chakra-ui/react';
import { PinButton, type TilePin } from '../components/PinButton.tsx';
import type { AssetTilePin } from '../components/AssetTile.tsx';
import { usePins } from './PinsProvider.tsx';

/** The pin of `href` for a tile's `pin` (CollectionTile); undefined for guests. */
export function useTilePin(href: string): TilePin | undefined {
  const pins = usePins();
  if (!pins) return undefined;
  return { pinned: pins.isPinned(href), busy: pins.state !== 'ready', loading: pins.pendingHref === href, onToggle: () => pins.toggle(href) };
}

/** The pin of `href` as an asset tile's plain props (AssetTile); `{}` for guests (no toggle). */
export function useAssetTilePin(href: string): AssetTilePin {
  const pins = usePins();
  if (!pins) return {};
  return { pinned: pins.isPinned(href), pinBusy: pins.state !== 'ready', pinLoading: pins.pendingHref === href, onTogglePin: pins.toggle };
}

/** A pin button for `href` outside a tile (the asset view), named after `name`. */
export function PinToggle({ href, name, ...rest }: { readonly href: string; readonly name: string } & Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  const pin = useTilePin(href);
  return pin ? <PinButton pin={pin} name={name} {...rest} /> : null;
}
