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

/** An archive's search for one taxonomy item (`<archive>?txnm=<item id>`, issue 13): its navigation link and its pin. */
export function taxonomySearchHref(archive: Pick<ArchiveRow, 'id' | 'name'>, itemId: string | number): string {
  return `${collectionHref(archive)}?txnm=${itemId}`;
}

/** An archive's smart folders (issue 13): `/fotoweb/smartfolders/<archive id>/`. */
export function smartFoldersHref(archiveId: number): string {
  return `${API_ROOT}/smartfolders/${archiveId}/`;
}

/** One smart folder (issue 13): `/fotoweb/smartfolders/<archive id>/<id>`. */
export function smartFolderHref(archiveId: number, id: number): string {
  return `${smartFoldersHref(archiveId)}${id}`;
}

/** A prepared ZIP download (issue 13): `/fotoweb/me/downloads/<id>/<name>`. */
export function downloadHref(id: string, name: string): string {
  return `${API_ROOT}/me/downloads/${id}/${encodeURIComponent(name)}`;
}

/** A requested rendition (issue 16), FotoWeb's shape (fotoweb-api-notes §6.3): `/fotoweb/me/background-tasks/<id>/0/<name>`. */
export function renditionFileHref(id: string, name: string): string {
  return `${API_ROOT}/me/background-tasks/${id}/0/${encodeURIComponent(name)}`;
}

/** A preview image URL; `version` (ms) busts caches when the preview is remade. */
export function previewHref(assetId: number, size: number, square: boolean, version: number): string {
  return `${API_ROOT}/cache/previews/${assetId}/${size}${square ? 's' : ''}.${version.toString(36)}.jpg`;
}

/**
 * A movie's web-playable copy (issue 16, dam.yaml `getWebVideo`): `version` names the file made (a new copy gets a new
 * URL), so responses may be cached.
 */
export function webVideoHref(assetId: number, version: string): string {
  return `${API_ROOT}/cache/video/${assetId}/${version}.mp4`;
}

/**
 * The pages of a document as images (issue 16, dam.yaml `getDocumentPage`), with `{page}` for the page number; the
 * version is the asset's last change.
 */
export function documentPagesHref(assetId: number, version: number): string {
  return `${API_ROOT}/cache/pages/${assetId}/{page}.${version.toString(36)}.jpg`;
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

/** The caller's pins (issue 13; the descriptor's `pins`, a collection's `pin`). */
export const PINS_HREF = `${API_ROOT}/me/pins/`;
/** The user list (`userManagement.userList`, the descriptor's `users`; spec 03 §7). */
/** The descriptor's album lists (issue 13; FotoWeb API, Albums). */
export const ALBUMS_HREF = `${API_ROOT}/me/albums/`;
/** The public albums (the public descriptor's `albums`; the full one's `albums_public`; issue 13). */
export const PUBLIC_ALBUMS_HREF = `${API_ROOT}/albums/`;

/** An album list's href: `/fotoweb/me/albums/mine/`, `shared-with-me/`, `archived/`, `deleted/`, `contribute/`. */
export function albumListHref(list: string): string {
  return `${ALBUMS_HREF}${list}/`;
}

/** An album's href, under its owner (FotoWeb's `/fotoweb/users/{userid}/albums/{albumid}/`). */
export function albumHref(ownerId: number, albumId: number): string {
  return `${API_ROOT}/users/${ownerId}/albums/${albumId}/`;
}

/** An album's sharing (FotoWeb `.shares/`). */
export function albumSharesHref(ownerId: number, albumId: number): string {
  return `${albumHref(ownerId, albumId)}.shares/`;
}

/** An album's comments (`.comments/`). */
export function albumCommentsHref(ownerId: number, albumId: number): string {
  return `${albumHref(ownerId, albumId)}.comments/`;
}

/** One comment on an album (to delete it). */
export function albumCommentHref(ownerId: number, albumId: number, commentId: number): string {
  return `${albumCommentsHref(ownerId, albumId)}${commentId}`;
}

/** A share link's own href (what `removeShares` names). */
export function albumLinkHref(ownerId: number, albumId: number, linkId: number): string {
  return `${albumSharesHref(ownerId, albumId)}links/${linkId}`;
}

/** A share link's public page (and its API). */
export function sharedAlbumHref(token: string): string {
  return `${API_ROOT}/shares/${token}/`;
}

/** `?access=` for a password link's URLs, or ''. */
const accessQuery = (access: string | undefined) => (access ? `?access=${encodeURIComponent(access)}` : '');

/** A preview of a shared album's asset (`size` px, `square`, `version` the asset's modification time in ms). */
export function sharedPreviewHref(token: string, assetId: number, size: number, square: boolean, version: number, access?: string): string {
  return `${sharedAlbumHref(token)}previews/${assetId}/${size}${square ? 's' : ''}.${version.toString(36)}.jpg${accessQuery(access)}`;
}

/** The original of a shared album's asset. */
export function sharedOriginalHref(token: string, assetId: number, access?: string): string {
  return `${sharedAlbumHref(token)}originals/${assetId}${accessQuery(access)}`;
}

export const USER_LIST_HREF = `${API_ROOT}/users/`;
/** The group list (`userManagement.groupList`, the descriptor's `groups`; spec 03 §7). */
export const GROUP_LIST_HREF = `${API_ROOT}/groups/`;

/** A user's `href` (FotoWare API: `/fotoweb/api/users/{id}`); also the descriptor's `user.href`. */
export function userHref(id: number): string {
  return `${API_ROOT}/api/users/${id}`;
}

/** A user's `memberOfHref` (spec 03 §3.1). */
export function userMemberOfHref(id: number): string {
  return `${userHref(id)}/member-of`;
}

/** A user's `deviceTokensHref` (spec 03 §3.1). */
export function userDeviceTokensHref(id: number): string {
  return `${userHref(id)}/device-tokens`;
}

/** A group's `href` (FotoWare API: `/fotoweb/api/groups/{id}`). */
export function groupHref(id: number): string {
  return `${API_ROOT}/api/groups/${id}`;
}

/** A group's `memberOfHref`, `userMembersHref` and `groupMembersHref` (spec 03 §3.2). */
export function groupLinks(id: number): { memberOfHref: string; userMembersHref: string; groupMembersHref: string } {
  const href = groupHref(id);
  return { memberOfHref: `${href}/member-of`, userMembersHref: `${href}/users`, groupMembersHref: `${href}/groups` };
}

/**
 * A page of a user, group or member list: the list's URL with the query that found it and the 0-based page `p`
 * (spec 03 §3.5 paging links; clients follow them, never build them). Parameters left out are not written.
 */
export function listPageHref(listHref: string, query: { q?: string | undefined; sortfield?: string | undefined; sortdir?: string | undefined }, page: number): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.sortfield) search.set('sortfield', query.sortfield);
  if (query.sortdir) search.set('sortdir', query.sortdir);
  if (page > 0) search.set('p', String(page));
  const text = search.toString();
  return text ? `${listHref}?${text}` : listHref;
}

