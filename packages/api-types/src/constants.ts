/**
 * Runtime constants of Magpie's API contracts (openapi/dam.yaml, openapi/bff.yaml), shared by the web client, the
 * BFF and the DAM. Each is checked at compile time against the generated types, so a contract change that breaks
 * one fails `tsc`.
 */
import type { components as DamComponents, operations as DamOperations } from './generated/dam.ts';

type Assert<T extends true> = T;
type IsNever<T> = [T] extends [never] ? true : false;

/**
 * FotoWeb media types (`application/vnd.fotoware.<x>+json`, FotoWeb API "Media types"; fotoweb-api-notes §2) and
 * the plain types the contract uses. Send them in `Accept` to choose a representation and in `Content-Type` for
 * bodies; servers answer them with `; charset=utf-8`.
 */
export const MEDIA_TYPES = {
  /** Public API descriptor (`GET /fotoweb/`). */
  apiDescriptor: 'application/vnd.fotoware.api-descriptor+json',
  /** Private API descriptor (`GET /fotoweb/me/`). */
  fullApiDescriptor: 'application/vnd.fotoware.full-api-descriptor+json',
  /** A collection with its first page of assets and children embedded. */
  collection: 'application/vnd.fotoware.collection+json',
  /** A collection's attributes only. */
  collectionInfo: 'application/vnd.fotoware.collectioninfo+json',
  /** A page of collections. */
  collectionList: 'application/vnd.fotoware.collectionlist+json',
  /** A page of assets. */
  assetList: 'application/vnd.fotoware.assetlist+json',
  /** One asset. */
  asset: 'application/vnd.fotoware.asset+json',
  /** `PATCH <asset>` body (metadata edit). */
  assetUpdate: 'application/vnd.fotoware.assetupdate+json',
  /** A metadata view (`/fotoweb/editors/<id>`). */
  metadataSet: 'application/vnd.fotoware.metadata-set+json',
  /** `POST /fotoweb/me/background-tasks/` body of a batch metadata edit (fotoweb-api-notes §6.2). */
  metadataEditRequest: 'application/vnd.fotoware.metadata-edit-request+json',
  /** The answer to creating a metadata edit task `{location, status, maxInterval}`. */
  metadataEditResponse: 'application/vnd.fotoware.metadata-edit-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that duplicates assets, at a revision when given (spec 01 §7). */
  duplicateRequest: 'application/vnd.fotoware.duplicate-request+json',
  /** The answer to creating a duplicate task `{location, status, maxInterval}`. */
  duplicateResponse: 'application/vnd.fotoware.duplicate-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that renames one asset (`job-filename`, issue 13). */
  renameRequest: 'application/vnd.fotoware.rename-request+json',
  /** The answer to creating a rename task. */
  renameResponse: 'application/vnd.fotoware.rename-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that moves assets (`job-destination`, issue 13). */
  moveRequest: 'application/vnd.fotoware.move-request+json',
  /** The answer to creating a move task. */
  moveResponse: 'application/vnd.fotoware.move-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that copies assets (`job-destination`, issue 13). */
  copyRequest: 'application/vnd.fotoware.copy-request+json',
  /** The answer to creating a copy task. */
  copyResponse: 'application/vnd.fotoware.copy-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that rotates assets (`direction`, issue 13). */
  rotateRequest: 'application/vnd.fotoware.rotate-request+json',
  /** The answer to creating a rotate task. */
  rotateResponse: 'application/vnd.fotoware.rotate-response+json',
  /** `POST /fotoweb/me/background-tasks/` body that moves assets to the trash (issue 13). */
  deleteRequest: 'application/vnd.fotoware.delete-request+json',
  /** The answer to creating a delete task. */
  deleteResponse: 'application/vnd.fotoware.delete-response+json',
  /** A background task's status (`GET <task location>`). */
  taskStatus: 'application/vnd.fotoware.task-status+json',
  /** `POST /fotoweb/services/renditions` body: an asset's rendition href (fotoweb-api-notes §6.3). */
  renditionRequest: 'application/vnd.fotoware.rendition-request+json',
  /** The answer of the rendition service: where the file is downloaded once ready. */
  renditionResponse: 'application/vnd.fotoware.rendition-response+json',
  /** The user's preferences (Magpie; FotoWeb's type is not public). */
  userPreferences: 'application/vnd.fotoware.user-preferences+json',
  /** `PATCH` body of the user's preferences (spec 03 §7). */
  userPreferencesUpdate: 'application/vnd.fotoware.user-preferences-update+json',
  /** The user's pins (Magpie; FotoWeb's type is not public): `GET`, and the answers of `POST` and `PATCH` on the pins url. */
  pinList: 'application/vnd.fotoware.pin-list+json',
  /** `{data: [{href}]}`: a list of hrefs (FotoWeb's `assetlinklist`), e.g. the body of pinning (spec 01 §7). */
  assetLinkList: 'application/vnd.fotoware.assetlinklist+json',
  /** FotoWeb's `order`: an order, or the cart (`GET /fotoweb/me/cart` with this Accept). */
  order: 'application/vnd.fotoware.order+json',
  /** FotoWeb's `orderlist`: a list of orders. */
  orderList: 'application/vnd.fotoware.orderlist+json',
  /** FotoWeb's `orderupdate`: an approver's change, APPROVE or REJECT body. */
  orderUpdate: 'application/vnd.fotoware.orderupdate+json',
  /** FotoWeb's `order-submission-info`: the answer to submitting the cart. */
  orderSubmissionInfo: 'application/vnd.fotoware.order-submission-info+json',
  /** FotoWeb's `cart-update`: the cart's items and comment, also the body of submitting it. */
  cartUpdate: 'application/vnd.fotoware.cart-update+json',
  /** FotoWeb's `count`: `{count}`, e.g. the cart's item count. */
  count: 'application/vnd.fotoware.count+json',
  /** `POST /fotoweb/me/albums/` body `{name, description?}`: a new album (issue 13). */
  collectionCreate: 'application/vnd.fotoware.collection-create+json',
  /** FotoWeb's `sharing`: how an album is shared (its share links). */
  sharing: 'application/vnd.fotoware.sharing+json',
  /** FotoWeb's `sharing-update`: share links made and revoked. */
  sharingUpdate: 'application/vnd.fotoware.sharing-update+json',
  /** FotoWeb's `sharing-link-list`: the links a `sharing-update` made. */
  sharingLinkList: 'application/vnd.fotoware.sharing-link-list+json',
  /** FotoWeb's `people-list`: users and groups an album can be shared with (the descriptor's `people_search`). */
  peopleList: 'application/vnd.fotoware.people-list+json',
  /** `{assets: {delete: [href]}}`: removing members of a collection, e.g. unpinning (spec 01 §7). */
  collectionUpdate: 'application/vnd.fotoware.collection-update+json',
  /** `POST <collection>` body `{name}`: a new folder there (issue 13). */
  folderCreationInfo: 'application/vnd.fotoware.folder-creation-info+json',
  /** `PATCH <folder>` body `{name}`: the folder's new name (issue 13). */
  folderUpdate: 'application/vnd.fotoware.folder-update+json',
  /** A taxonomy with a page of its top-level items (fotoweb-api-notes §7). */
  taxonomy: 'application/vnd.fotoware.taxonomy+json',
  /** A taxonomy's properties only. */
  taxonomyInfo: 'application/vnd.fotoware.taxonomy-info+json',
  /** A page of taxonomies. */
  taxonomyList: 'application/vnd.fotoware.taxonomy-list+json',
  /** A taxonomy item with its ancestors and a page of its children. */
  taxonomyItem: 'application/vnd.fotoware.taxonomy-item+json',
  /** A taxonomy item's properties only. */
  taxonomyItemInfo: 'application/vnd.fotoware.taxonomy-item-info+json',
  /** A page of taxonomy items. */
  taxonomyItemList: 'application/vnd.fotoware.taxonomy-item-list+json',
  /** `POST /fotoweb/api/taxonomies/` body. */
  taxonomyCreationInfo: 'application/vnd.fotoware.taxonomy-creation-info+json',
  /** `PUT <taxonomy>` body. */
  taxonomyUpdate: 'application/vnd.fotoware.taxonomy-update+json',
  /** `POST <taxonomy or item>` body: a new item. */
  taxonomyItemCreationInfo: 'application/vnd.fotoware.taxonomy-item-creation-info+json',
  /** `PUT <item>` body. */
  taxonomyItemUpdate: 'application/vnd.fotoware.taxonomy-item-update+json',
  /** A user, admin view (spec 03 §3.1); also the body of creating and patching a user. */
  user: 'application/vnd.fotoware.user+json',
  /** A page of users (spec 03 §3.5); also the body of deleting many users `{users}` (spec 03 §7). */
  userList: 'application/vnd.fotoware.user-list+json',
  /** The batch update body `{users, data}` (spec 03 §7). */
  userListUpdate: 'application/vnd.fotoware.user-list-update+json',
  /** A group, admin view (spec 03 §3.2); also the body of creating and patching a group. */
  group: 'application/vnd.fotoware.group+json',
  /** A page of groups (spec 03 §3.5). */
  groupList: 'application/vnd.fotoware.group-list+json',
  /** The groups a user or group is a direct member of `{groups: [{href, name}]}` (spec 03 §7). */
  memberOf: 'application/vnd.fotoware.memberof+json',
  /** A membership change `{add, remove}` sent to `memberOfHref`, `userMembersHref` or `groupMembersHref` (spec 03 §7). */
  groupListUpdate: 'application/vnd.fotoware.group-list-update+json',
  /** A page of a group's direct members (Magpie). */
  memberList: 'application/vnd.fotoware.member-list+json',
  /** `{user: href}`: the site owner (spec 03 §7). */
  userReference: 'application/vnd.fotoware.user-reference+json',
  /** Plain JSON: the Upload API, the BFF's routes, errors, and an alternative for every FotoWeb type. */
  json: 'application/json',
  /** A ZIP of a selection (`getDownload`, issue 13). */
  zip: 'application/zip',
  /** The activity log's export as CSV (RFC 4180; issue 15 `exportActivity`). */
  csv: 'text/csv',
  /** The activity log's export as JSON lines (issue 15 `exportActivity`, `format=jsonl`). */
  ndjson: 'application/x-ndjson',
  /** The site's custom CSS (`getCustomCss`, issue 15). */
  css: 'text/css',
  /** The OAuth token endpoint's body (RFC 6749 §4). */
  formUrlEncoded: 'application/x-www-form-urlencoded',
  /** Upload API chunks. */
  multipart: 'multipart/form-data',
  /** Raw file bytes. */
  octetStream: 'application/octet-stream',
} as const;

