import { FolderInput } from 'lucide-react';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Move to…" on the selection bar: opens the move dialog, to choose a folder of the descriptor's `move_to` list (issue
 * 13 file operations; spec 01 §2 asset selection, relocation). Offered when the descriptor has `move_to` and every
 * selected asset's archive allows `MoveFrom`.
 */
export const actionMoveAssets: Action = {
  name: 'moveAssets',
  label: () => 'Move to…',
  icon: FolderInput,
  testId: 'file-move-open',
  predicate: (context) => fileOperationOnSelection(context, 'move'),
  perform: (context) => offeredSelection(context)?.start('move'),
};
