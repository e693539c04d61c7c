import { createHash } from 'node:crypto';
import { DamAuthError, type DamTokens } from '../dam/dam-auth.ts';

/**
 * How long the outcome of a refresh is remembered after it settles (ms). Requests the browser sent before it saw
 * the rewritten cookie still carry the old refresh token; within this window they get the rotated tokens instead
 * of a second refresh, which the DAM would refuse (it rotates refresh tokens; the old one dies).
 */
export const ROTATION_GRACE_MS = 60_000;
/** Most remembered refreshes; the oldest are dropped beyond it (memory bound). */
const MAX_ENTRIES = 10_000;

interface Entry {
  promise: Promise<DamTokens | undefined>;
  /** The outcome once settled: new tokens, or null when the DAM refused the refresh token. */
  result?: DamTokens | null;
  /** When the refresh settled (ms), for {@link ROTATION_GRACE_MS}. */
  settledAt?: number;
}

/**
 * Single-flight refreshing of DAM tokens, per refresh token, in this process: concurrent requests of one session
 * share one `refresh_token` grant, and requests that arrive with the old refresh token shortly after (see
 * {@link ROTATION_GRACE_MS}) get the same new tokens. Several BFF processes do not share this memory; behind a load
 * balancer, a session's concurrent requests reaching two processes at the refresh moment may end one of them
 * (sticky sessions avoid it).
 */
export class TokenRefresher {
  readonly #entries = new Map<string, Entry>();

  constructor(
    /** Performs one refresh_token grant (the DAM rotates the token). */
    private readonly refreshGrant: (refreshToken: string) => Promise<DamTokens>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The tokens that replace `refreshToken`'s grant.
   * @returns the new tokens, or undefined when the DAM refused the refresh token (`invalid_grant`: logged out).
   * @throws DamAuthError `unreachable`, `rate_limited` or `rejected` when the DAM could not answer; such failures
   *   are not remembered, so the next request tries again.
   */
  rotate(refreshToken: string): Promise<DamTokens | undefined> {
    this.#prune();
    const key = fingerprint(refreshToken);
    const existing = this.#entries.get(key);
    if (existing !== undefined) return existing.promise;
    const entry: Entry = {
      promise: this.refreshGrant(refreshToken).then(
        (tokens) => {
          entry.result = tokens;
          entry.settledAt = this.now();
          return tokens;
        },
        (error: unknown) => {
          if (error instanceof DamAuthError && error.kind === 'invalid_grant') {
            entry.result = null;
            entry.settledAt = this.now();
            return undefined;
          }
          this.#entries.delete(key);
          throw error;
        },
      ),
    };
    this.#entries.set(key, entry);
    return entry.promise;
  }

  /** Forgets every remembered refresh that led to (or came from) `refreshToken`, e.g. after logout. */
  forget(refreshToken: string): void {
    this.#entries.delete(fingerprint(refreshToken));
    for (const [key, entry] of this.#entries) {
      if (entry.result?.refreshToken === refreshToken) this.#entries.delete(key);
    }
  }

  /** How many refreshes are remembered (for tests). */
  get size(): number {
    return this.#entries.size;
  }

  #prune(): void {
    const cutoff = this.now() - ROTATION_GRACE_MS;
    for (const [key, entry] of this.#entries) {
      if (entry.settledAt !== undefined && entry.settledAt < cutoff) this.#entries.delete(key);
    }
    // Map iteration is insertion order: drop the oldest beyond the bound.
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= MAX_ENTRIES) break;
      this.#entries.delete(key);
    }
  }
}

/** The key a refresh token is remembered under (its SHA-256, so the map never holds the raw token as a key). */
function fingerprint(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
