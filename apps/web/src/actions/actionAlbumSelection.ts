import { ArrowDownToLine, ArrowUpToLine, Image as ImageIcon, Trash2 } from 'lucide-react';
import type { AlbumSelectionChange } from '../albums/AlbumActions.tsx';
import { albumSelection } from './selection.ts';
import type { Action, ActionContext } from './types.ts';

/**
 * An album's own commands on its selected assets, on the selection bar (issue 13 albums; spec 01 §2 asset selection
 * and relocation, §7 `PATCH album`; spec 02 §6 SetPosterAsset): Remove from album, Use as cover (one asset), Move to
 * top and Move to bottom. Offered in an album the user may change (`edit`) that is not deleted; each is one request
 * on the album's `edit` (`albums/AlbumActions.tsx`), disabled while one runs.
 */
function albumAction(name: string, label: string, icon: Action['icon'], testId: string, change: AlbumSelectionChange, oneAsset = false): Action {
  return {
    name,
    label: () => label,
    icon,
    testId,
    predicate: (context: ActionContext) => {
      const selection = albumSelection(context);
      return selection !== undefined && (!oneAsset || selection.assets.length === 1);
    },
    busy: (context) => context.selection?.album.busy === true,
    perform: (context) => {
      const selection = albumSelection(context);
      if (selection && !selection.album.busy) selection.album.change(change);
    },
  };
}

/** Removes the selected assets from the album (they stay in their archives). */
export const actionRemoveFromAlbum = albumAction('removeFromAlbum', 'Remove from album', Trash2, 'album-remove', 'remove');

/** Makes the one selected asset the album's cover. */
export const actionSetAlbumCover = albumAction('setAlbumCover', 'Use as cover', ImageIcon, 'album-set-cover', 'cover', true);

/** Moves the selected assets to the top of the album, keeping their order. */
export const actionMoveToAlbumTop = albumAction('moveToAlbumTop', 'Move to top', ArrowUpToLine, 'album-move-top', 'top');

/** Moves the selected assets to the bottom of the album, keeping their order. */
export const actionMoveToAlbumBottom = albumAction('moveToAlbumBottom', 'Move to bottom', ArrowDownToLine, 'album-move-bottom', 'bottom');
