/**
 * A small typed client for the web app, over `fetch`. It talks to the BFF only (same origin, session cookie),
 * sends the FotoWeb media types each call needs, and the CSRF header on unsafe methods (bff.yaml "CSRF").
 *
 * Hrefs are opaque: the client never builds collection or asset URLs. It takes them from the descriptor, from
 * `href`/`data`/`paging` links, or from {@link expandSearchUrl} over a `searchURL` template; it appends only what
 * FotoWeb's API names below an href it was given (`compare`, `/rollback`, `?q=` of a taxonomy). The only fixed URLs
 * are the entry point, the Upload API, where background tasks are created, the taxonomy list and the BFF's own
 * routes ({@link API_PATHS}).
 *
 * This is the one place where answers are read and error bodies parsed: every method rejects with {@link ApiError}
 * on a non-2xx answer. The web app adds its policies (401 → session lost, no HTTP cache) by passing its own `fetch`.
 */
import type { components as DamComponents, operations as DamOperations } from './generated/dam.ts';
import type { components as BffComponents } from './generated/bff.ts';
import { API_PATHS, CSRF_COOKIE, CSRF_HEADER, MEDIA_TYPES, SAFE_METHODS } from './constants.ts';

type DamSchemas = DamComponents['schemas'];
type BffSchemas = BffComponents['schemas'];

/** Magpie's error body (dam.yaml `ErrorBody`). */
export type ErrorBody = DamSchemas['ErrorBody'];

/**
 * A non-2xx answer. `status` is the HTTP status; `body` is the parsed `ErrorBody` when the server sent one (JSON
 * with string `value` and `message`), else undefined. The message is the body's `message`, or `HTTP <status>`; the
 * error's `name` is the status as a string, e.g. `'404'` (spec 02 §7: a failing fetch raises an error named by its
 * HTTP status code).
 * Network failures are not wrapped: they reject with `fetch`'s own error (a `TypeError`, or an `AbortError`).
 */
export class ApiError extends Error {
  /** The HTTP status code. */
  readonly status: number;
  /** The server's error body, when it sent one. */
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: ErrorBody | undefined, message?: string) {
    super(message ?? body?.message ?? `HTTP ${status}`);
    // Spec 02 §7: a failing fetch raises an error whose name is the HTTP status code ('404', '409', …).
    this.name = String(status);
    this.status = status;
    this.body = body;
  }
}

/** Options of {@link createMagpieClient}. */
export interface MagpieClientOptions {
  /** The `fetch` to use (tests pass a fake). Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Supplies the CSRF token sent as `X-CSRF-Token` on unsafe methods. Defaults to reading the `magpie_csrf` cookie
   * from `document.cookie` (undefined outside a browser). When it answers undefined the header is left out and the
   * BFF answers 403 `InvalidCsrfToken`.
   */
  csrfToken?: () => string | undefined;
  /** Prefix for every URL, e.g. `http://localhost:3000` in Node; empty (same origin) by default. */
  baseUrl?: string;
}

/** Per-call options. */
export interface RequestOptions {
  /** Aborts the call (e.g. the 10 s timeout of preferences, spec 01 §9). */
  signal?: AbortSignal;
}

/** How long a user-preferences call may take before it is aborted (ms; spec 01 §7, §9 "Markers and preferences timeout 10 s"). */
export const PREFERENCES_TIMEOUT_MS = 10_000;

/**
 * `signal` bounded by a timeout of `ms`: aborts when the caller's signal does or when `ms` have passed (then with a
 * `TimeoutError` `DOMException`, which callers handle as any failed call).
 */
export function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A file-operation task and its body (issue 13; dam.yaml `createBackgroundTask`). */
export type FileTask =
  | { kind: 'rename'; body: DamSchemas['RenameRequest'] }
  | { kind: 'move' | 'copy'; body: DamSchemas['MoveRequest'] }
  | { kind: 'rotate'; body: DamSchemas['RotateRequest'] }
  | { kind: 'delete'; body: DamSchemas['DeleteRequest'] }
  | { kind: 'duplicate'; body: DamSchemas['DuplicateRequest'] };

/** The request and response media types of each file operation. */
const FILE_TASK_TYPES = {
  rename: [MEDIA_TYPES.renameRequest, MEDIA_TYPES.renameResponse],
  move: [MEDIA_TYPES.moveRequest, MEDIA_TYPES.moveResponse],
  copy: [MEDIA_TYPES.copyRequest, MEDIA_TYPES.copyResponse],
  rotate: [MEDIA_TYPES.rotateRequest, MEDIA_TYPES.rotateResponse],
  delete: [MEDIA_TYPES.deleteRequest, MEDIA_TYPES.deleteResponse],
  duplicate: [MEDIA_TYPES.duplicateRequest, MEDIA_TYPES.duplicateResponse],
} as const;

/** A background task the server accepted (`createMetadataEditTask`). */
export interface CreatedBackgroundTask {
  /** The HTTP status of the answer (201). */
  status: number;
  /** Where to poll the task: the `Location` header, else the body's `location`. */
  location: string;
  /** The answer's body `{location, status, maxInterval (ms)}`. */
  task: DamSchemas['BackgroundTaskCreated'];
}

