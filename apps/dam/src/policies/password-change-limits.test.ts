/** The limit on changing one's own password (issue 11): 5 wrong current passwords per user per 15 minutes. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_FAILURES, PASSWORD_CHANGE_WINDOW_MS, PasswordChangeLimits } from './token-limits.ts';

describe('PasswordChangeLimits', () => {
  it('refuses a user after the failures of one window, until the window ends, and no other user', () => {
    let now = 1_000_000;
    const sut = new PasswordChangeLimits(() => now);
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i++) expect(sut.take(7).allowed).toBe(true);
    const refused = sut.take(7);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: PASSWORD_CHANGE_WINDOW_MS / 1000 });
    expect(sut.take(8).allowed).toBe(true);
    now += PASSWORD_CHANGE_WINDOW_MS - 1000;
    expect(sut.take(7)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1000;
    expect(sut.take(7).allowed).toBe(true);
  });

  it('does not count attempts whose current password was right', () => {
    const sut = new PasswordChangeLimits(() => 0);
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES * 3; i++) {
      const answer = sut.take(1);
      expect(answer.allowed).toBe(true);
      if (answer.allowed) answer.refund();
    }
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES; i++) expect(sut.take(1).allowed).toBe(true);
    expect(sut.take(1).allowed).toBe(false);
  });
});
