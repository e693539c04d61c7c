import type { Kysely } from 'kysely';
import { isOrganizationDomain, type InvitationList, type InvitationsCreated } from '@magpie/api-types';
import type { Database, InvitationRow, InvitationType } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { InvitationTokens } from '../lib/invitation-tokens.ts';
import { isMailAddress } from '../mail/address.ts';
import type { MailLinks } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMessage } from '../mail/messages.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { invitationPolicy } from '../policies/invitation.policy.ts';
import { InvitationsRepository } from '../repositories/invitations.repository.ts';
import { SignupsRepository } from '../repositories/signups.repository.ts';
import { presentInvitation, presentInvitationList } from '../presenters/invitation.presenter.ts';
import type { GrantableGroupsService } from './grantable-groups.service.ts';
import type { HrefRef, Issue } from './member-changes.ts';

/** Active invitations per page of the management grid. */
export const INVITATIONS_PAGE_SIZE = 100;

/** What the invitation service is configured with. */
export interface InvitationsOptions {
  /** Most addresses one request may name (`MAGPIE_MAX_INVITATION_EMAILS`). */
  maxEmails: number;
  /** Days a link admits sign-ups (`MAGPIE_INVITATION_TTL_DAYS`); 0: until revoked or used up. */
  ttlDays: number;
  /** Clock (ms since the epoch); tests pass a fake. */
  now?: () => number;
}

/** `POST /fotoweb/invitations/` as the service takes it: the body, its group hrefs read into references. */
export interface InvitationsInput {
  groups: readonly HrefRef[];
  emails: readonly string[];
  organizationDomain: string;
  link: boolean;
  message: string;
  description: string;
  approveAutomatically: boolean;
}

/**
 * 400 `InvalidRequest` (spec 01 §8 "data validation failed") with every problem in `issues`; the message is the first
 * problem's.
 */
export function dataValidationFailed(issues: readonly Issue[]): ApiError {
  const first = issues[0]?.message ?? 'The request is not valid.';
  return new ApiError(
    400,
    'InvalidRequest',
    issues.length === 1 ? `Data validation failed: ${first}` : `Data validation failed: ${issues.length} problems, the first: ${first}`,
    'Invalid request',
    [...issues],
  );
}

/** 410 `InvitationUsed`: a users invitation was signed up with already. */
export const invitationUsed = () =>
  new ApiError(410, 'InvitationUsed', 'This invitation was used already. Log in, or ask the person who invited you for a new one.', 'Invitation used');

/** 404 `InvitationNotFound`: no invitation has that link (mistyped, cut short, tampered with). */
const invitationNotFound = () => new ApiError(404, 'InvitationNotFound', 'This invitation link is not valid. Ask the person who invited you for a new one.', 'Link not valid');

/**
 * Invitations (issue 14; spec 01 §2, §3, §5, §8; spec 03 §2.2, §3.6, §4, §7): creating them (the three types, every
 * problem found before anything is stored, every invitation and its e-mail in one transaction), the management list,
 * revoking, and reading an invitation by its link's token for the public sign-up. Only a SHA-256 of each link's token
 * is stored ({@link InvitationTokens}).
 */
