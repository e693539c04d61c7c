import { assetHrefOf } from './keys.ts';
import type { Action } from './types.ts';

/**
 * Selects the assets from the previous selection to the one whose thumbnail the trigger is in: Shift+click (spec 01
 * §2 Asset selection "shift-click selects the range from the previous selection").
 */
export const actionSelectAssetRange: Action = {
  name: 'selectAssetRange',
  label: () => 'Select range',
  shortcut: 'Shift+click',
  predicate: (context, trigger) => context.loggedIn && context.assetSelection !== undefined && assetHrefOf(trigger?.target) !== undefined,
  perform: (context, trigger) => {
    const href = assetHrefOf(trigger?.target);
    if (href !== undefined) context.assetSelection?.send({ type: 'SELECT_RANGE', href });
  },
};
