import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/**
 * shift+A selects every loaded asset of the view's selection unless focus is in an editable element (spec 01 §2
 * Keyboard: "a select-all-style event"; the registry skips editable targets).
 */
export const actionSelectAll: Action = {
  name: 'selectAll',
  label: () => 'Select all',
  shortcut: 'Shift+A',
  predicate: (context) => context.loggedIn && context.assetSelection !== undefined,
  perform: (context) => context.assetSelection?.send({ type: 'SELECT_ALL' }),
  keyTest: (event) => isPlainKey(event, 'a', true),
};
