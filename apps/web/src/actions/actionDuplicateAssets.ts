import { CopyPlus } from 'lucide-react';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Duplicate" on the selection bar: a copy of every selected asset beside it, named with ` (2)` (issue 13 file
 * operations; spec 01 §2 asset selection). Offered when every selected asset's archive allows `DuplicateFile`.
 */
export const actionDuplicateAssets: Action = {
  name: 'duplicateAssets',
  label: () => 'Duplicate',
  icon: CopyPlus,
  testId: 'file-duplicate-open',
  predicate: (context) => fileOperationOnSelection(context, 'duplicate'),
  perform: (context) => offeredSelection(context)?.start('duplicate'),
};
