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

/**
 * `selection` with each user found in `rows` (a page of the users list just loaded) brought up to date: their
 * current name and actions, so the batch buttons and dialogs check what the DAM now answers (spec 03 §5). Users not
 * in `rows` keep what they had. Answers `selection` itself when nothing changed.
 */
export function refreshSelection(selection: readonly SelectedUser[], rows: readonly SelectedUser[]): readonly SelectedUser[] {
  const current = new Map(rows.map((row) => [row.href, row]));
  let changed = false;
  const next = selection.map((user) => {
    const row = current.get(user.href);
    if (!row || sameSelected(user, row)) return user;
    changed = true;
    return { href: user.href, fullName: row.fullName, username: row.username, actions: row.actions };
  });
  return changed ? next : selection;
}

function sameSelected(a: SelectedUser, b: SelectedUser): boolean {
  if (a.fullName !== b.fullName || a.username !== b.username) return false;
  const keys = new Set([...Object.keys(a.actions), ...Object.keys(b.actions)]) as Set<keyof SelectedUser['actions']>;
  return [...keys].every((key) => a.actions[key] === b.actions[key]);
}
