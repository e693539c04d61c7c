import { assetHrefOf, isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/**
 * Selects or deselects the asset whose thumbnail the trigger is in: Space on a focused thumbnail, or Ctrl/⌘+click
 * (spec 01 §2 Asset selection "click toggles an item"; a plain click opens the asset).
 */
export const actionToggleAssetSelection: Action = {
  name: 'toggleAssetSelection',
  label: () => 'Select',
  shortcut: 'Space',
  predicate: (context, trigger) => context.loggedIn && context.assetSelection !== undefined && assetHrefOf(trigger?.target) !== undefined,
  perform: (context, trigger) => {
    const href = assetHrefOf(trigger?.target);
    if (href !== undefined) context.assetSelection?.send({ type: 'TOGGLE', href });
  },
  keyTest: (event) => isPlainKey(event, ' '),
};
