import { parseArchiveKey } from './urls.ts';

/** FotoWeb path parameters found in a collection URL (`;p=3`, `;o=-fn`). */
export interface PathParams {
  /** The page reference as sent (`3`, `3-a<token>`…; '' for the first page); see search/ordering.ts. */
  p: string;
  /** Sort key, '' for the default. */
  o: string;
}

/** A parsed `/fotoweb/archives/…` path. */
export type ArchivesPath =
  | { kind: 'archiveList' }
  | { kind: 'collection'; archiveId: number; folderPath: string; params: PathParams }
  | { kind: 'asset'; archiveId: number; folderPath: string; filename: string; rendition?: string };

/** Raised for a malformed path (bad percent-encoding, path traversal, a bad page number). */
export class InvalidPathError extends Error {}

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
        if (!/^[0-9A-Za-z_-]{1,512}$/.test(value)) throw new InvalidPathError(`Invalid page "${value}".`);
        params.p = value;
      } else if (key === 'o') params.o = decode(value);
    }
    if (name) segments.push(decode(name));
  }
  for (const s of segments) if (s === '.' || s === '..' || s.includes('\0')) throw new InvalidPathError('Invalid path segment.');
  const archiveId = parseArchiveKey(segments[0] ?? '');
  if (archiveId === undefined) throw new InvalidPathError('Unknown archive.');
  const infoIndex = segments.findIndex((s) => s.endsWith('.info'));
  if (infoIndex > 0) {
    const filename = segments[infoIndex]!.slice(0, -'.info'.length);
    const after = segments.slice(infoIndex + 1);
    if (after.length > 0 && (after[0] !== '__renditions' || after.length !== 2)) throw new InvalidPathError('Unknown asset sub-resource.');
    return { kind: 'asset', archiveId, folderPath: segments.slice(1, infoIndex).join('/'), filename, ...(after[1] ? { rendition: after[1] } : {}) };
  }
  return { kind: 'collection', archiveId, folderPath: segments.slice(1).join('/'), params };
}
