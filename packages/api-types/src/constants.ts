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
  /** A background task's status (`GET <task location>`). */
  taskStatus: 'application/vnd.fotoware.task-status+json',
  /** The user's preferences (Magpie; FotoWeb's type is not public). */
  userPreferences: 'application/vnd.fotoware.user-preferences+json',
  /** `PATCH` body of the user's preferences (spec 03 §7). */
  userPreferencesUpdate: 'application/vnd.fotoware.user-preferences-update+json',
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
  /** Plain JSON: the Upload API, the BFF's routes, errors, and an alternative for every FotoWeb type. */
  json: 'application/json',
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
  Assert<typeof MEDIA_TYPES.userPreferences extends ContentOf<'getUserPreferences', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataSet extends ContentOf<'getMetadataView', 200> ? true : false>,
  Assert<typeof MEDIA_TYPES.assetUpdate extends keyof DamOperations['updateAsset']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataEditRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.metadataEditResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
  Assert<typeof MEDIA_TYPES.duplicateRequest extends keyof DamOperations['createBackgroundTask']['requestBody']['content'] ? true : false>,
  Assert<typeof MEDIA_TYPES.duplicateResponse extends ContentOf<'createBackgroundTask', 201> ? true : false>,
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
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RangeNotSatisfiable: 416,
  TooManyRequests: 429,
  InternalError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
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
 * - `taxonomies`: the list of taxonomies (FotoWeb API "Taxonomies"; fotoweb-api-notes §7), one per field that has one.
 * - `login`, `session`, `logout`: the BFF's own routes (bff.yaml). `logout` is also the descriptor's `services.logout`.
 * - `token`, `health`: DAM only; the browser never calls them.
 */
export const API_PATHS = {
  entryPoint: '/fotoweb/me/',
  uploads: '/fotoweb/api/uploads',
  backgroundTasks: '/fotoweb/me/background-tasks/',
  taxonomies: '/fotoweb/api/taxonomies/',
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
