import { Trash2 } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Delete…" on the selection bar, or the Delete key: asks to move the selected assets to the trash, from where they
 * can be restored (issue 13 file operations and trash; spec 01 §2 asset selection). Offered when every selected
 * asset's archive allows `Delete`; the key does nothing otherwise, while typing in a field, or while a dialog is open.
 * Nothing is deleted without the confirmation.
 */
export const actionDeleteAssets: Action = {
  name: 'deleteAssets',
  label: () => 'Delete…',
  icon: Trash2,
  shortcut: 'Delete',
  testId: 'file-delete-open',
  tone: 'danger',
  predicate: (context) => fileOperationOnSelection(context, 'delete'),
  perform: (context) => offeredSelection(context)?.start('delete'),
  keyTest: (event) => isPlainKey(event, 'Delete'),
};
