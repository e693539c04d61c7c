import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  emailDomain,
  NEW_USER_DEFAULTS,
  PASSWORD_RULES,
  passwordProblem,
  signupAnswerProblems,
  type Signup,
  type SignupApproved,
  type SignupCount,
  type SignupForm,
  type SignupList,
  type SignupSubmitted,
} from '@magpie/api-types';
import type { Database, InvitationRow, SignupRow, StoredSignupAnswer } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { hashPassword } from '../lib/crypto.ts';
import { testWithinBudget } from '../lib/guarded-regex.ts';
import type { MailLinks } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signupApprovedMessage, signupPendingMessage, signupRejectedMessage } from '../mail/messages.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { invitationPolicy } from '../policies/invitation.policy.ts';
import { InvitationsRepository } from '../repositories/invitations.repository.ts';
import { SignupsRepository, type SignupSettingsRecord } from '../repositories/signups.repository.ts';
import { MAX_HOLDERS_MAILED, UsersRepository } from '../repositories/users.repository.ts';
import { userHref } from '../presenters/hrefs.ts';
import { presentSignup, presentSignupFields } from '../presenters/signup.presenter.ts';
import { licenseLevelLabel } from '../presenters/user.presenter.ts';
import type { GrantableGroupsService } from './grantable-groups.service.ts';
import { dataValidationFailed, invitationUsed, type InvitationsService } from './invitations.service.ts';
import { isUniqueViolation, type HrefRef, type Issue } from './member-changes.ts';
import { recordActivity } from './activity.service.ts';

/** `POST /fotoweb/signup/` as the service takes it (dam.yaml `SignupRequest`, names already trimmed). */
export interface SignupInput {
  invitation?: string | undefined;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  userData?: readonly StoredSignupAnswer[] | undefined;
}

/** `PATCH <signup href>` as the service takes it (dam.yaml `SignupUpdate`). */
export interface SignupChange {
  firstName?: string | undefined;
  lastName?: string | undefined;
  userData?: readonly StoredSignupAnswer[] | undefined;
}

/** What the sign-up service needs. */
export interface SignupsDeps {
  invitations: InvitationsService;
  groups: GrantableGroupsService;
  mailer: Mailer;
  links: MailLinks;
  /** Seats per license level (`MAGPIE_LICENSE_SEATS`); a level not in the map is unlimited. */
  licenseSeats: ReadonlyMap<number, number>;
}

/** 403 `SignupClosed`: no open sign-up, and no invitation given. */
const signupClosed = () => new ApiError(403, 'SignupClosed', 'This site takes no sign-ups without an invitation.', 'Sign-up closed');
/** 409 `SignupExists`: the address is a user's, or a pending sign-up's. */
const signupExists = () =>
  new ApiError(409, 'SignupExists', 'This address already has an account or a sign-up waiting for approval. Log in, or reset your password.', 'Already signed up');
const userExists = (username: string) => new ApiError(409, 'UserExists', `A user named "${username}" already exists.`, 'User exists');
const noSignup = () => notFound('The sign-up');

/** The license a sign-up's account gets (spec 03 §3.1 new-user defaults): level 35 (Standard), mode 0 (Named). */
const SIGNUP_LICENSE = NEW_USER_DEFAULTS.license;

/**
 * Sign-ups (issue 14; spec 01 §2 approve-user modal, §3 "Sign-up"; spec 03 §2.10, §3.7, §4, §5 "Sign-up details", §7,
 * §8): the public form and sign-up (through an invitation link or, when the site allows it, open), the pending list and
 * its count, corrections, approval (a user is made, in the sign-up's groups or those the approver chooses, under the
 * license seats of `MAGPIE_LICENSE_SEATS`) and rejection. The applicant is mailed on approval and on rejection, the
 * message committed with the decision.
 */