/** An API client's `href` (Magpie, spec 03 §3.12 applications keyed by clientId); DELETE it to revoke the client. */
export function applicationHref(clientId: string): string {
  return `${API_ROOT}/api/config/applications/${encodeURIComponent(clientId)}`;
}

/** The archive configuration list (`/fotoweb/api/config/archives`, issue 12). */
export const ARCHIVE_CONFIG_LIST_HREF = `${API_ROOT}/api/config/archives`;

/** An archive's configuration: `/fotoweb/api/config/archives/<id>` (spec 03 §7 PUT). */
export function archiveConfigHref(id: number): string {
  return `${ARCHIVE_CONFIG_LIST_HREF}/${id}`;
}

/** The fields of a metadata field group: `/fotoweb/api/config/metadata/groups/<name>/fields` (issue 12). */
export function metadataGroupFieldsHref(name: string): string {
  return `${API_ROOT}/api/config/metadata/groups/${encodeURIComponent(name)}/fields`;
}

/** The mail outbox (`/fotoweb/api/config/mail`, issue 14 "Mail"): Magpie's messages, newest first. */
export const MAIL_OUTBOX_HREF = `${API_ROOT}/api/config/mail`;

/** Where a test message is asked for (`POST`, issue 14 "Mail"). */
export const TEST_MAIL_HREF = `${MAIL_OUTBOX_HREF}/test`;

/** One message of the outbox: `/fotoweb/api/config/mail/<id>`. */
export function mailMessageHref(id: number): string {
  return `${MAIL_OUTBOX_HREF}/${id}`;
}

/** The outbox's page of the messages older than message `before` (its `paging.next`). */
export function mailOutboxPageHref(before: number): string {
  return `${MAIL_OUTBOX_HREF}?before=${before}`;
}

/** The activity log (`/fotoweb/api/activity`, issue 15): who changed what, newest first. */
export const ACTIVITY_HREF = `${API_ROOT}/api/activity`;

/** The filters of an activity href, in a stable order (only those set). */
function activityQuery(filters: Record<string, string | number | undefined>): string[] {
  return ['from', 'to', 'user', 'action', 'target', 'before', 'format'].flatMap((key) =>
    filters[key] === undefined ? [] : [`${key}=${encodeURIComponent(String(filters[key]))}`],
  );
}

