import type { Kysely } from 'kysely';
import type { Application, ApplicationCreated } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy, type ActingPrincipal } from '../policies/administration.policy.ts';
import { TokensRepository } from '../repositories/tokens.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordActivity } from './activity.service.ts';
import { presentApplication, presentCreatedApplication } from '../presenters/administration.presenter.ts';
import { hashPassword, randomToken } from '../lib/crypto.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { canSignIn, type AuthService } from './auth.service.ts';
import { CLI_CLIENT_ID } from './bootstrap.service.ts';

/** What a new API client acts as: a user, or a group (through a hidden application user that is its only member's kind). */
export type ActingAs = { kind: 'user'; id: number } | { kind: 'group'; id: number };

/** Magpie's own API clients: never listed, never deleted through the API (the BFF's client is not a row at all). */
const BUILT_IN_CLIENTS: readonly string[] = [CLI_CLIENT_ID];

/**
 * API clients of integrations (spec 03 §3.12 "Applications are keyed by clientId"; issue 11 "Applications"): OAuth
 * `client_credentials` clients, each acting as a user or a group. The secret is shown once, when the client is
 * registered, and kept only as a scrypt hash. Tokens need the `api` group permission of what the client acts as
 * (`AuthService`); deleting a client revokes its tokens at once.
 */
export class ApplicationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokensRepository,
    private readonly auth: AuthService,
  ) {}

  /**
   * The registered clients, by name, without Magpie's own and without secrets.
   * @throws ApiError 403 Forbidden without `manageSettings`.
   */
  async list(caller: Caller): Promise<{ data: Application[] }> {
    administrationPolicy.assertMayManageApplications(caller);
    return { data: (await this.tokens.listApplications(BUILT_IN_CLIENTS)).map(presentApplication) };
  }

  /**
   * Registers a client named `name` acting as `actingAs`, with a random client id and secret. Acting as a group
   * creates a hidden user of kind `application`, member of that group only (so the client holds what the group
   * holds, Everyone's and Registered Users' included), in the same transaction.
   *
   * @throws ApiError 403 Forbidden without `manageSettings`, or when what the client would act as holds a group
   *   permission the caller lacks (or is the site owner, for a caller who is not); 400 InvalidRequest when
   *   `actingAs` names no live, enabled person or no group.
   */
  async create(caller: Caller, input: { name: string; actingAs: ActingAs }): Promise<ApplicationCreated> {
    administrationPolicy.assertMayManageApplications(caller);
    const clientId = `app-${randomToken(12)}`;
    const clientSecret = randomToken(32);
    const secretHash = await hashPassword(clientSecret);
    await inTransaction(this.db, async (trx) => {
      const users = new UsersRepository(trx);
      const tokens = new TokensRepository(trx);
      let userId: number;
      let actingGroupId: number | null = null;
      if (input.actingAs.kind === 'user') {
        const user = await users.findById(input.actingAs.id);
        if (!user || user.kind !== 'person' || !canSignIn(user)) throw badRequest('A client may act as an enabled person of this site, or as a group.');
        userId = user.id;
      } else {
        const group = await new GroupsRepository(trx).findById(input.actingAs.id);
        if (!group) throw badRequest('The group the client would act as does not exist.');
        const hidden = await users.insert({
          username: `${clientId}.application`,
          full_name: input.name,
          first_name: input.name,
          email: '',
          kind: 'application',
          password_hash: null,
        });
        await users.addToGroups(hidden.id, [group.id]);
        userId = hidden.id;
        actingGroupId = group.id;
      }
      administrationPolicy.assertMayActAs(caller, await principalOf(users, userId), input.actingAs);
      await tokens.insertClient({ clientId, name: input.name, secretHash, userId, actingGroupId, createdBy: caller.userId });
      await recordActivity(trx, caller, 'site.apiClientRegistered', { kind: 'site', name: input.name }, { clientId, actingAs: input.actingAs });
    });
    const record = await this.tokens.findApplication(clientId);
    return presentCreatedApplication(record!, clientSecret);
  }

  /**
   * Deletes a client: no new token is granted, and its tokens stop working at once in this process (in the others
   * within the auth cache's TTL). A client acting as a group takes its hidden user with it.
   * @throws ApiError 403 Forbidden without `manageSettings`; 404 NotFound for an unknown client or one of Magpie's own.
   */
  async delete(caller: Caller, clientId: string): Promise<void> {
    administrationPolicy.assertMayManageApplications(caller);
    if (BUILT_IN_CLIENTS.includes(clientId)) throw notFound('The application');
    const record = await this.tokens.findApplication(clientId);
    if (!record) throw notFound('The application');
    await inTransaction(this.db, async (trx) => {
      await new TokensRepository(trx).deleteClient(clientId);
      if (record.actingGroupId !== null) await new UsersRepository(trx).softDelete(record.userId);
      await recordActivity(trx, caller, 'site.apiClientDeleted', { kind: 'site', name: record.name }, { clientId });
    });
    await this.auth.revokeClient(clientId);
  }
}

/** What a user is to the rules that compare principals: the site-owner role and every group permission they hold. */
async function principalOf(users: UsersRepository, userId: number): Promise<ActingPrincipal> {
  const [ownerId, principal] = [await users.siteOwnerId(), await users.principalOf(userId)];
  return { isSiteOwner: ownerId === userId, permissions: new Set(principal.permissions) };
}
