import { PencilLine } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/** E starts editing the asset's first editable metadata field (spec 02 §2 "a shortcut to start editing"). */
export const actionEditMetadata: Action = {
  name: 'editMetadata',
  label: () => 'Edit metadata',
  icon: PencilLine,
  shortcut: 'E',
  predicate: (context) => context.editMetadata !== undefined && !context.dialogOpen(),
  perform: (context) => context.editMetadata?.(),
  keyTest: (event) => isPlainKey(event, 'e'),
};
