/**
 * The users grid's selection (spec 03 §2.4, §4 "Grid selection accumulates across searches and paging. Removing a
 * user from the selection dropdown unselects the row"): users kept by href with what the dropdown and the batch
 * dialogs need, in the order they were chosen.
 */
import type { User } from '@magpie/api-types';

/** A chosen user: href, the name the dropdown shows, and the actions the batch operations check (spec 03 §5). */
export type SelectedUser = Pick<User, 'href' | 'fullName' | 'username' | 'actions'>;

/** `selection` with `user` added at the end (unchanged when already chosen). */
export function addToSelection(selection: readonly SelectedUser[], user: SelectedUser): readonly SelectedUser[] {
  if (selection.some((u) => u.href === user.href)) return selection;
  return [...selection, { href: user.href, fullName: user.fullName, username: user.username, actions: user.actions }];
}

/** `selection` without the user `href`. */
export function removeFromSelection(selection: readonly SelectedUser[], href: string): readonly SelectedUser[] {
  return selection.filter((u) => u.href !== href);
}
