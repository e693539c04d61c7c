import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AssetRow } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { AssetReference } from '../lib/references.ts';

/** How long a preview token works (ms): one hour, as FotoWeb's (fotoweb-api-notes §3.3). */
export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Preview tokens are issued on a grid of this step (ms; `iat` rounded down to it): the token of an asset stays the
 * same for 15 minutes, so asset and list answers keep their ETag (issue 9), and a token handed out works 45 to 60
 * minutes.
 */
export const PREVIEW_TOKEN_STEP_MS = 15 * 60 * 1000;
/** The `aud` claim of preview tokens. */
export const PREVIEW_TOKEN_AUDIENCE = 'preview_token';
/** Longest token looked at (characters); a preview token is about 300. */
const MAX_TOKEN_LENGTH = 4096;

/** The claims of a preview token (a JWT, RFC 7519). Times in seconds since the epoch. */
interface PreviewClaims {
  iss: string;
  /** The user id the token acts for. */
  sub: string;
  aud: string;
  /** The asset: `archives/<archive id>/<folder path/><file name>`. */
  ass: string;
  iat: number;
  exp: number;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** An asset's `ass` claim: its archive path, `archives/<archive id>/<folder path/><file name>`. */
export function assetPathClaim(asset: Pick<AssetRow, 'archive_id' | 'folder_path' | 'filename'>): string {
  return `archives/${asset.archive_id}/${asset.folder_path ? `${asset.folder_path}/` : ''}${asset.filename}`;
}

/** The asset an `ass` claim names, or undefined for a claim of another shape. */
function assetOfClaim(claim: string): AssetReference | undefined {
  const match = /^archives\/([1-9][0-9]{0,8})\/(.+)$/.exec(claim);
  if (!match) return undefined;
  const parts = match[2]!.split('/');
  const filename = parts.pop()!;
  if (!filename) return undefined;
  return { archiveId: Number(match[1]), folderPath: parts.join('/'), filename };
}

/** Whether a bearer token has a JWT's shape (three base64url parts), so that it may be a preview token. */
export function looksLikeJwt(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/**
 * Preview tokens (issue 16; fotoweb-api-notes §3.3 `previewToken`): an HS256 JWT signed with a key of this
 * installation (derived from its configured secrets, never stored), with `aud` {@link PREVIEW_TOKEN_AUDIENCE}, `sub`
 * the user it was issued to, `ass` the asset's archive path and `exp` one hour after `iat`. Sent as
 * `Authorization: Bearer <previewToken>`, it opens that asset's previews with the user's permissions, and nothing
 * else (http/auth.ts accepts it for `getPreview` only; the previews route checks the asset).
 */
export class PreviewTokensService {
  constructor(
    private readonly deps: {
      /** The HMAC-SHA256 key (32 bytes). */
      key: Buffer;
      /** The `iss` claim: the site's public URL and `/fotoweb/`. */
      issuer: string;
      /** The caller a user id acts as, or undefined for a user who may not sign in (any more). */
      callerForUser: (userId: number) => Promise<Caller | undefined>;
    },
  ) {}

  private sign(input: string): Buffer {
    return createHmac('sha256', this.deps.key).update(input).digest();
  }

  /**
   * A preview token for `userId` and an asset, issued at `now` rounded down to {@link PREVIEW_TOKEN_STEP_MS}.
   * @param now - The issue time (ms since the epoch); tests give one in the past to get an expired token.
   */
  issue(userId: number, asset: Pick<AssetRow, 'archive_id' | 'folder_path' | 'filename'>, now = Date.now()): string {
    const iat = (Math.floor(now / PREVIEW_TOKEN_STEP_MS) * PREVIEW_TOKEN_STEP_MS) / 1000;
    const claims: PreviewClaims = {
      iss: this.deps.issuer,
      sub: String(userId),
      aud: PREVIEW_TOKEN_AUDIENCE,
      ass: assetPathClaim(asset),
      iat,
      exp: iat + PREVIEW_TOKEN_TTL_MS / 1000,
    };
    const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
    return `${body}.${base64url(this.sign(body))}`;
  }

  /**
   * The fragment of an asset's `dropHREF` for `userId` (fotoweb-api-notes §3.3: `<href>#u=<user id>&m=<mac>`): the
   * user and an HMAC-SHA256 of the user and the asset's archive path (first 128 bits, base64url), so that a drop
   * target (a desktop tool or plug-in the thumbnail is dragged onto) can tell which user of this site dropped which
   * asset. Never expires; it names, it does not open (the target still signs in).
   */
  dropFragment(userId: number, asset: Pick<AssetRow, 'archive_id' | 'folder_path' | 'filename'>): string {
    const mac = this.sign(`drop\n${userId}\n${assetPathClaim(asset)}`).subarray(0, 16);
    return `u=${userId}&m=${base64url(mac)}`;
  }

  /**
   * The caller and asset of a live preview token, or undefined for anything else: a bad signature, another
   * audience or algorithm, an expired token, a user who may no longer sign in.
   * @param now - The time to check expiry against (ms since the epoch).
   */
  async authenticate(token: string, now = Date.now()): Promise<{ caller: Caller & { grantId: string }; asset: AssetReference } | undefined> {
    if (!looksLikeJwt(token)) return undefined;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const expected = this.sign(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: Partial<PreviewClaims>;
    try {
      if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256') return undefined;
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<PreviewClaims>;
    } catch {
      return undefined;
    }
    if (claims.aud !== PREVIEW_TOKEN_AUDIENCE || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return undefined;
    if (typeof claims.sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(claims.sub) || typeof claims.ass !== 'string') return undefined;
    const asset = assetOfClaim(claims.ass);
    const caller = asset && (await this.deps.callerForUser(Number(claims.sub)));
    if (!asset || !caller) return undefined;
    return { caller: { ...caller, grantId: '' }, asset };
  }
}
