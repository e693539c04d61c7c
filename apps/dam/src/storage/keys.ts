import path from 'node:path';

/**
 * Every key of the file store, formatted here and nowhere else. Keys are slash-separated relative paths; what lives
 * under each prefix:
 *
 * - `originals/<archive id>/<file id>/original<ext>`: an asset's file, one folder per stored version (file id a
 *   random UUID); earlier versions stay for rollback.
 * - `previews/<file id>/…`: the previews made from the version with that file id, with its web video, document pages
 *   and images processed for download.
 * - `renditions/<rendition id>/rendition.<ext>`: a requested rendition's file (issue 16), removed when it expires.
 * - `watermarks/<watermark id>/<version>.png`: a watermark's image (issue 16).
 * - `tmp/uploads/<upload id>/`: an upload's chunks (`<n>.part`), its assembled file (`assembled`) and the working copy
 *   the ingest consumes (`assembled.ingest`); before migration 0011 also its metadata fields (`metadata.json`).
 * - `tmp/<purpose>-<uuid>/`: temporary working folders (see `FileStore.makeTempDir`).
 */

/** Longest file extension kept in a storage key (characters, dot included); real extensions are far shorter. */
const MAX_STORED_EXTENSION = 16;

/**
 * The storage key of an original: `originals/<archive>/<fileId>/original<ext>`, the extension lower-cased, limited to
 * `[.a-z0-9]` and to {@link MAX_STORED_EXTENSION} characters, so that no file name (255 bytes, a long extension
 * included) makes a path the file system refuses (ENAMETOOLONG, issue 9). Tools that read by extension still see it.
 */
export function originalKey(archiveId: number, fileId: string, filename: string): string {
  const ext = path
    .extname(filename)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  return `${originalFolderKey(archiveId, fileId)}/original${ext.length <= MAX_STORED_EXTENSION ? ext : ''}`;
}

/** The folder of one stored version of a file (its original, nothing else). */
export function originalFolderKey(archiveId: number, fileId: string): string {
  return `originals/${archiveId}/${fileId}`;
}

/** The folder the previews of one stored version of a file are made in. */
export function previewFolderKey(fileId: string): string {
  return `previews/${fileId}`;
}

/**
 * Where the web-playable copy of a movie (issue 16) is kept: beside the previews of the same stored version, so it
 * goes when they go. Undefined for a key that is not an original's.
 */
export function webVideoKey(originalStorageKey: string): string | undefined {
  const folders = foldersOfOriginal(originalStorageKey);
  return folders === undefined ? undefined : `${folders.previews}/web.mp4`;
}

/** Where page `page` of a document's pages as images (issue 16) is kept: beside its previews. */
export function documentPageKey(originalStorageKey: string, page: number): string | undefined {
  const folders = foldersOfOriginal(originalStorageKey);
  return folders === undefined ? undefined : `${folders.previews}/page-${page}.jpg`;
}

/**
 * Where an image processed for download by its archive's processing profile (issue 16, DownloadProcessing) is kept:
 * beside the previews of the same stored version, as `download-<profile id>-<settings tag>.<format>`. Undefined for a
 * key that is not an original's.
 */
export function processedOriginalKey(originalStorageKey: string, profileId: string, settingsTag: string, format: string): string | undefined {
  const folders = foldersOfOriginal(originalStorageKey);
  return folders === undefined ? undefined : `${folders.previews}/download-${profileId}-${settingsTag}.${format}`;
}

/** Whether a folder key is a preview folder (`previews/<file id>`); anything else is not one. */
export function isPreviewFolderKey(folder: string): boolean {
  return /^previews\/[^/]+$/.test(folder);
}

/**
 * The folders a stored version of a file occupies, from its original's key: its original's folder and its previews'
 * folder. Undefined for a key that is not an original's ({@link originalKey}'s shape), so nothing else is ever taken
 * for one.
 */
export function foldersOfOriginal(key: string): { original: string; previews: string } | undefined {
  const match = /^originals\/(\d+)\/([^/]+)\/[^/]+$/.exec(key);
  if (!match || match[2] === '.' || match[2] === '..') return undefined;
  return { original: originalFolderKey(Number(match[1]), match[2]!), previews: previewFolderKey(match[2]!) };
}

/** The prefix under which every upload keeps its data, one folder per upload id. */
export const UPLOADS_PREFIX = 'tmp/uploads';

/** The keys of one upload's data (FotoWeb API: Upload). */
export const uploadKeys = {
  folder: (uploadId: string) => `${UPLOADS_PREFIX}/${uploadId}`,
  /** Chunk `index` (0-based) as received. */
  chunk: (uploadId: string, index: number) => `${UPLOADS_PREFIX}/${uploadId}/${index}.part`,
  /** The chunks joined in order, once all have arrived. */
  assembled: (uploadId: string) => `${UPLOADS_PREFIX}/${uploadId}/assembled`,
  /** The working copy of the assembled file that an ingest run consumes (moves into `originals/`). */
  staged: (uploadId: string) => `${UPLOADS_PREFIX}/${uploadId}/assembled.ingest`,
  /** Where uploads created before migration 0011 kept the metadata fields given with them. */
  legacyMetadata: (uploadId: string) => `${UPLOADS_PREFIX}/${uploadId}/metadata.json`,
};

/** The folder of one requested rendition's file (issue 16): `renditions/<rendition id>`, removed whole when it expires. */
export function renditionFolderKey(renditionId: string): string {
  return `renditions/${renditionId}`;
}

/** The key of a requested rendition's file: `renditions/<rendition id>/rendition.<jpg|png|tif|webp>`. */
export function renditionKey(renditionId: string, format: string): string {
  return `${renditionFolderKey(renditionId)}/rendition.${format}`;
}

/** The key of a watermark's image (issue 16): `watermarks/<watermark id>/<version>.png`, a new file for each new image. */
export function watermarkImageKey(watermarkId: string, version: string): string {
  return `watermarks/${watermarkId}/${version}.png`;
}

/** The folder of a watermark's images, removed with it. */
export function watermarkFolderKey(watermarkId: string): string {
  return `watermarks/${watermarkId}`;
}

/** A temporary working folder: `tmp/<purpose>-<unique>`. */
export function tempFolderKey(purpose: string, unique: string): string {
  return `tmp/${purpose}-${unique}`;
}