/** One of {@link MEDIA_TYPES}' values. */
export type MediaType = (typeof MEDIA_TYPES)[keyof typeof MEDIA_TYPES];

type ContentOf<Op extends keyof DamOperations, Status extends keyof DamOperations[Op]['responses']> = DamOperations[Op]['responses'][Status] extends { content: infer C }
  ? keyof C
  : never;
type _MediaTypesMatchContract = [
  Assert<typeof MEDIA_TYPES.fullApiDescriptor extends ContentOf<'getFullApiDescriptor', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.collection extends ContentOf<'getCollection', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.collectionInfo extends ContentOf<'getCollection', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.collectionList extends ContentOf<'getCollection', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.assetList extends ContentOf<'getCollection', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.collectionList extends ContentOf<'listMyArchives', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.asset extends ContentOf<'getAsset', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.pinList extends ContentOf<'listPins', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.pinList extends ContentOf<'addPins', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.userPreferences extends ContentOf<'getUserPreferences', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataSet extends ContentOf<'getMetadataView', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.assetUpdate extends keyof DamOperations['updateAsset']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataEditRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataEditResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.duplicateRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.duplicateResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.renameRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.moveRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.copyRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.rotateRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.deleteRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.renameResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.moveResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.copyResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.rotateResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.deleteResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.taskStatus extends ContentOf<'getBackgroundTask', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyList extends ContentOf<'listTaxonomies', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomy extends ContentOf<'getTaxonomy', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyInfo extends ContentOf<'getTaxonomy', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyItemList extends ContentOf<'getTaxonomy', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyItem extends ContentOf<'getTaxonomyItem', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyItemInfo extends ContentOf<'getTaxonomyItem', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyCreationInfo extends keyof DamOperations['createTaxonomy']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyUpdate extends keyof DamOperations['updateTaxonomy']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyItemCreationInfo extends keyof DamOperations['createTopLevelTaxonomyItem']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.taxonomyItemUpdate extends keyof DamOperations['updateTaxonomyItem']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.userPreferencesUpdate extends keyof DamOperations['updateUserPreferences']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.userList extends ContentOf<'listUsers', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.user extends keyof DamOperations['createUser']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.user extends ContentOf<'getUser', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.userListUpdate extends keyof DamOperations['updateUsers']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.userList extends keyof DamOperations['deleteUsers']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.memberOf extends ContentOf<'getUserMemberOf', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.groupListUpdate extends keyof DamOperations['updateUserMemberOf']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.userReference extends keyof DamOperations['setSiteOwner']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.groupList extends ContentOf<'listGroups', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.group extends ContentOf<'getGroup', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.memberList extends ContentOf<'listGroupUsers', 200> ? true : false>,
];

