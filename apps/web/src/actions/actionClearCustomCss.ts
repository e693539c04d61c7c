import { Paintbrush } from 'lucide-react';
import type { Action, KeyLike } from './types.ts';

/** Ctrl+Shift+`key` (⌘ counts as Ctrl), without Alt. */
function isCtrlShift(event: KeyLike, key: string): boolean {
  return event.key.toLowerCase() === key && event.shiftKey && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/**
 * Ctrl+Shift+Z (issue 15; spec 01 §2 Keyboard): when logged in and the descriptor names a custom CSS address, asks in
 * the prompt modal whether to clear the custom CSS (`appearance/CustomCssReset.tsx`). Not in editable fields, where
 * the key is the browser's redo.
 */
export const actionClearCustomCss: Action = {
  name: 'clearCustomCss',
  label: () => 'Clear the custom CSS',
  icon: Paintbrush,
  shortcut: 'Ctrl+Shift+Z',
  keyTest: (event) => isCtrlShift(event, 'z'),
  predicate: (context) => context.loggedIn && context.customCssReset?.href !== undefined,
  perform: (context) => context.customCssReset?.ask(),
};

/**
 * Ctrl+Shift+U and Ctrl+Shift+Y (spec 01 §2 Keyboard "ctrl+shift+U or Y has no visible effect"): kept by the app and
 * doing nothing, so no other command or browser default runs on them.
 */
export const actionIgnoredShortcuts: Action = {
  name: 'ignoredShortcuts',
  label: () => 'No action',
  keyTest: (event) => isCtrlShift(event, 'u') || isCtrlShift(event, 'y'),
  predicate: () => true,
  perform: () => undefined,
};
