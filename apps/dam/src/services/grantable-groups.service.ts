import type { Kysely } from 'kysely';
import type { GrantableGroupList } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { invitationPolicy } from '../policies/invitation.policy.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { InvitationsRepository } from '../repositories/invitations.repository.ts';
import { BUILTIN_GROUPS } from '../repositories/users.repository.ts';
import { presentGrantableGroups } from '../presenters/invitation.presenter.ts';
import type { HrefRef, Issue } from './member-changes.ts';

/** Most groups one search answers (the picker shows a short list; people type more to narrow it). */
export const GRANTABLE_GROUPS_LIMIT = 25;

/** Groups read from hrefs: the explicit ones to join, and every problem found. */
export interface ResolvedGroups {
  /** Group ids to join, in request order (Everyone and Registered Users left out: their members are implicit). */
  ids: number[];
  issues: Issue[];
}

/**
 * The groups new people may be given (issue 14; spec 01 §5 "A group cannot be added twice in approval or invitation",
 * group search): the picker's search and the check of the groups an invitation or an approval names, under
 * {@link invitationPolicy}'s rule of which groups a caller may grant.
 */
export class GrantableGroupsService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Up to {@link GRANTABLE_GROUPS_LIMIT} groups the caller may grant whose name contains `q`, by name; never a built-in.
   * @throws ApiError 403 without `inviteUsers`, `approvePendingSignups` or `manageUsers`.
   */
  async list(caller: Caller, q: string | undefined): Promise<GrantableGroupList> {
    invitationPolicy.assertMaySearchGroups(caller);
    const among = invitationPolicy.grantsEveryGroup(caller) ? undefined : caller.groupIds;
    const groups = await new InvitationsRepository(this.db).searchGrantableGroups({ q: q?.trim() || undefined, among, limit: GRANTABLE_GROUPS_LIMIT });
    return presentGrantableGroups(groups);
  }

  /**
   * Reads group references (hrefs the route read) into the ids to join, with an issue at `<path>.<i>` for each one
   * that is not a group href, names no group, is given twice, is the guest group, or is a group the caller may not
   * grant (unless it is in `alwaysAllowed`: a sign-up's own groups). Everyone and Registered Users are accepted and
   * left out: every user is in them.
   */
  async resolve(caller: Caller, refs: readonly HrefRef[], path: string, alwaysAllowed: ReadonlySet<number> = new Set()): Promise<ResolvedGroups> {
    const groups = new GroupsRepository(this.db);
    const wanted = [...new Set(refs.map((ref) => ref.id).filter((id): id is number => id !== undefined))];
    const found = new Map((await groups.findByIds(wanted)).map((group) => [group.id, group]));
    const issues: Issue[] = [];
    const ids: number[] = [];
    const seen = new Set<number>();
    refs.forEach((ref, index) => {
      const at = `${path}.${index}`;
      if (ref.id === undefined) return issues.push({ path: at, message: ref.problem ?? `${ref.key} is not a group href.` });
      const group = found.get(ref.id);
      if (!group) return issues.push({ path: at, message: `${ref.key} names no group of this server.` });
      if (seen.has(group.id)) return issues.push({ path: at, message: `${group.name} is given twice.` });
      seen.add(group.id);
      if (group.builtin_key === BUILTIN_GROUPS.guests) return issues.push({ path: at, message: `${group.name} is for visitors who have not signed in; people do not join it.` });
      if (group.builtin_key !== null) return undefined;
      if (!alwaysAllowed.has(group.id) && !invitationPolicy.mayGrant(caller, group.id)) {
        return issues.push({ path: at, message: `You may not give people the group ${group.name}: you are not a member of it.` });
      }
      ids.push(group.id);
      return undefined;
    });
    return { ids, issues };
  }
}