type ArchivePermissionId = DamComponents['schemas']['ArchivePermission'];
type LinkCollectionPermissionId = DamComponents['schemas']['LinkCollectionPermission'];

/**
 * Every archive permission id, in the order of spec 03 §3.11 (`ArchivePermission` in dam.yaml). Collections and
 * assets carry the caller's effective ids in `permissions`; clients test membership, never compute them.
 */
export const ARCHIVE_PERMISSIONS = [
  'View',
  'Preview',
  'Comping',
  'Workflow',
  'Download',
  'DuplicateFile',
  'Order',
  'EditText',
  'CropRotate',
  'CopyTo',
  'MoveTo',
  'CopyFrom',
  'MoveFrom',
  'Rename',
  'Delete',
  'Alert',
  'MngVideo',
  'EditSmartFolders',
  'CropAndDownload',
  'Export',
  'Comment',
  'Annotate',
  'TrdParty1',
  'TrdParty2',
  'TrdParty3',
  'TrdParty4',
  'EditFile',
  'OpenFile',
  'CropFile',
  'FwdtPlace',
  'UploadFile',
  'HistoryView',
  'HistoryRollback',
  'HistoryManage',
  'ViewConsentSummary',
  'ViewConsentDetails',
  'ManageConsentStatus',
] as const satisfies readonly ArchivePermissionId[];

