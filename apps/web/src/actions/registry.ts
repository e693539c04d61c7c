/**
 * The one registry of user commands (style.md "One action registry", Excalidraw): the header, the user menu, the
 * selection bar, the thumbnail clicks and the keyboard handler all read these objects, so a command's label, shortcut
 * and rule live in one place. `ActionsProvider` holds the page's only `keydown` listener.
 *
 * The selection bar (issue 13 "a selection toolbar whose commands come from the action registry"; spec 01 §2 asset
 * selection) renders {@link SELECTION_BAR_ACTIONS} whose predicates hold: what the selection permits, nothing else.
 */
import { actionAddAssetToCart } from './actionAddAssetToCart.ts';
import { actionAddToAlbum } from './actionAddToAlbum.ts';
import { actionAddToCart } from './actionAddToCart.ts';
import { actionMoveToAlbumBottom, actionMoveToAlbumTop, actionRemoveFromAlbum, actionSetAlbumCover } from './actionAlbumSelection.ts';
import { actionChangePassword } from './actionChangePassword.ts';
import { actionClearCustomCss, actionIgnoredShortcuts } from './actionClearCustomCss.ts';
import { actionClearSelection } from './actionClearSelection.ts';
import { actionCopyAssets } from './actionCopyAssets.ts';
import { actionDeleteAssets } from './actionDeleteAssets.ts';
import { actionDownloadAssets } from './actionDownloadAssets.ts';
import { actionDuplicateAssets } from './actionDuplicateAssets.ts';
import { actionEditMetadata } from './actionEditMetadata.ts';
import { actionEditSelectionMetadata } from './actionEditSelectionMetadata.ts';
import { actionFocusSearch } from './actionFocusSearch.ts';
import { actionGoBack } from './actionGoBack.ts';
import { actionLogout } from './actionLogout.ts';
import { actionMoveAssets } from './actionMoveAssets.ts';
import { actionOpenUpload } from './actionOpenUpload.ts';
import { actionOpenOrderHistory } from './actionOpenOrderHistory.ts';
import { actionOpenTrash } from './actionOpenTrash.ts';
import { actionOpenUserManagement } from './actionOpenUserManagement.ts';
import { actionPinSelection } from './actionPinSelection.ts';
import { actionRenameAsset } from './actionRenameAsset.ts';
import { actionRotateLeft } from './actionRotateLeft.ts';
import { actionRotateRight } from './actionRotateRight.ts';
import { actionSelectAll } from './actionSelectAll.ts';
import { actionSelectAssetRange } from './actionSelectAssetRange.ts';
import { actionSetFolderCover } from './actionSetFolderCover.ts';
import { actionSetInterfaceStyleAuto, actionSetInterfaceStyleDark, actionSetInterfaceStyleLight } from './actionSetInterfaceStyle.ts';
import { actionToggleAlwaysDisplayMarkers } from './actionToggleAlwaysDisplayMarkers.ts';
import { actionToggleAssetSelection } from './actionToggleAssetSelection.ts';
import { actionToggleHighQualityThumbnails } from './actionToggleHighQualityThumbnails.ts';
import { isEditableTarget, type TargetLike } from './keys.ts';
import type { Action, ActionContext, KeyLike } from './types.ts';

/** Every action, in shortcut priority order. */
export const ACTIONS: readonly Action[] = [
  actionFocusSearch,
  actionOpenUpload,
  actionSelectAll,
  actionToggleAssetSelection,
  actionSelectAssetRange,
  actionClearSelection,
  actionGoBack,
  actionEditMetadata,
  actionRenameAsset,
  actionDeleteAssets,
  actionEditSelectionMetadata,
  actionPinSelection,
  actionAddToAlbum,
  actionAddToCart,
  actionAddAssetToCart,
  actionSetFolderCover,
  actionMoveAssets,
  actionCopyAssets,
  actionRotateLeft,
  actionRotateRight,
  actionDuplicateAssets,
  actionDownloadAssets,
  actionRemoveFromAlbum,
  actionSetAlbumCover,
  actionMoveToAlbumTop,
  actionMoveToAlbumBottom,
  actionOpenUserManagement,
  actionChangePassword,
  actionOpenOrderHistory,
  actionOpenTrash,
  actionToggleHighQualityThumbnails,
  actionToggleAlwaysDisplayMarkers,
  actionSetInterfaceStyleLight,
  actionSetInterfaceStyleDark,
  actionSetInterfaceStyleAuto,
  actionLogout,
  actionClearCustomCss,
  actionIgnoredShortcuts,
];

/** Actions by name. */
export const actionsByName: Readonly<Record<string, Action>> = Object.fromEntries(ACTIONS.map((a) => [a.name, a]));

/**
 * The selection bar's commands, in bar order (issue 13; spec 01 §2 asset selection): each shows while its predicate
 * holds. Edit metadata first, then pin, albums, the cart (issue 15) and the folder cover, the file operations (Rename… F2, Delete… the
 * Delete key), an album's own commands, and Clear selection (Esc) last.
 */
export const SELECTION_BAR_ACTIONS: readonly Action[] = [
  actionEditSelectionMetadata,
  actionPinSelection,
  actionAddToAlbum,
  actionAddToCart,
  actionSetFolderCover,
  actionRenameAsset,
  actionMoveAssets,
  actionCopyAssets,
  actionRotateLeft,
  actionRotateRight,
  actionDuplicateAssets,
  actionDownloadAssets,
  actionDeleteAssets,
  actionRemoveFromAlbum,
  actionSetAlbumCover,
  actionMoveToAlbumTop,
  actionMoveToAlbumBottom,
  actionClearSelection,
];

/** The user menu's commands, in menu order (spec 03 §2.9). */
export const USER_MENU_ACTIONS: readonly Action[] = [actionChangePassword, actionOpenOrderHistory, actionOpenTrash, actionLogout];

/** The user menu's checkboxes (spec 03 §2.9), saved in the user's preferences. */
export const USER_MENU_CHECKBOX_ACTIONS: readonly Action[] = [actionToggleHighQualityThumbnails, actionToggleAlwaysDisplayMarkers];

/** The user menu's interface style choices, one radio group: Light, Dark, Auto (spec 03 §2.9). */
export const INTERFACE_STYLE_ACTIONS: readonly Action[] = [actionSetInterfaceStyleLight, actionSetInterfaceStyleDark, actionSetInterfaceStyleAuto];

/**
 * The action a key press triggers, or undefined: the first action whose `keyTest` matches and whose predicate
 * holds for the key's target, skipping plain-key shortcuts while focus is in an editable element (spec 01 §2
 * Keyboard).
 */
export function actionForKey(
  event: KeyLike & { readonly target?: TargetLike | null; readonly repeat?: boolean; readonly isComposing?: boolean },
  context: ActionContext,
  actions: readonly Action[] = ACTIONS,
): Action | undefined {
  if (event.isComposing) return undefined;
  const editable = isEditableTarget(event.target);
  return actions.find(
    (action) => action.keyTest !== undefined && (!editable || action.allowInEditable === true) && action.keyTest(event) && action.predicate(context, { target: event.target }),
  );
}
