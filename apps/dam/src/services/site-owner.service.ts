import type { Kysely } from 'kysely';
import type { UserReference } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { userPolicy } from '../policies/user.policy.ts';
import { SiteOwnerRepository } from '../repositories/site-owner.repository.ts';
import { BUILTIN_GROUPS, UsersRepository } from '../repositories/users.repository.ts';
import type { GroupsRepository } from '../repositories/groups.repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { presentUserReference } from '../presenters/administration.presenter.ts';
import type { DescriptorLandmarks } from '../presenters/descriptor.presenter.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import { recordActivity } from './activity.service.ts';

/**
 * The site owner (spec 03 §4 "Site-owner change", §6 "exactly one site owner"): who it is, and handing the role over.
 * The owner holds every permission implicitly (`sitePolicy`, `ArchivePolicy`); after a hand-over the previous owner
 * holds only what their groups give them.
 */
export class SiteOwnerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly auth: AuthService,
  ) {}

  /**
   * `{user: <href>}` of the site owner.
   * @throws ApiError 403 Forbidden without `manageUsers`; 404 before the first start made an owner (never after).
   */
  async owner(caller: Caller): Promise<UserReference> {
    sitePolicy.assertCan(caller, 'manageUsers');
    const ownerId = await this.users.siteOwnerId();
    if (ownerId === undefined) throw notFound('The site owner');
    return presentUserReference(ownerId);
  }

  /**
   * Makes `newOwnerId` the site owner, in one transaction that locks the role: only the current owner may (the
   * `setNewSiteOwner` action of spec 03 §3.1, read from the database, not from the caller's cached role), and the new
   * owner must be another live, enabled, unexpired person, whose row stays locked until the role is theirs (a delete
   * or disable of them waits, then is refused as the site owner's, see `UsersService`). Every cached caller is forgotten in this process (the
   * previous owner's powers end at once; other DAM processes within the auth cache's TTL). The caller's session
   * stays: the web client logs it out (§4).
   *
   * @throws ApiError 403 Forbidden when the caller is not the site owner; 400 InvalidRequest when `newOwnerId` names
   *   no live user, or one who may not own the site (the guest, an API client's user, disabled, expired, the owner).
   */
  async handOver(caller: Caller, newOwnerId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const ownerId = await new SiteOwnerRepository(trx).lockedOwnerId();
      const current = { ...caller, isSiteOwner: ownerId === caller.userId };
      const users = new UsersRepository(trx);
      // Locked after the role (the order every writer takes), so the new owner is not deleted or disabled meanwhile.
      const target = await users.findByIdForUpdate(newOwnerId);
      if (!current.isSiteOwner) userPolicy.assertCan(current, targetOf(target, newOwnerId, ownerId), 'setNewSiteOwner');
      if (!target) throw badRequest('The new site owner is not a user of this site.');
      const refusal = userPolicy.refusal(current, targetOf(target, newOwnerId, ownerId), 'setNewSiteOwner');
      if (refusal) throw badRequest(refusal.message);
      await users.setSiteOwner(target.id);
      await recordActivity(trx, caller, 'site.ownerHandedOver', { kind: 'user', id: target.id }, { previousOwner: ownerId ?? null });
    });
    this.auth.forgetCallers();
  }

  /**
   * The ids the descriptor's `userManagement` links name, for a caller who may administer users; undefined for
   * anyone else (the descriptor then offers no user management).
   */
  async landmarks(caller: Caller): Promise<DescriptorLandmarks | undefined> {
    if (!sitePolicy.can(caller, 'manageUsers')) return undefined;
    const [siteOwnerId, builtins] = await Promise.all([this.users.siteOwnerId(), this.groups.builtins()]);
    return {
      siteOwnerId,
      everyoneGroupId: builtins.get(BUILTIN_GROUPS.everyone)?.id,
      registeredUsersGroupId: builtins.get(BUILTIN_GROUPS.registered)?.id,
    };
  }
}

/** What the user policy needs of the user the role would go to (a missing user stands as a disabled one). */
function targetOf(user: Awaited<ReturnType<UsersRepository['findById']>>, id: number, ownerId: number | undefined) {
  return { id, kind: user?.kind ?? 'person', isEnabled: user?.is_enabled ?? false, expires: user?.expires ?? null, isSiteOwner: ownerId === id };
}
