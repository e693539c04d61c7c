import { Image as ImageIcon } from 'lucide-react';
import { offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Use as folder cover" on the selection bar: makes the one selected asset the folder's cover (issue 13 folder tiles;
 * spec 02 §6 SetPosterAsset; spec 01 §2 asset selection). Offered in a folder the user may edit (`edit`) whose
 * `permissions` include `SetPosterAsset`, with exactly one asset selected.
 */
export const actionSetFolderCover: Action = {
  name: 'setFolderCover',
  label: () => 'Use as folder cover',
  icon: ImageIcon,
  testId: 'folder-set-cover',
  predicate: (context) => {
    const selection = offeredSelection(context);
    if (!selection || selection.assets.length !== 1) return false;
    const { collection } = selection;
    return collection.type === 'folder' && Boolean(collection.edit) && (collection.permissions ?? []).includes('SetPosterAsset');
  },
  perform: (context) => offeredSelection(context)?.setFolderCover(),
};