/**
 * What each archive permission directly requires (spec 03 §4 "Archive permission dependencies"): the DAM refuses an
 * access list that breaks them (`permission_dependency`), and the access-list editor ticks prerequisites with their
 * dependents.
 */
export const ARCHIVE_PERMISSION_REQUIRES: Readonly<Partial<Record<(typeof ARCHIVE_PERMISSIONS)[number], readonly (typeof ARCHIVE_PERMISSIONS)[number][]>>> = {
  HistoryRollback: ['HistoryView'],
  HistoryManage: ['HistoryView'],
  ManageConsentStatus: ['ViewConsentDetails', 'ViewConsentSummary'],
  ViewConsentDetails: ['ViewConsentSummary'],
}; // spec 03 §4

/** A collection tile's colour when none is chosen (spec 02 §9). */
export const DEFAULT_COLLECTION_COLOR = '#999999';

/**
 * The 36 fixed colours a folder's tile may take (spec 02 §2 Collection tile, §9 "the colour palette holds 36 fixed
 * colours"): six hues in six shades, from the Tailwind palette, light to dark, as lower-case `#rrggbb`.
 */
export const COLLECTION_COLORS = [
  '#fecaca',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#7f1d1d',
  '#fed7aa',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#7c2d12',
  '#fef08a',
  '#facc15',
  '#eab308',
  '#ca8a04',
  '#a16207',
  '#713f12',
  '#bbf7d0',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#14532d',
  '#bfdbfe',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e3a8a',
  '#e9d5ff',
  '#c084fc',
  '#a855f7',
  '#9333ea',
  '#7e22ce',
  '#581c87',
] as const;