export class InvitationsService {
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { mailer: Mailer; links: MailLinks; tokens: InvitationTokens; groups: GrantableGroupsService },
    private readonly options: InvitationsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Creates invitations (spec 01 §3): one per address of `emails` (users type, each mailed its link), or one for
   * `organizationDomain` (organization type) or `link` (link type), all granting `groups`.
   * @returns how many were made and, for the organization and link types, the absolute link to hand out.
   * @throws ApiError 403 without `inviteUsers`; 400 `InvalidRequest` ("data validation failed") with every problem in
   *   `issues` (not exactly one type, malformed, repeated or already-registered addresses, more than
   *   `MAGPIE_MAX_INVITATION_EMAILS` of them, a malformed domain, groups that are unknown, repeated, the guests' or not
   *   the caller's to grant), and nothing stored.
   */
  async create(caller: Caller, input: InvitationsInput): Promise<InvitationsCreated> {
    invitationPolicy.assertMayInvite(caller);
    const emails = input.emails.map((email) => email.trim());
    const domain = input.organizationDomain.trim().toLowerCase();
    const kinds = [emails.length > 0, domain !== '', input.link].filter(Boolean).length;
    const issues: Issue[] = [];
    if (kinds === 0) issues.push({ path: 'emails', message: 'email list empty' });
    if (kinds > 1) issues.push({ path: '', message: 'Give addresses, an organization domain or link: one kind of invitation at a time.' });
    const type: InvitationType = emails.length > 0 ? 'users' : domain !== '' ? 'organization' : 'link';
    if (type === 'users') issues.push(...(await this.addressProblems(emails)));
    if (type === 'organization' && !isOrganizationDomain(domain)) issues.push({ path: 'organizationDomain', message: 'domain not valid' });
    const groups = await this.deps.groups.resolve(caller, input.groups, 'groups');
    issues.push(...groups.issues);
    if (issues.length > 0) throw dataValidationFailed(issues);

    const expires = this.options.ttlDays > 0 ? new Date(this.now() + this.options.ttlDays * 86_400_000) : null;
    const recipients = type === 'users' ? emails : [null];
    const { mailer, links, tokens } = this.deps;
    const made = await inTransaction(this.db, async (trx) => {
      const invitations = new InvitationsRepository(trx);
      const tokensMade: string[] = [];
      for (const email of recipients) {
        const issued = tokens.issue();
        await invitations.insert({
          type,
          tokenHash: issued.hash,
          tokenSalt: issued.salt,
          email,
          organizationDomain: type === 'organization' ? domain : null,
          description: input.description.trim(),
          message: input.message.trim(),
          approveAutomatically: input.approveAutomatically,
          createdBy: caller.userId,
          expires,
          groupIds: groups.ids,
        });
        tokensMade.push(issued.token);
        if (email !== null) {
          const content = invitationMessage({
            inviter: caller.fullName || caller.username,
            message: input.message,
            siteUrl: links.home(),
            signupUrl: links.signup(issued.token),
            expires,
            approveAutomatically: input.approveAutomatically,
          });
          await mailer.queue({ purpose: 'invitation', to: email, ...content, requestedBy: caller.userId }, trx);
        }
      }
      return tokensMade;
    });
    return { totalInvitationsCreated: made.length, invitationLink: type === 'users' ? null : links.signup(made[0]!), type };
  }

  /**
   * A page of active invitations, newest first ({@link INVITATIONS_PAGE_SIZE}; older ones than `before` when given).
   * @throws ApiError 403 without `inviteUsers`.
   */
  async list(caller: Caller, query: { before?: number | undefined }): Promise<InvitationList> {
    invitationPolicy.assertMayInvite(caller);
    const invitations = new InvitationsRepository(this.db);
    const rows = await invitations.listActive({ before: query.before, limit: INVITATIONS_PAGE_SIZE + 1 });
    const ids = rows.map((row) => row.id);
    const [groups, redeemers, count] = await Promise.all([invitations.groupsOf(ids), invitations.redeemersOf(ids), invitations.countActive()]);
    const presented = rows.map((row) => presentInvitation(row, { link: this.linkOf(row), groups: groups.get(row.id) ?? [], redeemers: redeemers.get(row.id) ?? [] }));
    return presentInvitationList(presented, ids, INVITATIONS_PAGE_SIZE, count);
  }

  /**
   * Revokes an active invitation (spec 03 §7 REVOKE): its link admits nobody from now on.
   * @throws ApiError 403 without `inviteUsers`; 404 for no such invitation, or one no longer active (spec 03 §8
   *   "invite not found").
   */
  async revoke(caller: Caller, id: number): Promise<void> {
    invitationPolicy.assertMayInvite(caller);
    if (!(await new InvitationsRepository(this.db).revoke(id))) throw notFound('The invitation');
  }

  /**
   * The invitation of a link's token, when it still admits sign-ups.
   * @throws ApiError 404 `InvitationNotFound`; 410 `InvitationRevoked`, `InvitationUsed` or `InvitationExpired`.
   */
  async admitting(token: string, db: Kysely<Database> = this.db): Promise<InvitationRow> {
    const row = await new InvitationsRepository(db).findByTokenHash(this.deps.tokens.hashOf(token));
    if (!row) throw invitationNotFound();
    if (row.revoked) throw new ApiError(410, 'InvitationRevoked', 'This invitation was withdrawn. Ask the person who invited you for a new one.', 'Invitation withdrawn');
    if (row.used) throw invitationUsed();
    if (row.expires && row.expires.getTime() <= this.now()) {
      throw new ApiError(410, 'InvitationExpired', 'This invitation has expired. Ask the person who invited you for a new one.', 'Invitation expired');
    }
    return row;
  }

  /** The absolute sign-up link of an invitation, or null when this server's key can no longer rebuild it. */
  linkOf(row: Pick<InvitationRow, 'token_salt' | 'token_hash'>): string | null {
    const token = this.deps.tokens.rebuild(row.token_salt, row.token_hash);
    return token === undefined ? null : this.deps.links.signup(token);
  }

  /** The problems of a users invitation's addresses: too many, malformed, or already a user's. */
  private async addressProblems(emails: readonly string[]): Promise<Issue[]> {
    const issues: Issue[] = [];
    if (emails.length > this.options.maxEmails) {
      issues.push({ path: 'emails', message: `At most ${this.options.maxEmails} addresses can be invited at a time (MAGPIE_MAX_INVITATION_EMAILS).` });
    }
    const seen = new Set<string>();
    emails.forEach((email, index) => {
      if (!isMailAddress(email)) issues.push({ path: `emails.${index}`, message: 'email not valid' });
      else if (seen.has(email.toLowerCase())) issues.push({ path: `emails.${index}`, message: 'email in list' });
      seen.add(email.toLowerCase());
    });
    const taken = new Set((await new SignupsRepository(this.db).usersWithAddress(emails.filter(isMailAddress))).map((email) => email.toLowerCase()));
    emails.forEach((email, index) => {
      if (taken.has(email.toLowerCase())) issues.push({ path: `emails.${index}`, message: `${email} already has an account.` });
    });
    return issues;
  }
}
