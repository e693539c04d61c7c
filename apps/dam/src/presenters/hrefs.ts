import type { ArchiveRow } from '../db/schema.ts';

/**
 * The DAM's URLs, FotoWeb's scheme (fotoweb-api-notes §12.4): `/fotoweb/archives/<id>-<Name>/<folder path>/<file>.info`,
 * renditions under `<asset>.info/__renditions/<name>`, revisions under `<asset>/__revisions/`, page and sort as path
 * components `;p=N` and `;o=…`. Clients treat every URL as opaque; only presenters build them, here. Services speak
 * references (archive id, folder path, file name) and hand rows to presenters; `http/resource-path.ts` reads the
 * same URLs back into references.
 */
export const API_ROOT = '/fotoweb';

/** `5000-Photos` for archive 5000 named "Photos" (non-alphanumerics become dashes). */
export function archiveKey(archive: Pick<ArchiveRow, 'id' | 'name'>): string {
  const name = archive.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return name ? `${archive.id}-${encodeURIComponent(name)}` : String(archive.id);
}

function encodePath(folderPath: string): string {
  return folderPath ? `${folderPath.split('/').map(encodeURIComponent).join('/')}/` : '';
}

/** The collection URL of an archive (`folderPath` '') or of a folder in it, with a trailing slash. */
export function collectionHref(archive: Pick<ArchiveRow, 'id' | 'name'>, folderPath = ''): string {
  return `${API_ROOT}/archives/${archiveKey(archive)}/${encodePath(folderPath)}`;
}

/** An asset's `.info` URL. */
export function assetHref(archive: Pick<ArchiveRow, 'id' | 'name'>, folderPath: string, filename: string): string {
  return `${collectionHref(archive, folderPath)}${encodeURIComponent(filename)}.info`;
}

/** An asset's `revisions.href`: `<asset URL without .info>/__revisions/` (fotoweb-api-notes §9). */
export function revisionsHref(assetUrl: string): string {
  return `${assetUrl.slice(0, -'.info'.length)}/__revisions/`;
}

/** A preview image URL; `version` (ms) busts caches when the preview is remade. */
export function previewHref(assetId: number, size: number, square: boolean, version: number): string {
  return `${API_ROOT}/cache/previews/${assetId}/${size}${square ? 's' : ''}.${version.toString(36)}.jpg`;
}

/** A background task's URL (its `location`, fotoweb-api-notes §6.2). */
export function taskHref(id: string): string {
  return `${API_ROOT}/me/background-tasks/${id}`;
}

/** An upload's status URL (FotoWeb API: Upload, `GET /fotoweb/api/uploads/{id}/status`). */
export function uploadStatusHref(id: string): string {
  return `${API_ROOT}/api/uploads/${id}/status`;
}

/**
 * Appends FotoWeb path parameters (`;o=…`, `;p=N`) and a query string (already encoded, without `?`: a search's
 * `q=…` or key=value criteria) to a collection URL.
 */
export function withPathParams(href: string, params: { o?: string; p?: string }, query?: string): string {
  let url = href;
  // Sort values are `+`, `-`, letters and digits: kept literal as FotoWeb writes them (`;o=+`).
  if (params.o) url += `;o=${params.o}`;
  if (params.p) url += `;p=${params.p}`;
  if (query) url += `?${query}`;
  return url;
}