/** The activity log's page of events older than event `before`, with the same filters (its `paging.next`). */
export function activityPageHref(filters: { from?: string; to?: string; user?: number; action?: string; target?: string }, before: number): string {
  return `${ACTIVITY_HREF}?${activityQuery({ ...filters, before }).join('&')}`;
}

/** The export of the activity log under `filters`, as `csv` or `jsonl`. */
export function activityExportHref(filters: { from?: string; to?: string; user?: number; action?: string; target?: string }, format: 'csv' | 'jsonl'): string {
  return `${ACTIVITY_HREF}/export?${activityQuery({ ...filters, format }).join('&')}`;
}

/** The invitations (`/fotoweb/invitations/`, issue 14): list and create; the descriptor's `invitations`. */
export const INVITATIONS_HREF = `${API_ROOT}/invitations/`;

/** An invitation's `invitationAdminHref` (spec 03 §3.6): `/fotoweb/invitations/<id>/`. */
export function invitationHref(id: number): string {
  return `${INVITATIONS_HREF}${id}/`;
}

/** Where an invitation is revoked (FotoWeb's REVOKE as a POST): `<invitationAdminHref>revoke`. */
export function invitationRevokeHref(id: number): string {
  return `${invitationHref(id)}revoke`;
}

/** The page of active invitations older than invitation `before` (`paging.next`). */
export function invitationsPageHref(before: number): string {
  return `${INVITATIONS_HREF}?before=${before}`;
}

/** The groups the caller may give new people (issue 14), an RFC 6570 template: the descriptor's `groups_grantable`. */
export const GRANTABLE_GROUPS_HREF = `${API_ROOT}/groups/grantable`;

/** The pending sign-ups (`/fotoweb/signups/`, the descriptor's `signups`; issue 14). */
export const SIGNUPS_HREF = `${API_ROOT}/signups/`;

/** How many sign-ups wait (the descriptor's `signups_count`, spec 03 §7 "pending-users count link"). */
export const SIGNUP_COUNT_HREF = `${SIGNUPS_HREF}count`;

/** A sign-up's `href` (spec 03 §7 `{signup href}/{guid}`): `/fotoweb/signups/<uuid>/`; its `approve` and `reject` below it. */
export function signupHref(id: string): string {
  return `${SIGNUPS_HREF}${id}/`;
}

/** The sign-up settings (`/fotoweb/api/config/signups`; the descriptor's `signup_settings`). */
export const SIGNUP_SETTINGS_HREF = `${API_ROOT}/api/config/signups`;

/** The descriptor's `alerts` (issue 15, spec 01 §7): the user's search alerts. */
export const ALERTS_HREF = `${API_ROOT}/me/alerts/`;

/** One alert's `href`: `/fotoweb/me/alerts/<id>`. */
export function alertHref(id: number): string {
  return `${ALERTS_HREF}${id}`;
}

/** The descriptor's `notifications` (Magpie, issue 15): what the user's alerts found. */
export const NOTIFICATIONS_HREF = `${API_ROOT}/me/notifications/`;

/**
 * A collection's search: its URL with `?q=<expression>` (the URL the web app opens a search at), or the bare
 * collection URL for an empty expression.
 */
export function collectionSearchHref(archive: Pick<ArchiveRow, 'id' | 'name'>, folderPath: string, expression: string): string {
  const base = collectionHref(archive, folderPath);
  return expression === '' ? base : `${base}?q=${encodeURIComponent(expression)}`;
}

/** The descriptor's `order` links (issue 15, FotoWeb's `order`): the cart, the configuration, the user's orders. */
export const CART_HREF = `${API_ROOT}/me/cart`;
export const ORDER_CONFIG_HREF = `${API_ROOT}/order-config`;
/** The site's custom CSS (issue 15; spec 01 §3 `appearance.customCss`, without its `?v=`; POST `{cssContent}` here). */
export const CUSTOM_CSS_HREF = `${API_ROOT}/appearance/css`;
/** The Manage site page's appearance settings (issue 15). */
export const APPEARANCE_SETTINGS_HREF = `${API_ROOT}/appearance/`;
/** The custom title-bar buttons (issue 15; spec 02 §3). */
export const TITLE_BAR_BUTTONS_HREF = `${API_ROOT}/appearance/title-bar-buttons`;
export const MY_ORDERS_HREF = `${API_ROOT}/me/orders/`;

/** An approver's list of the orders in `state` (`/fotoweb/orders/pending/` …). */
export function orderListHref(state: 'pending' | 'approved' | 'rejected'): string {
  return `${API_ROOT}/orders/${state}/`;
}

/** One order's `href`: `/fotoweb/orders/<id>`; `action` its `approve`, `reject` or `download`. */
export function orderHref(id: number, action?: 'approve' | 'reject' | 'download'): string {
  return `${API_ROOT}/orders/${id}${action ? `/${action}` : ''}`;
}