/** The icons a folder's tile may show (`iconCharacter`; spec 02 §9 default `Folder`). */
export const COLLECTION_ICONS = ['Folder', 'Images', 'Camera', 'Film', 'Music', 'FileText', 'Star', 'Heart', 'Flag', 'Globe', 'Users', 'Briefcase'] as const;

/** One of {@link COLLECTION_ICONS}. */
export type CollectionIcon = (typeof COLLECTION_ICONS)[number];

/** The special access-list member moved to the end of the list on save (spec 03 §4, §9). */
export const SPECIAL_ARCHIVE_MEMBER_ID = 10000;

/** Permissions only collections carry (albums and posters; FotoWeb `Permission`): `LinkCollectionPermission`. */
export const LINK_COLLECTION_PERMISSIONS = ['Add', 'Remove', 'Reorder', 'SetPosterAsset'] as const satisfies readonly LinkCollectionPermissionId[];

type _PermissionListsAreExhaustive = [
  Assert<IsNever<Exclude<ArchivePermissionId, (typeof ARCHIVE_PERMISSIONS)[number]>>>,
  Assert<IsNever<Exclude<LinkCollectionPermissionId, (typeof LINK_COLLECTION_PERMISSIONS)[number]>>>,
];

/**
 * True when `value` is an archive permission id (spec 03 §3.11). Use it to narrow ids read from untrusted JSON,
 * e.g. an access list.
 */
