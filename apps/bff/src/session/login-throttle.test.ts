import { describe, expect, it } from 'vitest';
import {
  clientAddressKey,
  DEVICE_FAILURE_LIMIT,
  LOGIN_ADDRESS_USER_WINDOW_MS,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_USER_FAILURE_WINDOW_MS,
  loginDelayMs,
  LoginThrottle,
  type LoginAdmission,
  type LoginAttempt,
  type LoginOutcome,
  type LoginThrottleOptions,
} from './login-throttle.ts';

const DELAY = { afterFailures: 3, firstMs: 1000, maxMs: 5000 };

function throttle(overrides: Partial<LoginThrottleOptions> = {}) {
  let time = 1_700_000_000_000;
  const sut = new LoginThrottle({ addressLimit: 10, addressUserLimit: 5, delay: DELAY, now: () => time, ...overrides });
  /** Admits an attempt and, when admitted, settles it with `outcome`; answers the admission. */
  const attempt = (what: LoginAttempt, outcome: LoginOutcome = 'failed'): LoginAdmission => {
    const admission = sut.admit(what);
    if (admission.admitted) sut.settle(admission.ticket, outcome);
    return admission;
  };
  return { sut, attempt, advance: (ms: number) => (time += ms) };
}

const delayOf = (admission: LoginAdmission) => (admission.admitted ? admission.delayMs : `refused (${admission.limit})`);

describe('loginDelayMs', () => {
  it('waits nothing below the threshold, then doubles from firstMs up to maxMs', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50, 5000].map((failures) => loginDelayMs(failures, DELAY))).toEqual([0, 0, 0, 1000, 2000, 4000, 5000, 5000, 5000, 5000]);
  });
});

describe('clientAddressKey', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, IPv6 by its /64, anything else as itself', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('not an address')).toBe('other:not an address');
  });
});

