import { X } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/** Esc (or "Clear selection") deselects every asset while some are selected and no dialog is open. */
export const actionClearSelection: Action = {
  name: 'clearSelection',
  label: () => 'Clear selection',
  icon: X,
  shortcut: 'Esc',
  predicate: (context) => context.assetSelection?.getSnapshot().matches('selecting') === true && !context.dialogOpen(),
  perform: (context) => context.assetSelection?.send({ type: 'CLEAR' }),
  keyTest: (event) => isPlainKey(event, 'Escape'),
};
