import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@magpie/api-types';
import { DEVICE_COOKIE_MAX_USERS, DEVICE_TRUST_MS, DeviceCookies } from './device-cookie.ts';

const SECRET = 'device-cookie-test-secret-0123456789abcdef';

function cookies() {
  let time = 1_700_000_000_000;
  return { sut: new DeviceCookies(SECRET, () => time), advance: (ms: number) => (time += ms) };
}

describe('DeviceCookies', () => {
  it('vouches for the user names it remembered, case-insensitively, with a new id per login', () => {
    const { sut } = cookies();
    const first = sut.read(sut.remember([], 'Ada'));
    const id = sut.idFor(first, 'ada');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sut.idFor(first, 'ADA')).toBe(id);
    expect(sut.idFor(first, 'admin')).toBeUndefined();

    const both = sut.read(sut.remember(first, 'admin'));
    expect(sut.idFor(both, 'admin')).toBeDefined();
    expect(sut.idFor(both, 'ada')).toBe(id);
    const again = sut.read(sut.remember(both, 'ada'));
    expect(sut.idFor(again, 'ada')).not.toBe(id);
    expect(again.map((entry) => entry.u)).toEqual(['ada', 'admin']);
  });

  it(`keeps the ${DEVICE_COOKIE_MAX_USERS} most recent user names`, () => {
    const { sut } = cookies();
    let entries = sut.read(undefined);
    for (let i = 0; i < DEVICE_COOKIE_MAX_USERS + 2; i++) entries = sut.read(sut.remember(entries, `user${i}`));
    expect(entries).toHaveLength(DEVICE_COOKIE_MAX_USERS);
    expect(sut.idFor(entries, 'user0')).toBeUndefined();
    expect(sut.idFor(entries, `user${DEVICE_COOKIE_MAX_USERS + 1}`)).toBeDefined();
  });

  it('stops vouching DEVICE_TRUST_MS after the last login as that user', () => {
    const { sut, advance } = cookies();
    const value = sut.remember([], 'ada');
    advance(DEVICE_TRUST_MS - 1);
    expect(sut.idFor(sut.read(value), 'ada')).toBeDefined();
    advance(1);
    expect(sut.read(value)).toEqual([]);
  });

  it('reads nothing from a tampered value, a value sealed with another secret, or another cookie', () => {
    const { sut } = cookies();
    const value = sut.remember([], 'ada');
    expect(sut.read(value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA'))).toEqual([]);
    expect(new DeviceCookies('another-secret-0123456789abcdefghijklmnop').read(value)).toEqual([]);
    expect(sut.read('v1.garbage')).toEqual([]);
    expect(sut.read('')).toEqual([]);
    // The value is encrypted: the user name does not show.
    expect(value).not.toContain('ada');
  });

  it('is HttpOnly, SameSite=Strict, sent only to the login route, and Secure over HTTPS or when configured', () => {
    expect(DeviceCookies.cookieOptions(false)).toEqual({
      path: API_PATHS.login,
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
      maxAge: DEVICE_TRUST_MS / 1000,
    });
    expect(DeviceCookies.cookieOptions(true).secure).toBe(true);
  });
});