/** The methods of the client; each rejects with {@link ApiError} on a non-2xx answer. */
export interface MagpieClient {
  /** `GET /fotoweb/me/` with `Accept: full-api-descriptor` (FotoWeb API, API descriptor). */
  getDescriptor(options?: RequestOptions): Promise<DamSchemas['FullApiDescriptor']>;
  /** `GET href` with `Accept: collectionlist`: archives, upload targets, children, search hits (one page). */
  getCollectionList(href: string, options?: RequestOptions): Promise<DamSchemas['CollectionList']>;
  /** `GET href` with `Accept: collection`: the collection with its first page of assets and children. */
  getCollection(href: string, options?: RequestOptions): Promise<DamSchemas['Collection']>;
  /** `GET href` with `Accept: assetlist`: one page of assets (follow `paging.next` for more). */
  getAssetList(href: string, options?: RequestOptions): Promise<DamSchemas['AssetList']>;
  /** `GET href` with `Accept: asset`. */
  getAsset(href: string, options?: RequestOptions): Promise<DamSchemas['Asset']>;
  /** `GET /fotoweb/views/session`: whether the browser is logged in (bff.yaml). Also obtains the CSRF cookie. */
  getSession(options?: RequestOptions): Promise<BffSchemas['Session']>;
  /**
   * `POST /fotoweb/views/login[?to=…]` with the credentials (bff.yaml). Answers where to go next. 401 for wrong
   * credentials, 429 when rate-limited, 403 without the CSRF cookie (call {@link MagpieClient.getSession} first).
   */
  login(body: BffSchemas['LoginRequest'], to?: string, options?: RequestOptions): Promise<BffSchemas['LoginResponse']>;
  /** `POST href` (the descriptor's `services.logout`); resolves when logged out (204). */
  logout(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `services.keepalive.href`); rejects with 401 when the session is gone. */
  keepalive(href: string, options?: RequestOptions): Promise<void>;
  /** `POST /fotoweb/api/uploads` (FotoWeb API, Upload API §1): creates an upload task. */
  createUpload(body: DamSchemas['UploadRequest'], options?: RequestOptions): Promise<DamSchemas['UploadInfo']>;
  /**
   * `POST /fotoweb/api/uploads/{id}/chunks/{index}` (Upload API §2): one multipart part `chunk` with the bytes of
   * chunk `index` (0-based; `chunkSize` bytes except the last).
   */
  uploadChunk(id: string, index: number, chunk: Blob, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/uploads/{id}/status` (Upload API §4). */
  getUploadStatus(id: string, options?: RequestOptions): Promise<DamSchemas['UploadStatus']>;
  /**
   * `GET href` (the collection's `metadataEditor.href`) with `Accept: metadata-set`: the archive's metadata view
   * (spec 02 §7; FotoWeb API, metadata views).
   */
  getMetadataView(href: string, options?: RequestOptions): Promise<DamSchemas['MetadataView']>;
  /**
   * `PATCH href` (an asset's `href`) with `assetupdate` `{metadata: {<fieldId>: {value}}}`: changes those fields and
   * answers the updated asset (fotoweb-api-notes §4). 400 for a value the metadata view refuses, 403 without EditText.
   */
  updateAsset(href: string, metadata: DamSchemas['AssetUpdate']['metadata'], options?: RequestOptions): Promise<DamSchemas['Asset']>;
  /**
   * `POST /fotoweb/me/background-tasks/` with a `metadata-edit-request` (spec 01 §7, fotoweb-api-notes §6.2): a batch
   * metadata edit. Answers the HTTP status (201), the task's location (the `Location` header, else the body's) and
   * the body `{location, status, maxInterval (ms)}`.
   */
  createMetadataEditTask(task: DamSchemas['MetadataEditRequest'], options?: RequestOptions): Promise<CreatedBackgroundTask>;
  /**
   * `POST /fotoweb/me/background-tasks/` with a file operation (issue 13): `rename-request`, `move-request`,
   * `copy-request`, `rotate-request`, `delete-request` or `duplicate-request` (the body of that type). Answers as
   * {@link createMetadataEditTask} does.
   */
  createFileTask(task: FileTask, options?: RequestOptions): Promise<CreatedBackgroundTask>;
  /**
   * `POST /fotoweb/me/downloads/` `{assets}`: prepares one ZIP of the assets (issue 13) and answers its href, name,
   * file count and exact size (bytes). 400 for an href that is not a visible asset, 403 without Download.
   */
  createDownload(request: DamSchemas['DownloadRequest'], options?: RequestOptions): Promise<DamSchemas['DownloadCreated']>;
  /** `GET href` (an archive's `smartFolders`): its smart folders in order (issue 13). */
  listSmartFolders(href: string, options?: RequestOptions): Promise<DamSchemas['CollectionList']>;
  /** `POST href` (an archive's `smartFolders`) `{name, searchHref}`: saves a search; answers the smart folder. */
  createSmartFolder(href: string, body: DamSchemas['SmartFolderCreate'], options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `PATCH href` (a smart folder's `edit`) `{name?, searchHref?, position?}`: answers the smart folder. */
  updateSmartFolder(href: string, body: DamSchemas['SmartFolderUpdate'], options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `DELETE href` (a smart folder's `edit`). */
  deleteSmartFolder(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `trash`): the deleted assets the caller may restore or purge (issue 13). */
  getTrash(href: string, options?: RequestOptions): Promise<DamSchemas['TrashList']>;
  /** `PATCH href` (the descriptor's `trash`) `{restore?, purge?}` (entry ids): answers the trash after the change. */
  updateTrash(href: string, update: DamSchemas['TrashUpdate'], options?: RequestOptions): Promise<DamSchemas['TrashList']>;
  /** `GET location` (a created task's location) with `Accept: task-status`: the job's status, progress and results. */
  getBackgroundTask(location: string, options?: RequestOptions): Promise<DamSchemas['TaskStatus']>;
  /** `GET href` (an asset's `revisions.href`): its revisions, newest first (spec 01 §7 Revisions). 403 without HistoryView. */
  listRevisions(href: string, options?: RequestOptions): Promise<DamSchemas['RevisionList']>;
  /**
   * `POST <revisions href>compare` `{leftRevision, rightRevision}` (revision numbers): the field-by-field differences.
   */
  compareRevisions(revisionsHref: string, leftRevision: number, rightRevision: number, options?: RequestOptions): Promise<DamSchemas['RevisionComparison']>;
  /**
   * `POST <revision href>/rollback-to` `{rollbackType: 'metadata'}`: restores every field as it was at that revision
   * (a new revision; the file stays) and answers the updated asset. Needs HistoryRollback and EditText.
   */
  rollbackToRevision(revisionHref: string, options?: RequestOptions): Promise<DamSchemas['Asset']>;
  /**
   * `POST <revision href>/rollback`: undoes what that revision changed (each field it changed gets its previous value;
   * a new revision) and answers the updated asset. Needs HistoryRollback and EditText; 409 for the first revision.
   */
  undoRevision(revisionHref: string, options?: RequestOptions): Promise<DamSchemas['Asset']>;
  /** `DELETE <revision href>`: removes an older revision (HistoryManage; 409 for the current one). Resolves on 2xx. */
  deleteRevision(revisionHref: string, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/taxonomies/` with `Accept: taxonomy-list`: the taxonomies, one per field that has one. */
  listTaxonomies(options?: RequestOptions): Promise<DamSchemas['TaxonomyList']>;
  /**
   * `GET href` (a field's `taxonomyHref`) with `Accept: taxonomy`: the taxonomy with its first page of top-level items
   * (spec 02 §7).
   */
  getTaxonomy(href: string, options?: RequestOptions): Promise<DamSchemas['Taxonomy']>;
  /**
   * `GET <taxonomy href>?q=<text>` with `Accept: taxonomy`: the items of any level whose name or value contains the
   * text, in `items` (spec 02 §7). A query already on the href is replaced.
   */
  searchTaxonomy(taxonomyHref: string, q: string, options?: RequestOptions): Promise<DamSchemas['Taxonomy']>;
  /** `GET href` (a `paging` link) with `Accept: taxonomy-item-list`: another page of items. */
  getTaxonomyItemList(href: string, options?: RequestOptions): Promise<DamSchemas['TaxonomyItemList']>;
  /** `GET href` (an item's `href`) with `Accept: taxonomy-item`: the item with its first page of `children`. */
  getTaxonomyItem(href: string, options?: RequestOptions): Promise<DamSchemas['TaxonomyItem']>;
  /** `GET href` (an item's `href`) with `Accept: taxonomy-item-info`: the item's properties only. */
  getTaxonomyItemInfo(href: string, options?: RequestOptions): Promise<DamSchemas['TaxonomyItemInfo']>;
  /**
   * `POST parentHref` (the taxonomy's `href` for a top-level item, an item's `href` for a child) with
   * `taxonomy-item-creation-info`: creates the item (spec 02 §7). Answers the stored item; when a FotoWare server
   * answers 204 without a body, it is read from `Location` (else `parentHref`) with {@link getTaxonomyItemInfo}.
   */
  createTaxonomyItem(parentHref: string, item: DamSchemas['TaxonomyItemCreationInfo'], options?: RequestOptions): Promise<DamSchemas['TaxonomyItemInfo']>;
  /**
   * `PUT href` (an item's `href`) with `taxonomy-item-update` (spec 02 §7). Answers the stored item, read again from
   * `Location` (else `href`) when the answer is 204 without a body.
   */
  updateTaxonomyItem(href: string, item: DamSchemas['TaxonomyItemUpdate'], options?: RequestOptions): Promise<DamSchemas['TaxonomyItemInfo']>;
  /** `DELETE href` (an item's `href`): deletes the item and its children (spec 02 §7). */
  deleteTaxonomyItem(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `user_preferences`), aborted after {@link PREFERENCES_TIMEOUT_MS}. */
  getUserPreferences(href: string, options?: RequestOptions): Promise<DamSchemas['UserPreferences']>;
  /**
   * `PATCH href` with `{data}` (`user-preferences-update`, spec 03 §7): each group given is merged into the stored
   * one. Answers the whole updated preferences. Aborted after {@link PREFERENCES_TIMEOUT_MS}.
   */
  patchUserPreferences(href: string, data: DamSchemas['UserPreferencesUpdate']['data'], options?: RequestOptions): Promise<DamSchemas['UserPreferences']>;
  /**
   * `POST href` with `{name}` (`folder-creation-info`, issue 13): makes the folder `name` in the collection `href`
   * (one whose `canCreateFolders` is true). Answers the new folder; 409 `FolderExists`, 400 `InvalidFolderName`.
   */
  createFolder(href: string, name: string, options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `PATCH href` with `{name}` (`folder-update`): renames the folder `href` (its `edit`). Answers it at its new href. */
  renameFolder(href: string, name: string, options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /**
   * `PATCH href` (a folder's or an archive's `edit`) with `folder-update` `{color?, iconCharacter?, poster_asset?}`
   * (issue 13): the tile colour and icon (null: the default) and cover (an asset href; null clears it) of the folder,
   * or of the archive for holders of `manageArchives`. Answers the folder or archive.
   */
  updateFolder(href: string, update: DamSchemas['FolderUpdate'], options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `DELETE href`: deletes the empty folder `href` (its `canBeDeleted`); 409 `FolderNotEmpty` otherwise. */
  deleteFolder(href: string, options?: RequestOptions): Promise<void>;
  /**
   * `GET href` (the descriptor's `albums`, `albums_own`, `albums_archived`, `albums_deleted`; `collectionlist`): the
   * user's albums in that list, newest first.
   */
  listAlbums(href: string, options?: RequestOptions): Promise<DamSchemas['CollectionList']>;
  /** `POST href` (the descriptor's `albums`) with `{name, description?}`: a new empty album (issue 13); 403 without `albums.create`. */
  createAlbum(href: string, album: DamSchemas['AlbumCreate'], options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `POST href` (an album) with `{data: [{href}]}` (`assetlinklist`): adds assets to its end. Answers how many were new. */
  addAlbumAssets(href: string, hrefs: readonly string[], options?: RequestOptions): Promise<DamSchemas['AlbumAssetsAdded']>;
  /** `PATCH href` (an album's `edit`) with an `AlbumUpdate`: rename, cover, remove, reorder, archive, restore. Answers the album. */
  updateAlbum(href: string, update: DamSchemas['AlbumUpdate'], options?: RequestOptions): Promise<DamSchemas['CollectionInfo']>;
  /** `DELETE href` (an album whose `canBeDeleted` is true): to the deleted list, or for good from there. */
  deleteAlbum(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (an album's `props.comments.href`): its comments, oldest first, and whether the caller may add one. */
  listAlbumComments(href: string, options?: RequestOptions): Promise<DamSchemas['AlbumCommentList']>;
  /** `POST href` (an album's `props.comments.href`) with `{text}`: the comment made; 403 without `albums.comment`, 409 on a closed album. */
  addAlbumComment(href: string, text: string, options?: RequestOptions): Promise<DamSchemas['AlbumComment']>;
  /** `DELETE href` (a comment whose `allowDelete` is true): gone for good. */
  deleteAlbumComment(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (an album's `.shares/`, FotoWeb `sharing`): its share links and the users and groups it is shared with. */
  getAlbumShares(href: string, options?: RequestOptions): Promise<DamSchemas['AlbumSharing']>;
  /**
   * `GET` the descriptor's `people_search` template expanded with `q` (FotoWeb `people-list`): users and groups the
   * caller may share an album with; 403 without `albums.shareWithUsers` or `albums.shareWithGroups`.
   */
  listPeople(template: string, q: string, options?: RequestOptions): Promise<DamSchemas['PeopleList']>;
  /** `PATCH href` (an album's `.shares/`) with FotoWeb's `sharing-update`: makes and revokes share links, shares with users and groups. */
  updateAlbumShares(href: string, update: DamSchemas['AlbumSharingUpdate'], options?: RequestOptions): Promise<DamSchemas['AlbumSharingLinkList']>;
  /**
   * `GET href` (a share link's `sharedHREF`, or a `paging` link of it): the shared album, for anyone. `access` is a
   * password link's access value (401 `SharePasswordRequired` without it, 410 `ShareExpired`, 404 `ShareNotFound`).
   */
  getSharedAlbum(href: string, access?: string, options?: RequestOptions): Promise<DamSchemas['SharedAlbum']>;
  /** `POST <sharedHREF>access` with `{password}`: a password link's access value (403 `WrongPassword`, 429). */
  unlockSharedAlbum(href: string, password: string, options?: RequestOptions): Promise<DamSchemas['ShareAccessGrant']>;
  /** `GET /fotoweb/api/privacy/cookie-consent` (spec 02 §7): the cookie banner's text and the cookie policy, for anyone. */
  getCookieConsent(options?: RequestOptions): Promise<DamSchemas['CookieConsent']>;
  /** `GET /fotoweb/api/footer` (issue 15; spec 02 §2): the site's Markdown footer, for anyone. */
  getSiteFooter(options?: RequestOptions): Promise<DamSchemas['SiteFooter']>;
  /** `PUT /fotoweb/api/footer` with `{markdown}`: replaces the footer (400 over the size limit, 403 without `manageSettings`). */
  updateSiteFooter(markdown: string, options?: RequestOptions): Promise<DamSchemas['SiteFooter']>;
  /** `GET href` (the descriptor's `order.cart`) as `count` (no cache, spec 02 §7): how many items the cart holds. */
  getCartCount(href: string, options?: RequestOptions): Promise<DamSchemas['Count']>;
  /** `GET href` (the descriptor's `order.cart`) as `order`: the cart with its items. */
  getCart(href: string, options?: RequestOptions): Promise<DamSchemas['Order']>;
  /** `POST href` (the cart) with `{data: [{href}]}` (`assetlinklist`): adds assets; 403 without `Order`, 409 `CartFull`. */
  addToCart(href: string, assetHrefs: readonly string[], options?: RequestOptions): Promise<void>;
  /** `PUT href` (the cart) with a `cart-update`: the complete item list (renditions), in order, and the comment. */
  updateCart(href: string, update: DamSchemas['CartUpdate'], options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `order.config`): the submission form's fields and terms. */
  getOrderConfig(href: string, options?: RequestOptions): Promise<DamSchemas['OrderConfig']>;
  /** `GET href` (the descriptor's `appearance.admin.settings`): the custom CSS and title-bar buttons (`changeSiteAppearance`). */
  getAppearanceSettings(href: string, options?: RequestOptions): Promise<DamSchemas['AppearanceSettings']>;
  /**
   * `POST href` (the descriptor's `appearance.customCss` or `appearance.admin.css`) with `{cssContent}` (spec 01 §7):
   * replaces the custom CSS, empty clears it; 413 `PayloadTooLarge` over the limit, 403 without `changeSiteAppearance`.
   */
  updateCustomCss(href: string, cssContent: string, options?: RequestOptions): Promise<DamSchemas['AppearanceSettings']>;
  /** `PUT href` (the descriptor's `appearance.admin.titleBarButtons`) with the whole list; 400 for a link that is not allowed. */
  updateTitleBarButtons(href: string, buttons: readonly DamSchemas['TitleBarButton'][], options?: RequestOptions): Promise<DamSchemas['TitleBarButtonList']>;
  /** `PUT href` (the descriptor's `order.config`) with the whole configuration (`manageSettings`). */
  updateOrderConfig(href: string, config: DamSchemas['OrderConfig'], options?: RequestOptions): Promise<DamSchemas['OrderConfig']>;
  /** `POST href` (the descriptor's `order.history`) with the submission: the cart becomes a pending order. */
  submitOrder(href: string, submission: DamSchemas['OrderSubmission'], options?: RequestOptions): Promise<DamSchemas['OrderSubmissionInfo']>;
  /** `GET href` (the descriptor's `order.history`, or an approver's list `order.admin.pending` …): orders, newest first. */
  listOrders(href: string, options?: RequestOptions): Promise<DamSchemas['OrderList']>;
  /** `GET href` (an approver's list) as `count` (no cache): e.g. the pending orders badge (spec 03 §2.1). */
  countOrders(href: string, options?: RequestOptions): Promise<DamSchemas['Count']>;
  /** `GET href` (an order's `href`, no cache). */
  getOrder(href: string, options?: RequestOptions): Promise<DamSchemas['Order']>;
  /** `POST href` (an order's `approve` or `reject`) with an `orderupdate`: the order as decided. 409 when decided already. */
  decideOrder(href: string, decision: DamSchemas['OrderDecision'], options?: RequestOptions): Promise<DamSchemas['Order']>;
  /** `GET href` (the descriptor's `alerts`, spec 01 §7): the user's search alerts, oldest first. */
  listAlerts(href: string, options?: RequestOptions): Promise<DamSchemas['AlertList']>;
  /**
   * `POST href` (the descriptor's `alerts`) with `{collection, interval?, dtSearchString?}` (spec 01 §7): the new
   * alert (201; its href also in `Location`). 400 bad interval or expression, 403 without the archive's `Alert`, 409.
   */
  createAlert(href: string, alert: DamSchemas['AlertCreate'], options?: RequestOptions): Promise<DamSchemas['Alert']>;
  /** `PATCH href` (an alert's `href`) with `{interval?, dtSearchString?}`: the alert as saved. */
  updateAlert(href: string, update: DamSchemas['AlertUpdate'], options?: RequestOptions): Promise<DamSchemas['Alert']>;
  /** `DELETE href` (an alert's `href`); resolves on 204. */
  deleteAlert(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `notifications`, Magpie): what the user's alerts found, newest first, and the unread count. */
  listNotifications(href: string, options?: RequestOptions): Promise<DamSchemas['NotificationList']>;
  /** `POST <notifications>read`: every notification of the user counts as read; resolves on 204. */
  markNotificationsRead(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `pins`): the user's pins, newest first, with the site's pin limit. */
  listPins(href: string, options?: RequestOptions): Promise<DamSchemas['PinList']>;
  /**
   * `POST href` with `{data: [{href}]}` (`assetlinklist`, spec 01 §7): pins assets, archives or folders. Answers the
   * pins after it and `added`, 0 when the pin limit was reached (the client's `pinLimit` message, spec 01 §8).
   */
  addPins(href: string, hrefs: readonly string[], options?: RequestOptions): Promise<DamSchemas['PinsAddResult']>;
  /** `PATCH href` with `{assets: {delete: hrefs}}` (spec 01 §7): unpins them. Answers the pins after it. */
  removePins(href: string, hrefs: readonly string[], options?: RequestOptions): Promise<DamSchemas['PinList']>;

  // Users and groups (spec 03 §7). Each takes the href the server gave: the descriptor's `users`/`groups`/
  // `userManagement` links, a user's or group's `href`, `memberOfHref`, `userMembersHref`, `groupMembersHref`,
  // `deviceTokensHref`, or a `paging` link.

  /**
   * `GET href` (the descriptor's `users` or `userManagement.userList`, or a `paging` link) with `Accept: user-list`:
   * a page of users `{data, count, paging}`. `query` sets `q`, `sortfield`, `sortdir`, `p`, replacing those already
   * on the href; leave it out to follow a paging link as given. 403 without `manageUsers`.
   */
  listUsers(href: string, query?: UserListQuery, options?: RequestOptions): Promise<DamSchemas['UserList']>;
  /** `GET href` (a user's `href`, or the descriptor's `user.href`) with `Accept: user`: the admin view. */
  getUser(href: string, options?: RequestOptions): Promise<DamSchemas['User']>;
  /**
   * `POST listHref` (the descriptor's `userManagement.userList`) with `user`: creates the user and answers it (201).
   * 409 `UserExists` or `out_of_licenses` (test `isOutOfLicenses`), 400 `WeakPassword` or `InvalidRequest`.
   */
  createUser(listHref: string, user: DamSchemas['UserCreate'], options?: RequestOptions): Promise<DamSchemas['User']>;
  /** `PATCH href` (a user's `href`) with `user`: only the changed fields (spec 03 §5). Answers the changed user. */
  updateUser(href: string, patch: DamSchemas['UserUpdate'], options?: RequestOptions): Promise<DamSchemas['User']>;
  /** `DELETE href` (a user's `href`). 403 `SiteOwnerProtected` for the site owner. */
  deleteUser(href: string, options?: RequestOptions): Promise<void>;
  /** `DELETE listHref` with `user-list` `{users}`: deletes many; answers which were deleted and which skipped. */
  deleteUsers(listHref: string, users: readonly string[], options?: RequestOptions): Promise<DamSchemas['UserDeleteResult']>;
  /**
   * `PATCH listHref` with `user-list-update` `{users, data}` (batch company, license, access, expiry; spec 03 §2.8):
   * answers which users were updated and which skipped, with why.
   */
  updateUsers(listHref: string, batch: DamSchemas['UserListUpdate'], options?: RequestOptions): Promise<DamSchemas['UserListUpdateResult']>;
  /** `GET href` (a user's or group's `memberOfHref`) with `Accept: memberof`: `{groups: [{href, name}]}`. */
  getMemberOf(href: string, options?: RequestOptions): Promise<DamSchemas['MemberOf']>;
  /**
   * `PATCH href` with `group-list-update` `{add, remove}` of hrefs (spec 03 §7): for a `memberOfHref`,
   * `userMembersHref` or `groupMembersHref`. Resolves on 204; 409 `CircularGroupMembers`/`CircularMemberOf`.
   */
  updateMemberships(href: string, change: DamSchemas['MemberListUpdate'], options?: RequestOptions): Promise<void>;
  /** `DELETE href` (a user's `deviceTokensHref`): ends every session of that user. */
  resetDeviceTokens(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `userManagement.siteOwner`) with `Accept: user-reference`: `{user: href}`. */
  getSiteOwner(href: string, options?: RequestOptions): Promise<DamSchemas['UserReference']>;
  /** `PUT href` (the descriptor's `userManagement.siteOwner`) with `user-reference` `{user: userHref}`; resolves on 204. */
  setSiteOwner(href: string, userHref: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `groups` or `userManagement.groupList`, or a `paging` link) with `Accept: group-list`. */
  listGroups(href: string, query?: GroupListQuery, options?: RequestOptions): Promise<DamSchemas['GroupList']>;
  /** `GET href` (a group's `href`) with `Accept: group`: the admin view. */
  getGroup(href: string, options?: RequestOptions): Promise<DamSchemas['Group']>;
  /** `POST listHref` (the descriptor's `userManagement.groupList`) with `group`: creates the group (201). 409 `GroupExists`. */
  createGroup(listHref: string, group: DamSchemas['GroupCreate'], options?: RequestOptions): Promise<DamSchemas['Group']>;
  /** `PATCH href` (a group's `href`) with `group`: only the changed fields. Answers the changed group. */
  updateGroup(href: string, patch: DamSchemas['GroupUpdate'], options?: RequestOptions): Promise<DamSchemas['Group']>;
  /** `DELETE href` (a group's `href`). */
  deleteGroup(href: string, options?: RequestOptions): Promise<void>;
  /**
   * `GET href` (a group's `userMembersHref` or `groupMembersHref`, or a `paging` link) with `Accept: member-list`:
   * a page of direct members. `query` as for {@link MagpieClient.listUsers}.
   */
  listGroupMembers(href: string, query?: MemberListQuery, options?: RequestOptions): Promise<DamSchemas['MemberList']>;
  /** `GET /fotoweb/api/config/options`: the permissions overview (spec 03 §3.4). */
  getConfigOptions(options?: RequestOptions): Promise<DamSchemas['ConfigOptions']>;
  /**
   * `POST /fotoweb/me/password` `{currentPassword, newPassword}`; resolves on 204. 403 `WrongPassword`, 400
   * `WeakPassword`, 429 `TooManyRequests`.
   */
  changeOwnPassword(change: DamSchemas['PasswordChange'], options?: RequestOptions): Promise<void>;
  /**
   * `POST /fotoweb/password-resets/` `{email}` (issue 14 "Password reset"): asks for a reset link by mail; resolves on
   * 202 whether or not an account uses the address. 400 for a malformed address, 429 `TooManyRequests` when limited.
   */
  requestPasswordReset(email: string, options?: RequestOptions): Promise<void>;
  /**
   * `GET /fotoweb/password-resets/{token}`: whether a reset link can still set a password, `{valid, expires, userName}`.
   * 404 `PasswordResetNotFound`, 410 `PasswordResetUsed` or `PasswordResetExpired`.
   */
  getPasswordReset(token: string, options?: RequestOptions): Promise<DamSchemas['PasswordResetStatus']>;
  /**
   * `POST /fotoweb/password-resets/{token}` `{password}`: sets the new password; resolves on 204. 400 `WeakPassword`,
   * and the link's 404 and 410 of {@link MagpieClient.getPasswordReset}.
   */
  completePasswordReset(token: string, password: string, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/config/applications`: the integrations' API clients (no secrets). */
  listApplications(options?: RequestOptions): Promise<DamSchemas['ApplicationList']>;
  /** `POST /fotoweb/api/config/applications` `{name, actingAs}`: the new client with its secret, shown this once (201). */
  createApplication(application: DamSchemas['ApplicationCreate'], options?: RequestOptions): Promise<DamSchemas['ApplicationCreated']>;
  /** `DELETE href` (an application's `href`): revokes the client and its tokens. */
  deleteApplication(href: string, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/api-keys`: the live legacy API keys, newest first (no keys). 403 without `manageSettings`. */
  listApiKeys(options?: RequestOptions): Promise<DamSchemas['ApiKeyList']>;
  /**
   * `POST /fotoweb/api/api-keys` `{name, actingAs}`: the new key with `key`, shown this once (201). 403 when acting as
   * someone the caller may not choose, 400 for an unknown user.
   */
  createApiKey(apiKey: DamSchemas['ApiKeyCreate'], options?: RequestOptions): Promise<DamSchemas['ApiKeyCreated']>;
  /** `DELETE href` (an API key's `href`): revokes the key at once (204); 404 when already revoked. */
  revokeApiKey(href: string, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/processing-profiles`: the processing profiles, by name (issue 16). 403 without `manageArchives`. */
  listProcessingProfiles(options?: RequestOptions): Promise<DamSchemas['ProcessingProfileList']>;
  /**
   * `POST /fotoweb/api/processing-profiles` `{name, size, format, quality}` (size px of the longest side, or null for
   * the original's size): the new profile (201). 409 `Conflict` for a name in use, 400 for values out of range.
   */
  createProcessingProfile(profile: DamSchemas['ProcessingProfileInput'], options?: RequestOptions): Promise<DamSchemas['ProcessingProfile']>;
  /** `PUT href` (a profile's `href`) with all its values: the profile as changed. 409 for a name in use, 404 unknown. */
  updateProcessingProfile(href: string, profile: DamSchemas['ProcessingProfileInput'], options?: RequestOptions): Promise<DamSchemas['ProcessingProfile']>;
  /** `DELETE href` (a profile's `href`): assets stop listing it (204); 404 unknown; 409 while an archive's downloads go through it. */
  deleteProcessingProfile(href: string, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/watermarks`: the watermarks, by name (issue 16). 403 without `manageArchives`. */
  listWatermarks(options?: RequestOptions): Promise<DamSchemas['WatermarkList']>;
  /**
   * `POST /fotoweb/api/watermarks` `{name, position, opacity, scale, image}` (opacity and scale in percent; image a
   * PNG, JPEG or WebP as base64 or a `data:` URL, at most 512 KiB): the new watermark (201). 409 for a name in use,
   * 400 for a missing or unreadable image or values out of range.
   */
  createWatermark(watermark: DamSchemas['WatermarkInput'], options?: RequestOptions): Promise<DamSchemas['Watermark']>;
  /** `PUT href` (a watermark's `href`): its values, and its image when `image` is given. 409 for a name in use, 404 unknown. */
  updateWatermark(href: string, watermark: DamSchemas['WatermarkInput'], options?: RequestOptions): Promise<DamSchemas['Watermark']>;
  /** `DELETE href` (a watermark's `href`): 204; 404 unknown; 409 `WatermarkInUse` while an archive names it. */
  deleteWatermark(href: string, options?: RequestOptions): Promise<void>;
  /**
   * `POST /fotoweb/services/renditions` `{href}` (an asset's `renditions[].href`; fotoweb-api-notes §6.3): the DAM
   * answers 202 with where the file will be (`Location`, else the body's `href`); `status` is the answer's HTTP status.
   * 403 without the archive's Download permission, 400 for a profile it no longer has.
   */
  requestRendition(href: string, options?: RequestOptions): Promise<{ readonly status: number; readonly location: string | undefined }>;
  /**
   * `GET href` (what {@link requestRendition} answered) to learn whether the file is made: `ready` false on 202 (with
   * `Retry-After` in ms when given), true on 200, whose body is left unread (the browser downloads it from `href`).
   * 404 once the hour is over or when the file could not be made.
   */
  renditionStatus(href: string, options?: RequestOptions): Promise<{ readonly ready: boolean; readonly retryAfterMs: number | undefined }>;
  /** `GET /fotoweb/api/webhooks`: the webhooks with their last delivery, oldest first (no secrets). 403 without `manageWebhooks`. */
  listWebhooks(options?: RequestOptions): Promise<DamSchemas['WebhookList']>;
  /** `POST /fotoweb/api/webhooks` `{url, events, enabled?}`: the new webhook with its signing `secret`, shown this once (201). */
  createWebhook(webhook: DamSchemas['WebhookCreate'], options?: RequestOptions): Promise<DamSchemas['WebhookCreated']>;
  /** `DELETE href` (a webhook's `href`): deletes it and its deliveries (204); 404 when unknown. */
  deleteWebhook(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (a webhook's `deliveries`): its 100 latest deliveries, newest first, each with its attempts. */
  listWebhookDeliveries(href: string, options?: RequestOptions): Promise<DamSchemas['WebhookDeliveryList']>;
  /**
   * `POST <deliveries href>/<delivery id>/redeliver`: queues a delivered or failed delivery again (same event and asset,
   * a new id); answers the new delivery (202). 409 while the delivery is still being tried.
   */
  redeliverWebhookDelivery(deliveriesHref: string, deliveryId: string, options?: RequestOptions): Promise<DamSchemas['WebhookDelivery']>;
  /**
   * `GET href` (the descriptor's `mail_outbox`, or a page's `paging.next`): a page of the mail outbox, newest first,
   * and how mail leaves the server (issue 14 "Mail"). 403 without `manageSettings`.
   */
  listMail(href: string, options?: RequestOptions): Promise<DamSchemas['MailOutbox']>;
  /**
   * `GET href`: a page of the activity log (issue 15, spec 03 §2.1 activity exports), `/fotoweb/api/activity` with its
   * filters or a `paging.next`. 403 without `manageActivityExports` or `audit`; 400 for a bad filter.
   */
  listActivity(href: string, options?: RequestOptions): Promise<DamSchemas['ActivityList']>;
  /** `GET /fotoweb/api/activity/settings`: what the activity log records (spec 03 §3.12). 403 without `manageActivityLogging`. */
  getActivitySettings(options?: RequestOptions): Promise<DamSchemas['ActivitySettings']>;
  /**
   * `PUT /fotoweb/api/activity/settings`: replaces what the activity log records; answers the settings as stored. 403
   * without `manageActivityLogging`; 400 for a bad body.
   */
  updateActivitySettings(settings: DamSchemas['ActivitySettings'], options?: RequestOptions): Promise<DamSchemas['ActivitySettings']>;
  /** `GET href` (a message's `href`): the message with its plain-text and HTML parts. */
  getMail(href: string, options?: RequestOptions): Promise<DamSchemas['MailMessage']>;
  /**
   * `POST href` (the outbox's `sendTest`), no body: a test message to the caller's own address, queued or held (202).
   * 400 `InvalidRequest` when the caller's user has no e-mail address.
   */
  sendTestMail(href: string, options?: RequestOptions): Promise<DamSchemas['MailMessage']>;
  /**
   * `POST href` (the descriptor's `invitations`) with the wizard's `{groups, emails, organizationDomain, link, message,
   * description}` (spec 01 §3, §7; issue 14): answers `{totalInvitationsCreated, invitationLink, type}` (201). 400
   * `InvalidRequest` with `issues` ("data validation failed", spec 01 §8), nothing created; 403 without `inviteUsers`.
   */
  createInvitations(href: string, invitation: DamSchemas['InvitationCreate'], options?: RequestOptions): Promise<DamSchemas['InvitationsCreated']>;
  /** `GET href` (the descriptor's `invitations`, or a page's `paging.next`): a page of active invitations, newest first (spec 03 §3.6). */
  listInvitations(href: string, options?: RequestOptions): Promise<DamSchemas['InvitationList']>;
  /** `POST href` (an invitation's `revoke`) with `{}` (spec 03 §7 REVOKE); resolves on 204. 404 "invite not found". */
  revokeInvitation(href: string, options?: RequestOptions): Promise<void>;
  /**
   * `GET` the descriptor's `groups_grantable` template expanded with `q` (spec 01 §5 group search): the groups the
   * caller may give new people, `{data: [{href, name}]}`.
   */
  listGrantableGroups(template: string, q: string, options?: RequestOptions): Promise<DamSchemas['GrantableGroupList']>;
  /**
   * `GET /fotoweb/signup/?invitation=<token>` (public): the sign-up form of an invitation link; without `invitation` the
   * form of open sign-up (403 `SignupClosed` when the site has none). 404 `InvitationNotFound`, 410
   * `InvitationRevoked` / `InvitationUsed` / `InvitationExpired`, 429.
   */
  getSignupForm(invitation?: string, options?: RequestOptions): Promise<DamSchemas['SignupForm']>;
  /**
   * `POST /fotoweb/signup/` (public) `{invitation?, email, firstName, lastName, password, userData?}`: answers
   * `{status: "pending" | "approved"}` (201). 400 with `issues` (`WeakPassword`, the address, the extra fields), 409
   * `SignupExists`, and the link's 403, 404, 410 of {@link MagpieClient.getSignupForm}.
   */
  submitSignup(signup: DamSchemas['SignupRequest'], options?: RequestOptions): Promise<DamSchemas['SignupSubmitted']>;
  /** `GET href` (the descriptor's `signups`): the pending sign-ups with `adminCanAssignGroups` and the extra fields. */
  listSignups(href: string, options?: RequestOptions): Promise<DamSchemas['SignupList']>;
  /** `GET href` (the descriptor's `signups_count`): `{signupCount}` for the settings menu's badge. */
  countSignups(href: string, options?: RequestOptions): Promise<DamSchemas['SignupCount']>;
  /** `PATCH href` (a sign-up's `href`) `{firstName?, lastName?, userData?}`: answers the sign-up. 400 field validation failed, 404. */
  updateSignup(href: string, update: DamSchemas['SignupUpdate'], options?: RequestOptions): Promise<DamSchemas['Signup']>;
  /**
   * `POST href` (a sign-up's `approve`) `{groups}` (group hrefs; omitted: the sign-up's own): the new user's href
   * (201). 400 group validation failed, 404, 409 `out_of_licenses` or `UserExists`.
   */
  approveSignup(href: string, groups?: readonly string[], options?: RequestOptions): Promise<DamSchemas['SignupApproved']>;
  /** `POST href` (a sign-up's `reject`) with `{}`; resolves on 204. 404. */
  rejectSignup(href: string, options?: RequestOptions): Promise<void>;
  /** `GET href` (the descriptor's `signup_settings`): open sign-up, whether approvers choose groups, the extra fields. */
  getSignupSettings(href: string, options?: RequestOptions): Promise<DamSchemas['SignupSettings']>;
  /** `PUT href` (the descriptor's `signup_settings`) with the whole settings: answers them as stored. 400 with `issues`. */
  updateSignupSettings(href: string, settings: DamSchemas['SignupSettings'], options?: RequestOptions): Promise<DamSchemas['SignupSettings']>;
  /** `GET /fotoweb/` with `Accept: api-descriptor`: the public descriptor a visitor without a session reads (issue 12). */
  getPublicDescriptor(options?: RequestOptions): Promise<DamSchemas['PublicApiDescriptor']>;
  /** `GET /fotoweb/api/config/archives`: every archive with its configuration and access list (needs manageArchives). */
  listArchiveConfigs(options?: RequestOptions): Promise<DamSchemas['ArchiveConfigList']>;
  /** `GET href` (an archive configuration's `href`). */
  getArchiveConfig(href: string, options?: RequestOptions): Promise<DamSchemas['ArchiveConfig']>;
  /** `POST /fotoweb/api/config/archives`: adds an archive (201); a 400 carries every problem in `issues` (spec 03 §5, §8). */
  createArchiveConfig(archive: DamSchemas['ArchiveConfigInput'], options?: RequestOptions): Promise<DamSchemas['ArchiveConfig']>;
  /** `PUT href` (an archive configuration's `href`): the whole archive; answers it as saved. */
  updateArchiveConfig(href: string, archive: DamSchemas['ArchiveConfigInput'], options?: RequestOptions): Promise<DamSchemas['ArchiveConfig']>;
  /** `DELETE href[?moveAssetsTo=<id>]`: deletes an archive; 409 `archive_not_empty` while it holds assets and no target is named. */
  deleteArchiveConfig(href: string, moveAssetsTo?: number, options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/config/metadataviews`: every metadata view with the archives using it (manageArchives or manageSettings). */
  listMetadataViewConfigs(options?: RequestOptions): Promise<DamSchemas['MetadataViewConfigList']>;
  /** `POST /fotoweb/api/config/metadataviews` `{Name, CopyFrom?}`: a new view, a copy of `CopyFrom` or of the default (201). */
  createMetadataViewConfig(view: DamSchemas['MetadataViewConfigCreate'], options?: RequestOptions): Promise<DamSchemas['MetadataViewConfig']>;
  /** `GET /fotoweb/api/pools`: the storage pools an archive chooses from. */
  listPools(options?: RequestOptions): Promise<DamSchemas['PoolList']>;
  /** `GET /fotoweb/api/config/consentForms/ConsentFormSettings` (spec 03 §3.10). */
  getConsentFormSettings(options?: RequestOptions): Promise<DamSchemas['ConsentFormSettings']>;
  /** `PUT /fotoweb/api/config/consentForms/ConsentFormSettings`: the whole settings (issue 15; 403 without configureConsentForms). */
  updateConsentFormSettings(settings: DamSchemas['ConsentFormSettings'], options?: RequestOptions): Promise<DamSchemas['ConsentFormSettings']>;
  /** `GET /fotoweb/consent/assets/{uniqueid}/forms/`: an asset's consent forms with their details (ViewConsentDetails). */
  listAssetConsentForms(assetId: string, options?: RequestOptions): Promise<DamSchemas['ConsentFormList']>;
  /** `POST /fotoweb/consent/forms/`: records a consent form on the assets `assets` names (201; ManageConsentStatus). */
  createConsentForm(form: DamSchemas['ConsentFormCreate'], options?: RequestOptions): Promise<DamSchemas['ConsentForm']>;
  /** `PUT <form href>`: changes a consent form's fields (ManageConsentStatus). */
  updateConsentForm(href: string, fields: DamSchemas['ConsentFormUpdate'], options?: RequestOptions): Promise<DamSchemas['ConsentForm']>;
  /** `GET /fotoweb/consent/forms/?q=&p=`: a page of the consent forms the caller may see (ManageConsentStatus on an archive; 403). */
  listConsentForms(query?: { q?: string; p?: number }, options?: RequestOptions): Promise<DamSchemas['ConsentFormPage']>;
  /** `POST <form href>/assets {href}`: links an existing form to one more asset (ManageConsentStatus on both). */
  linkConsentFormAsset(formHref: string, assetHref: string, options?: RequestOptions): Promise<DamSchemas['ConsentForm']>;
  /** `DELETE <form href>/assets/{uniqueid}`: unlinks a form from an asset; the form stays (ManageConsentStatus). */
  unlinkConsentFormAsset(formHref: string, assetId: string, options?: RequestOptions): Promise<DamSchemas['ConsentForm']>;
  /**
   * `DELETE <form href>[?assets=<ids>]`: deletes a form (ManageConsentStatus on every asset it covers, else 403). With
   * `assets`, only while it covers exactly those asset ids (409 `ConsentFormChanged` otherwise).
   */
  deleteConsentForm(formHref: string, assets?: readonly number[], options?: RequestOptions): Promise<void>;
  /** `GET /fotoweb/api/config/metadata/fields/{filter}`: the field catalogue (`all`, `known`, `custom` or text); 400 `filter_failed`. */
  listMetadataFields(filter: string, options?: RequestOptions): Promise<DamSchemas['MetadataFieldInfoList']>;
  /** `GET /fotoweb/api/config/{setting}`: watermarks, quick rendition sets, crop profile sets, processing profiles or sets. */
  listConfigSettingItems(setting: DamOperations['listConfigSettingItems']['parameters']['path']['setting'], options?: RequestOptions): Promise<DamSchemas['ConfigItemList']>;
}

/** The query of {@link MagpieClient.listUsers} (dam.yaml `listUsers`): search text, sort column and direction, 0-based page. */
export type UserListQuery = NonNullable<DamOperations['listUsers']['parameters']['query']>;
/** The query of {@link MagpieClient.listGroups}. */
export type GroupListQuery = NonNullable<DamOperations['listGroups']['parameters']['query']>;
/** The query of {@link MagpieClient.listGroupMembers}. */
export type MemberListQuery = NonNullable<DamOperations['listGroupUsers']['parameters']['query']>;

/**
 * True when an error is the 409 "out of licenses" refusal: spec 03 §8 tells it from "user exists" by the literal
 * `out_of_licenses` in the message (Magpie also sends it as `value`).
 */
export function isOutOfLicenses(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && (error.body?.value === 'out_of_licenses' || (error.body?.message ?? '').includes('out_of_licenses'));
}

/**
 * `href` with the given query parameters set (RFC 3986 percent-encoding), replacing parameters of the same name
 * already on it and keeping the others as they are. Undefined values are left out.
 */
export function withQuery(href: string, query: Readonly<Record<string, string | number | undefined>> | undefined): string {
  if (query === undefined) return href;
  const given = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  if (given.length === 0) return href;
  const hashAt = href.indexOf('#');
  const withoutHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const names = new Set(given.map(([name]) => name));
  const kept = (queryAt === -1 ? '' : withoutHash.slice(queryAt + 1)).split('&').filter((part) => part !== '' && !names.has(decodeQueryName(part.split('=')[0] ?? '')));
  const added = given.map(([name, value]) => `${encodeUnreserved(name)}=${encodeUnreserved(String(value))}`);
  return `${path}?${[...kept, ...added].join('&')}`;
}

function decodeQueryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Creates the web app's API client (see the module comment). Every call uses `credentials: 'same-origin'`.
 *
 * @example
 * const api = createMagpieClient();
 * const descriptor = await api.getDescriptor();
 * const archives = await api.getCollectionList(descriptor.archives!);
 */
export function createMagpieClient(options: MagpieClientOptions = {}): MagpieClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const csrfToken = options.csrfToken ?? (() => readCookie(browserCookies(), CSRF_COOKIE));
  const baseUrl = options.baseUrl ?? '';

  /** Sends one request; resolves with a 2xx response, rejects with {@link ApiError} for any other. */
  async function send(method: string, url: string, init: { accept?: string; contentType?: string; body?: string | FormData; signal?: AbortSignal | undefined }): Promise<Response> {
    const headers: Record<string, string> = {};
    if (init.accept !== undefined) headers['Accept'] = init.accept;
    if (init.contentType !== undefined) headers['Content-Type'] = init.contentType;
    if (!SAFE_METHODS.includes(method)) {
      const token = csrfToken();
      if (token !== undefined && token !== '') headers[CSRF_HEADER] = token;
    }
    const response = await doFetch(baseUrl + url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.signal !== undefined ? { signal: init.signal } : {}),
    });
    if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
    return response;
  }

  async function call<T>(method: string, url: string, init: Parameters<typeof send>[2]): Promise<T> {
    return readBody<T>(await send(method, url, init));
  }

  /** The cookie consent's address (dam.yaml `getCookieConsent`); not in the descriptor, as FotoWeb's client knows it. */
  const COOKIE_CONSENT_PATH = '/fotoweb/api/privacy/cookie-consent';
  /** The site footer's address (dam.yaml `getSiteFooter`, Magpie's); fixed, like the cookie consent's. */
  const SITE_FOOTER_PATH = '/fotoweb/api/footer';
  /** The activity log's settings (dam.yaml `getActivitySettings`, Magpie's); fixed, beside the log's own address. */
  const ACTIVITY_SETTINGS_PATH = '/fotoweb/api/activity/settings';
  /** The legacy API keys and the webhooks (issue 16; dam.yaml `listApiKeys`, `listWebhooks`). */
  const API_KEYS_PATH = '/fotoweb/api/api-keys';
  const WEBHOOKS_PATH = '/fotoweb/api/webhooks';
  /** The processing profiles (issue 16; dam.yaml `listProcessingProfiles`). */
  const PROCESSING_PROFILES_PATH = '/fotoweb/api/processing-profiles';
  /** The watermarks (issue 16; dam.yaml `listWatermarks`). */
  const WATERMARKS_PATH = '/fotoweb/api/watermarks';
  /** FotoWeb's rendition service (the descriptor's `services.rendition_request`; dam.yaml `requestRendition`). */
  const RENDITION_SERVICE_PATH = '/fotoweb/services/renditions';
  const getJson = <T>(href: string, accept: string, requestOptions?: RequestOptions) => call<T>('GET', href, { accept, signal: requestOptions?.signal });
  /** Sends `body` as JSON with `contentType` and reads the answer (undefined for 204). */
  const sendJson = <T>(method: string, url: string, accept: string, contentType: string, body: unknown, requestOptions?: RequestOptions) =>
    call<T>(method, url, { accept, contentType, body: JSON.stringify(body), signal: requestOptions?.signal });
  /** `DELETE url`; resolves on any 2xx. */
  const remove = async (url: string, requestOptions?: RequestOptions): Promise<void> => {
    await send('DELETE', url, { accept: MEDIA_TYPES.json, signal: requestOptions?.signal });
  };

  /** The item a taxonomy write answered: its body, or (a FotoWare server answering 204) a GET of `Location` or `fallback`. */
  async function writtenTaxonomyItem(response: Response, fallback: string, signal: AbortSignal | undefined): Promise<DamSchemas['TaxonomyItemInfo']> {
    const item = await readBody<DamSchemas['TaxonomyItemInfo']>(response);
    if (item !== undefined) return item;
    return getJson(response.headers.get('Location') ?? fallback, MEDIA_TYPES.taxonomyItemInfo, { ...(signal ? { signal } : {}) });
  }

  return {
    getDescriptor: (o) => getJson(API_PATHS.entryPoint, MEDIA_TYPES.fullApiDescriptor, o),
    getCollectionList: (href, o) => getJson(href, MEDIA_TYPES.collectionList, o),
    getCollection: (href, o) => getJson(href, MEDIA_TYPES.collection, o),
    getAssetList: (href, o) => getJson(href, MEDIA_TYPES.assetList, o),
    getAsset: (href, o) => getJson(href, MEDIA_TYPES.asset, o),
    getSession: (o) => getJson(API_PATHS.session, MEDIA_TYPES.json, o),
    login: (body, to, o) =>
      call('POST', to === undefined ? API_PATHS.login : `${API_PATHS.login}?to=${encodeUnreserved(to)}`, {
        accept: MEDIA_TYPES.json,
        contentType: MEDIA_TYPES.json,
        body: JSON.stringify(body),
        signal: o?.signal,
      }),
    logout: (href, o) => call('POST', href, { accept: MEDIA_TYPES.json, signal: o?.signal }),
    keepalive: (href, o) => call('GET', href, { accept: MEDIA_TYPES.json, signal: o?.signal }),
    createUpload: (body, o) =>
      call('POST', API_PATHS.uploads, {
        accept: MEDIA_TYPES.json,
        contentType: MEDIA_TYPES.json,
        body: JSON.stringify(body),
        signal: o?.signal,
      }),
    uploadChunk: (id, index, chunk, o) => {
      const form = new FormData();
      form.append('chunk', chunk, 'chunk');
      // No Content-Type: fetch sets multipart/form-data with its boundary.
      return call('POST', `${API_PATHS.uploads}/${encodeUnreserved(id)}/chunks/${index}`, {
        accept: MEDIA_TYPES.json,
        body: form,
        signal: o?.signal,
      });
    },
    getUploadStatus: (id, o) => getJson(`${API_PATHS.uploads}/${encodeUnreserved(id)}/status`, MEDIA_TYPES.json, o),
    getMetadataView: (href, o) => getJson(href, MEDIA_TYPES.metadataSet, o),
    updateAsset: (href, metadata, o) =>
      call('PATCH', href, {
        accept: MEDIA_TYPES.asset,
        contentType: MEDIA_TYPES.assetUpdate,
        body: JSON.stringify({ metadata }),
        signal: o?.signal,
      }),
    createMetadataEditTask: async (task, o) => {
      const response = await send('POST', API_PATHS.backgroundTasks, {
        accept: MEDIA_TYPES.metadataEditResponse,
        contentType: MEDIA_TYPES.metadataEditRequest,
        body: JSON.stringify(task),
        signal: o?.signal,
      });
      const created = await readBody<DamSchemas['BackgroundTaskCreated']>(response);
      return { status: response.status, location: response.headers.get('Location') ?? created.location, task: created };
    },
    createFileTask: async ({ kind, body }, o) => {
      const [requestType, responseType] = FILE_TASK_TYPES[kind];
      const response = await send('POST', API_PATHS.backgroundTasks, { accept: responseType, contentType: requestType, body: JSON.stringify(body), signal: o?.signal });
      const created = await readBody<DamSchemas['BackgroundTaskCreated']>(response);
      return { status: response.status, location: response.headers.get('Location') ?? created.location, task: created };
    },
    getTrash: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    listSmartFolders: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    createSmartFolder: (href, body, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, body, o),
    updateSmartFolder: (href, body, o) => sendJson('PATCH', href, MEDIA_TYPES.json, MEDIA_TYPES.json, body, o),
    deleteSmartFolder: (href, o) => remove(href, o),
    createDownload: (request, o) => sendJson('POST', API_PATHS.downloads, MEDIA_TYPES.json, MEDIA_TYPES.json, request, o),
    updateTrash: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.json, MEDIA_TYPES.json, update, o),
    getBackgroundTask: (location, o) => getJson(location, MEDIA_TYPES.taskStatus, o),
    listRevisions: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    compareRevisions: (revisionsHref, leftRevision, rightRevision, o) =>
      call('POST', `${revisionsHref}compare`, {
        accept: MEDIA_TYPES.json,
        contentType: MEDIA_TYPES.json,
        body: JSON.stringify({ leftRevision, rightRevision }),
        signal: o?.signal,
      }),
    rollbackToRevision: (revisionHref, o) =>
      call('POST', `${revisionHref}/rollback-to`, {
        accept: MEDIA_TYPES.asset,
        contentType: MEDIA_TYPES.json,
        body: JSON.stringify({ rollbackType: 'metadata' }),
        signal: o?.signal,
      }),
    undoRevision: (revisionHref, o) => call('POST', `${revisionHref}/rollback`, { accept: MEDIA_TYPES.asset, signal: o?.signal }),
    deleteRevision: async (revisionHref, o) => {
      await send('DELETE', revisionHref, { accept: MEDIA_TYPES.json, signal: o?.signal });
    },
    listTaxonomies: (o) => getJson(API_PATHS.taxonomies, MEDIA_TYPES.taxonomyList, o),
    getTaxonomy: (href, o) => getJson(href, MEDIA_TYPES.taxonomy, o),
    searchTaxonomy: (taxonomyHref, q, o) => {
      const base = taxonomyHref.split('?')[0] ?? taxonomyHref;
      return getJson(`${base}?q=${encodeURIComponent(q)}`, MEDIA_TYPES.taxonomy, o);
    },
    getTaxonomyItemList: (href, o) => getJson(href, MEDIA_TYPES.taxonomyItemList, o),
    getTaxonomyItem: (href, o) => getJson(href, MEDIA_TYPES.taxonomyItem, o),
    getTaxonomyItemInfo: (href, o) => getJson(href, MEDIA_TYPES.taxonomyItemInfo, o),
    createTaxonomyItem: async (parentHref, item, o) => {
      const response = await send('POST', parentHref, {
        accept: MEDIA_TYPES.taxonomyItem,
        contentType: MEDIA_TYPES.taxonomyItemCreationInfo,
        body: JSON.stringify(item),
        signal: o?.signal,
      });
      return writtenTaxonomyItem(response, parentHref, o?.signal);
    },
    updateTaxonomyItem: async (href, item, o) => {
      const response = await send('PUT', href, {
        accept: MEDIA_TYPES.taxonomyItem,
        contentType: MEDIA_TYPES.taxonomyItemUpdate,
        body: JSON.stringify(item),
        signal: o?.signal,
      });
      return writtenTaxonomyItem(response, href, o?.signal);
    },
    deleteTaxonomyItem: async (href, o) => {
      await send('DELETE', href, { accept: MEDIA_TYPES.json, signal: o?.signal });
    },
    getUserPreferences: (href, o) => getJson(href, MEDIA_TYPES.userPreferences, { signal: withTimeout(o?.signal, PREFERENCES_TIMEOUT_MS) }),
    patchUserPreferences: (href, data, o) =>
      call('PATCH', href, {
        accept: MEDIA_TYPES.userPreferences,
        contentType: MEDIA_TYPES.userPreferencesUpdate,
        body: JSON.stringify({ data }),
        signal: withTimeout(o?.signal, PREFERENCES_TIMEOUT_MS),
      }),
    createFolder: (href, name, o) => sendJson('POST', href, MEDIA_TYPES.collectionInfo, MEDIA_TYPES.folderCreationInfo, { name }, o),
    renameFolder: (href, name, o) => sendJson('PATCH', href, MEDIA_TYPES.collectionInfo, MEDIA_TYPES.folderUpdate, { name }, o),
    updateFolder: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.collectionInfo, MEDIA_TYPES.folderUpdate, update, o),
    deleteFolder: (href, o) => remove(href, o),
    listAlbums: (href, o) => getJson(href, MEDIA_TYPES.collectionList, o),
    createAlbum: (href, album, o) => sendJson('POST', href, MEDIA_TYPES.collectionInfo, MEDIA_TYPES.collectionCreate, album, o),
    addAlbumAssets: (href, hrefs, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.assetLinkList, { data: hrefs.map((h) => ({ href: h })) }, o),
    updateAlbum: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.collectionInfo, MEDIA_TYPES.collectionUpdate, update, o),
    deleteAlbum: (href, o) => remove(href, o),
    listAlbumComments: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    getCookieConsent: (o) => getJson(COOKIE_CONSENT_PATH, MEDIA_TYPES.json, o),
    getSiteFooter: (o) => getJson(SITE_FOOTER_PATH, MEDIA_TYPES.json, o),
    updateSiteFooter: (markdown, o) => sendJson('PUT', SITE_FOOTER_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, { markdown }, o),
    getCartCount: (href, o) => getJson(href, MEDIA_TYPES.count, o),
    getCart: (href, o) => getJson(href, MEDIA_TYPES.order, o),
    addToCart: async (href, assetHrefs, o) => {
      await sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.assetLinkList, { data: assetHrefs.map((asset) => ({ href: asset })) }, o);
    },
    updateCart: async (href, update, o) => {
      await sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.cartUpdate, update, o);
    },
    getOrderConfig: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    getAppearanceSettings: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    updateCustomCss: (href, cssContent, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, { cssContent }, o),
    updateTitleBarButtons: (href, buttons, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, { data: buttons }, o),
    updateOrderConfig: (href, config, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, config, o),
    submitOrder: (href, submission, o) => sendJson('POST', href, MEDIA_TYPES.orderSubmissionInfo, MEDIA_TYPES.cartUpdate, submission, o),
    listOrders: (href, o) => getJson(href, MEDIA_TYPES.orderList, o),
    countOrders: (href, o) => getJson(href, MEDIA_TYPES.count, o),
    getOrder: (href, o) => getJson(href, MEDIA_TYPES.order, o),
    decideOrder: (href, decision, o) => sendJson('POST', href, MEDIA_TYPES.order, MEDIA_TYPES.orderUpdate, decision, o),
    listAlerts: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    createAlert: (href, alert, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, alert, o),
    updateAlert: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.json, MEDIA_TYPES.json, update, o),
    deleteAlert: (href, o) => remove(href, o),
    listNotifications: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    markNotificationsRead: async (href, o) => {
      await send('POST', `${href}read`, { accept: MEDIA_TYPES.json, signal: o?.signal });
    },
    addAlbumComment: (href, text, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, { text }, o),
    deleteAlbumComment: (href, o) => remove(href, o),
    getAlbumShares: (href, o) => getJson(href, MEDIA_TYPES.sharing, o),
    listPeople: (template, q, o) => getJson(expandUriTemplate(template, { q }), MEDIA_TYPES.peopleList, o),
    updateAlbumShares: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.sharingLinkList, MEDIA_TYPES.sharingUpdate, update, o),
    getSharedAlbum: (href, access, o) => getJson(access ? `${href}${href.includes('?') ? '&' : '?'}access=${encodeURIComponent(access)}` : href, MEDIA_TYPES.json, o),
    unlockSharedAlbum: (href, password, o) => sendJson('POST', `${href.split('?')[0]}access`, MEDIA_TYPES.json, MEDIA_TYPES.json, { password }, o),
    listPins: (href, o) => getJson(href, MEDIA_TYPES.pinList, o),
    addPins: (href, hrefs, o) => sendJson('POST', href, MEDIA_TYPES.pinList, MEDIA_TYPES.assetLinkList, { data: hrefs.map((h) => ({ href: h })) }, o),
    removePins: (href, hrefs, o) => sendJson('PATCH', href, MEDIA_TYPES.pinList, MEDIA_TYPES.collectionUpdate, { assets: { delete: [...hrefs] } }, o),
    listUsers: (href, query, o) => getJson(withQuery(href, query), MEDIA_TYPES.userList, o),
    getUser: (href, o) => getJson(href, MEDIA_TYPES.user, o),
    createUser: (listHref, user, o) => sendJson('POST', listHref, MEDIA_TYPES.user, MEDIA_TYPES.user, user, o),
    updateUser: (href, patch, o) => sendJson('PATCH', href, MEDIA_TYPES.user, MEDIA_TYPES.user, patch, o),
    deleteUser: (href, o) => remove(href, o),
    deleteUsers: (listHref, users, o) => sendJson('DELETE', listHref, MEDIA_TYPES.json, MEDIA_TYPES.userList, { users }, o),
    updateUsers: (listHref, batch, o) => sendJson('PATCH', listHref, MEDIA_TYPES.json, MEDIA_TYPES.userListUpdate, batch, o),
    getMemberOf: (href, o) => getJson(href, MEDIA_TYPES.memberOf, o),
    updateMemberships: async (href, change, o) => {
      await sendJson('PATCH', href, MEDIA_TYPES.json, MEDIA_TYPES.groupListUpdate, change, o);
    },
    resetDeviceTokens: (href, o) => remove(href, o),
    getSiteOwner: (href, o) => getJson(href, MEDIA_TYPES.userReference, o),
    setSiteOwner: async (href, userHref, o) => {
      await sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.userReference, { user: userHref }, o);
    },
    listGroups: (href, query, o) => getJson(withQuery(href, query), MEDIA_TYPES.groupList, o),
    getGroup: (href, o) => getJson(href, MEDIA_TYPES.group, o),
    createGroup: (listHref, group, o) => sendJson('POST', listHref, MEDIA_TYPES.group, MEDIA_TYPES.group, group, o),
    updateGroup: (href, patch, o) => sendJson('PATCH', href, MEDIA_TYPES.group, MEDIA_TYPES.group, patch, o),
    deleteGroup: (href, o) => remove(href, o),
    listGroupMembers: (href, query, o) => getJson(withQuery(href, query), MEDIA_TYPES.memberList, o),
    getConfigOptions: (o) => getJson(API_PATHS.configOptions, MEDIA_TYPES.json, o),
    changeOwnPassword: async (change, o) => {
      await sendJson('POST', API_PATHS.ownPassword, MEDIA_TYPES.json, MEDIA_TYPES.json, change, o);
    },
    requestPasswordReset: async (email, o) => {
      await sendJson('POST', API_PATHS.passwordResets, MEDIA_TYPES.json, MEDIA_TYPES.json, { email }, o);
    },
    getPasswordReset: (token, o) => getJson(`${API_PATHS.passwordResets}${encodeUnreserved(token)}`, MEDIA_TYPES.json, o),
    completePasswordReset: async (token, password, o) => {
      await sendJson('POST', `${API_PATHS.passwordResets}${encodeUnreserved(token)}`, MEDIA_TYPES.json, MEDIA_TYPES.json, { password }, o);
    },
    listApplications: (o) => getJson(API_PATHS.applications, MEDIA_TYPES.json, o),
    createApplication: (application, o) => sendJson('POST', API_PATHS.applications, MEDIA_TYPES.json, MEDIA_TYPES.json, application, o),
    deleteApplication: (href, o) => remove(href, o),
    listApiKeys: (o) => getJson(API_KEYS_PATH, MEDIA_TYPES.json, o),
    createApiKey: (apiKey, o) => sendJson('POST', API_KEYS_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, apiKey, o),
    revokeApiKey: (href, o) => remove(href, o),
    listProcessingProfiles: (o) => getJson(PROCESSING_PROFILES_PATH, MEDIA_TYPES.json, o),
    createProcessingProfile: (profile, o) => sendJson('POST', PROCESSING_PROFILES_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, profile, o),
    updateProcessingProfile: (href, profile, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, profile, o),
    deleteProcessingProfile: (href, o) => remove(href, o),
    listWatermarks: (o) => getJson(WATERMARKS_PATH, MEDIA_TYPES.json, o),
    createWatermark: (watermark, o) => sendJson('POST', WATERMARKS_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, watermark, o),
    updateWatermark: (href, watermark, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, watermark, o),
    deleteWatermark: (href, o) => remove(href, o),
    requestRendition: async (href, o) => {
      const response = await send('POST', RENDITION_SERVICE_PATH, { accept: MEDIA_TYPES.json, contentType: MEDIA_TYPES.json, body: JSON.stringify({ href }), signal: o?.signal });
      const body = await readBody<{ href?: unknown } | undefined>(response).catch(() => undefined);
      const location = response.headers.get('Location') ?? (typeof body?.href === 'string' ? body.href : undefined);
      return { status: response.status, location: location === null || location === '' ? undefined : location };
    },
    renditionStatus: async (href, o) => {
      const response = await send('GET', href, { accept: '*/*', signal: o?.signal });
      const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
      if (response.status !== 202) {
        // The file itself: the browser downloads it from the href, so this answer's body is dropped unread.
        await response.body?.cancel().catch(() => undefined);
        return { ready: true, retryAfterMs: undefined };
      }
      await response.body?.cancel().catch(() => undefined);
      return { ready: false, retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined };
    },
    listWebhooks: (o) => getJson(WEBHOOKS_PATH, MEDIA_TYPES.json, o),
    createWebhook: (webhook, o) => sendJson('POST', WEBHOOKS_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, webhook, o),
    deleteWebhook: (href, o) => remove(href, o),
    listWebhookDeliveries: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    redeliverWebhookDelivery: (deliveriesHref, deliveryId, o) =>
      call('POST', `${deliveriesHref.replace(/\/$/, '')}/${encodeUnreserved(deliveryId)}/redeliver`, { accept: MEDIA_TYPES.json, signal: o?.signal }),
    listMail: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    listActivity: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    getActivitySettings: (o) => getJson(ACTIVITY_SETTINGS_PATH, MEDIA_TYPES.json, o),
    updateActivitySettings: (settings, o) => sendJson('PUT', ACTIVITY_SETTINGS_PATH, MEDIA_TYPES.json, MEDIA_TYPES.json, settings, o),
    getMail: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    sendTestMail: (href, o) => call('POST', href, { accept: MEDIA_TYPES.json, signal: o?.signal }),
    createInvitations: (href, invitation, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, invitation, o),
    listInvitations: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    revokeInvitation: async (href, o) => {
      await sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, {}, o);
    },
    listGrantableGroups: (template, q, o) => getJson(expandUriTemplate(template, { q }), MEDIA_TYPES.json, o),
    getSignupForm: (invitation, o) => getJson(invitation === undefined ? API_PATHS.signup : `${API_PATHS.signup}?invitation=${encodeUnreserved(invitation)}`, MEDIA_TYPES.json, o),
    submitSignup: (signup, o) => sendJson('POST', API_PATHS.signup, MEDIA_TYPES.json, MEDIA_TYPES.json, signup, o),
    listSignups: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    countSignups: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    updateSignup: (href, update, o) => sendJson('PATCH', href, MEDIA_TYPES.json, MEDIA_TYPES.json, update, o),
    approveSignup: (href, groups, o) => sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, groups === undefined ? {} : { groups: [...groups] }, o),
    rejectSignup: async (href, o) => {
      await sendJson('POST', href, MEDIA_TYPES.json, MEDIA_TYPES.json, {}, o);
    },
    getSignupSettings: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    updateSignupSettings: (href, settings, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, settings, o),
    getPublicDescriptor: (o) => getJson(API_PATHS.publicEntryPoint, MEDIA_TYPES.apiDescriptor, o),
    listArchiveConfigs: (o) => getJson(API_PATHS.archiveConfigs, MEDIA_TYPES.json, o),
    getArchiveConfig: (href, o) => getJson(href, MEDIA_TYPES.json, o),
    createArchiveConfig: (archive, o) => sendJson('POST', API_PATHS.archiveConfigs, MEDIA_TYPES.json, MEDIA_TYPES.json, archive, o),
    updateArchiveConfig: (href, archive, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, archive, o),
    deleteArchiveConfig: (href, moveAssetsTo, o) => remove(moveAssetsTo === undefined ? href : `${href}?moveAssetsTo=${moveAssetsTo}`, o),
    listMetadataViewConfigs: (o) => getJson(API_PATHS.metadataViewConfigs, MEDIA_TYPES.json, o),
    createMetadataViewConfig: (view, o) => sendJson('POST', API_PATHS.metadataViewConfigs, MEDIA_TYPES.json, MEDIA_TYPES.json, view, o),
    listPools: (o) => getJson(API_PATHS.pools, MEDIA_TYPES.json, o),
    getConsentFormSettings: (o) => getJson(API_PATHS.consentFormSettings, MEDIA_TYPES.json, o),
    updateConsentFormSettings: (settings, o) => sendJson('PUT', API_PATHS.consentFormSettings, MEDIA_TYPES.json, MEDIA_TYPES.json, settings, o),
    listAssetConsentForms: (assetId, o) => getJson(`${API_PATHS.assetConsent}${encodeURIComponent(assetId)}/forms/`, MEDIA_TYPES.json, o),
    createConsentForm: (form, o) => sendJson('POST', API_PATHS.consentForms, MEDIA_TYPES.json, MEDIA_TYPES.json, form, o),
    updateConsentForm: (href, fields, o) => sendJson('PUT', href, MEDIA_TYPES.json, MEDIA_TYPES.json, fields, o),
    listConsentForms: (query, o) => getJson(withQuery(API_PATHS.consentForms, query), MEDIA_TYPES.json, o),
    linkConsentFormAsset: (formHref, assetHref, o) => sendJson('POST', `${formHref}/assets`, MEDIA_TYPES.json, MEDIA_TYPES.json, { href: assetHref }, o),
    unlinkConsentFormAsset: (formHref, assetId, o) => call('DELETE', `${formHref}/assets/${encodeURIComponent(assetId)}`, { accept: MEDIA_TYPES.json, signal: o?.signal }),
    deleteConsentForm: (formHref, assets, o) => remove(assets === undefined ? formHref : withQuery(formHref, { assets: assets.join(',') }), o),
    listMetadataFields: (filter, o) => getJson(`${API_PATHS.metadataFields}${encodeURIComponent(filter)}`, MEDIA_TYPES.json, o),
    listConfigSettingItems: (setting, o) => getJson(`${API_PATHS.config}${setting}`, MEDIA_TYPES.json, o),
  };
}

/** A 2xx answer's JSON body, or undefined for 204 and an empty body. */
async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text.trim() === '' ? undefined : JSON.parse(text)) as T;
}

/** Parses an error response's body as `ErrorBody`, or undefined when it is not one. */
async function readErrorBody(response: Response): Promise<ErrorBody | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { value?: unknown }).value === 'string' &&
      typeof (parsed as { message?: unknown }).message === 'string'
    ) {
      return parsed as ErrorBody;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page).
  }
  return undefined;
}

function browserCookies(): string {
  const doc = (globalThis as { document?: { cookie?: unknown } }).document;
  return typeof doc?.cookie === 'string' ? doc.cookie : '';
}

/**
 * The value of cookie `name` in a `Cookie` header or `document.cookie` string (`a=1; b=2`), percent-decoded, or
 * undefined when absent.
 */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------ URI templates

/** A template variable: a string, a list of strings, or undefined (left out). */
export type UriTemplateValue = string | readonly string[] | undefined;

const OPERATORS: Record<string, { first: string; sep: string; named: boolean; ifEmpty: string; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

/** Percent-encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`), as UTF-8. */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Like {@link encodeUnreserved} but keeps reserved characters and existing `%XX` triplets (RFC 6570 `+`, `#`). */
function encodeReserved(value: string): string {
  return value.replace(/%[0-9A-Fa-f]{2}|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/gu, (m) => (m.startsWith('%') && m.length === 3 ? m : encodeURIComponent(m)));
}

/**
 * Expands an RFC 6570 URI template (levels 1–4 for string and list values: operators `+ # . / ; ? &`, explode `*`,
 * prefix `:n`). Undefined variables and empty lists are left out, as the RFC says. Used for FotoWeb's `searchURL`
 * (`{?q}`), `dataTemplate` (`{/path*}`, `{;o}`) and the descriptor's `*_search` links.
 *
 * @throws Error when the template has an unclosed `{`.
 */
export function expandUriTemplate(template: string, variables: Record<string, UriTemplateValue>): string {
  let result = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open === -1) {
      result += template.slice(index);
      break;
    }
    const close = template.indexOf('}', open);
    if (close === -1) throw new Error(`Unclosed "{" in URI template: ${template}`);
    result += template.slice(index, open);
    result += expandExpression(template.slice(open + 1, close), variables);
    index = close + 1;
  }
  return result;
}

function expandExpression(expression: string, variables: Record<string, UriTemplateValue>): string {
  const first = expression.charAt(0);
  const operatorKey = first in OPERATORS && first !== '' ? first : '';
  const op = OPERATORS[operatorKey]!;
  const encode = op.reserved ? encodeReserved : encodeUnreserved;
  const parts: string[] = [];
  for (const spec of expression.slice(operatorKey.length).split(',')) {
    const match = /^([A-Za-z0-9_.%]+)(\*|:([0-9]{1,4}))?$/.exec(spec.trim());
    if (match === null) continue;
    const name = match[1]!;
    const explode = match[2] === '*';
    const prefix = match[3] !== undefined ? Number(match[3]) : undefined;
    const value = variables[name];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const text = prefix !== undefined ? Array.from(value).slice(0, prefix).join('') : value;
      parts.push(op.named ? (text === '' ? name + op.ifEmpty : `${name}=${encode(text)}`) : encode(text));
      continue;
    }
    if (value.length === 0) continue;
    if (!explode) {
      const joined = value.map(encode).join(',');
      parts.push(op.named ? `${name}=${joined}` : joined);
    } else {
      parts.push(value.map((item) => (op.named ? (item === '' ? name + op.ifEmpty : `${name}=${encode(item)}`) : encode(item))).join(op.sep));
    }
  }
  return parts.length === 0 ? '' : op.first + parts.join(op.sep);
}

/**
 * Expands a FotoWeb search URL template with a search expression: `/fotoweb/archives/5000-Photos/{?q}` and
 * `"dog AND 25:cat"` give `/fotoweb/archives/5000-Photos/?q=dog%20AND%2025%3Acat` (RFC 6570 form-style query,
 * UTF-8 percent-encoding; FotoWeb API, Collection queries). An empty `q` gives `?q=`. A `null` `searchURL` means
 * the collection cannot be searched; do not call this then.
 */
export function expandSearchUrl(template: string, q: string): string {
  return expandUriTemplate(template, { q });
}
