import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

/** Window of the per-address limit (ms): `addressLimit` failed logins per client address per this. */
export const LOGIN_ADDRESS_WINDOW_MS = 60_000;
/** Window of the per (address, user name) limit (ms): `addressUserLimit` failed logins per this. */
export const LOGIN_ADDRESS_USER_WINDOW_MS = 15 * 60_000;
/** Window in which a user name's failures are counted for its delays (ms), and a device cookie's failures. */
export const LOGIN_USER_FAILURE_WINDOW_MS = 15 * 60_000;

/** Default `MAGPIE_LOGIN_RATE_LIMIT`: failed logins per client address per {@link LOGIN_ADDRESS_WINDOW_MS}. */
export const DEFAULT_LOGIN_ADDRESS_LIMIT = 10;
/** Default `MAGPIE_LOGIN_ADDRESS_USER_LIMIT`: failed logins per (address, user name) per {@link LOGIN_ADDRESS_USER_WINDOW_MS}. */
export const DEFAULT_LOGIN_ADDRESS_USER_LIMIT = 5;
/** Default `MAGPIE_LOGIN_DELAY_AFTER`: failures of a user name (in {@link LOGIN_USER_FAILURE_WINDOW_MS}) before its attempts wait. */
export const DEFAULT_LOGIN_DELAY_AFTER_FAILURES = 5;
/** Default `MAGPIE_LOGIN_DELAY_MS`: the first wait (ms); each further failure doubles it. */
export const DEFAULT_LOGIN_FIRST_DELAY_MS = 1_000;
/** Default `MAGPIE_LOGIN_DELAY_MAX_MS`: the longest wait (ms), so a person never waits more than a few seconds. */
export const DEFAULT_LOGIN_MAX_DELAY_MS = 5_000;

/**
 * Failed logins with one device cookie (in {@link LOGIN_USER_FAILURE_WINDOW_MS}) after which it stops exempting
 * its browser: a stolen cookie must not give unlimited guesses (OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies": lock out the device cookie, not the account).
 */
export const DEVICE_FAILURE_LIMIT = 10;

/**
 * Most keys each counter remembers (least recently used forgotten first). Keys are 16-byte hashes, so each counter
 * stays under about 10 MB whatever an attacker sends; the price of a flood of new names is forgetting the quietest.
 */
export const LOGIN_THROTTLE_MAX_KEYS = 50_000;

/** Growing delays per user name (BffConfig `loginDelay`). */
export interface LoginDelayOptions {
  /** Failures of a name in {@link LOGIN_USER_FAILURE_WINDOW_MS} before its attempts wait. */
  afterFailures: number;
  /** The first wait (ms); doubled for every further failure. */
  firstMs: number;
  /** The longest wait (ms). */
  maxMs: number;
}

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failed logins per client address per {@link LOGIN_ADDRESS_WINDOW_MS} before 429 (`MAGPIE_LOGIN_RATE_LIMIT`). */
  addressLimit: number;
  /** Failed logins per (client address, user name) per {@link LOGIN_ADDRESS_USER_WINDOW_MS} before 429. */
  addressUserLimit: number;
  /** Delays per user name. */
  delay: LoginDelayOptions;
  /** Clock (ms since the epoch); tests pass a fake. */
  now?: () => number;
}

/** One login attempt as the throttle sees it. */
export interface LoginAttempt {
  /** The client address (`request.ip`). */
  address: string;
  /** The user name as typed; compared case-insensitively, as the DAM looks names up. */
  userName: string;
  /** The id of this browser's device cookie for this user name, when it holds a valid one. */
  deviceId?: string | undefined;
}

/** What {@link LoginThrottle.admit} decided. */
export type LoginAdmission =
  | {
      admitted: true;
      /** Wait this long (ms) before checking the password; 0 for most attempts. */
      delayMs: number;
      /** Hand it back to {@link LoginThrottle.settle} with the outcome. */
      ticket: LoginTicket;
    }
  | {
      admitted: false;
      /** Seconds until an attempt may be admitted again (≥ 1), for `Retry-After`. */
      retryAfterSeconds: number;
      /** Which limit refused: the client address, or the (address, user name) pair. */
      limit: 'address' | 'address-user';
    };

/** An admitted attempt, to be settled once. */
export interface LoginTicket {
  readonly keys: { address: string; pair: string; name: string; device: string | undefined };
  /** Takes back the attempt's count from the address and pair windows it was charged to. */
  readonly refund: () => void;
  settled: boolean;
}

/**
 * How an attempt ended: `succeeded` (right password), `failed` (wrong user name or password: a guess), or `void`
 * (the password was never checked: the DAM was down or refused first).
 */
export type LoginOutcome = 'succeeded' | 'failed' | 'void';

interface Window {
  count: number;
  /** When the window ends, ms since the epoch. */
  resetAt: number;
}

/** Counts per key in fixed windows, in an LRU of {@link LOGIN_THROTTLE_MAX_KEYS} keys. */
class WindowCounter {
  private readonly windows = new LRUCache<string, Window>({ max: LOGIN_THROTTLE_MAX_KEYS });

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** The live window of `key`, if any. */
  current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= this.now()) return undefined;
    return window;
  }

  count(key: string): number {
    return this.current(key)?.count ?? 0;
  }

  /** Counts one for `key`; answers a function that takes it back (once, and only within the same window). */
  add(key: string): () => void {
    let window = this.current(key);
    if (window === undefined) {
      window = { count: 0, resetAt: this.now() + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    const counted = window;
    let taken = false;
    return () => {
      if (taken || this.current(key) !== counted) return;
      taken = true;
      counted.count--;
    };
  }

  delete(key: string): void {
    this.windows.delete(key);
  }

  /** Seconds until `key`'s window ends (≥ 1). */
  secondsLeft(key: string): number {
    const window = this.current(key);
    return Math.max(1, Math.ceil(((window?.resetAt ?? this.now()) - this.now()) / 1000));
  }
}

/** A short, fixed-size key for a counter (names may be 256 characters long; only equality matters). */
function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);
}

