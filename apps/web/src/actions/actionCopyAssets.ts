import { Copy } from 'lucide-react';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Copy to…" on the selection bar: opens the copy dialog, to choose a folder of the descriptor's `copy_to` list (issue
 * 13 file operations; spec 01 §2 asset selection). Offered when the descriptor has `copy_to` and every selected
 * asset's archive allows `CopyFrom`.
 */
export const actionCopyAssets: Action = {
  name: 'copyAssets',
  label: () => 'Copy to…',
  icon: Copy,
  testId: 'file-copy-open',
  predicate: (context) => fileOperationOnSelection(context, 'copy'),
  perform: (context) => offeredSelection(context)?.start('copy'),
};
