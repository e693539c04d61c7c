/**
 * The limits on asking for a password reset link (issue 14 "Password reset"): 3 per e-mail address per 15 minutes,
 * and the token limit per connecting address per minute.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_ADDRESS_LIMIT, PASSWORD_RESET_WINDOW_MS, PasswordResetLimits, TOKEN_LIMIT_WINDOW_MS } from './token-limits.ts';

describe('PasswordResetLimits', () => {
  it('refuses an address (in any case) after its requests of one window, until the window ends, and no other address', () => {
    let now = 1_000_000;
    const sut = new PasswordResetLimits(1000, () => now);
    for (let i = 0; i < PASSWORD_RESET_ADDRESS_LIMIT; i++) expect(sut.take('ada@example.com', `10.0.0.${i}`).allowed).toBe(true);
    expect(sut.take(' ADA@example.com', '10.0.1.1')).toEqual({ allowed: false, retryAfterSeconds: PASSWORD_RESET_WINDOW_MS / 1000 });
    expect(sut.take('bea@example.com', '10.0.0.1').allowed).toBe(true);
    now += PASSWORD_RESET_WINDOW_MS - 1000;
    expect(sut.take('ada@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1000;
    expect(sut.take('ada@example.com', '10.0.0.1').allowed).toBe(true);
  });

  it('refuses a connecting address after `limit` requests a minute, whatever the addresses asked for, and charges nothing refused', () => {
    let now = 0;
    const sut = new PasswordResetLimits(4, () => now);
    for (let i = 0; i < 4; i++) expect(sut.take(`person${i}@example.com`, '203.0.113.9').allowed).toBe(true);
    expect(sut.take('person9@example.com', '203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: TOKEN_LIMIT_WINDOW_MS / 1000 });
    // The refused request was not charged to its address: it may still ask from elsewhere.
    for (let i = 0; i < PASSWORD_RESET_ADDRESS_LIMIT; i++) expect(sut.take('person9@example.com', `198.51.100.${i}`).allowed).toBe(true);
    // One IPv6 /64 is one client.
    for (let i = 0; i < 4; i++) expect(sut.take(`v6-${i}@example.com`, `2001:db8::${i + 1}`).allowed).toBe(true);
    expect(sut.take('v6-9@example.com', '2001:db8::ffff').allowed).toBe(false);
    now += TOKEN_LIMIT_WINDOW_MS;
    expect(sut.take('person8@example.com', '203.0.113.9').allowed).toBe(true);
  });
});
