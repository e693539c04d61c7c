import { X } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/**
 * Esc (or "Clear selection", the selection bar's last command) deselects every asset while some are selected and no
 * dialog is open (spec 01 §2 asset selection).
 */
export const actionClearSelection: Action = {
  name: 'clearSelection',
  label: () => 'Clear selection',
  icon: X,
  shortcut: 'Esc',
  testId: 'selection-clear',
  tone: 'quiet',
  predicate: (context) => context.assetSelection?.getSnapshot().matches('selecting') === true && !context.dialogOpen(),
  perform: (context) => context.assetSelection?.send({ type: 'CLEAR' }),
  keyTest: (event) => isPlainKey(event, 'Escape'),
};
