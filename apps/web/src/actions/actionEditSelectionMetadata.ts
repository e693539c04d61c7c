import { PencilLine } from 'lucide-react';
import { offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Edit metadata" on the selection bar: opens the batch edit of every selected asset (spec 02 §2 Metadata field
 * editors, several assets at once; spec 01 §2 asset selection; issue 13). Offered whenever something is selected;
 * the drawer says which fields each asset allows.
 */
export const actionEditSelectionMetadata: Action = {
  name: 'editSelectionMetadata',
  label: () => 'Edit metadata',
  icon: PencilLine,
  testId: 'batch-edit-open',
  tone: 'primary',
  predicate: (context) => offeredSelection(context) !== undefined,
  perform: (context) => offeredSelection(context)?.editMetadata(),
};
