import { createHmac, randomBytes } from 'node:crypto';
import { sha256Hex } from './crypto.ts';

/** What an invitation keeps of its link's token: a random salt and the token's SHA-256 (hex). */
export interface IssuedInvitationToken {
  /** The token people get in the link (43 URL-safe base64 characters); never stored. */
  token: string;
  /** 16 random bytes, base64url: stored. */
  salt: string;
  /** The token's SHA-256, hex: stored and looked up. */
  hash: string;
}

/**
 * The tokens of invitation links (issue 14). A token is HMAC-SHA256(key, salt) of a random salt, so that the database
 * keeps only the salt and the token's SHA-256: a leaked table opens nothing, while the server, holding the key, can
 * show an administrator the link again (spec 03 §2.2 "sign-up link, with click-to-copy"). A link is found by its hash;
 * when the key changed (secrets rotated, or none configured and the process restarted) the old links still work but
 * can no longer be rebuilt ({@link rebuild} answers undefined).
 */
export class InvitationTokens {
  /** @param key a 32-byte secret (`derivedKey(…, 'invitation links v1')`). */
  constructor(private readonly key: Buffer) {}

  /** A new token with its salt and hash. */
  issue(): IssuedInvitationToken {
    const salt = randomBytes(16).toString('base64url');
    const token = this.tokenOf(salt);
    return { token, salt, hash: sha256Hex(token) };
  }

  /** The token of a stored salt, or undefined when it does not hash to `hash` (the key changed since). */
  rebuild(salt: string, hash: string): string | undefined {
    const token = this.tokenOf(salt);
    return sha256Hex(token) === hash ? token : undefined;
  }

  /** The SHA-256 (hex) a token is looked up by. */
  hashOf(token: string): string {
    return sha256Hex(token);
  }

  private tokenOf(salt: string): string {
    return createHmac('sha256', this.key).update(`invitation link:${salt}`).digest('base64url');
  }
}
