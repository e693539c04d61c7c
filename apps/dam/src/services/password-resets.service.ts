import type { Kysely } from 'kysely';
import { passwordProblem, type PasswordResetStatus } from '@magpie/api-types';
import type { Database, PasswordResetRow, UserRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { WorkerLogger } from '../jobs/worker.ts';
import { ApiError, TooManyRequestsError } from '../lib/errors.ts';
import { hashPassword, randomToken, sha256Hex } from '../lib/crypto.ts';
import { isMailAddress } from '../mail/address.ts';
import type { MailLinks } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMessage } from '../mail/messages.ts';
import type { PasswordResetLimits } from '../policies/token-limits.ts';
import { PasswordResetsRepository } from '../repositories/password-resets.repository.ts';
import { TokensRepository } from '../repositories/tokens.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { canSignIn, type AuthService } from './auth.service.ts';

/** What a reset link's token looks like: `randomToken()`'s 32 random bytes, base64url. Anything else names no link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Most accounts one request mails a link to (several users may share an address). */
export const PASSWORD_RESET_MAX_ACCOUNTS = 5;

/** How long a link's row is kept after it expired (ms): a week, so an old link still answers 410 rather than 404. */
export const PASSWORD_RESET_KEPT_MS = 7 * 86_400_000;

/**
 * Whether a user may reset their password by mail (issue 14 "Password reset"): a person who may sign in (enabled, not
 * expired; deleted users are never found) and has a password of Magpie's. Never the guest user, an API client's user,
 * or a user without a password (who signs in elsewhere: "SSO-only").
 */
export function mayResetPassword(user: Pick<UserRow, 'kind' | 'is_enabled' | 'expires' | 'password_hash'>, now = new Date()): boolean {
  return user.kind === 'person' && user.password_hash !== null && canSignIn(user, now);
}

/** 404 `PasswordResetNotFound`: the token names no link (mistyped, cut short, tampered with), or its user may no longer reset. */
const linkNotFound = () => new ApiError(404, 'PasswordResetNotFound', 'This password reset link is not valid. Ask for a new one on the login page.', 'Link not valid');
/** 410 `PasswordResetUsed`: the link set a password already, or another link of the user did. */
const linkUsed = () => new ApiError(410, 'PasswordResetUsed', 'This password reset link was used already. Ask for a new one if you need it.', 'Link used');
/** 410 `PasswordResetExpired`. */
const linkExpired = () => new ApiError(410, 'PasswordResetExpired', 'This password reset link has expired. Ask for a new one on the login page.', 'Link expired');

/** What {@link PasswordResetService} needs. */
export interface PasswordResetDeps {
  db: Kysely<Database>;
  auth: AuthService;
  mailer: Mailer;
  links: MailLinks;
  limits: PasswordResetLimits;
  /** How long a link works (s; `MAGPIE_PASSWORD_RESET_TTL`). */
  ttlSeconds: number;
  log: WorkerLogger;
  /** Clock (ms since the epoch); tests pass a fake. */
  now?: () => number;
}

/**
 * Password resets by mail (issue 14 "Password reset"; dam.yaml `requestPasswordReset`, `getPasswordReset`,
 * `completePasswordReset`).
 *
 * - A request ({@link request}) is charged to the limits, then answered at once: finding the accounts, storing each
 *   link and queuing its mail happen afterwards ({@link settled} waits for them), so the answer's status, body and
 *   time are the same whether or not an account uses the address.
 * - A link is a random 32-byte token mailed to the account's address; only its SHA-256 is stored, with its user, its
 *   expiry (`MAGPIE_PASSWORD_RESET_TTL`) and when it was used. The mail is `sensitive`: its parts are erased once an
 *   SMTP server accepted it.
 * - Setting a password ({@link complete}) checks `PASSWORD_RULES`, uses the link up (with every other open link of
 *   the user) in the same transaction as the new password and the revocation of every token of the user, then
 *   forgets the user's cached callers: every session of the user ends.
 */
