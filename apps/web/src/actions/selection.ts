/**
 * The rules the selection bar's actions share (spec 01 §2 asset selection, issue 13 "a selection toolbar whose
 * commands come from the action registry … each shown only when permitted"): a command on the selected assets is
 * offered to a signed-in user while the view offers its selection, something is selected and no dialog is open (a
 * dialog's keys are its own; the bar itself is covered then). File operations add the assets' permissions and the
 * descriptor's lists (`files/fileOperationRules.ts`) and are not offered in an album, which has its own commands.
 */
import type { FileOperationKind } from '@magpie/machines';
import { fileOperationOffered } from '../files/fileOperationRules.ts';
import type { ActionContext, SelectionCommands } from './types.ts';

/** The view's selection commands when a command on the selected assets may run now, else undefined. */
export function offeredSelection(context: ActionContext): SelectionCommands | undefined {
  const selection = context.selection;
  if (!context.loggedIn || !selection || selection.assets.length === 0 || context.dialogOpen()) return undefined;
  return selection;
}

/** True when the collection on screen is an album (a link collection). */
export function isAlbum(selection: SelectionCommands): boolean {
  return selection.collection.isLinkCollection === true;
}

/** Whether file operation `kind` is offered on the selection now (see the module comment). */
export function fileOperationOnSelection(context: ActionContext, kind: FileOperationKind): boolean {
  const selection = offeredSelection(context);
  return selection !== undefined && !isAlbum(selection) && fileOperationOffered(kind, selection.assets, selection.descriptor);
}

/** The selection of an album the user may change (its `edit`) and that is not deleted, for the album's own commands. */
export function albumSelection(context: ActionContext): SelectionCommands | undefined {
  const selection = offeredSelection(context);
  if (!selection || !isAlbum(selection) || !selection.collection.edit || selection.collection.deleted !== null) return undefined;
  return selection;
}