export function isArchivePermission(value: unknown): value is ArchivePermissionId {
  return typeof value === 'string' && (ARCHIVE_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The `ErrorBody.value` symbols Magpie sends, with the HTTP status each goes with (dam.yaml `ErrorBody`). Clients
 * switch on `value` and treat an unknown one like its status code's generic meaning.
 */
export const ERROR_VALUES = {
  InvalidRequest: 400,
  InvalidChunk: 400,
  InvalidFilename: 400,
  Unauthorized: 401,
  Forbidden: 403,
  InvalidCsrfToken: 403,
  NotFound: 404,
  NotAcceptable: 406,
  Conflict: 409,
  DuplicateChunk: 409,
  DuplicateAsset: 409,
  InvalidSearchExpression: 400,
  InvalidTaxonomyItem: 400,
  InvalidTaxonomyFile: 400,
  TaxonomyExists: 409,
  TaxonomyItemExists: 409,
  UserExists: 409,
  GroupExists: 409,
  out_of_licenses: 409,
  CircularGroupMembers: 409,
  CircularMemberOf: 409,
  SiteOwnerProtected: 403,
  WeakPassword: 400,
  WrongPassword: 403,
  PasswordChangeRequired: 403,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RangeNotSatisfiable: 416,
  TooManyRequests: 429,
  InternalError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  // Invitations and sign-ups (issue 14).
  InvitationNotFound: 404,
  InvitationRevoked: 410,
  InvitationUsed: 410,
  InvitationExpired: 410,
  SignupClosed: 403,
  SignupExists: 409,
} as const;

/** A known `ErrorBody.value` symbol (see {@link ERROR_VALUES}). */
export type ErrorValue = keyof typeof ERROR_VALUES;

/** The BFF's HttpOnly session cookie (bff.yaml `sessionCookie`; SameSite=Lax, Path=/). */
export const SESSION_COOKIE = 'magpie_session';
/** The BFF's readable CSRF cookie (double-submit; bff.yaml "CSRF"). */
export const CSRF_COOKIE = 'magpie_csrf';
/** The header that must equal {@link CSRF_COOKIE} on unsafe methods, else 403 `InvalidCsrfToken`. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Methods that need no CSRF header (RFC 9110 §9.2.1 safe methods). */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * The fixed URLs of the contracts; everything else is read from the descriptor or from `href`s.
 * - `entryPoint`: the private entry point (full API descriptor), FotoWeb API "API descriptor".
 * - `uploads`: the Upload API (FotoWeb API "Upload API"; it has no descriptor link).
 * - `backgroundTasks`: where background tasks are created (FotoWeb API "Background tasks"; spec 01 §7).
 * - `downloads`: where a ZIP download of a selection is prepared (Magpie, issue 13).
 * - `taxonomies`: the list of taxonomies (FotoWeb API "Taxonomies"; fotoweb-api-notes §7), one per field that has one.
 * - `configOptions`: the permissions overview (spec 03 §3.4, §7).
 * - `ownPassword`: where a user changes their own password (Magpie, `changeOwnPassword`).
 * - `applications`: the API clients of integrations (Magpie, spec 03 §3.12).
 * - `signup`: the public sign-up (Magpie, issue 14): `GET` its form (`?invitation=<token>`), `POST` a sign-up. Visitors
 *   have no descriptor, so it is fixed.
 * - `login`, `session`, `logout`: the BFF's own routes (bff.yaml). `logout` is also the descriptor's `services.logout`.
 * - `token`, `health`: DAM only; the browser never calls them.
 */
export const API_PATHS = {
  entryPoint: '/fotoweb/me/',
  uploads: '/fotoweb/api/uploads',
  backgroundTasks: '/fotoweb/me/background-tasks/',
  downloads: '/fotoweb/me/downloads/',
  taxonomies: '/fotoweb/api/taxonomies/',
  configOptions: '/fotoweb/api/config/options',
  ownPassword: '/fotoweb/me/password',
  passwordResets: '/fotoweb/password-resets/',
  signup: '/fotoweb/signup/',
  applications: '/fotoweb/api/config/applications',
  archiveConfigs: '/fotoweb/api/config/archives',
  metadataViewConfigs: '/fotoweb/api/config/metadataviews',
  pools: '/fotoweb/api/pools',
  consentFormSettings: '/fotoweb/api/config/consentForms/ConsentFormSettings',
  /** Consent forms (issue 15; Magpie's own): POST records one; `{href}` changes it, `{href}/assets` links an asset. */
  consentForms: '/fotoweb/consent/forms/',
  /** An asset's consent forms: `<prefix><uniqueid>/forms/`. */
  assetConsent: '/fotoweb/consent/assets/',
  metadataFields: '/fotoweb/api/config/metadata/fields/',
  config: '/fotoweb/api/config/',
  publicEntryPoint: '/fotoweb/',
  /** The site's custom CSS without its version (issue 15): the web app's link while no descriptor names it (guest access off). */
  customCss: '/fotoweb/appearance/css',
  login: '/fotoweb/views/login',
  session: '/fotoweb/views/session',
  logout: '/fotoweb/services/logout',
  token: '/fotoweb/oauth2/token',
  health: '/fotoweb/health',
} as const;

/** Where the BFF sends a user after login when the login URL had no valid `to` (bff.yaml `LoginResponse`). */
export const DEFAULT_LOGIN_TARGET = '/fotoweb/';

/**
 * A paging link to follow, or undefined when there is no such page. Real FotoWeb servers send `""` as well as null
 * for a missing `next`/`prev` (FotoWeb API "Paging"; architecture.md), so test with this rather than `!== null`.
 */
export function pageHref(link: string | null | undefined): string | undefined {
  return link === null || link === undefined || link === '' ? undefined : link;
}

// ------------------------------------------------------------------------------------------------ users and groups

type GroupPermissionId = DamComponents['schemas']['GroupPermission'];
type LicenseOption = DamComponents['schemas']['LicenseOption'];
type UserLicenseLevel = DamComponents['schemas']['UserLicenseLevel'];
type LicenseModeValue = DamComponents['schemas']['LicenseMode'];
type PaymentMethodValue = DamComponents['schemas']['PaymentMethod'];

/**
 * Every group permission (spec 03 §3.3, dam.yaml `GroupPermission`), in the spec's order: the album permissions
 * first, flattened as `albums.<name>`, then the plain ones. A group's `permissions` and the permissions overview's
 * `AvailableGroupPermissions` hold these strings; the group form shows one switch per available one.
 */
export const GROUP_PERMISSIONS = [
  'albums.create',
  'albums.comment',
  'albums.showOnHomepage',
  'albums.shareWithUsers',
  'albums.shareWithGroups',
  'albums.shareWithGuests',
  'albums.restrictToFriends',
  'albums.delegateDownloads',
  'uploadArea',
  'api',
  'isInDesignEditor',
  'viewFlows',
  'manageFlows',
  'changeSiteAppearance',
  'approvePendingSignups',
  'manageWebhooks',
  'shareBookmarks',
  'moderateComments',
  'manageAlbums',
  'manageTaxonomies',
  'manageExports',
  'inviteUsers',
  'approveOrders',
  'shareCropAndDownloadPresets',
  'manageUsers',
  'manageAnnotations',
  'manageArchives',
  'manageWorkflows',
  'manageServices',
  'audit',
  'manageSettings',
  'configureConsentForms',
  'manageActivityExports',
  'manageActivityLogging',
  'manageFotostationConfigurations',
] as const satisfies readonly GroupPermissionId[];

/** The album group permissions (`albums.*`) of {@link GROUP_PERMISSIONS}. */
export const ALBUM_GROUP_PERMISSIONS = GROUP_PERMISSIONS.filter((p): p is Extract<GroupPermissionId, `albums.${string}`> => p.startsWith('albums.'));

/** True when `value` is a group permission (spec 03 §3.3). Use it to narrow names read from untrusted JSON. */
export function isGroupPermission(value: unknown): value is GroupPermissionId {
  return typeof value === 'string' && (GROUP_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The user license levels of the permissions overview (`AvailableUserLicenseTypes`, spec 03 §3.4), "None" = 0
 * first. FotoWare's numbers are not public; these are Magpie's (plan Q9). The group license list is the same
 * without None.
 */
export const USER_LICENSE_LEVELS = [
  { ValueNumeric: 0, Label: 'None' },
  { ValueNumeric: 10, Label: 'Portal' },
  { ValueNumeric: 20, Label: 'Consumer' },
  { ValueNumeric: 30, Label: 'Contributor' },
  { ValueNumeric: 35, Label: 'Standard' },
  { ValueNumeric: 40, Label: 'Plus' },
  { ValueNumeric: 50, Label: 'Main' },
  { ValueNumeric: 60, Label: 'Editor' },
  { ValueNumeric: 70, Label: 'Pro' },
] as const satisfies readonly (LicenseOption & { ValueNumeric: UserLicenseLevel })[];

/** The license concurrency modes (`AvailableUserLicenseModes`, spec 03 §3.4). */
export const LICENSE_MODES = [
  { ValueNumeric: 0, Label: 'Named' },
  { ValueNumeric: 1, Label: 'Concurrent' },
] as const satisfies readonly (LicenseOption & { ValueNumeric: LicenseModeValue })[];

/** The payment methods of a user's commerce settings (spec 03 §3.1, §9). */
export const PAYMENT_METHODS = [
  { ValueNumeric: 1, Label: 'No charge' },
  { ValueNumeric: 2, Label: 'Invoice' },
  { ValueNumeric: 4, Label: 'Credit card' },
  { ValueNumeric: 8, Label: 'Manual accept' },
] as const satisfies readonly { ValueNumeric: PaymentMethodValue; Label: string }[];

type _UserListsAreExhaustive = [
  Assert<IsNever<Exclude<GroupPermissionId, (typeof GROUP_PERMISSIONS)[number]>>>,
  Assert<IsNever<Exclude<UserLicenseLevel, (typeof USER_LICENSE_LEVELS)[number]['ValueNumeric']>>>,
  Assert<IsNever<Exclude<LicenseModeValue, (typeof LICENSE_MODES)[number]['ValueNumeric']>>>,
  Assert<IsNever<Exclude<PaymentMethodValue, (typeof PAYMENT_METHODS)[number]['ValueNumeric']>>>,
];

/** The guest group's id (spec 03 §9); hidden from lists while guest access is off. */
export const GUEST_GROUP_ID = 10000;
/** The guest user's id (spec 03 §9); hidden from lists while guest access is off. */
export const GUEST_USER_ID = 15000;

/**
 * The address fields of a user beyond the names, e-mail and company (spec 03 §3.1 `address`, §2.7 Details tab), each
 * a string, `""` when not set. The DAM presents them and the user form edits them from this one list.
 */
export const USER_ADDRESS_DETAIL_FIELDS = [
  'title',
  'initial',
  'streetAddress',
  'streetAddress1',
  'streetAddress2',
  'streetAddress3',
  'streetAddress4',
  'city',
  'state',
  'zipCode',
  'country',
  'phone',
  'fax',
  'homepage',
  'profession',
  'businessType',
] as const satisfies readonly (keyof DamComponents['schemas']['UserAddress'])[];

/**
 * What a new user gets for what `createUser` leaves out (spec 03 §3.1, §9): enabled, no expiry, no forced password
 * change, license level 35 (Standard) mode 0 (Named), payment method 1 (No charge), discount 0.
 */
export const NEW_USER_DEFAULTS = {
  account: { isEnabled: true, expires: null, forcePasswordChange: false },
  license: { level: 35, mode: 0 },
  commerce: { accountId: '', paymentMethod: 1, category: '', discount: 0 },
} as const satisfies {
  account: Pick<DamComponents['schemas']['UserAccount'], 'isEnabled' | 'expires' | 'forcePasswordChange'>;
  license: DamComponents['schemas']['UserLicense'];
  commerce: DamComponents['schemas']['UserCommerce'];
};

/**
 * The password rules the DAM enforces (400 `WeakPassword`) and the web forms check before sending: at least
 * `minLength` characters (Unicode code points), at most `maxLength`, and not containing the username (compared
 * case-insensitively, for usernames of at least `usernameMinLengthChecked` characters: a one- or two-letter
 * username would otherwise forbid most passwords).
 */
export const PASSWORD_RULES = { minLength: 10, maxLength: 1024, usernameMinLengthChecked: 3 } as const;

/**
 * What is wrong with a new password for `username`, as the message to show, or null when it is acceptable
 * ({@link PASSWORD_RULES}). Pure; shared by the DAM (`WeakPassword`), the user form and the change-password view.
 *
 * @param password  The new password, as typed (not trimmed).
 * @param username  The user's username (the user being created or changed).
 */
export function passwordProblem(password: string, username: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_RULES.minLength) return `The password must be at least ${PASSWORD_RULES.minLength} characters long.`;
  if (length > PASSWORD_RULES.maxLength) return `The password must be at most ${PASSWORD_RULES.maxLength} characters long.`;
  const name = username.trim().toLowerCase();
  if (Array.from(name).length >= PASSWORD_RULES.usernameMinLengthChecked && password.toLowerCase().includes(name)) {
    return 'The password must not contain the user name.';
  }
  return null;
}

/** The longest album comment, in characters once trimmed (dam.yaml `AlbumCommentCreate`, issue 13). */
export const ALBUM_COMMENT_MAX_LENGTH = 2000;

/** The alert intervals of spec 01 §3, in the order a picker lists them (`AlertInterval`, issue 15). */
export const ALERT_INTERVALS = ['immediate', 'every_hour', 'every_6_hours', 'every_day', 'every_week', 'every_month'] as const;

/** The interval a new alert gets when the request names none (issue 15). */
export const DEFAULT_ALERT_INTERVAL = 'every_day' satisfies (typeof ALERT_INTERVALS)[number];

/** How many alerts one user may have (409 `TooManyAlerts` past it; issue 15). */
export const MAX_ALERTS_PER_USER = 100;

/** How many items a cart (and so an order) holds at most (409 `CartFull` past it; issue 15). */
export const MAX_CART_ITEMS = 500;

/** The order lists of approvers (`/fotoweb/orders/{list}/`, issue 15). */
export const ORDER_LISTS = ['pending', 'approved', 'rejected'] as const;