export class PasswordResetService {
  private readonly pending = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly deps: PasswordResetDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Asks for reset links for the accounts of `email` (already checked as an address by the route's schema). Answers
   * as soon as the request is charged; the links are made and mailed in the background.
   * @param clientAddress the client's address (the browser's, as the BFF reports it: `clientAddressOf`), for the
   *   per-client limit.
   * @throws TooManyRequestsError 429 over a limit of {@link PasswordResetLimits} (for known and unknown addresses alike).
   */
  request(email: string, clientAddress: string): void {
    const charge = this.deps.limits.take(email, clientAddress);
    if (!charge.allowed) {
      throw new TooManyRequestsError(`Too many password reset requests. Try again in ${charge.retryAfterSeconds} seconds.`, charge.retryAfterSeconds);
    }
    const work: Promise<void> = this.mailLinks(email.trim().toLowerCase())
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'a password reset request could not be handled'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every request's background work (finding accounts, storing links, queuing mail) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stores a link for each account of `email` that may reset its password and queues its mail, each in one transaction. */
  private async mailLinks(email: string): Promise<void> {
    const { db, mailer, links, ttlSeconds } = this.deps;
    const users = await new PasswordResetsRepository(db).usersByEmail(email, PASSWORD_RESET_MAX_ACCOUNTS);
    const now = new Date(this.now());
    for (const user of users.filter((u) => mayResetPassword(u, now) && isMailAddress(u.email))) {
      const token = randomToken();
      const content = passwordResetMessage({
        userName: user.username,
        fullName: user.full_name,
        siteUrl: links.home(),
        resetUrl: links.passwordReset(token),
        validSeconds: ttlSeconds,
      });
      await inTransaction(db, async (trx) => {
        await new PasswordResetsRepository(trx).insert({ tokenHash: sha256Hex(token), userId: user.id, expires: new Date(now.getTime() + ttlSeconds * 1000) });
        await mailer.queue({ purpose: 'password-reset', to: user.email, ...content, sensitive: true }, trx);
      });
    }
    await new PasswordResetsRepository(db).deleteExpiredBefore(new Date(now.getTime() - PASSWORD_RESET_KEPT_MS));
  }

  /**
   * Whether a link can still set a password (dam.yaml `PasswordResetStatus`).
   * @throws ApiError 404 `PasswordResetNotFound`, 410 `PasswordResetUsed` or `PasswordResetExpired` (see {@link open}).
   */
  async check(token: string): Promise<PasswordResetStatus> {
    const { link, user } = await this.open(token);
    return { valid: true, expires: link.expires.toISOString(), userName: user.username };
  }

  /**
   * Sets the password of the link's user and ends every session of theirs; the link can never be used again.
   * @throws ApiError the link's errors of {@link check} first; then 400 `WeakPassword` with the rule's message
   *   (`passwordProblem`), and the link stays usable.
   */
  async complete(token: string, password: string): Promise<void> {
    const { link, user } = await this.open(token);
    const problem = passwordProblem(password, user.username);
    if (problem !== null) throw new ApiError(400, 'WeakPassword', problem, 'Weak password');
    const passwordHash = await hashPassword(password);
    const done = await inTransaction(this.deps.db, async (trx) => {
      if (!(await new PasswordResetsRepository(trx).useUp(link, new Date(this.now())))) return false;
      // The user chose this password themselves: a forced change is done.
      await new UsersRepository(trx).update(user.id, { password_hash: passwordHash, force_password_change: false });
      await new TokensRepository(trx).revokeUser(user.id);
      return true;
    });
    // Used or expired meanwhile (another tab, the same link twice at once): the refusal it now earns.
    if (!done)
      throw (await this.open(token)
        .then(() => linkUsed())
        .catch((error: unknown) => error)) as Error;
    this.deps.auth.forgetUser(user.id);
  }

  /**
   * The open link a token names and its user.
   * @throws ApiError 404 `PasswordResetNotFound` for a token that names no link or whose user may no longer reset a
   *   password; 410 `PasswordResetUsed` for a used link; 410 `PasswordResetExpired` for an expired one.
   */
  private async open(token: string): Promise<{ link: PasswordResetRow; user: UserRow }> {
    if (!TOKEN_PATTERN.test(token)) throw linkNotFound();
    const link = await new PasswordResetsRepository(this.deps.db).find(sha256Hex(token));
    if (!link) throw linkNotFound();
    if (link.used !== null) throw linkUsed();
    const now = new Date(this.now());
    if (link.expires.getTime() <= now.getTime()) throw linkExpired();
    const user = await new UsersRepository(this.deps.db).findById(link.user_id);
    if (!user || !mayResetPassword(user, now)) throw linkNotFound();
    return { link, user };
  }
}