/**
 * The key of a client address for the limits: IPv4 (and IPv4-mapped IPv6) as the address itself, IPv6 by its /64
 * prefix (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one machine
 * spray from 2^64 of them). Something that is not an address is its own key.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return `other:${address}`;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * The wait (ms) before checking a password for a user name that failed `failures` times in the window:
 * 0 below `afterFailures`, then `firstMs`, doubling per further failure, at most `maxMs`
 * (defaults: 5 failures, then 1 s, 2 s, 4 s, 5 s, 5 s…).
 */
export function loginDelayMs(failures: number, delay: LoginDelayOptions): number {
  if (failures < delay.afterFailures) return 0;
  return Math.min(delay.firstMs * 2 ** (failures - delay.afterFailures), delay.maxMs);
}

/**
 * The BFF's login throttle (issue 9 §1-2; OWASP Authentication Cheat Sheet, "Protect Against Automated Attacks"):
 * it slows guessing without letting anyone lock another person out.
 *
 * - Per client address: `addressLimit` failed logins per {@link LOGIN_ADDRESS_WINDOW_MS}, then 429. Someone
 *   spraying from one address stops only themselves (and whoever shares their address).
 * - Per (client address, user name): `addressUserLimit` failed logins per {@link LOGIN_ADDRESS_USER_WINDOW_MS},
 *   then 429, for that pair only.
 * - Per user name (case-insensitive), from any address: no refusal, ever. Once the name failed
 *   `delay.afterFailures` times in {@link LOGIN_USER_FAILURE_WINDOW_MS}, each attempt waits before its password is
 *   checked ({@link loginDelayMs}), so the right password still logs in, a few seconds later.
 * - A browser whose device cookie says it logged in as that user before skips the per-name wait and the
 *   per-(address, name) limit, until {@link DEVICE_FAILURE_LIMIT} failures with that cookie.
 *
 * Attempts are counted when admitted (so concurrent guesses cannot slip past a limit) and taken back when they
 * succeed or never reached a password check. State lives in this process's memory, in LRU caches of
 * {@link LOGIN_THROTTLE_MAX_KEYS} keys each.
 */
export class LoginThrottle {
  private readonly addresses: WindowCounter;
  private readonly pairs: WindowCounter;
  private readonly names: WindowCounter;
  private readonly devices: WindowCounter;

  constructor(private readonly options: LoginThrottleOptions) {
    const now = options.now ?? Date.now;
    this.addresses = new WindowCounter(LOGIN_ADDRESS_WINDOW_MS, now);
    this.pairs = new WindowCounter(LOGIN_ADDRESS_USER_WINDOW_MS, now);
    this.names = new WindowCounter(LOGIN_USER_FAILURE_WINDOW_MS, now);
    this.devices = new WindowCounter(LOGIN_USER_FAILURE_WINDOW_MS, now);
  }

  /**
   * Decides whether an attempt may go on and how long it waits first; an admitted attempt is counted against its
   * address and (address, name) pair until {@link settle}d.
   */
  admit(attempt: LoginAttempt): LoginAdmission {
    const address = clientAddressKey(attempt.address);
    const name = attempt.userName.toLowerCase();
    const keys = {
      address: keyOf('address', address),
      pair: keyOf('pair', address, name),
      name: keyOf('name', name),
      device: attempt.deviceId === undefined ? undefined : keyOf('device', attempt.deviceId, name),
    };
    const trusted = keys.device !== undefined && this.devices.count(keys.device) < DEVICE_FAILURE_LIMIT;

    if (this.addresses.count(keys.address) >= this.options.addressLimit) {
      return { admitted: false, retryAfterSeconds: this.addresses.secondsLeft(keys.address), limit: 'address' };
    }
    if (!trusted && this.pairs.count(keys.pair) >= this.options.addressUserLimit) {
      return { admitted: false, retryAfterSeconds: this.pairs.secondsLeft(keys.pair), limit: 'address-user' };
    }
    const takeBackAddress = this.addresses.add(keys.address);
    const takeBackPair = this.pairs.add(keys.pair);
    const delayMs = trusted ? 0 : loginDelayMs(this.names.count(keys.name), this.options.delay);
    return {
      admitted: true,
      delayMs,
      ticket: {
        keys,
        settled: false,
        refund: () => {
          takeBackAddress();
          takeBackPair();
        },
      },
    };
  }

  /**
   * Records how an admitted attempt ended: a failure counts for its user name (and device cookie); a success or
   * an attempt whose password was never checked is taken back from the address, and a success clears the
   * (address, name) pair. Settling a ticket twice does nothing.
   */
  settle(ticket: LoginTicket, outcome: LoginOutcome): void {
    if (ticket.settled) return;
    ticket.settled = true;
    if (outcome === 'failed') {
      this.names.add(ticket.keys.name);
      if (ticket.keys.device !== undefined) this.devices.add(ticket.keys.device);
      return;
    }
    ticket.refund();
    if (outcome === 'succeeded') this.pairs.delete(ticket.keys.pair);
  }
}
