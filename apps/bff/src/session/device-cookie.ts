import type { CookieSerializeOptions } from '@fastify/cookie';
import { z } from 'zod';
import { API_PATHS } from '@magpie/api-types';
import { CookieSealer, randomToken } from '../lib/crypto.ts';

/** The device cookie's name (bff.yaml `login`). */
export const DEVICE_COOKIE = 'magpie_device';
/** How long a browser stays trusted for a user name after its last successful login as that user (ms): 90 days. */
export const DEVICE_TRUST_MS = 90 * 24 * 3600 * 1000;
/** Most user names one device cookie remembers (the most recent logins win). */
export const DEVICE_COOKIE_MAX_USERS = 5;

/** One user name a browser logged in as: `u` lower-cased, `id` random (its failures are counted by it), `t` ms. */
const EntrySchema = z.object({ u: z.string().max(1024), id: z.string().max(64), t: z.number() });
const CookieSchema = z.object({ v: z.literal(1), users: z.array(EntrySchema).max(DEVICE_COOKIE_MAX_USERS) });

/** The user names a device cookie vouches for, most recent first. */
export type DeviceEntries = z.infer<typeof EntrySchema>[];

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful login the
 * BFF gives the browser an encrypted cookie naming the user (AES-256-GCM with a key derived from
 * `MAGPIE_SESSION_SECRET` for this cookie alone); a later login as that user from this browser skips the
 * per-name delays of the login throttle, so people who log in from their own browser are never slowed by
 * someone guessing their name elsewhere. The cookie is HttpOnly, SameSite=Strict, sent only to the login route
 * (`Path=/fotoweb/views/login`), and lives {@link DEVICE_TRUST_MS} from the last login (the entry's time is checked
 * on the server too); logout keeps it.
 */
export class DeviceCookies {
  private readonly sealer: CookieSealer;

  /**
   * @param secret  `MAGPIE_SESSION_SECRET`.
   * @param now  Clock (ms since the epoch).
   */
  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.sealer = new CookieSealer(secret, DEVICE_COOKIE);
  }

  /** The live entries of a cookie value; none when it is absent, tampered with, sealed with another key or expired. */
  read(raw: string | undefined): DeviceEntries {
    if (raw === undefined || raw === '') return [];
    const parsed = CookieSchema.safeParse(this.sealer.open(raw));
    if (!parsed.success) return [];
    const oldest = this.now() - DEVICE_TRUST_MS;
    return parsed.data.users.filter((entry) => entry.t > oldest && entry.t <= this.now() + 60_000);
  }

  /** The id of the entry for `userName` (case-insensitive), when the cookie vouches for it. */
  idFor(entries: DeviceEntries, userName: string): string | undefined {
    const name = userName.toLowerCase();
    return entries.find((entry) => entry.u === name)?.id;
  }

  /** A new cookie value vouching for `userName` (with a new id) and the other live entries, most recent first. */
  remember(entries: DeviceEntries, userName: string): string {
    const name = userName.toLowerCase();
    const users = [{ u: name, id: randomToken(16), t: this.now() }, ...entries.filter((entry) => entry.u !== name)].slice(0, DEVICE_COOKIE_MAX_USERS);
    return this.sealer.seal({ v: 1, users });
  }

  /**
   * The cookie's attributes. `Secure` as the session cookie's: always when `cookieSecure` (`MAGPIE_COOKIE_SECURE`),
   * else when the request came over HTTPS (`'auto'`, @fastify/cookie reads `request.protocol`).
   */
  static cookieOptions(cookieSecure: boolean): CookieSerializeOptions {
    return { path: API_PATHS.login, httpOnly: true, sameSite: 'strict', secure: cookieSecure || 'auto', maxAge: DEVICE_TRUST_MS / 1000 };
  }
}
