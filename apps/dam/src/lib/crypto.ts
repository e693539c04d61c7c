import { createHash, hkdfSync, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt cost parameters (N=2^15, r=8, p=1: about 32 MiB and ~50 ms per hash on these machines). */
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 32;

/**
 * Hashes a password with scrypt and a random 16-byte salt.
 * @returns `scrypt$N$r$p$<salt base64>$<key base64>`, self-describing so the cost can be raised later.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A stored hash, split: `scrypt$N$r$p$<salt base64>$<key base64>`. */
const HASH_PATTERN = /^scrypt\$([0-9]{1,10})\$([0-9]{1,3})\$([0-9]{1,3})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string | null | undefined): ParsedHash | undefined {
  const match = stored === null || stored === undefined ? null : HASH_PATTERN.exec(stored);
  if (!match) return undefined;
  const [, n, r, p, saltB64, keyB64] = match as unknown as [string, string, string, string, string, string];
  const key = Buffer.from(keyB64, 'base64');
  if (key.length === 0) return undefined;
  return { cost: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(saltB64, 'base64'), key };
}

/** The scrypt key of `password` under a parsed hash's salt and cost; undefined when scrypt refuses the cost. */
async function derive(password: string, hash: ParsedHash): Promise<Buffer | undefined> {
  try {
    return await scrypt(password.normalize('NFKC'), hash.salt, hash.key.length, { ...hash.cost, maxmem: SCRYPT.maxmem });
  } catch {
    return undefined; // a corrupt stored cost (N not a power of two, over maxmem): a mismatch, never a 500
  }
}

let dummyHash: Promise<ParsedHash> | undefined;

/**
 * A hash of a random password made once per process with today's {@link SCRYPT} cost. A check without a stored
 * hash (unknown user name, user without a password, unknown API client) runs scrypt against it, so it takes as
 * long as a check against a real hash and the answer time does not tell whether the name exists (OWASP
 * Authentication Cheat Sheet, "Authentication Responses"; issue 9 §6).
 */
function dummyPasswordHash(): Promise<ParsedHash> {
  dummyHash ??= hashPassword(randomToken()).then((hash) => parseHash(hash)!);
  return dummyHash;
}

/**
 * Computes the dummy hash of {@link verifyPassword} now rather than on the first check of an unknown name (whose
 * answer would otherwise take two scrypt runs). Call it at startup; harmless to call again.
 */
export async function preparePasswordChecks(): Promise<void> {
  await dummyPasswordHash();
}

/**
 * Checks a password against a {@link hashPassword} hash in constant time. A missing or malformed hash is a
 * mismatch that costs what a real check costs: scrypt runs against a dummy hash with the same parameters, so
 * callers may pass `undefined` for an unknown user and keep known and unknown names indistinguishable by time.
 *
 * @returns true when `password` matches; never throws for a bad stored hash.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined) {
    await derive(password, await dummyPasswordHash());
    return false;
  }
  const actual = await derive(password, parsed);
  return actual !== undefined && actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** A random URL-safe token of `bytes` random bytes (default 32 → 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a string, hex: how tokens are stored (a leaked table reveals no usable token). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A 32-byte key for one purpose (`info`, e.g. `share access v1`) derived (HKDF-SHA256) from the first configured
 * secret, or random when none is (then it lasts until the process ends).
 */
export function derivedKey(secrets: ReadonlyArray<string | undefined>, info: string): Buffer {
  const secret = secrets.find((s) => s !== undefined && s !== '');
  return secret === undefined ? randomBytes(32) : Buffer.from(hkdfSync('sha256', secret, 'magpie', info, 32));
}

/** Constant-time equality of two strings (for client secrets). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256Hex(a), 'hex');
  const right = Buffer.from(sha256Hex(b), 'hex');
  return timingSafeEqual(left, right);
}
