import { describe, expect, it } from 'vitest';
import { CookieSealer, deriveKey, safeEqual } from './crypto.ts';

const SECRET = 'a-session-secret-of-at-least-32-chars!';

describe('CookieSealer', () => {
  it('round-trips a value and never shows it in clear', () => {
    const sealer = new CookieSealer(SECRET, 'magpie_session');
    const value = { accessToken: 'very-secret-access-token', expiresAt: 1_700_000_000_000 };
    const sealed = sealer.seal(value);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('very-secret');
    expect(sealer.open(sealed)).toEqual(value);
    expect(sealer.seal(value)).not.toBe(sealed); // a fresh nonce every time
  });

  it('refuses tampered values, other keys, other cookies and garbage', () => {
    const sealer = new CookieSealer(SECRET, 'magpie_session');
    const sealed = sealer.seal({ a: 1 });
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[body.length - 20]! ^= 1;
    expect(sealer.open(`v1.${body.toString('base64url')}`)).toBeUndefined();
    expect(new CookieSealer(`${SECRET}-other`, 'magpie_session').open(sealed)).toBeUndefined();
    expect(new CookieSealer(SECRET, 'other_cookie').open(sealed)).toBeUndefined();
    for (const garbage of ['', 'v1.', 'v2.abc', 'v1.!!!', 'v1.AAAA']) expect(sealer.open(garbage)).toBeUndefined();
  });

  it('derives distinct 256-bit keys per purpose', () => {
    expect(deriveKey(SECRET, 'a')).toHaveLength(32);
    expect(deriveKey(SECRET, 'a').equals(deriveKey(SECRET, 'b'))).toBe(false);
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