export class SignupsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: SignupsDeps,
  ) {}

  /**
   * The form of an invitation link (`token`), or of open sign-up (none).
   * @throws ApiError the link's 404 `InvitationNotFound`, 410 `InvitationRevoked`/`InvitationUsed`/`InvitationExpired`;
   *   403 `SignupClosed` without a token while open sign-up is off.
   */
  async form(token: string | undefined): Promise<SignupForm> {
    const settings = await new SignupsRepository(this.db).settings();
    const passwordRules = { minLength: PASSWORD_RULES.minLength, maxLength: PASSWORD_RULES.maxLength };
    const fields = presentSignupFields(settings.fields);
    if (token === undefined) {
      if (!settings.openSignup) throw signupClosed();
      return { type: 'open', email: null, organizationDomain: null, fields, approveAutomatically: false, expires: null, passwordRules };
    }
    const invitation = await this.deps.invitations.admitting(token);
    return {
      type: invitation.type,
      email: invitation.email,
      organizationDomain: invitation.organization_domain,
      fields,
      approveAutomatically: invitation.approve_automatically,
      expires: invitation.expires ? invitation.expires.toISOString() : null,
      passwordRules,
    };
  }

  /**
   * A person's sign-up: checked whole (every problem in one 400), then stored pending, or, through an invitation that
   * approves automatically while a license seat is free, made a user at once.
   * @throws ApiError the link's 404/410 (see {@link form}); 403 `SignupClosed`; 400 `InvalidRequest` with `issues`
   *   (the address against the invitation, the password, the extra fields), or `WeakPassword` when the password is the
   *   only problem; 409 `SignupExists`; 410 `InvitationUsed` when another sign-up used a users invitation meanwhile.
   */
  async submit(input: SignupInput): Promise<SignupSubmitted> {
    const signups = new SignupsRepository(this.db);
    const settings = await signups.settings();
    const invitation = input.invitation === undefined ? undefined : await this.deps.invitations.admitting(input.invitation);
    if (!invitation && !settings.openSignup) throw signupClosed();
    const email = input.email.trim();
    const userData = input.userData ?? [];
    const issues: Issue[] = [...addressProblems(invitation, email), ...signupAnswerProblems(settings.fields, userData, { matches: testWithinBudget })];
    const weak = passwordProblem(input.password, email);
    if (weak && issues.length === 0) throw new ApiError(400, 'WeakPassword', weak, 'Weak password', [{ path: 'password', message: weak }]);
    if (weak) issues.push({ path: 'password', message: weak });
    if (issues.length > 0) throw dataValidationFailed(issues);
    if ((await signups.usersWithAddress([email])).length > 0 || (await signups.pendingWithAddress(email))) throw signupExists();

    const passwordHash = await hashPassword(input.password);
    try {
      return await inTransaction(this.db, async (trx) => {
        const invitations = new InvitationsRepository(trx);
        // Of two sign-ups through one users invitation at once, one uses it up; the other gets the link's refusal.
        if (invitation?.type === 'users' && !(await invitations.useUp(invitation.id))) {
          await this.deps.invitations.admitting(input.invitation!, trx);
          throw invitationUsed();
        }
        const groupIds = invitation ? await invitations.groupIdsOf(invitation.id) : [];
        const row = await new SignupsRepository(trx).insert({
          id: randomUUID(),
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          userData: userData.map((answer) => ({ id: answer.id, value: answer.value })),
          invitationId: invitation?.id ?? null,
          invitationType: invitation?.type ?? 'open',
          groupIds,
        });
        if (!invitation?.approve_automatically) return this.awaitApproval(trx, row);
        const users = new UsersRepository(trx);
        if (!(await this.seatFree(users))) return this.awaitApproval(trx, row);
        await this.makeUser(trx, row, groupIds, null);
        return { status: 'approved' as const };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw signupExists();
      throw error;
    }
  }

  /**
   * The pending sign-ups, oldest first, with the extra fields and `adminCanAssignGroups` (spec 03 §2.10).
   * @throws ApiError 403 without `approvePendingSignups`.
   */
  async list(caller: Caller): Promise<SignupList> {
    invitationPolicy.assertMayDecideSignups(caller);
    const signups = new SignupsRepository(this.db);
    const rows = await signups.listPending();
    const [groups, settings] = await Promise.all([signups.groupsOf(rows.map((row) => row.id)), signups.settings()]);
    return {
      data: rows.map((row) => presentSignup(row, groups.get(row.id) ?? [])),
      count: rows.length,
      adminCanAssignGroups: settings.adminCanAssignGroups,
      fields: presentSignupFields(settings.fields),
    };
  }

  /** How many sign-ups wait (spec 03 §2.1 badge). @throws ApiError 403 without `approvePendingSignups`. */
  async count(caller: Caller): Promise<SignupCount> {
    invitationPolicy.assertMayDecideSignups(caller);
    return { signupCount: await new SignupsRepository(this.db).countPending() };
  }

  /**
   * Corrects a pending sign-up's names or answers (spec 03 §2.10 details modal, §5 "Sign-up details").
   * @throws ApiError 403 without `approvePendingSignups`; 404 for no pending sign-up `id`; 400 `InvalidRequest` ("field
   *   validation failed") with an issue per answer that breaks its field's rules.
   */
  async update(caller: Caller, id: string, change: SignupChange): Promise<Signup> {
    invitationPolicy.assertMayDecideSignups(caller);
    const signups = new SignupsRepository(this.db);
    if (!(await signups.findPending(id))) throw noSignup();
    if (change.userData !== undefined) {
      const problems = signupAnswerProblems((await signups.settings()).fields, change.userData, { matches: testWithinBudget });
      if (problems.length > 0) throw new ApiError(400, 'InvalidRequest', `Field validation failed: ${problems[0]!.message}`, 'Invalid request', problems);
    }
    await signups.update(id, {
      ...(change.firstName !== undefined ? { first_name: change.firstName.trim() } : {}),
      ...(change.lastName !== undefined ? { last_name: change.lastName.trim() } : {}),
      ...(change.userData !== undefined ? { user_data: JSON.stringify(change.userData.map((a) => ({ id: a.id, value: a.value }))) } : {}),
    });
    const row = await signups.findPending(id);
    if (!row) throw noSignup();
    return presentSignup(row, (await signups.groupsOf([id])).get(id) ?? []);
  }

  /**
   * Approves a pending sign-up (spec 01 §2 approve-user modal, spec 03 §7 APPROVE): a user is made in the groups
   * `groups` names (absent: the sign-up's own; see dam.yaml `approveSignup` for `adminCanAssignGroups`), the applicant
   * mailed, in one transaction.
   * @returns the new user's href and user name.
   * @throws ApiError 403 without `approvePendingSignups`; 404 for no pending sign-up `id`; 400 `InvalidRequest` ("group
   *   validation failed") with an issue per unusable group; 409 `out_of_licenses` (no Standard seat left) or
   *   `UserExists`.
   */
  async approve(caller: Caller, id: string, groups: readonly HrefRef[] | undefined): Promise<SignupApproved> {
    invitationPolicy.assertMayDecideSignups(caller);
    const signups = new SignupsRepository(this.db);
    const pending = await signups.findPending(id);
    if (!pending) throw noSignup();
    const own = ((await signups.groupsOf([id])).get(id) ?? []).map((group) => group.id);
    const groupIds = groups === undefined ? own : await this.chosenGroups(caller, groups, own, await signups.settings());
    try {
      return await inTransaction(this.db, async (trx) => {
        const row = await new SignupsRepository(trx).findPending(id, { forUpdate: true });
        if (!row) throw noSignup();
        const users = new UsersRepository(trx);
        if (!(await this.seatFree(users))) {
          const seats = this.deps.licenseSeats.get(SIGNUP_LICENSE.level);
          const label = licenseLevelLabel(SIGNUP_LICENSE.level);
          throw new ApiError(409, 'out_of_licenses', `out_of_licenses: all ${seats} seats of the ${label} license (level ${SIGNUP_LICENSE.level}) are taken.`, 'Out of licenses');
        }
        const userId = await this.makeUser(trx, row, groupIds, caller.userId);
        await recordActivity(trx, caller, 'signup.approved', { kind: 'signup', id, name: row.email }, { user: userId, groups: groupIds });
        return { href: userHref(userId), username: row.email };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw userExists(pending.email);
      throw error;
    }
  }

  /**
   * Rejects a pending sign-up (spec 03 §7 REJECT): it leaves the list, its password hash is erased, the applicant is
   * mailed.
   * @throws ApiError 403 without `approvePendingSignups`; 404 for no pending sign-up `id`.
   */
  async reject(caller: Caller, id: string): Promise<void> {
    invitationPolicy.assertMayDecideSignups(caller);
    await inTransaction(this.db, async (trx) => {
      const signups = new SignupsRepository(trx);
      const row = await signups.findPending(id, { forUpdate: true });
      if (!row) throw noSignup();
      await signups.decide(id, { status: 'rejected', decidedBy: caller.userId });
      await recordActivity(trx, caller, 'signup.rejected', { kind: 'signup', id, name: row.email });
      const content = signupRejectedMessage({ name: `${row.first_name} ${row.last_name}`.trim(), siteUrl: this.deps.links.home() });
      await this.deps.mailer.queue({ purpose: 'signup-rejected', to: row.email, ...content, requestedBy: caller.userId }, trx);
    });
  }

  /** The groups an approver chose, checked (see {@link approve}). @throws ApiError 400 with an issue per problem. */
  private async chosenGroups(caller: Caller, refs: readonly HrefRef[], own: readonly number[], settings: SignupSettingsRecord): Promise<number[]> {
    const resolved = await this.deps.groups.resolve(caller, refs, 'groups', new Set(own));
    const issues = [...resolved.issues];
    if (issues.length === 0 && !settings.adminCanAssignGroups) {
      const same = resolved.ids.length === own.length && resolved.ids.every((groupId) => own.includes(groupId));
      if (!same) issues.push({ path: 'groups', message: 'Approvers do not choose groups on this site: the user joins the groups of their invitation.' });
    }
    if (issues.length > 0) {
      throw new ApiError(400, 'InvalidRequest', `Group validation failed: ${issues[0]!.message}`, 'Invalid request', issues);
    }
    return resolved.ids;
  }

  /**
   * Whether a seat of the sign-ups' license is free for one more person (spec 03 §3.4 seats): takes the seat lock for
   * the rest of the transaction, then counts (as `UsersService` does for a user made by hand).
   */
  private async seatFree(users: UsersRepository): Promise<boolean> {
    const seats = this.deps.licenseSeats.get(SIGNUP_LICENSE.level);
    if (seats === undefined) return true;
    await users.lockSeats();
    return (await users.seatsTaken(SIGNUP_LICENSE.level)) < seats;
  }

  /**
   * Leaves a sign-up pending and queues, inside `trx`, a message to each approver (holders of `approvePendingSignups`
   * and the site owner with an address, at most {@link MAX_HOLDERS_MAILED}) that it waits on the Pending sign-ups page.
   */
  private async awaitApproval(trx: Kysely<Database>, row: SignupRow): Promise<{ status: 'pending' }> {
    const applicant = `${row.first_name} ${row.last_name}`.trim();
    const how = row.invitation_type === 'open' ? 'on the open sign-up page' : `through a ${row.invitation_type} invitation`;
    for (const approver of await new UsersRepository(trx).holdersOf('approvePendingSignups', MAX_HOLDERS_MAILED)) {
      const content = signupPendingMessage({
        approverName: approver.full_name || approver.username,
        applicant,
        email: row.email,
        how,
        siteUrl: this.deps.links.home(),
        reviewUrl: this.deps.links.pendingSignups(),
      });
      await this.deps.mailer.queue({ purpose: 'signup-pending', to: approver.email, ...content }, trx);
    }
    return { status: 'pending' };
  }

  /**
   * Makes the user of a pending sign-up inside `trx`: user name and address the sign-up's e-mail, its names and
   * password hash, the default license, the answers as custom properties, its groups; records the redemption of its
   * invitation, decides the sign-up approved, and queues the applicant's message.
   * @returns the new user's id.
   * @throws ApiError 409 `UserExists` when a live user has that name or address.
   */
  private async makeUser(trx: Kysely<Database>, row: SignupRow, groupIds: readonly number[], decidedBy: number | null): Promise<number> {
    const users = new UsersRepository(trx);
    const signups = new SignupsRepository(trx);
    if ((await signups.usersWithAddress([row.email])).length > 0) throw userExists(row.email);
    const user = await users.insert({
      username: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      password_hash: row.password_hash,
      license_level: SIGNUP_LICENSE.level,
      license_mode: SIGNUP_LICENSE.mode,
      is_enabled: true,
      property_bag: JSON.stringify(row.user_data.filter((answer) => answer.value !== '').map((answer) => ({ key: answer.id, value: answer.value }))),
      description: row.invitation_type === 'open' ? 'Signed up.' : `Signed up through a ${row.invitation_type} invitation.`,
    });
    await users.addToGroups(user.id, groupIds);
    if (row.invitation_id !== null) await new InvitationsRepository(trx).recordRedemption(row.invitation_id, user.id);
    await signups.decide(row.id, { status: 'approved', userId: user.id, decidedBy });
    const content = signupApprovedMessage({
      name: `${row.first_name} ${row.last_name}`.trim(),
      username: user.username,
      siteUrl: this.deps.links.home(),
      loginUrl: this.deps.links.login(),
    });
    await this.deps.mailer.queue({ purpose: 'signup-approved', to: row.email, ...content, ...(decidedBy !== null ? { requestedBy: decidedBy } : {}) }, trx);
    return user.id;
  }
}

/** The problems of an address against the invitation it signs up through: not the invited one, or not at its domain. */
function addressProblems(invitation: InvitationRow | undefined, email: string): Issue[] {
  if (invitation?.type === 'users' && invitation.email!.toLowerCase() !== email.toLowerCase()) {
    return [{ path: 'email', message: `Sign up with the address the invitation was sent to (${invitation.email}).` }];
  }
  if (invitation?.type === 'organization' && emailDomain(email) !== invitation.organization_domain) {
    return [{ path: 'email', message: `This invitation is for addresses at ${invitation.organization_domain}.` }];
  }
  return [];
}
