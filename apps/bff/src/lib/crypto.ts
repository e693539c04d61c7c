import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** AES-256-GCM nonce length in bytes (NIST SP 800-38D recommends 96 bits). */
const IV_BYTES = 12;
/** AES-GCM authentication tag length in bytes. */
const TAG_BYTES = 16;
/** Prefix of sealed values, so a future format can be told apart (and old cookies refused cleanly). */
const FORMAT_PREFIX = 'v1.';

/**
 * Derives a 256-bit key from a configured secret with HKDF-SHA256 (RFC 5869). `purpose` separates keys derived
 * from the same secret (HKDF `info`).
 *
 * @returns a 32-byte key.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('magpie-bff', 'utf8'), Buffer.from(purpose, 'utf8'), 32));
}

/**
 * Authenticated encryption of small JSON values for cookies: AES-256-GCM with a random 96-bit nonce per value and
 * the cookie name as additional data (a value sealed for one cookie does not open as another). A sealed value is
 * `v1.` + base64url(nonce ‖ ciphertext ‖ tag).
 */
export class CookieSealer {
  readonly #key: Buffer;
  readonly #aad: Buffer;

  /**
   * @param secret  The configured secret (`MAGPIE_SESSION_SECRET`); the AES key is derived from it with HKDF.
   * @param cookieName  Bound into every value as GCM additional data.
   */
  constructor(secret: string, cookieName: string) {
    this.#key = deriveKey(secret, `${cookieName} AES-256-GCM v1`);
    this.#aad = Buffer.from(cookieName, 'utf8');
  }

  /** Encrypts `value` (JSON-serialisable) into a cookie-safe string. */
  seal(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(this.#aad);
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return FORMAT_PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * Decrypts a value made by {@link seal}.
   * @returns the parsed JSON, or undefined when the value is malformed, was sealed with another key or for another
   *   cookie, or was tampered with (never throws).
   */
  open(sealed: string): unknown {
    if (!sealed.startsWith(FORMAT_PREFIX)) return undefined;
    const raw = Buffer.from(sealed.slice(FORMAT_PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES + 1) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(this.#aad);
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8'));
    } catch {
      return undefined;
    }
  }
}

/** A random token of `bytes` random bytes, base64url (43 characters for the default 32 bytes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Constant-time comparison of two strings (false when their lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