describe('LoginThrottle', () => {
  it('refuses an address after addressLimit failed logins until its window ends', () => {
    const { attempt, advance } = throttle({ addressLimit: 3 });
    for (let i = 0; i < 3; i++) expect(attempt({ address: '192.0.2.1', userName: `user${i}` }).admitted).toBe(true);
    const refused = attempt({ address: '192.0.2.1', userName: 'someone-else' });
    expect(refused).toEqual({ admitted: false, limit: 'address', retryAfterSeconds: LOGIN_ADDRESS_WINDOW_MS / 1000 });
    // Other addresses are not affected.
    expect(attempt({ address: '192.0.2.2', userName: 'user0' }).admitted).toBe(true);
    advance(LOGIN_ADDRESS_WINDOW_MS - 1500);
    expect(attempt({ address: '192.0.2.1', userName: 'x' })).toMatchObject({ admitted: false, retryAfterSeconds: 2 });
    advance(1500);
    expect(attempt({ address: '192.0.2.1', userName: 'x' }).admitted).toBe(true);
  });

  it('does not count successful logins, nor attempts whose password was never checked', () => {
    const { attempt } = throttle({ addressLimit: 2, addressUserLimit: 2 });
    for (let i = 0; i < 20; i++) expect(attempt({ address: '192.0.2.1', userName: 'ada' }, i % 2 === 0 ? 'succeeded' : 'void').admitted).toBe(true);
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(true);
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(true);
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(false);
  });

  it('counts attempts still running, so concurrent guesses cannot slip past the limit', () => {
    const { sut } = throttle({ addressLimit: 3 });
    const running = Array.from({ length: 5 }, (_, i) => sut.admit({ address: '192.0.2.1', userName: `user${i}` }));
    expect(running.map((a) => a.admitted)).toEqual([true, true, true, false, false]);
    // One of them turns out right: its place is given back.
    const first = running[0]!;
    if (first.admitted) sut.settle(first.ticket, 'succeeded');
    expect(sut.admit({ address: '192.0.2.1', userName: 'user9' }).admitted).toBe(true);
  });

  it('refuses an (address, user name) pair after addressUserLimit failures, case-insensitively, and only that pair', () => {
    const { attempt, advance } = throttle({ addressUserLimit: 2 });
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(true);
    expect(attempt({ address: '192.0.2.1', userName: 'Ada' }).admitted).toBe(true);
    expect(attempt({ address: '192.0.2.1', userName: 'ADA' })).toEqual({
      admitted: false,
      limit: 'address-user',
      retryAfterSeconds: LOGIN_ADDRESS_USER_WINDOW_MS / 1000,
    });
    expect(attempt({ address: '192.0.2.1', userName: 'bob' }).admitted).toBe(true);
    expect(attempt({ address: '192.0.2.2', userName: 'ada' }).admitted).toBe(true);
    advance(LOGIN_ADDRESS_USER_WINDOW_MS);
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(true);
  });

  it('clears a pair when its user logs in', () => {
    const { attempt } = throttle({ addressUserLimit: 2 });
    attempt({ address: '192.0.2.1', userName: 'ada' });
    attempt({ address: '192.0.2.1', userName: 'ada' }, 'succeeded');
    attempt({ address: '192.0.2.1', userName: 'ada' });
    expect(attempt({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(true);
  });

  it('counts an IPv6 /64 as one address', () => {
    const { attempt } = throttle({ addressLimit: 2 });
    attempt({ address: '2001:db8:0:1::1', userName: 'a' });
    attempt({ address: '2001:db8:0:1::2', userName: 'b' });
    expect(attempt({ address: '2001:db8:0:1:abcd::9', userName: 'c' })).toMatchObject({ admitted: false, limit: 'address' });
    expect(attempt({ address: '2001:db8:0:2::1', userName: 'c' }).admitted).toBe(true);
  });

  it('never refuses a user name sprayed from many addresses: it delays it, growing, case-insensitively', () => {
    const { attempt } = throttle();
    const delays = [];
    for (let i = 0; i < 9; i++) delays.push(delayOf(attempt({ address: `198.51.100.${i}`, userName: i % 2 ? 'ADMIN' : 'admin' })));
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 5000, 5000, 5000]);
    // The right password from a new address is delayed, not refused; other names are not delayed.
    expect(delayOf(attempt({ address: '203.0.113.1', userName: 'Admin' }, 'succeeded'))).toBe(5000);
    expect(delayOf(attempt({ address: '203.0.113.1', userName: 'ada' }, 'succeeded'))).toBe(0);
  });

  it('forgets a user name failures once their window has passed', () => {
    const { attempt, advance } = throttle();
    for (let i = 0; i < 5; i++) attempt({ address: `198.51.100.${i}`, userName: 'admin' });
    expect(delayOf(attempt({ address: '203.0.113.1', userName: 'admin' }, 'void'))).toBe(4000);
    advance(LOGIN_USER_FAILURE_WINDOW_MS);
    expect(delayOf(attempt({ address: '203.0.113.1', userName: 'admin' }, 'void'))).toBe(0);
  });

  it('lets a browser with the user device cookie skip the name delay and the pair limit, until the cookie fails too often', () => {
    const { attempt } = throttle({ addressUserLimit: 2 });
    for (let i = 0; i < 8; i++) attempt({ address: '192.0.2.1', userName: 'admin' }); // 2 admitted, then refused
    for (let i = 0; i < 8; i++) attempt({ address: `198.51.100.${i}`, userName: 'admin' });
    expect(attempt({ address: '192.0.2.1', userName: 'admin' }, 'void')).toMatchObject({ admitted: false, limit: 'address-user' });
    expect(delayOf(attempt({ address: '203.0.113.9', userName: 'admin' }, 'void'))).toBe(5000);

    const trusted = { address: '192.0.2.1', userName: 'Admin', deviceId: 'cookie-1' };
    expect(delayOf(attempt(trusted, 'void'))).toBe(0);

    // A stolen cookie gives DEVICE_FAILURE_LIMIT guesses, not more.
    for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++) expect(delayOf(attempt({ ...trusted, address: `203.0.113.${100 + i}` }))).toBe(0);
    expect(delayOf(attempt({ ...trusted, address: '203.0.113.200' }, 'void'))).toBe(5000);
  });

  it('settles a ticket once', () => {
    const { sut } = throttle({ addressLimit: 1 });
    const admission = sut.admit({ address: '192.0.2.1', userName: 'ada' });
    if (!admission.admitted) throw new Error('expected an admission');
    sut.settle(admission.ticket, 'failed');
    sut.settle(admission.ticket, 'succeeded'); // would take the count back; ignored
    expect(sut.admit({ address: '192.0.2.1', userName: 'ada' }).admitted).toBe(false);
  });
});
