import { passwordProblem } from '@magpie/api-types';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { PasswordChangeLimits } from '../policies/token-limits.ts';
import type { AuthService } from './auth.service.ts';
import { ApiError, TooManyRequestsError, unauthorized } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/crypto.ts';

/** `POST /fotoweb/me/password` input (dam.yaml `PasswordChange`). */
export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * The caller's own account (issue 11 "Accounts"; spec 03 §2.9 change password, §2.11 forced change): changing one's
 * own password. Logins are recorded by the password grant ({@link AuthService}).
 */
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly limits: PasswordChangeLimits,
  ) {}

  /**
   * Changes the caller's password: the current one must be right, the new one must meet `PASSWORD_RULES`
   * (`passwordProblem`) and differ from the current one. Clears `forcePasswordChange`, and ends the user's other
   * sessions (every grant but the caller's, in this process at once and in the others within the auth cache's TTL).
   *
   * @throws TooManyRequestsError 429 after {@link PasswordChangeLimits}' wrong current passwords (before checking anything).
   * @throws ApiError 403 `WrongPassword` when the current password is wrong (the user has none: an application user);
   *   400 `WeakPassword` with the rule's message; 401 when the user is gone.
   */
  async changeOwnPassword(caller: Caller & { grantId: string }, input: PasswordChangeInput): Promise<void> {
    const charge = this.limits.take(caller.userId);
    if (!charge.allowed) throw new TooManyRequestsError(`Too many wrong passwords. Try again in ${charge.retryAfterSeconds} seconds.`, charge.retryAfterSeconds);
    const user = await this.users.findById(caller.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
      throw new ApiError(403, 'WrongPassword', 'The current password is wrong.', 'Wrong password');
    }
    charge.refund();
    const problem = passwordProblem(input.newPassword, user.username);
    if (problem !== null) throw new ApiError(400, 'WeakPassword', problem, 'Weak password');
    if (input.newPassword === input.currentPassword) throw new ApiError(400, 'WeakPassword', 'The new password must differ from the current one.', 'Weak password');
    // The user chose this password themselves: a forced change is done.
    await this.users.update(user.id, { password_hash: await hashPassword(input.newPassword), force_password_change: false });
    await this.auth.revokeUser(user.id, { exceptGrantId: caller.grantId });
    // The session the change was made in goes on, now without the forced change.
    this.auth.forgetUser(user.id);
  }
}
