import { MAX_PAGE_REFERENCE_CHARS } from '../search/ordering.ts';
import type { AssetReference, CollectionReference } from '../lib/references.ts';

/**
 * Reads the DAM's URLs back into references (`lib/references.ts`): the grammar of `/fotoweb/archives/…`
 * (fotoweb-api-notes §3, §9, §12.4), parsed once per request by the archives dispatcher (`http/archives-space.ts`)
 * and for hrefs given in bodies (background tasks, upload destinations). `presenters/hrefs.ts` builds the same URLs.
 */

/** Largest archive id a key may carry: 9 digits, within PostgreSQL's `integer`. */
const ARCHIVE_KEY = /^(\d{1,9})(?:-|$)/;

/** The archive id in an archive key (`5000-Photos` → 5000), or undefined (not a key, or an id over 9 digits). */
export function parseArchiveKey(key: string): number | undefined {
  const match = ARCHIVE_KEY.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** FotoWeb path parameters found in a collection URL (`;p=3`, `;o=-fn`). */
export interface PathParams {
  /** The page reference as sent (`3`, `3-a<token>`…; '' for the first page); see search/ordering.ts. */
  p: string;
  /** Sort key, '' for the default. */
  o: string;
}

/** The archive list (`/fotoweb/archives/`). */
export interface ArchiveListPath {
  kind: 'archiveList';
}
/** A collection URL: the archive or folder, with its `;p=`/`;o=` path parameters. */
export interface CollectionPath extends CollectionReference {
  kind: 'collection';
  params: PathParams;
}
/** An asset URL (`….info`), or one of its renditions (`….info/__renditions/<name>`). */
export interface AssetPath extends AssetReference {
  kind: 'asset';
  rendition?: string;
}
/** An asset's revisions (`<asset>/__revisions/[compare | <n>[/rollback | /rollback-to]]`). */
export interface RevisionsPath extends AssetReference {
  kind: 'revisions';
  revision?: number;
  action?: 'rollback' | 'rollback-to' | 'compare';
}

/** A parsed `/fotoweb/archives/…` path. */
export type ArchivesPath = ArchiveListPath | CollectionPath | AssetPath | RevisionsPath;

/** Raised for a malformed path (bad percent-encoding, path traversal, a bad page number): a 400. */
export class InvalidPathError extends Error {}

/**
 * Raised for a well-formed path whose archive key names no archive that can exist (not a number, or an id over 9
 * digits such as `99999999999999999999`): a 404, as for any unknown archive. `what` is the thing the path names
 * (`The collection`, `The asset`…). A kind of {@link InvalidPathError}, so callers that only know that one still
 * refuse the path.
 */
export class UnknownArchiveError extends InvalidPathError {
  constructor(readonly what: string) {
    super(`${what} was not found.`);
    this.name = 'UnknownArchiveError';
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new InvalidPathError(`Malformed URL segment "${segment}".`);
  }
}

/**
 * Parses the part of a URL after `/fotoweb/archives/` (without the query), FotoWeb's scheme: an archive key, folder
 * segments, optionally a file name ending in `.info` with `__renditions/<name>` after it, and `;p=`/`;o=` path
 * parameters on collection URLs.
 * @throws InvalidPathError for malformed segments or parameters.
 */
export function parseArchivesPath(rest: string): ArchivesPath {
  const raw = rest.split('/');
  if (raw.length === 0 || raw[0] === '') return { kind: 'archiveList' };
  const params: PathParams = { p: '', o: '' };
  const segments: string[] = [];
  for (const piece of raw) {
    const [name, ...matrix] = piece.split(';');
    for (const param of matrix) {
      const [key, value = ''] = param.split('=');
      if (key === 'p') {
        if (value.length > MAX_PAGE_REFERENCE_CHARS || !/^[0-9A-Za-z_-]+$/.test(value)) throw new InvalidPathError(`Invalid page "${value.slice(0, 64)}".`);
        params.p = value;
      } else if (key === 'o') params.o = decode(value);
    }
    if (name) segments.push(decode(name));
  }
  for (const s of segments) if (s === '.' || s === '..' || s.includes('\0')) throw new InvalidPathError('Invalid path segment.');
  const archiveId = parseArchiveKey(segments[0] ?? '');
  if (archiveId === undefined) {
    // Parsed as any other path first, so a malformed one is still a 400; a well-formed one names nothing (404).
    const what = parseArchivesPathOf(0, segments, params).kind;
    throw new UnknownArchiveError(what === 'collection' ? 'The collection' : what === 'asset' ? 'The asset' : 'The resource');
  }
  return parseArchivesPathOf(archiveId, segments, params);
}

/** The rest of {@link parseArchivesPath} once the archive id is known. @throws InvalidPathError */
function parseArchivesPathOf(archiveId: number, segments: string[], params: PathParams): ArchivesPath {
  const revisionsIndex = segments.indexOf('__revisions');
  if (revisionsIndex >= 2) return parseRevisionsPath(archiveId, segments, revisionsIndex);
  const infoIndex = segments.findIndex((s) => s.endsWith('.info'));
  if (infoIndex > 0) {
    const filename = segments[infoIndex]!.slice(0, -'.info'.length);
    const after = segments.slice(infoIndex + 1);
    if (after.length > 0 && (after[0] !== '__renditions' || after.length !== 2)) throw new InvalidPathError('Unknown asset sub-resource.');
    return { kind: 'asset', archiveId, folderPath: segments.slice(1, infoIndex).join('/'), filename, ...(after[1] ? { rendition: after[1] } : {}) };
  }
  return { kind: 'collection', archiveId, folderPath: segments.slice(1).join('/'), params };
}

/**
 * `<asset path without .info>/__revisions/[compare | <n>[/rollback | /rollback-to]]` (fotoweb-api-notes §9).
 * @throws InvalidPathError for another sub-path or a revision that is not a number from 1.
 */
function parseRevisionsPath(archiveId: number, segments: string[], index: number): RevisionsPath {
  const base = { kind: 'revisions' as const, archiveId, folderPath: segments.slice(1, index - 1).join('/'), filename: segments[index - 1]! };
  const [first, second, ...rest] = segments.slice(index + 1);
  if (first === undefined) return base;
  if (first === 'compare' && second === undefined) return { ...base, action: 'compare' };
  if (!/^[1-9][0-9]{0,8}$/.test(first)) throw new InvalidPathError(`"${first}" is not a revision number.`);
  if (rest.length > 0 || (second !== undefined && second !== 'rollback' && second !== 'rollback-to')) throw new InvalidPathError('Unknown revision sub-resource.');
  return { ...base, revision: Number(first), ...(second ? { action: second as 'rollback' | 'rollback-to' } : {}) };
}

/**
 * The asset an asset URL names (`/fotoweb/archives/<archive>/<folders>/<file>.info`, optionally with scheme and
 * host), or undefined for any other URL (collections, renditions, malformed paths).
 */
export function parseAssetHref(href: string): AssetReference | undefined {
  const pathname = href.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  const prefix = '/fotoweb/archives/';
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const parsed = parseArchivesPath(pathname.slice(prefix.length));
    return parsed.kind === 'asset' && !parsed.rendition ? { archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename } : undefined;
  } catch (error) {
    if (error instanceof InvalidPathError) return undefined;
    throw error;
  }
}

