/**
 * Group references and the default groups rule (spec 01 §5, spec 03 §3.2), shared by the invitation wizard and the
 * member edit lists.
 */

/** A picked group as pickers return it (spec 03 §3.2 "the picked group reference carries href and name"). */
export interface GroupRef {
  readonly href: string;
  readonly name: string;
}

/**
 * The built-in groups that cannot be removed from an invitation, an approval or a membership list
 * (spec 01 §5; spec 03 §3.2 Built-in groups). Matched by name, case-insensitively: the client only sees href and name.
 */
export const DEFAULT_GROUP_NAMES = ['Everyone', 'Registered Users'] as const; // spec 01 §5

const DEFAULT_KEYS: ReadonlySet<string> = new Set(DEFAULT_GROUP_NAMES.map((name) => name.toLowerCase()));

/** `true` for Everyone and Registered Users (see {@link DEFAULT_GROUP_NAMES}); surrounding whitespace is ignored. */
export function isDefaultGroup(group: { readonly name: string }): boolean {
  return DEFAULT_KEYS.has(group.name.trim().toLowerCase());
}
