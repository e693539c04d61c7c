import { Images } from 'lucide-react';
import { isAlbum, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Add to album" on the selection bar: opens the Add to album dialog for the selected assets (issue 13 albums; spec 01
 * §2 asset selection). Offered outside albums when the descriptor has the user's albums (`albums_own`) and permits
 * adding assets (`permissions.albums.addAssets`).
 */
export const actionAddToAlbum: Action = {
  name: 'addToAlbum',
  label: () => 'Add to album',
  icon: Images,
  testId: 'album-add-open',
  predicate: (context) => {
    const selection = offeredSelection(context);
    const descriptor = selection?.descriptor;
    return selection !== undefined && !isAlbum(selection) && descriptor?.albums_own != null && descriptor.permissions.albums.addAssets;
  },
  perform: (context) => offeredSelection(context)?.openAddToAlbum(),
};
