import { PencilLine } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Rename…" on the selection bar, or F2: opens the rename dialog of the one selected asset (issue 13 file operations;
 * spec 01 §2 asset selection, §5 names). Offered when exactly one asset is selected and its archive allows `Rename`;
 * F2 does nothing otherwise, while typing in a field, or while a dialog is open.
 */
export const actionRenameAsset: Action = {
  name: 'renameAsset',
  label: () => 'Rename…',
  icon: PencilLine,
  shortcut: 'F2',
  testId: 'file-rename-open',
  predicate: (context) => fileOperationOnSelection(context, 'rename'),
  perform: (context) => offeredSelection(context)?.start('rename'),
  keyTest: (event) => isPlainKey(event, 'F2'),
};
