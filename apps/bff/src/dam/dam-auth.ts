import { z } from 'zod';
import { API_PATHS, MEDIA_TYPES } from '@magpie/api-types';

/** How long the BFF waits for one DAM auth call before treating the DAM as unreachable (ms). */
export const DAM_AUTH_TIMEOUT_MS = 15_000;

/** The DAM's keepalive service (dam.yaml `keepalive`; the descriptor's `services.keepalive.href`). */
const KEEPALIVE_PATH = '/fotoweb/services/keepalive';

/** The tokens of one login, as the session keeps them. */
export interface DamTokens {
  /** The DAM access token (`Authorization: Bearer`). */
  accessToken: string;
  /** The DAM refresh token; rotated by every refresh (the old one dies). */
  refreshToken: string;
  /** When the access token expires, ms since the epoch (computed from `expires_in` when it was issued). */
  expiresAt: number;
}

/** The user a session belongs to (bff.yaml `SessionUser`). */
export interface DamUser {
  userName: string;
  fullName: string;
}

/**
 * Why a DAM auth call failed:
 * - `invalid_grant`: wrong user name or password, or a dead refresh token (RFC 6749 §5.2);
 * - `rate_limited`: the DAM answered 429 (its token endpoint limits wrong passwords per end-user address, and
 *   failed client authentications per connecting address and client id; refreshes are never limited);
 * - `rejected`: any other refusal or unexpected answer (e.g. `invalid_client`: the BFF's client secret is wrong);
 * - `unreachable`: no answer (connection refused, DNS, timeout).
 */
export type DamAuthFailure = 'invalid_grant' | 'rate_limited' | 'rejected' | 'unreachable';

/** A failed DAM auth call; `kind` says why, `retryAfterSeconds` comes from the DAM's `Retry-After` when rate-limited. */
export class DamAuthError extends Error {
  constructor(
    readonly kind: DamAuthFailure,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DamAuthError';
  }
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be bearer'),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
});
const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const DescriptorUserSchema = z.object({ user: z.object({ userName: z.string(), fullName: z.string() }) });

/**
 * The BFF's side of the DAM's OAuth 2.0 endpoints (dam.yaml "Authentication"): the password grant (login), the
 * refresh_token grant, logout (revocation), keepalive and the current user. The BFF's confidential client
 * credentials travel in the form body (`client_secret_post`; the DAM also takes HTTP Basic).
 */
export class DamAuthClient {
  constructor(
    private readonly options: {
      /** The DAM's origin, e.g. `http://127.0.0.1:8090`. */
      damUrl: string;
      clientId: string;
      clientSecret: string;
      /** Per-call timeout (ms); default {@link DAM_AUTH_TIMEOUT_MS}. */
      timeoutMs?: number;
      /** Clock (ms since the epoch), for `expiresAt`. */
      now?: () => number;
    },
  ) {}

  /**
   * Logs a user in: `POST /fotoweb/oauth2/token` with `grant_type=password` (dam.yaml `createToken`).
   *
   * @param endUserAddress  The person's IP address as the BFF sees it (`end_user_address`): the DAM counts wrong
   *   passwords per this address rather than per the BFF's own, so one person's guesses never slow everybody's
   *   logins. Omitted when undefined.
   * @throws DamAuthError `invalid_grant` for wrong credentials; `rate_limited` when the DAM's limit for this end
   *   user's address is reached; `rejected`, `unreachable`.
   */
  passwordGrant(username: string, password: string, endUserAddress?: string): Promise<DamTokens> {
    return this.token({ grant_type: 'password', username, password, ...(endUserAddress !== undefined ? { end_user_address: endUserAddress } : {}) });
  }

  /**
   * Rotates a refresh token: `grant_type=refresh_token`. The DAM revokes the old access and refresh tokens.
   * @throws DamAuthError `invalid_grant` when the refresh token is dead (used, revoked or expired), or the others.
   */
  refreshGrant(refreshToken: string): Promise<DamTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * Revokes an access token and the refresh token issued with it: `POST /fotoweb/services/logout` (dam.yaml
   * `logout`). A 401 (the token was already dead) counts as done.
   * @throws DamAuthError `unreachable` or `rejected`.
   */
  async revoke(accessToken: string): Promise<void> {
    const res = await this.call(API_PATHS.logout, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    await res.body?.cancel();
    if (res.status !== 204 && res.status !== 200 && res.status !== 401) throw new DamAuthError('rejected', `The DAM answered ${res.status} to logout.`);
  }

  /**
   * Whether an access token is alive: `GET /fotoweb/services/keepalive` (204 yes, 401 no).
   * @throws DamAuthError `unreachable` or `rejected` (any other status).
   */
  async keepalive(accessToken: string): Promise<boolean> {
    const res = await this.call(KEEPALIVE_PATH, { headers: { authorization: `Bearer ${accessToken}` } });
    await res.body?.cancel();
    if (res.status === 204 || res.status === 200) return true;
    if (res.status === 401) return false;
    throw new DamAuthError('rejected', `The DAM answered ${res.status} to keepalive.`);
  }

  /**
   * The user an access token belongs to, from the private API descriptor (`GET /fotoweb/me/`, `user`).
   * @throws DamAuthError `rejected` (not 200, or no `user`) or `unreachable`.
   */
  async currentUser(accessToken: string): Promise<DamUser> {
    const res = await this.call(API_PATHS.entryPoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: MEDIA_TYPES.fullApiDescriptor },
    });
    const body = await readJson(res);
    const parsed = DescriptorUserSchema.safeParse(body);
    if (res.status !== 200 || !parsed.success) throw new DamAuthError('rejected', `The DAM answered ${res.status} to the API descriptor.`);
    return { userName: parsed.data.user.userName, fullName: parsed.data.user.fullName };
  }

  private async token(fields: Record<string, string>): Promise<DamTokens> {
    const form = new URLSearchParams({ ...fields, client_id: this.options.clientId, client_secret: this.options.clientSecret });
    const res = await this.call(API_PATHS.token, {
      method: 'POST',
      headers: { 'content-type': MEDIA_TYPES.formUrlEncoded, accept: MEDIA_TYPES.json },
      body: form.toString(),
    });
    const body = await readJson(res);
    if (res.status === 200) {
      const tokens = TokenResponseSchema.safeParse(body);
      if (!tokens.success) throw new DamAuthError('rejected', 'The DAM answered a token response without the expected fields.');
      const now = (this.options.now ?? Date.now)();
      return { accessToken: tokens.data.access_token, refreshToken: tokens.data.refresh_token, expiresAt: now + tokens.data.expires_in * 1000 };
    }
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new DamAuthError('rate_limited', 'The DAM limits token requests; try again later.', Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
    }
    const error = OAuthErrorSchema.safeParse(body);
    if (res.status === 400 && error.success && error.data.error === 'invalid_grant') {
      throw new DamAuthError('invalid_grant', error.data.error_description ?? 'The grant was refused.');
    }
    const reason = error.success ? `${error.data.error}${error.data.error_description ? `: ${error.data.error_description}` : ''}` : `HTTP ${res.status}`;
    throw new DamAuthError('rejected', `The DAM refused the token request (${reason}).`);
  }

  private async call(pathname: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(this.options.damUrl + pathname, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DAM_AUTH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DamAuthError('unreachable', `The DAM at ${this.options.damUrl} could not be reached (${describe(error)}).`);
    }
  }
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return String(error);
}
