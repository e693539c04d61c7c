import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/** The window event fired by shift+A (spec 01 §2 Keyboard: "a select-all-style event"). */
export const SELECT_ALL_EVENT = 'magpie:select-all';

/** shift+A fires the select-all event unless focus is in an editable element (spec 01 §2 Keyboard). */
export const actionSelectAll: Action = {
  name: 'selectAll',
  label: () => 'Select all',
  shortcut: 'Shift+A',
  predicate: (context) => context.loggedIn,
  perform: (context) => context.selectAll(),
  keyTest: (event) => isPlainKey(event, 'a', true),
};
