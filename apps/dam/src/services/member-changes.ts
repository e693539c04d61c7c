import { ApiError } from '../lib/errors.ts';

/**
 * An href a client sent back in a body (a batch's `users`, an `{add, remove}` list), read by the route into the id it
 * names. Services never see URLs: `key` is the href as sent, only echoed back (`skipped`, issues); `problem` says why
 * the route could not read it (not an href of the expected kind).
 */
export interface HrefRef {
  key: string;
  id?: number | undefined;
  problem?: string | undefined;
}

/** `{add, remove}` of members or memberships (spec 03 §4, §7), as references. */
export interface MemberChange {
  add: HrefRef[];
  remove: HrefRef[];
}

/** One field-level problem of a 400 (`issues`). */
export interface Issue {
  path: string;
  message: string;
}

/**
 * Reads the references of an `{add, remove}` change against what exists: each one that cannot be read or names
 * nothing found adds an issue (`add.2`: …), and `check` may refuse one that exists. Answers the ids to add and to
 * remove when every one is usable.
 * @throws ApiError 400 InvalidRequest with every problem in `issues`.
 */
export function resolveChange<T>(
  change: MemberChange,
  found: ReadonlyMap<number, T>,
  what: 'user' | 'group',
  check: (item: T, list: 'add' | 'remove') => string | undefined = () => undefined,
): { add: number[]; remove: number[] } {
  const issues: Issue[] = [];
  const ids = { add: [] as number[], remove: [] as number[] };
  for (const list of ['add', 'remove'] as const) {
    change[list].forEach((ref, index) => {
      const path = `${list}.${index}`;
      if (ref.id === undefined) return issues.push({ path, message: ref.problem ?? `${ref.key} is not a ${what} href.` });
      const item = found.get(ref.id);
      if (item === undefined) return issues.push({ path, message: `${ref.key} names no ${what} of this server.` });
      const problem = check(item, list);
      if (problem) return issues.push({ path, message: problem });
      ids[list].push(ref.id);
    });
  }
  if (issues.length > 0)
    throw new ApiError(400, 'InvalidRequest', issues.length === 1 ? issues[0]!.message : `${issues.length} of the ${what}s cannot be used.`, 'Invalid request', issues);
  return ids;
}

/** The ids a change names (to look them up in one query). */
export function idsOf(change: MemberChange): number[] {
  return [...new Set([...change.add, ...change.remove].map((ref) => ref.id).filter((id): id is number => id !== undefined))];
}

/** PostgreSQL's unique_violation: a name taken by a concurrent insert that the check before it could not see. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
