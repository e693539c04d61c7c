import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

/** The window of every token endpoint limit (ms): `MAGPIE_TOKEN_RATE_LIMIT` per this. */
export const TOKEN_LIMIT_WINDOW_MS = 60_000;

/**
 * Most keys each limit remembers (least recently used forgotten first): bounds memory to a few MB whatever a
 * caller sends, at the price of forgetting the quietest keys under a flood of new ones.
 */
export const TOKEN_LIMIT_MAX_KEYS = 50_000;

/** An answer to "may this request go on?": yes, or no and for how long (s, at least 1, for `Retry-After`). */
export type TokenLimitAnswer = { allowed: true; refund: () => void } | { allowed: false; retryAfterSeconds: number };

interface Window {
  count: number;
  /** When the window ends, ms since the epoch. */
  resetAt: number;
}

/** Counts per key in fixed windows (of {@link TOKEN_LIMIT_WINDOW_MS} unless given), in an LRU of {@link TOKEN_LIMIT_MAX_KEYS}. */
class WindowCounter {
  private readonly windows = new LRUCache<string, Window>({ max: TOKEN_LIMIT_MAX_KEYS });

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
    private readonly windowMs = TOKEN_LIMIT_WINDOW_MS,
  ) {}

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= this.now()) return undefined;
    return window;
  }

  /** Seconds until `key` may go on again, or 0 when it may now. */
  blockedFor(key: string): number {
    const window = this.current(key);
    if (window === undefined || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  /** Counts one for `key`; the returned function takes it back (once, and only within the same window). */
  hit(key: string): () => void {
    let window = this.current(key);
    if (window === undefined) {
      window = { count: 0, resetAt: this.now() + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    const counted = window;
    let refunded = false;
    return () => {
      if (refunded || this.current(key) !== counted) return;
      refunded = true;
      counted.count--;
    };
  }

  /** Counts one when `key` is under its limit (and answers how to take it back), else answers how long to wait. */
  take(key: string): TokenLimitAnswer {
    const retryAfterSeconds = this.blockedFor(key);
    if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
    return { allowed: true, refund: this.hit(key) };
  }
}

/**
 * The key of a network address for a limit: IPv4 (and IPv4-mapped IPv6) as the address itself, IPv6 by its /64
 * prefix (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one machine
 * spray from 2^64 of them). Something that is not an address is its own key.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return `other:${address.slice(0, 64)}`;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The key of failed client authentications: the connecting address's key and the (bounded) client id. */
function clientAuthKey(connectingAddress: string, clientId: string): string {
  return `${addressKey(connectingAddress)} ${clientId.slice(0, 128)}`;
}

/**
 * The token endpoint's limits (issue 9 §1: the BFF's calls are never limited as if they were one person). Each
 * allows `limit` per {@link TOKEN_LIMIT_WINDOW_MS}, in this process's memory (several DAM processes each count
 * their own share):
 *
 * - failed client authentications (guessing a client secret) per connecting address and client id: checked
 *   before the secret, so a blocked address learns nothing more about that client, while guesses at one client's
 *   secret never block another client (the BFF) calling from the same address;
 * - failed password grants per end-user address, the one the BFF passes on in `end_user_address` (trusted only
 *   once the BFF's client credentials checked out) or else the connecting address. Every grant counts while it
 *   runs and a successful one is taken back, so concurrent guesses cannot slip past. The BFF's own login limits
 *   are tighter (`MAGPIE_LOGIN_RATE_LIMIT`): this is the backstop behind them;
 * - client_credentials grants per API client id.
 *
 * Refresh grants are never counted: a refresh token is not guessable and live sessions must keep refreshing
 * whatever logins others try.
 */
export class TokenLimits {
  private readonly clientAuthFailures: WindowCounter;
  private readonly passwordGuesses: WindowCounter;
  private readonly clientGrants: WindowCounter;

  /**
   * @param limit  Requests per {@link TOKEN_LIMIT_WINDOW_MS} for each limit (`MAGPIE_TOKEN_RATE_LIMIT`).
   * @param now  Clock (ms since the epoch); tests pass a fake.
   */
  constructor(limit: number, now: () => number = Date.now) {
    this.clientAuthFailures = new WindowCounter(limit, now);
    this.passwordGuesses = new WindowCounter(limit, now);
    this.clientGrants = new WindowCounter(limit, now);
  }

  /** Seconds a connecting address must wait before credentials of `clientId` are checked again (0: now). */
  clientAuthBlockedFor(connectingAddress: string, clientId: string): number {
    return this.clientAuthFailures.blockedFor(clientAuthKey(connectingAddress, clientId));
  }

  /** Counts a failed client authentication of `clientId` from a connecting address. */
  clientAuthFailed(connectingAddress: string, clientId: string): void {
    this.clientAuthFailures.hit(clientAuthKey(connectingAddress, clientId));
  }

  /** Charges a password grant to the end user's address; call `refund` when the password was right. */
  takePasswordGrant(endUserAddress: string): TokenLimitAnswer {
    return this.passwordGuesses.take(addressKey(endUserAddress));
  }

  /** Charges a client_credentials grant to its API client. */
  takeClientGrant(clientId: string): TokenLimitAnswer {
    return this.clientGrants.take(clientId);
  }
}

/** Wrong current passwords a user may give to `changeOwnPassword` per {@link PASSWORD_CHANGE_WINDOW_MS}. */
export const PASSWORD_CHANGE_FAILURES = 5;
/** The window of the password-change limit (ms): 15 minutes. */
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

/**
 * The limit on changing one's own password (issue 11: "rate-limited"): {@link PASSWORD_CHANGE_FAILURES} wrong current
 * passwords per user in a fixed window of {@link PASSWORD_CHANGE_WINDOW_MS}, then 429 until the window ends. Per
 * user, not per address: a stolen session must not be a way to guess the password behind it, from anywhere. Every
 * attempt counts while it runs and one with the right current password is taken back, so concurrent guesses cannot
 * slip past. In this process's memory, like {@link TokenLimits}.
 */
export class PasswordChangeLimits {
  private readonly failures: WindowCounter;

  /** @param now  Clock (ms since the epoch); tests pass a fake. */
  constructor(now: () => number = Date.now) {
    this.failures = new WindowCounter(PASSWORD_CHANGE_FAILURES, now, PASSWORD_CHANGE_WINDOW_MS);
  }

  /** Charges an attempt to the user; call `refund` when the current password was right. */
  take(userId: number): TokenLimitAnswer {
    return this.failures.take(String(userId));
  }
}

/** Password reset requests one e-mail address may get per {@link PASSWORD_RESET_WINDOW_MS} (issue 14 "Password reset"). */
export const PASSWORD_RESET_ADDRESS_LIMIT = 3;
/** The window of the per-address password reset limit (ms): 15 minutes. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;

/** The key of an e-mail address for a limit: a hash of it in lower case (bounded memory, no addresses kept in memory). */
function mailAddressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64').slice(0, 22);
}

/**
 * The limits on asking for a password reset link (issue 14 "Password reset": "requests are rate-limited"), in this
 * process's memory like {@link TokenLimits}:
 *
 * - {@link PASSWORD_RESET_ADDRESS_LIMIT} requests per e-mail address per {@link PASSWORD_RESET_WINDOW_MS}, whether or
 *   not an account uses it (so a refusal tells nothing), so nobody can fill a mailbox with reset links;
 * - `limit` requests per client address per {@link TOKEN_LIMIT_WINDOW_MS} (`MAGPIE_TOKEN_RATE_LIMIT`), the backstop
 *   against spraying addresses: the browser's address as the BFF reports it (`http/client-address.ts`), else the
 *   connecting address. The BFF has its own, tighter limit per client address (`MAGPIE_PASSWORD_RESET_RATE_LIMIT`).
 *
 * Every request counts, refused ones excepted: a request is charged to both or to neither.
 */
export class PasswordResetLimits {
  private readonly perAddress: WindowCounter;
  private readonly perClient: WindowCounter;

  /**
   * @param limit  Requests per client address per {@link TOKEN_LIMIT_WINDOW_MS} (`MAGPIE_TOKEN_RATE_LIMIT`).
   * @param now  Clock (ms since the epoch); tests pass a fake.
   */
  constructor(limit: number, now: () => number = Date.now) {
    this.perAddress = new WindowCounter(PASSWORD_RESET_ADDRESS_LIMIT, now, PASSWORD_RESET_WINDOW_MS);
    this.perClient = new WindowCounter(limit, now);
  }

  /**
   * Charges a request for `email` from `clientAddress` when both are under their limits; otherwise charges nothing and
   * answers the longer wait (s).
   */
  take(email: string, clientAddress: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const mailKey = mailAddressKey(email);
    const clientKey = addressKey(clientAddress);
    const retryAfterSeconds = Math.max(this.perAddress.blockedFor(mailKey), this.perClient.blockedFor(clientKey));
    if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
    this.perAddress.hit(mailKey);
    this.perClient.hit(clientKey);
    return { allowed: true };
  }
}

/** The window of the public sign-up's limit (ms): 15 minutes (issue 14; `MAGPIE_SIGNUP_RATE_LIMIT` per window). */
export const SIGNUP_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * The limit on the public sign-up (issue 14: invitation links and open sign-up), per client address in fixed windows
 * of {@link SIGNUP_LIMIT_WINDOW_MS}, in this process's memory like {@link TokenLimits}: every sign-up sent counts, and
 * every look-up of an invitation link that names no usable invitation (unknown, revoked, used, expired), so that
 * nobody can flood the approvers' list or try links one after another. Reading a valid link's form is free.
 */
export class SignupLimits {
  private readonly attempts: WindowCounter;

  /**
   * @param limit  Sign-ups and failed look-ups per client address per {@link SIGNUP_LIMIT_WINDOW_MS} (`MAGPIE_SIGNUP_RATE_LIMIT`).
   * @param now  Clock (ms since the epoch); tests pass a fake.
   */
  constructor(limit: number, now: () => number = Date.now) {
    this.attempts = new WindowCounter(limit, now, SIGNUP_LIMIT_WINDOW_MS);
  }

  /** Seconds the client address must wait before its next sign-up or look-up (0: now). */
  blockedFor(clientAddress: string): number {
    return this.attempts.blockedFor(addressKey(clientAddress));
  }

  /** Counts a failed look-up of an invitation link from the client address. */
  lookUpFailed(clientAddress: string): void {
    this.attempts.hit(addressKey(clientAddress));
  }

  /** Charges a sign-up to the client address, or answers how long to wait. */
  takeSignup(clientAddress: string): TokenLimitAnswer {
    return this.attempts.take(addressKey(clientAddress));
  }
}