/** What an href sent back to be pinned names (issue 13): an asset, an archive or folder, or an album. */
export type PinnableReference =
  | { kind: 'asset'; ref: AssetReference }
  | { kind: 'collection'; ref: CollectionReference }
  | { kind: 'album'; ref: { ownerId: number; albumId: number } }
  | { kind: 'taxonomyItem'; ref: { archiveId: number; itemId: number } };

/** An album's href (`/fotoweb/users/{u}/albums/{a}/`, issue 13), path only. */
const ALBUM_PATH = /^\/fotoweb\/users\/([0-9]{1,9})\/albums\/([0-9]{1,9})\/$/;

/**
 * The asset, archive, folder, album or taxonomy item an href names (`….info` without a rendition, a collection URL,
 * an album's href, or an archive's `?txnm=<item id>` search, issue 13; scheme, host, any other query and `;p=`/`;o=`
 * parameters are allowed and ignored), or undefined for any other URL (the archive list, renditions,
 * revisions, malformed or unknown-archive paths).
 */
export function parsePinnableHref(href: string): PinnableReference | undefined {
  const [pathname = '', query = ''] = href
    .replace(/^https?:\/\/[^/]+/i, '')
    .split('#')[0]!
    .split('?');
  const album = ALBUM_PATH.exec(pathname);
  if (album) return { kind: 'album', ref: { ownerId: Number(album[1]), albumId: Number(album[2]) } };
  const prefix = '/fotoweb/archives/';
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const parsed = parseArchivesPath(pathname.slice(prefix.length));
    if (parsed.kind === 'asset' && !parsed.rendition) return { kind: 'asset', ref: { archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename } };
    // An archive's search for one taxonomy item (`?txnm=<id>` alone, its `searchHref`) pins that item (issue 13).
    const item = /^txnm=([0-9]{1,9})$/.exec(query);
    if (parsed.kind === 'collection' && !parsed.folderPath && item) return { kind: 'taxonomyItem', ref: { archiveId: parsed.archiveId, itemId: Number(item[1]) } };
    if (parsed.kind === 'collection') return { kind: 'collection', ref: { archiveId: parsed.archiveId, folderPath: parsed.folderPath } };
    return undefined;
  } catch (error) {
    if (error instanceof InvalidPathError) return undefined;
    throw error;
  }
}

/** A user or group href sent back in a body that is not one the DAM hands out: a 400 naming it. */
export class InvalidHrefError extends Error {
  constructor(
    readonly href: string,
    readonly expected: 'user' | 'group',
  ) {
    super(`"${href.length > 100 ? `${href.slice(0, 100)}…` : href}" is not a ${expected} href (expected /fotoweb/api/${expected}s/<id>).`);
    this.name = 'InvalidHrefError';
  }
}

const PRINCIPAL_HREF = /^\/fotoweb\/api\/(users|groups)\/([0-9]{1,9})\/?$/;

/**
 * The id a user or group `href` names (`/fotoweb/api/users/<id>`, `/fotoweb/api/groups/<id>`, as
 * `presenters/hrefs.ts` builds them; scheme and host allowed, a trailing slash tolerated). Whether the id names a
 * live user or group is the service's question.
 * @throws InvalidHrefError for any other URL, or one naming the other kind.
 */
export function parsePrincipalHref(href: string, expected: 'user' | 'group'): number {
  const pathname = href.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  const match = PRINCIPAL_HREF.exec(pathname);
  if (!match || match[1] !== `${expected}s`) throw new InvalidHrefError(href, expected);
  return Number(match[2]);
}

/** A share link named by its href (`/fotoweb/users/{u}/albums/{a}/.shares/links/{id}`, issue 13), or undefined. */
export function parseAlbumLinkHref(href: string): { ownerId: number; albumId: number; linkId: number } | undefined {
  const pathname = href.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  const match = /^\/fotoweb\/users\/([0-9]{1,9})\/albums\/([0-9]{1,9})\/\.shares\/links\/([0-9]{1,9})$/.exec(pathname);
  return match ? { ownerId: Number(match[1]), albumId: Number(match[2]), linkId: Number(match[3]) } : undefined;
}
