/**
 * The route table of Magpie's contracts: which operation a method and path belong to, and the zod schemas that
 * validate its path parameters, query and body. The BFF looks every browser request up here before proxying it to
 * the DAM (bff.yaml "Proxy"); the DAM may use it to name operations in logs.
 *
 * Patterns match the raw (percent-encoded) pathname, without query or hash. They are deliberately loose (any
 * segment) where a schema can give a precise 400 instead: `/fotoweb/api/uploads/abc/chunks/x` finds `uploadChunk`,
 * and `ChunkParamsSchema` then refuses `x`.
 */
import type { ZodType } from 'zod';
import type { operations as DamOperations } from './generated/dam.ts';
import type { operations as BffOperations } from './generated/bff.ts';
import { MEDIA_TYPES } from './constants.ts';
import {
  AssetUpdateSchema,
  TrashUpdateSchema,
  DownloadParamsSchema,
  SmartFolderCreateSchema,
  SmartFolderListParamsSchema,
  SmartFolderParamsSchema,
  SmartFolderUpdateSchema,
  DownloadRequestSchema,
  BackgroundTaskParamsSchema,
  ChunkParamsSchema,
  BackgroundTaskRequestSchema,
  MetadataViewIdParamsSchema,
  MetadataViewUpdateSchema,
  RevisionCompareRequestSchema,
  RevisionParamsSchema,
  RollbackToRequestSchema,
  CollectionQuerySchema,
  LoginQuerySchema,
  LoginRequestSchema,
  TokenRequestSchema,
  UploadIdParamsSchema,
  UploadRequestSchema,
  UserPreferencesUpdateSchema,
  PinsAddSchema,
  AlbumAssetsAddSchema,
  AlbumCreateSchema,
  AlbumListParamsSchema,
  AlbumListQuerySchema,
  AlbumParamsSchema,
  AlbumQuerySchema,
  AlbumUpdateSchema,
  AlbumSharingUpdateSchema,
  AlbumCommentCreateSchema,
  AlertCreateSchema,
  CartUpdateSchema,
  OrderConfigSchema,
  ConsentAssetParamsSchema,
  ConsentFormAssetLinkSchema,
  ConsentFormAssetParamsSchema,
  ConsentFormCreateSchema,
  ConsentFormDeleteQuerySchema,
  ConsentFormListQuerySchema,
  ConsentFormParamsSchema,
  ConsentFormSettingsSchema,
  ConsentFormUpdateSchema,
  CustomCssQuerySchema,
  CustomCssUpdateSchema,
  TitleBarButtonListSchema,
  OrderDecisionSchema,
  OrderListParamsSchema,
  OrderParamsSchema,
  OrderSubmissionSchema,
  AlertParamsSchema,
  AlertUpdateSchema,
  AlbumCommentParamsSchema,
  PeopleQuerySchema,
  SharedAlbumQuerySchema,
  SharedFileQuerySchema,
  SharedOriginalParamsSchema,
  SharedPreviewParamsSchema,
  ShareTokenParamsSchema,
  ShareUnlockSchema,
  FolderNameSchema,
  FolderUpdateSchema,
  PinsRemoveSchema,
  TaxonomyCreationInfoSchema,
  TaxonomyFieldParamsSchema,
  TaxonomyImportRequestSchema,
  TaxonomyInfoRequestSchema,
  TaxonomyItemCreationInfoSchema,
  TaxonomyItemParamsSchema,
  TaxonomyItemUpdateSchema,
  TaxonomyQuerySchema,
  TaxonomyUpdateSchema,
  ApplicationCreateSchema,
  ApplicationParamsSchema,
  MailListQuerySchema,
  ActivityListQuerySchema,
  ActivityExportQuerySchema,
  ActivitySettingsSchema,
  MailParamsSchema,
  EmptyBodySchema,
  GrantableGroupsQuerySchema,
  InvitationCreateSchema,
  InvitationListQuerySchema,
  InvitationParamsSchema,
  SignupApprovalSchema,
  SignupFormQuerySchema,
  SignupParamsSchema,
  SignupRequestSchema,
  SignupSettingsSchema,
  SignupUpdateSchema,
  SiteFooterUpdateSchema,
  ArchiveConfigInputSchema,
  ArchiveConfigParamsSchema,
  ArchiveDeleteQuerySchema,
  ConfigSettingParamsSchema,
  MetadataFieldFilterParamsSchema,
  MetadataGroupParamsSchema,
  MetadataNamespaceParamsSchema,
  MetadataViewConfigCreateSchema,
  BetaEnabledSchema,
  BetaGroupCreateSchema,
  BetaGroupUpdateSchema,
  BetaMemberIdListSchema,
  BetaMembershipIdListSchema,
  BetaUserCreateSchema,
  BetaUserUpdateSchema,
  GroupCountQuerySchema,
  GroupMemberParamsSchema,
  MembershipParamsSchema,
  PropertyKeyParamsSchema,
  UserCountQuerySchema,
  GroupCreateSchema,
  GroupIdParamsSchema,
  GroupListQuerySchema,
  GroupUpdateSchema,
  MemberListQuerySchema,
  MemberListUpdateSchema,
  PasswordChangeSchema,
  PasswordResetCompletionSchema,
  PasswordResetParamsSchema,
  PasswordResetRequestSchema,
  UserCreateSchema,
  UserDeleteListSchema,
  UserIdParamsSchema,
  UserListQuerySchema,
  UserListUpdateSchema,
  UserReferenceSchema,
  UserUpdateSchema,
} from './schemas.ts';

/** HTTP methods used by the contracts. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An operation id of dam.yaml. */
export type DamOperationId = keyof DamOperations;
/** An operation id of bff.yaml. */
export type BffOperationId = keyof BffOperations;

/** One operation of a contract and how to validate a request for it. */
export interface RouteSpec {
  /** The HTTP method. A HEAD request is looked up as GET. */
  method: HttpMethod;
  /** Anchored pattern over the raw pathname; named groups become {@link RouteMatch.params}. */
  pattern: RegExp;
  /** The operation's `operationId` in its contract. */
  operationId: DamOperationId | BffOperationId;
  /** The contract that defines the operation: `bff` routes are answered by the BFF, `dam` routes by the DAM. */
  contract: 'dam' | 'bff';
  /**
   * Whether the BFF accepts this route from the browser. False for DAM routes only the BFF itself calls (the token
   * endpoint; the DAM's logout, which the BFF's own logout calls); the BFF answers those with 404 `NotFound`.
   */
  fromBrowser: boolean;
  /** Schema for the parsed body (JSON, or the decoded form fields for form bodies). Absent: the body is not checked. */
  body?: ZodType;
  /** Schema for the parsed query object. Absent: the query is not checked. */
  query?: ZodType;
  /** Schema for {@link RouteMatch.params}. Absent: the path needs no more checks than the pattern. */
  params?: ZodType;
  /**
   * Accepted request `Content-Type`s (media type without parameters, compared case-insensitively). A request with a
   * body of another type answers 415 `UnsupportedMediaType`. Absent: the operation takes no body.
   */
  bodyContentTypes?: readonly string[];
}

/**
 * The operations a visitor without a session may call (issue 12; spec 02 §1, §6; fotoweb-api-notes §1 "guest
 * access"): the public descriptor, browsing, searching and previewing archives (and their smart folders), asset
 * details and their metadata views, and reading taxonomies. While the DAM's guest access is on, a request for one of these without a token is
 * answered as the guest user, who sees what Everyone and Guests are granted; the BFF forwards them without a session
 * (and without any DAM token). Anything else without a token answers 401.
 */
export const GUEST_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>([
  'getPublicApiDescriptor',
  'listArchives',
  'getCollection',
  'getAsset',
  'getRendition',
  'getPreview',
  'getMetadataView',
  'listTaxonomies',
  'listArchiveTaxonomies',
  'getTaxonomy',
  'getTaxonomyItem',
  'getTaxonomyItemChildren',
  // A public archive's smart folders (issue 13): its page lists them for visitors too.
  'listSmartFolders',
  // Public albums (issue 13): the list, and opening one (other albums answer a guest 404).
  'listPublicAlbums',
  'getAlbum',
]);

/**
 * Operations anyone may call without a token, whatever the guest setting (issue 13): a share link's page, its
 * password, previews and originals. The link itself is the credential; the DAM checks it on every call.
 */
export const SHARE_LINK_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>(['getSharedAlbum', 'unlockSharedAlbum', 'getSharedPreview', 'getSharedOriginal']);

/**
 * Operations anyone may call without a token, whatever the guest setting (issue 14): the public sign-up page's form
 * and the sign-up itself. An invitation link's token (or open sign-up, when the site allows it) is what admits the
 * caller; the DAM checks it on every call and rate-limits them per client address.
 */
export const SIGNUP_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>(['getSignupForm', 'submitSignup']);

/**
 * Operations anyone may call without a token, whatever the guest setting (issue 14 "Password reset"): asking for a
 * reset link by e-mail address, checking a link, and setting a new password with it. The link's token is the
 * credential; the DAM checks it on every call, and its answers never tell whether an address has an account.
 */
export const PASSWORD_RESET_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>(['requestPasswordReset', 'getPasswordReset', 'completePasswordReset']);

/**
 * Operations anyone may call without a token, whatever the guest setting (issue 15): the cookie banner's text and the
 * cookie policy, which visitors who are not logged in read (spec 02 §4, §6), and the site's footer, shown on every
 * page, the login page too (spec 02 §2).
 */
export const PRIVACY_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>(['getCookieConsent', 'getSiteFooter']);

/**
 * Operations anyone may call without a token, whatever the guest setting (issue 15): the site's custom CSS, which the
 * web app links on every page, the login page included (spec 01 §3 `appearance.customCss`).
 */
export const APPEARANCE_OPERATIONS: ReadonlySet<DamOperationId> = new Set<DamOperationId>(['getCustomCss']);

/** A route found for a request, with the raw (still percent-encoded) values of the pattern's named groups. */
export interface RouteMatch {
  route: RouteSpec;
  params: Record<string, string>;
}

// ------------------------------------------------------------------------------------------------ path pieces

/** `<id>-<Name>` or `<id>` (dam.yaml parameter `archive`). */
export const ARCHIVE_SEGMENT = String.raw`(?<archive>[0-9]+(?:-[^/;?#]*)?)`;
/**
 * Folder segments after the archive, each `/` + a name. Only the sub-resource names `__revisions` and `__renditions`
 * are reserved; any other name, `__old` included, is a folder (folders are created with any name an upload gives).
 */
export const FOLDER_SEGMENTS = String.raw`(?<folderPath>(?:/(?!__(?:revisions|renditions)(?:[/;?#]|$))[^/;?#]+)*)`;
/** FotoWeb's sort and page path components after the last `/`: `;o=<sort>` and `;p=<0-based page>`, in any order. */
export const MATRIX_COMPONENTS = String.raw`(?<matrix>(?:;o=[^/;?#]*|;p=[0-9]+(?:-[A-Za-z0-9_-]*)?)*)`;
/** The folder path and file name of an asset, before `.info` (may contain `/`). */
export const ASSET_PATH = String.raw`(?<assetPath>[^?#]+?)`;

/** A taxonomy list's page path component after the last `/`: `;p=<0-based page>`, or nothing for page 0. */
export const PAGE_COMPONENT = String.raw`(?<matrix>(?:;p=[0-9]+)?)`;
/** A taxonomy's field id segment (any segment; `TaxonomyFieldParamsSchema` checks it). */
const FIELD_SEGMENT = String.raw`(?<fieldId>[^/;?#]+)`;
/** A taxonomy item's id segment (any segment; `TaxonomyItemParamsSchema` checks it). */
const ITEM_SEGMENT = String.raw`(?<itemId>[^/;?#]+)`;
/** A user's or group's id segment (any segment; `UserIdParamsSchema`/`GroupIdParamsSchema` check it). */
const ID_SEGMENT = String.raw`(?<id>[^/;?#]+)`;
/** A group id segment after `member-of/` (`MembershipParamsSchema` checks it). */
const MEMBERSHIP_SEGMENT = String.raw`(?<group>[^/;?#]+)`;
/** A member id segment after a group's `users/` or `groups/` (`GroupMemberParamsSchema` checks it). */
const MEMBER_SEGMENT = String.raw`(?<member>[^/;?#]+)`;
/** A custom property's key segment, still percent-encoded (`PropertyKeyParamsSchema` decodes and checks it). */
const KEY_SEGMENT = String.raw`(?<key>[^/;?#]+)`;

const re = (source: string): RegExp => new RegExp(`^${source}$`);

/** Patterns of every route, by operation id (exported for the DAM's and BFF's tests and docs). */
export const PATTERNS = {
  createToken: re('/fotoweb/oauth2/token'),
  logout: re('/fotoweb/services/logout'),
  keepalive: re('/fotoweb/services/keepalive'),
  getHealth: re('/fotoweb/health'),
  getFullApiDescriptor: re('/fotoweb/me/'),
  getFullApiDescriptorNoSlash: re('/fotoweb/me'),
  listMyArchives: re(`/fotoweb/me/archives/${MATRIX_COMPONENTS}`),
  listUploadTargets: re(`/fotoweb/me/upload-to/${MATRIX_COMPONENTS}`),
  listMoveTargets: re(`/fotoweb/me/move-to/${MATRIX_COMPONENTS}`),
  listCopyTargets: re(`/fotoweb/me/copy-to/${MATRIX_COMPONENTS}`),
  trash: re('/fotoweb/me/trash/'),
  downloads: re('/fotoweb/me/downloads/'),
  smartFolders: re('/fotoweb/smartfolders/(?<archive>[^/?#]+)/'),
  smartFolder: re('/fotoweb/smartfolders/(?<archive>[^/?#]+)/(?<id>[^/?#]+)'),
  download: re('/fotoweb/me/downloads/(?<id>[^/?#]+)/(?<name>[^/?#]+)'),
  userPreferences: re('/fotoweb/me/user-preferences/'),
  pins: re('/fotoweb/me/pins/'),
  alerts: re('/fotoweb/me/alerts/'),
  cart: re('/fotoweb/me/cart'),
  cookieConsent: re('/fotoweb/api/privacy/cookie-consent'),
  customCss: re('/fotoweb/appearance/css'),
  appearanceSettings: re('/fotoweb/appearance/'),
  titleBarButtons: re('/fotoweb/appearance/title-bar-buttons'),
  siteFooter: re('/fotoweb/api/footer'),
  orderConfig: re('/fotoweb/order-config'),
  myOrders: re('/fotoweb/me/orders/'),
  orderList: re('/fotoweb/orders/(?<list>[^/;?#]+)/'),
  order: re('/fotoweb/orders/(?<orderId>[^/;?#]+)'),
  orderApprove: re('/fotoweb/orders/(?<orderId>[^/;?#]+)/approve'),
  orderReject: re('/fotoweb/orders/(?<orderId>[^/;?#]+)/reject'),
  orderDownload: re('/fotoweb/orders/(?<orderId>[^/;?#]+)/download'),
  alert: re('/fotoweb/me/alerts/(?<alertId>[^/;?#]+)'),
  notifications: re('/fotoweb/me/notifications/'),
  notificationsRead: re('/fotoweb/me/notifications/read'),
  albums: re('/fotoweb/me/albums/'),
  people: re('/fotoweb/me/people/'),
  publicAlbums: re('/fotoweb/albums/'),
  albumList: re('/fotoweb/me/albums/(?<list>[^/;?#]+)/'),
  album: re('/fotoweb/users/(?<userId>[^/;?#]+)/albums/(?<albumId>[^/;?#]+)/'),
  albumShares: re('/fotoweb/users/(?<userId>[^/;?#]+)/albums/(?<albumId>[^/;?#]+)/\\.shares/'),
  albumComments: re('/fotoweb/users/(?<userId>[^/;?#]+)/albums/(?<albumId>[^/;?#]+)/\\.comments/'),
  albumComment: re('/fotoweb/users/(?<userId>[^/;?#]+)/albums/(?<albumId>[^/;?#]+)/\\.comments/(?<commentId>[^/;?#]+)'),
  sharedAlbum: re('/fotoweb/shares/(?<token>[^/;?#]+)/'),
  sharedAlbumAccess: re('/fotoweb/shares/(?<token>[^/;?#]+)/access'),
  sharedPreview: re('/fotoweb/shares/(?<token>[^/;?#]+)/previews/(?<assetId>[^/;?#]+)/(?<previewName>[^/;?#]+)'),
  sharedOriginal: re('/fotoweb/shares/(?<token>[^/;?#]+)/originals/(?<assetId>[^/;?#]+)'),
  listArchives: re(`/fotoweb/archives/${MATRIX_COMPONENTS}`),
  getCollection: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}${FOLDER_SEGMENTS}/${MATRIX_COMPONENTS}`),
  getAsset: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}\\.info`),
  getRendition: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}\\.info/__renditions/(?<rendition>[^/?#]+)`),
  listRevisions: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}/__revisions/`),
  compareRevisions: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}/__revisions/compare`),
  revision: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}/__revisions/(?<revision>[^/?#]+)`),
  rollbackRevision: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}/__revisions/(?<revision>[^/?#]+)/rollback`),
  rollbackToRevision: re(`/fotoweb/archives/${ARCHIVE_SEGMENT}/${ASSET_PATH}/__revisions/(?<revision>[^/?#]+)/rollback-to`),
  metadataView: re('/fotoweb/editors/(?<id>[^/?#]+)'),
  backgroundTasks: re('/fotoweb/me/background-tasks/'),
  backgroundTask: re('/fotoweb/me/background-tasks/(?<id>[^/?#]+)'),
  getPreview: re('/fotoweb/cache/previews/(?<assetId>[^/?#]+)/(?<previewName>[^/?#]+)'),
  createUpload: re('/fotoweb/api/uploads'),
  uploadChunk: re('/fotoweb/api/uploads/(?<id>[^/?#]+)/chunks/(?<index>[^/?#]+)'),
  getUploadStatus: re('/fotoweb/api/uploads/(?<id>[^/?#]+)/status'),
  listTaxonomies: re(`/fotoweb/api/taxonomies/${PAGE_COMPONENT}`),
  createTaxonomy: re('/fotoweb/api/taxonomies/'),
  getTaxonomyItemsInfo: re('/fotoweb/api/taxonomies/info/?'),
  listArchiveTaxonomies: re('/fotoweb/api/taxonomies/archives/(?<archiveId>[^/;?#]+)'),
  getTaxonomy: re(`/fotoweb/api/taxonomies/${FIELD_SEGMENT}/${PAGE_COMPONENT}`),
  taxonomy: re(`/fotoweb/api/taxonomies/${FIELD_SEGMENT}/`),
  importTaxonomyText: re(`/fotoweb/api/taxonomies/${FIELD_SEGMENT}/import`),
  taxonomyItem: re(`/fotoweb/api/taxonomies/${FIELD_SEGMENT}/${ITEM_SEGMENT}`),
  getTaxonomyItemChildren: re(`/fotoweb/api/taxonomies/${FIELD_SEGMENT}/${ITEM_SEGMENT}/${PAGE_COMPONENT}`),
  users: re('/fotoweb/users/'),
  siteOwner: re('/fotoweb/users/site-owner'),
  user: re(`/fotoweb/api/users/${ID_SEGMENT}`),
  userMemberOf: re(`/fotoweb/api/users/${ID_SEGMENT}/member-of`),
  userDeviceTokens: re(`/fotoweb/api/users/${ID_SEGMENT}/device-tokens`),
  groups: re('/fotoweb/groups/'),
  group: re(`/fotoweb/api/groups/${ID_SEGMENT}`),
  groupUsers: re(`/fotoweb/api/groups/${ID_SEGMENT}/users`),
  groupGroups: re(`/fotoweb/api/groups/${ID_SEGMENT}/groups`),
  groupMemberOf: re(`/fotoweb/api/groups/${ID_SEGMENT}/member-of`),
  // FotoWare's Beta user and group management (issue 11; FotoWare API "User/Group Management (Beta)").
  betaUsers: re('/fotoweb/api/users'),
  userCount: re('/fotoweb/api/users/count'),
  userPassword: re(`/fotoweb/api/users/${ID_SEGMENT}/password`),
  userProperties: re(`/fotoweb/api/users/${ID_SEGMENT}/properties`),
  userProperty: re(`/fotoweb/api/users/${ID_SEGMENT}/properties/${KEY_SEGMENT}`),
  userMemberOfCount: re(`/fotoweb/api/users/${ID_SEGMENT}/member-of/count`),
  userMembership: re(`/fotoweb/api/users/${ID_SEGMENT}/member-of/${MEMBERSHIP_SEGMENT}`),
  userMemberOfRecursive: re(`/fotoweb/api/users/${ID_SEGMENT}/member-of-recursive`),
  userMemberOfRecursiveCount: re(`/fotoweb/api/users/${ID_SEGMENT}/member-of-recursive/count`),
  userEnabled: re(`/fotoweb/api/users/${ID_SEGMENT}/enabled`),
  betaGroups: re('/fotoweb/api/groups'),
  groupCount: re('/fotoweb/api/groups/count'),
  groupProperties: re(`/fotoweb/api/groups/${ID_SEGMENT}/properties`),
  groupProperty: re(`/fotoweb/api/groups/${ID_SEGMENT}/properties/${KEY_SEGMENT}`),
  groupMemberOfCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/member-of/count`),
  groupMembership: re(`/fotoweb/api/groups/${ID_SEGMENT}/member-of/${MEMBERSHIP_SEGMENT}`),
  groupMemberOfRecursive: re(`/fotoweb/api/groups/${ID_SEGMENT}/member-of-recursive`),
  groupMemberOfRecursiveCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/member-of-recursive/count`),
  groupUsersCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/users/count`),
  groupUsersRecursive: re(`/fotoweb/api/groups/${ID_SEGMENT}/users-recursive`),
  groupUsersRecursiveCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/users-recursive/count`),
  groupUser: re(`/fotoweb/api/groups/${ID_SEGMENT}/users/${MEMBER_SEGMENT}`),
  groupGroupsCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/groups/count`),
  groupGroupsRecursive: re(`/fotoweb/api/groups/${ID_SEGMENT}/groups-recursive`),
  groupGroupsRecursiveCount: re(`/fotoweb/api/groups/${ID_SEGMENT}/groups-recursive/count`),
  groupGroup: re(`/fotoweb/api/groups/${ID_SEGMENT}/groups/${MEMBER_SEGMENT}`),
  groupMembers: re(`/fotoweb/api/groups/${ID_SEGMENT}/members`),
  configOptions: re('/fotoweb/api/config/options'),
  ownPassword: re('/fotoweb/me/password'),
  passwordResets: re('/fotoweb/password-resets/'),
  passwordReset: re('/fotoweb/password-resets/(?<token>[^/;?#]+)'),
  applications: re('/fotoweb/api/config/applications'),
  application: re('/fotoweb/api/config/applications/(?<clientId>[^/;?#]+)'),
  mailOutbox: re('/fotoweb/api/config/mail'),
  activity: re('/fotoweb/api/activity'),
  activityExport: re('/fotoweb/api/activity/export'),
  activitySettings: re('/fotoweb/api/activity/settings'),
  testMail: re('/fotoweb/api/config/mail/test'),
  mailMessage: re('/fotoweb/api/config/mail/(?<mailId>[^/;?#]+)'),
  invitations: re('/fotoweb/invitations/'),
  invitationRevoke: re('/fotoweb/invitations/(?<invitationId>[^/;?#]+)/revoke'),
  grantableGroups: re('/fotoweb/groups/grantable'),
  signupForm: re('/fotoweb/signup/'),
  signups: re('/fotoweb/signups/'),
  signupCount: re('/fotoweb/signups/count'),
  signup: re('/fotoweb/signups/(?<signupId>[^/;?#]+)/'),
  signupApprove: re('/fotoweb/signups/(?<signupId>[^/;?#]+)/approve'),
  signupReject: re('/fotoweb/signups/(?<signupId>[^/;?#]+)/reject'),
  signupSettings: re('/fotoweb/api/config/signups'),
  getPublicApiDescriptor: re('/fotoweb/'),
  archiveConfigs: re('/fotoweb/api/config/archives'),
  archiveConfig: re('/fotoweb/api/config/archives/(?<id>[^/;?#]+)'),
  consentFormSettings: re('/fotoweb/api/config/consentForms/ConsentFormSettings'),
  consentForms: re('/fotoweb/consent/forms/'),
  consentForm: re('/fotoweb/consent/forms/(?<formId>[^/;?#]+)'),
  consentFormAssets: re('/fotoweb/consent/forms/(?<formId>[^/;?#]+)/assets'),
  consentFormAsset: re('/fotoweb/consent/forms/(?<formId>[^/;?#]+)/assets/(?<assetId>[^/;?#]+)'),
  assetConsentForms: re('/fotoweb/consent/assets/(?<assetId>[^/;?#]+)/forms/'),
  metadataFields: re('/fotoweb/api/config/metadata/fields/(?<filter>[^/;?#]+)'),
  metadataNamespaces: re('/fotoweb/api/config/metadata/namespaces'),
  metadataNamespaceFields: re('/fotoweb/api/config/metadata/namespaces/(?<alias>[^/;?#]+)/fields'),
  metadataGroups: re('/fotoweb/api/config/metadata/groups'),
  metadataGroupFields: re('/fotoweb/api/config/metadata/groups/(?<name>[^/;?#]+)/fields'),
  archivesOld: re('/fotoweb/api/config/archives-old'),
  pools: re('/fotoweb/api/pools'),
  metadataViewConfigs: re('/fotoweb/api/config/metadataviews'),
  configSettingItems: re('/fotoweb/api/config/(?<setting>watermarks|quickrenditionsets|cropprofilesets|processingprofiles|processingprofilesets)'),
  login: re('/fotoweb/views/login'),
  getSession: re('/fotoweb/views/session'),
} as const;

// ------------------------------------------------------------------------------------------------ tables

/** The BFF's own routes (bff.yaml). They come first in {@link ROUTES}, so `POST /fotoweb/services/logout` is the BFF's. */
export const BFF_ROUTES: readonly RouteSpec[] = [
  {
    method: 'POST',
    pattern: PATTERNS.login,
    operationId: 'login',
    contract: 'bff',
    fromBrowser: true,
    body: LoginRequestSchema,
    query: LoginQuerySchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'POST', pattern: PATTERNS.logout, operationId: 'logoutSession', contract: 'bff', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.getSession, operationId: 'getSession', contract: 'bff', fromBrowser: true },
];

/**
 * The DAM's routes (dam.yaml), most specific first. Declared `as const satisfies` so each entry keeps its schemas'
 * types: the DAM derives typed params, query and body per operation from it.
 */
export const DAM_ROUTES = [
  {
    method: 'POST',
    pattern: PATTERNS.createToken,
    operationId: 'createToken',
    contract: 'dam',
    fromBrowser: false,
    body: TokenRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.formUrlEncoded],
  },
  { method: 'POST', pattern: PATTERNS.logout, operationId: 'logout', contract: 'dam', fromBrowser: false },
  { method: 'GET', pattern: PATTERNS.keepalive, operationId: 'keepalive', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.getHealth, operationId: 'getHealth', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.getFullApiDescriptor, operationId: 'getFullApiDescriptor', contract: 'dam', fromBrowser: true },
  {
    method: 'GET',
    pattern: PATTERNS.getFullApiDescriptorNoSlash,
    operationId: 'getFullApiDescriptorNoSlash',
    contract: 'dam',
    fromBrowser: true,
  },
  { method: 'GET', pattern: PATTERNS.listMyArchives, operationId: 'listMyArchives', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.listUploadTargets, operationId: 'listUploadTargets', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.listMoveTargets, operationId: 'listMoveTargets', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.listCopyTargets, operationId: 'listCopyTargets', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.trash, operationId: 'listTrash', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.smartFolders, operationId: 'listSmartFolders', contract: 'dam', fromBrowser: true, params: SmartFolderListParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.smartFolders,
    operationId: 'createSmartFolder',
    contract: 'dam',
    fromBrowser: true,
    params: SmartFolderListParamsSchema,
    body: SmartFolderCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.smartFolder,
    operationId: 'updateSmartFolder',
    contract: 'dam',
    fromBrowser: true,
    params: SmartFolderParamsSchema,
    body: SmartFolderUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.smartFolder, operationId: 'deleteSmartFolder', contract: 'dam', fromBrowser: true, params: SmartFolderParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.downloads,
    operationId: 'createDownload',
    contract: 'dam',
    fromBrowser: true,
    body: DownloadRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.download, operationId: 'getDownload', contract: 'dam', fromBrowser: true, params: DownloadParamsSchema },
  {
    method: 'PATCH',
    pattern: PATTERNS.trash,
    operationId: 'updateTrash',
    contract: 'dam',
    fromBrowser: true,
    body: TrashUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.userPreferences, operationId: 'getUserPreferences', contract: 'dam', fromBrowser: true },
  {
    method: 'PATCH',
    pattern: PATTERNS.userPreferences,
    operationId: 'updateUserPreferences',
    contract: 'dam',
    fromBrowser: true,
    body: UserPreferencesUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.userPreferencesUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.pins, operationId: 'listPins', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.pins,
    operationId: 'addPins',
    contract: 'dam',
    fromBrowser: true,
    body: PinsAddSchema,
    bodyContentTypes: [MEDIA_TYPES.assetLinkList, MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.pins,
    operationId: 'removePins',
    contract: 'dam',
    fromBrowser: true,
    body: PinsRemoveSchema,
    bodyContentTypes: [MEDIA_TYPES.collectionUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.albums, operationId: 'listAlbums', contract: 'dam', fromBrowser: true, query: AlbumListQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.albums,
    operationId: 'createAlbum',
    contract: 'dam',
    fromBrowser: true,
    body: AlbumCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.collectionCreate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.publicAlbums, operationId: 'listPublicAlbums', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.people, operationId: 'listPeople', contract: 'dam', fromBrowser: true, query: PeopleQuerySchema },
  { method: 'GET', pattern: PATTERNS.albumList, operationId: 'listAlbumsIn', contract: 'dam', fromBrowser: true, params: AlbumListParamsSchema },
  { method: 'GET', pattern: PATTERNS.album, operationId: 'getAlbum', contract: 'dam', fromBrowser: true, params: AlbumParamsSchema, query: AlbumQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.album,
    operationId: 'addAlbumAssets',
    contract: 'dam',
    fromBrowser: true,
    params: AlbumParamsSchema,
    body: AlbumAssetsAddSchema,
    bodyContentTypes: [MEDIA_TYPES.assetLinkList, MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.album,
    operationId: 'updateAlbum',
    contract: 'dam',
    fromBrowser: true,
    params: AlbumParamsSchema,
    body: AlbumUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.collectionUpdate, MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.album, operationId: 'deleteAlbum', contract: 'dam', fromBrowser: true, params: AlbumParamsSchema },
  { method: 'GET', pattern: PATTERNS.albumShares, operationId: 'getAlbumShares', contract: 'dam', fromBrowser: true, params: AlbumParamsSchema },
  {
    method: 'PATCH',
    pattern: PATTERNS.albumShares,
    operationId: 'updateAlbumShares',
    contract: 'dam',
    fromBrowser: true,
    params: AlbumParamsSchema,
    body: AlbumSharingUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.sharingUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.albumComments, operationId: 'listAlbumComments', contract: 'dam', fromBrowser: true, params: AlbumParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.albumComments,
    operationId: 'addAlbumComment',
    contract: 'dam',
    fromBrowser: true,
    params: AlbumParamsSchema,
    body: AlbumCommentCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.albumComment, operationId: 'deleteAlbumComment', contract: 'dam', fromBrowser: true, params: AlbumCommentParamsSchema },
  {
    method: 'GET',
    pattern: PATTERNS.sharedAlbum,
    operationId: 'getSharedAlbum',
    contract: 'dam',
    fromBrowser: true,
    params: ShareTokenParamsSchema,
    query: SharedAlbumQuerySchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.sharedAlbumAccess,
    operationId: 'unlockSharedAlbum',
    contract: 'dam',
    fromBrowser: true,
    params: ShareTokenParamsSchema,
    body: ShareUnlockSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.sharedPreview,
    operationId: 'getSharedPreview',
    contract: 'dam',
    fromBrowser: true,
    params: SharedPreviewParamsSchema,
    query: SharedFileQuerySchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.sharedOriginal,
    operationId: 'getSharedOriginal',
    contract: 'dam',
    fromBrowser: true,
    params: SharedOriginalParamsSchema,
    query: SharedFileQuerySchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.listArchives,
    operationId: 'listArchives',
    contract: 'dam',
    fromBrowser: true,
    query: CollectionQuerySchema,
  },
  { method: 'GET', pattern: PATTERNS.getRendition, operationId: 'getRendition', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.getAsset, operationId: 'getAsset', contract: 'dam', fromBrowser: true },
  {
    method: 'PATCH',
    pattern: PATTERNS.getAsset,
    operationId: 'updateAsset',
    contract: 'dam',
    fromBrowser: true,
    body: AssetUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.assetUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.listRevisions, operationId: 'listRevisions', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.compareRevisions,
    operationId: 'compareRevisions',
    contract: 'dam',
    fromBrowser: true,
    body: RevisionCompareRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.revision, operationId: 'getRevision', contract: 'dam', fromBrowser: true, params: RevisionParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.revision, operationId: 'deleteRevision', contract: 'dam', fromBrowser: true, params: RevisionParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.rollbackRevision,
    operationId: 'rollbackRevision',
    contract: 'dam',
    fromBrowser: true,
    params: RevisionParamsSchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.rollbackToRevision,
    operationId: 'rollbackToRevision',
    contract: 'dam',
    fromBrowser: true,
    params: RevisionParamsSchema,
    body: RollbackToRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.metadataView, operationId: 'getMetadataView', contract: 'dam', fromBrowser: true, params: MetadataViewIdParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.metadataView,
    operationId: 'replaceMetadataView',
    contract: 'dam',
    fromBrowser: true,
    params: MetadataViewIdParamsSchema,
    body: MetadataViewUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.metadataSet, MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.backgroundTasks,
    operationId: 'createBackgroundTask',
    contract: 'dam',
    fromBrowser: true,
    body: BackgroundTaskRequestSchema,
    bodyContentTypes: [
      MEDIA_TYPES.metadataEditRequest,
      MEDIA_TYPES.duplicateRequest,
      MEDIA_TYPES.renameRequest,
      MEDIA_TYPES.moveRequest,
      MEDIA_TYPES.copyRequest,
      MEDIA_TYPES.rotateRequest,
      MEDIA_TYPES.deleteRequest,
    ],
  },
  {
    method: 'GET',
    pattern: PATTERNS.backgroundTask,
    operationId: 'getBackgroundTask',
    contract: 'dam',
    fromBrowser: true,
    params: BackgroundTaskParamsSchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.getCollection,
    operationId: 'getCollection',
    contract: 'dam',
    fromBrowser: true,
    query: CollectionQuerySchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.getCollection,
    operationId: 'createFolder',
    contract: 'dam',
    fromBrowser: true,
    body: FolderNameSchema,
    bodyContentTypes: [MEDIA_TYPES.folderCreationInfo, MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.getCollection,
    operationId: 'renameFolder',
    contract: 'dam',
    fromBrowser: true,
    body: FolderUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.folderUpdate, MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.getCollection, operationId: 'deleteFolder', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.getPreview, operationId: 'getPreview', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.createUpload,
    operationId: 'createUpload',
    contract: 'dam',
    fromBrowser: true,
    body: UploadRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.uploadChunk,
    operationId: 'uploadChunk',
    contract: 'dam',
    fromBrowser: true,
    params: ChunkParamsSchema,
    bodyContentTypes: [MEDIA_TYPES.multipart],
  },
  {
    method: 'GET',
    pattern: PATTERNS.getUploadStatus,
    operationId: 'getUploadStatus',
    contract: 'dam',
    fromBrowser: true,
    params: UploadIdParamsSchema,
  },
  // Taxonomies: `info`, `archives` and `import` come before the templated field and item routes they would match.
  { method: 'GET', pattern: PATTERNS.listTaxonomies, operationId: 'listTaxonomies', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.createTaxonomy,
    operationId: 'createTaxonomy',
    contract: 'dam',
    fromBrowser: true,
    body: TaxonomyCreationInfoSchema,
    bodyContentTypes: [MEDIA_TYPES.taxonomyCreationInfo, MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.getTaxonomyItemsInfo,
    operationId: 'getTaxonomyItemsInfo',
    contract: 'dam',
    fromBrowser: true,
    body: TaxonomyInfoRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.listArchiveTaxonomies, operationId: 'listArchiveTaxonomies', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.importTaxonomyText,
    operationId: 'importTaxonomyText',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyFieldParamsSchema,
    body: TaxonomyImportRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.getTaxonomy,
    operationId: 'getTaxonomy',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyFieldParamsSchema,
    query: TaxonomyQuerySchema,
  },
  {
    method: 'PUT',
    pattern: PATTERNS.taxonomy,
    operationId: 'updateTaxonomy',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyFieldParamsSchema,
    body: TaxonomyUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.taxonomyUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.taxonomy,
    operationId: 'createTopLevelTaxonomyItem',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyFieldParamsSchema,
    body: TaxonomyItemCreationInfoSchema,
    bodyContentTypes: [MEDIA_TYPES.taxonomyItemCreationInfo, MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.taxonomy, operationId: 'deleteTaxonomy', contract: 'dam', fromBrowser: true, params: TaxonomyFieldParamsSchema },
  { method: 'GET', pattern: PATTERNS.taxonomyItem, operationId: 'getTaxonomyItem', contract: 'dam', fromBrowser: true, params: TaxonomyItemParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.taxonomyItem,
    operationId: 'updateTaxonomyItem',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyItemParamsSchema,
    body: TaxonomyItemUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.taxonomyItemUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.taxonomyItem,
    operationId: 'createChildTaxonomyItem',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyItemParamsSchema,
    body: TaxonomyItemCreationInfoSchema,
    bodyContentTypes: [MEDIA_TYPES.taxonomyItemCreationInfo, MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.taxonomyItem, operationId: 'deleteTaxonomyItem', contract: 'dam', fromBrowser: true, params: TaxonomyItemParamsSchema },
  {
    method: 'GET',
    pattern: PATTERNS.getTaxonomyItemChildren,
    operationId: 'getTaxonomyItemChildren',
    contract: 'dam',
    fromBrowser: true,
    params: TaxonomyItemParamsSchema,
  },
  // Users and groups (issue 11, spec 03 §7). DELETE /fotoweb/users/ carries a body (`users`), as spec 03 §7 says.
  {
    method: 'GET',
    pattern: PATTERNS.users,
    operationId: 'listUsers',
    contract: 'dam',
    fromBrowser: true,
    query: UserListQuerySchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.users,
    operationId: 'createUser',
    contract: 'dam',
    fromBrowser: true,
    body: UserCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.user, MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.users,
    operationId: 'updateUsers',
    contract: 'dam',
    fromBrowser: true,
    body: UserListUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.userListUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.users,
    operationId: 'deleteUsers',
    contract: 'dam',
    fromBrowser: true,
    body: UserDeleteListSchema,
    bodyContentTypes: [MEDIA_TYPES.userList, MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.siteOwner,
    operationId: 'getSiteOwner',
    contract: 'dam',
    fromBrowser: true,
  },
  {
    method: 'PUT',
    pattern: PATTERNS.siteOwner,
    operationId: 'setSiteOwner',
    contract: 'dam',
    fromBrowser: true,
    body: UserReferenceSchema,
    bodyContentTypes: [MEDIA_TYPES.userReference, MEDIA_TYPES.json],
  },
  // FotoWare's Beta lists and counts come before `/fotoweb/api/users/{id}`, whose pattern would take `count`.
  { method: 'GET', pattern: PATTERNS.betaUsers, operationId: 'listBetaUsers', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.betaUsers,
    operationId: 'createBetaUser',
    contract: 'dam',
    fromBrowser: true,
    body: BetaUserCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.userCount, operationId: 'countUsers', contract: 'dam', fromBrowser: true, query: UserCountQuerySchema },
  { method: 'GET', pattern: PATTERNS.betaGroups, operationId: 'listBetaGroups', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.betaGroups,
    operationId: 'createBetaGroup',
    contract: 'dam',
    fromBrowser: true,
    body: BetaGroupCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.groupCount, operationId: 'countGroups', contract: 'dam', fromBrowser: true, query: GroupCountQuerySchema },
  {
    method: 'GET',
    pattern: PATTERNS.user,
    operationId: 'getUser',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.user,
    operationId: 'updateUser',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: UserUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.user, MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.user,
    operationId: 'deleteUser',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.userMemberOf,
    operationId: 'getUserMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.userMemberOf,
    operationId: 'updateUserMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: MemberListUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.groupListUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.userDeviceTokens,
    operationId: 'resetUserDeviceTokens',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.groups,
    operationId: 'listGroups',
    contract: 'dam',
    fromBrowser: true,
    query: GroupListQuerySchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.groups,
    operationId: 'createGroup',
    contract: 'dam',
    fromBrowser: true,
    body: GroupCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.group, MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.group,
    operationId: 'getGroup',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.group,
    operationId: 'updateGroup',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: GroupUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.group, MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.group,
    operationId: 'deleteGroup',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
  },
  {
    method: 'GET',
    pattern: PATTERNS.groupUsers,
    operationId: 'listGroupUsers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    query: MemberListQuerySchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.groupUsers,
    operationId: 'updateGroupUsers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: MemberListUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.groupListUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.groupGroups,
    operationId: 'listGroupGroups',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    query: MemberListQuerySchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.groupGroups,
    operationId: 'updateGroupGroups',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: MemberListUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.groupListUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'GET',
    pattern: PATTERNS.groupMemberOf,
    operationId: 'getGroupMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.groupMemberOf,
    operationId: 'updateGroupMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: MemberListUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.groupListUpdate, MEDIA_TYPES.json],
  },
  // FotoWare's Beta user and group management (issue 11): the operations beside the admin view's.
  {
    method: 'PUT',
    pattern: PATTERNS.user,
    operationId: 'updateBetaUser',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: BetaUserUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.userPassword, operationId: 'deleteUserPassword', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.userProperties, operationId: 'getUserProperties', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.userProperties, operationId: 'deleteUserProperties', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.userProperty, operationId: 'deleteUserProperty', contract: 'dam', fromBrowser: true, params: PropertyKeyParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.userMemberOf,
    operationId: 'setUserMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: BetaMembershipIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.userMemberOf,
    operationId: 'addUserMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: BetaMembershipIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.userMemberOf, operationId: 'deleteUserMemberOf', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.userMemberOfCount, operationId: 'countUserMemberOf', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.userMembership, operationId: 'deleteUserMembership', contract: 'dam', fromBrowser: true, params: MembershipParamsSchema },
  { method: 'GET', pattern: PATTERNS.userMemberOfRecursive, operationId: 'listUserMemberOfRecursive', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.userMemberOfRecursiveCount, operationId: 'countUserMemberOfRecursive', contract: 'dam', fromBrowser: true, params: UserIdParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.userEnabled,
    operationId: 'setUserEnabled',
    contract: 'dam',
    fromBrowser: true,
    params: UserIdParamsSchema,
    body: BetaEnabledSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'PUT',
    pattern: PATTERNS.group,
    operationId: 'updateBetaGroup',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaGroupUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.groupProperties, operationId: 'getGroupProperties', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.groupProperties, operationId: 'deleteGroupProperties', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.groupProperty, operationId: 'deleteGroupProperty', contract: 'dam', fromBrowser: true, params: PropertyKeyParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.groupMemberOf,
    operationId: 'setGroupMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMembershipIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.groupMemberOf,
    operationId: 'addGroupMemberOf',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMembershipIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.groupMemberOf, operationId: 'deleteGroupMemberOf', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupMemberOfCount, operationId: 'countGroupMemberOf', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.groupMembership, operationId: 'deleteGroupMembership', contract: 'dam', fromBrowser: true, params: MembershipParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupMemberOfRecursive, operationId: 'listGroupMemberOfRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupMemberOfRecursiveCount, operationId: 'countGroupMemberOfRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.groupUsers,
    operationId: 'setGroupUsers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.groupUsers,
    operationId: 'addGroupUsers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.groupUsers, operationId: 'deleteGroupUsers', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupUsersCount, operationId: 'countGroupUsers', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupUsersRecursive, operationId: 'listGroupUsersRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupUsersRecursiveCount, operationId: 'countGroupUsersRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.groupUser, operationId: 'deleteGroupUser', contract: 'dam', fromBrowser: true, params: GroupMemberParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.groupGroups,
    operationId: 'setGroupGroups',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.groupGroups,
    operationId: 'addGroupGroups',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.groupGroups, operationId: 'deleteGroupGroups', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupGroupsCount, operationId: 'countGroupGroups', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupGroupsRecursive, operationId: 'listGroupGroupsRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'GET', pattern: PATTERNS.groupGroupsRecursiveCount, operationId: 'countGroupGroupsRecursive', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  { method: 'DELETE', pattern: PATTERNS.groupGroup, operationId: 'deleteGroupGroup', contract: 'dam', fromBrowser: true, params: GroupMemberParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.groupMembers,
    operationId: 'setGroupMembers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.groupMembers,
    operationId: 'addGroupMembers',
    contract: 'dam',
    fromBrowser: true,
    params: GroupIdParamsSchema,
    body: BetaMemberIdListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.groupMembers, operationId: 'deleteGroupMembers', contract: 'dam', fromBrowser: true, params: GroupIdParamsSchema },
  {
    method: 'GET',
    pattern: PATTERNS.configOptions,
    operationId: 'getConfigOptions',
    contract: 'dam',
    fromBrowser: true,
  },
  {
    method: 'POST',
    pattern: PATTERNS.ownPassword,
    operationId: 'changeOwnPassword',
    contract: 'dam',
    fromBrowser: true,
    body: PasswordChangeSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  // API clients (issue 11, spec 03 §3.12).
  {
    method: 'GET',
    pattern: PATTERNS.applications,
    operationId: 'listApplications',
    contract: 'dam',
    fromBrowser: true,
  },
  {
    method: 'POST',
    pattern: PATTERNS.applications,
    operationId: 'createApplication',
    contract: 'dam',
    fromBrowser: true,
    body: ApplicationCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.application,
    operationId: 'deleteApplication',
    contract: 'dam',
    fromBrowser: true,
    params: ApplicationParamsSchema,
  },
  // Password reset (issue 14 "Password reset"): public, the link's token is the credential.
  {
    method: 'POST',
    pattern: PATTERNS.passwordResets,
    operationId: 'requestPasswordReset',
    contract: 'dam',
    fromBrowser: true,
    body: PasswordResetRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.passwordReset, operationId: 'getPasswordReset', contract: 'dam', fromBrowser: true, params: PasswordResetParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.passwordReset,
    operationId: 'completePasswordReset',
    contract: 'dam',
    fromBrowser: true,
    params: PasswordResetParamsSchema,
    body: PasswordResetCompletionSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  // The site's appearance (issue 15; spec 01 §2, §3, §7; spec 02 §3): the custom CSS for anyone, its changes and the
  // custom title-bar buttons for those who may change the site's appearance.
  { method: 'GET', pattern: PATTERNS.customCss, operationId: 'getCustomCss', contract: 'dam', fromBrowser: true, query: CustomCssQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.customCss,
    operationId: 'updateCustomCss',
    contract: 'dam',
    fromBrowser: true,
    body: CustomCssUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.appearanceSettings, operationId: 'getAppearanceSettings', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.titleBarButtons, operationId: 'getTitleBarButtons', contract: 'dam', fromBrowser: true },
  {
    method: 'PUT',
    pattern: PATTERNS.titleBarButtons,
    operationId: 'updateTitleBarButtons',
    contract: 'dam',
    fromBrowser: true,
    body: TitleBarButtonListSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  // The cookie banner and policy (issue 15; spec 02 §7), for anyone.
  { method: 'GET', pattern: PATTERNS.cookieConsent, operationId: 'getCookieConsent', contract: 'dam', fromBrowser: true },
  // The site's footer (issue 15; spec 02 §2): anyone reads it, manageSettings changes it.
  { method: 'GET', pattern: PATTERNS.siteFooter, operationId: 'getSiteFooter', contract: 'dam', fromBrowser: true },
  {
    method: 'PUT',
    pattern: PATTERNS.siteFooter,
    operationId: 'updateSiteFooter',
    contract: 'dam',
    fromBrowser: true,
    body: SiteFooterUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  // The cart and orders (issue 15; spec 02 §7; FotoWare's API). APPROVE and REJECT are POSTs on sub-resources.
  { method: 'GET', pattern: PATTERNS.cart, operationId: 'getCart', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.cart,
    operationId: 'addToCart',
    contract: 'dam',
    fromBrowser: true,
    body: PinsAddSchema,
    bodyContentTypes: [MEDIA_TYPES.assetLinkList, MEDIA_TYPES.json],
  },
  {
    method: 'PUT',
    pattern: PATTERNS.cart,
    operationId: 'updateCart',
    contract: 'dam',
    fromBrowser: true,
    body: CartUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.cartUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.orderConfig, operationId: 'getOrderConfig', contract: 'dam', fromBrowser: true },
  {
    method: 'PUT',
    pattern: PATTERNS.orderConfig,
    operationId: 'updateOrderConfig',
    contract: 'dam',
    fromBrowser: true,
    body: OrderConfigSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.myOrders, operationId: 'listMyOrders', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.myOrders,
    operationId: 'submitOrder',
    contract: 'dam',
    fromBrowser: true,
    body: OrderSubmissionSchema,
    bodyContentTypes: [MEDIA_TYPES.cartUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.orderList, operationId: 'listOrders', contract: 'dam', fromBrowser: true, params: OrderListParamsSchema },
  { method: 'GET', pattern: PATTERNS.order, operationId: 'getOrder', contract: 'dam', fromBrowser: true, params: OrderParamsSchema },
  {
    method: 'POST',
    pattern: PATTERNS.orderApprove,
    operationId: 'approveOrder',
    contract: 'dam',
    fromBrowser: true,
    params: OrderParamsSchema,
    body: OrderDecisionSchema,
    bodyContentTypes: [MEDIA_TYPES.orderUpdate, MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.orderReject,
    operationId: 'rejectOrder',
    contract: 'dam',
    fromBrowser: true,
    params: OrderParamsSchema,
    body: OrderDecisionSchema,
    bodyContentTypes: [MEDIA_TYPES.orderUpdate, MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.orderDownload, operationId: 'downloadOrder', contract: 'dam', fromBrowser: true, params: OrderParamsSchema },
  // Alerts and their notifications (issue 15; spec 01 §7).
  { method: 'GET', pattern: PATTERNS.alerts, operationId: 'listAlerts', contract: 'dam', fromBrowser: true },
  { method: 'POST', pattern: PATTERNS.alerts, operationId: 'createAlert', contract: 'dam', fromBrowser: true, body: AlertCreateSchema, bodyContentTypes: [MEDIA_TYPES.json] },
  { method: 'GET', pattern: PATTERNS.alert, operationId: 'getAlert', contract: 'dam', fromBrowser: true, params: AlertParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.alert,
    operationId: 'replaceAlert',
    contract: 'dam',
    fromBrowser: true,
    params: AlertParamsSchema,
    body: AlertUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'PATCH',
    pattern: PATTERNS.alert,
    operationId: 'updateAlert',
    contract: 'dam',
    fromBrowser: true,
    params: AlertParamsSchema,
    body: AlertUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.alert, operationId: 'deleteAlert', contract: 'dam', fromBrowser: true, params: AlertParamsSchema },
  { method: 'GET', pattern: PATTERNS.notifications, operationId: 'listNotifications', contract: 'dam', fromBrowser: true },
  { method: 'POST', pattern: PATTERNS.notificationsRead, operationId: 'markNotificationsRead', contract: 'dam', fromBrowser: true },
  // Mail (issue 14 "Mail"): the outbox administrators read, and a test message to oneself.
  { method: 'GET', pattern: PATTERNS.mailOutbox, operationId: 'listMail', contract: 'dam', fromBrowser: true, query: MailListQuerySchema },
  // Activity exports (issue 15, spec 03 §2.1): the log and its download (CSV or JSON lines), through the BFF.
  { method: 'GET', pattern: PATTERNS.activity, operationId: 'listActivity', contract: 'dam', fromBrowser: true, query: ActivityListQuerySchema },
  { method: 'GET', pattern: PATTERNS.activityExport, operationId: 'exportActivity', contract: 'dam', fromBrowser: true, query: ActivityExportQuerySchema },
  // The logging switch (issue 15, spec 03 §3.12 activity logging): manageActivityLogging reads and changes it.
  { method: 'GET', pattern: PATTERNS.activitySettings, operationId: 'getActivitySettings', contract: 'dam', fromBrowser: true },
  {
    method: 'PUT',
    pattern: PATTERNS.activitySettings,
    operationId: 'updateActivitySettings',
    contract: 'dam',
    fromBrowser: true,
    body: ActivitySettingsSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'POST', pattern: PATTERNS.testMail, operationId: 'sendTestMail', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.mailMessage, operationId: 'getMail', contract: 'dam', fromBrowser: true, params: MailParamsSchema },
  // Invitations and sign-ups (issue 14; spec 01 §3, §7; spec 03 §7). FotoWeb's REVOKE, APPROVE and REJECT are POSTs on
  // sub-resources: Node's HTTP parser refuses custom methods.
  { method: 'GET', pattern: PATTERNS.invitations, operationId: 'listInvitations', contract: 'dam', fromBrowser: true, query: InvitationListQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.invitations,
    operationId: 'createInvitations',
    contract: 'dam',
    fromBrowser: true,
    body: InvitationCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.invitationRevoke,
    operationId: 'revokeInvitation',
    contract: 'dam',
    fromBrowser: true,
    params: InvitationParamsSchema,
    body: EmptyBodySchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.grantableGroups, operationId: 'listGrantableGroups', contract: 'dam', fromBrowser: true, query: GrantableGroupsQuerySchema },
  { method: 'GET', pattern: PATTERNS.signupForm, operationId: 'getSignupForm', contract: 'dam', fromBrowser: true, query: SignupFormQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.signupForm,
    operationId: 'submitSignup',
    contract: 'dam',
    fromBrowser: true,
    body: SignupRequestSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.signups, operationId: 'listSignups', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.signupCount, operationId: 'countSignups', contract: 'dam', fromBrowser: true },
  {
    method: 'PATCH',
    pattern: PATTERNS.signup,
    operationId: 'updateSignup',
    contract: 'dam',
    fromBrowser: true,
    params: SignupParamsSchema,
    body: SignupUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.signupApprove,
    operationId: 'approveSignup',
    contract: 'dam',
    fromBrowser: true,
    params: SignupParamsSchema,
    body: SignupApprovalSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'POST',
    pattern: PATTERNS.signupReject,
    operationId: 'rejectSignup',
    contract: 'dam',
    fromBrowser: true,
    params: SignupParamsSchema,
    body: EmptyBodySchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.signupSettings, operationId: 'getSignupSettings', contract: 'dam', fromBrowser: true },
  {
    method: 'PUT',
    pattern: PATTERNS.signupSettings,
    operationId: 'updateSignupSettings',
    contract: 'dam',
    fromBrowser: true,
    body: SignupSettingsSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  // Guests (issue 12, spec 02 §1, §6).
  { method: 'GET', pattern: PATTERNS.getPublicApiDescriptor, operationId: 'getPublicApiDescriptor', contract: 'dam', fromBrowser: true },
  // Archive administration (issue 12, spec 03 §3.8–§3.11, §7).
  { method: 'GET', pattern: PATTERNS.archiveConfigs, operationId: 'listArchiveConfigs', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.archiveConfigs,
    operationId: 'createArchiveConfig',
    contract: 'dam',
    fromBrowser: true,
    body: ArchiveConfigInputSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.archiveConfig, operationId: 'getArchiveConfig', contract: 'dam', fromBrowser: true, params: ArchiveConfigParamsSchema },
  {
    method: 'PUT',
    pattern: PATTERNS.archiveConfig,
    operationId: 'updateArchiveConfig',
    contract: 'dam',
    fromBrowser: true,
    params: ArchiveConfigParamsSchema,
    body: ArchiveConfigInputSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.archiveConfig,
    operationId: 'deleteArchiveConfig',
    contract: 'dam',
    fromBrowser: true,
    params: ArchiveConfigParamsSchema,
    query: ArchiveDeleteQuerySchema,
  },
  // Configuration loads (issue 12, spec 03 §7).
  { method: 'GET', pattern: PATTERNS.consentFormSettings, operationId: 'getConsentFormSettings', contract: 'dam', fromBrowser: true },
  // Consent (issue 15): the settings, consent forms and their assets.
  {
    method: 'PUT',
    pattern: PATTERNS.consentFormSettings,
    operationId: 'updateConsentFormSettings',
    contract: 'dam',
    fromBrowser: true,
    body: ConsentFormSettingsSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.consentForms, operationId: 'listConsentForms', contract: 'dam', fromBrowser: true, query: ConsentFormListQuerySchema },
  {
    method: 'POST',
    pattern: PATTERNS.consentForms,
    operationId: 'createConsentForm',
    contract: 'dam',
    fromBrowser: true,
    body: ConsentFormCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'PUT',
    pattern: PATTERNS.consentForm,
    operationId: 'updateConsentForm',
    contract: 'dam',
    fromBrowser: true,
    params: ConsentFormParamsSchema,
    body: ConsentFormUpdateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  {
    method: 'DELETE',
    pattern: PATTERNS.consentForm,
    operationId: 'deleteConsentForm',
    contract: 'dam',
    fromBrowser: true,
    params: ConsentFormParamsSchema,
    query: ConsentFormDeleteQuerySchema,
  },
  {
    method: 'POST',
    pattern: PATTERNS.consentFormAssets,
    operationId: 'linkConsentFormAsset',
    contract: 'dam',
    fromBrowser: true,
    params: ConsentFormParamsSchema,
    body: ConsentFormAssetLinkSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'DELETE', pattern: PATTERNS.consentFormAsset, operationId: 'unlinkConsentFormAsset', contract: 'dam', fromBrowser: true, params: ConsentFormAssetParamsSchema },
  { method: 'GET', pattern: PATTERNS.assetConsentForms, operationId: 'listAssetConsentForms', contract: 'dam', fromBrowser: true, params: ConsentAssetParamsSchema },
  { method: 'GET', pattern: PATTERNS.metadataFields, operationId: 'listMetadataFields', contract: 'dam', fromBrowser: true, params: MetadataFieldFilterParamsSchema },
  { method: 'GET', pattern: PATTERNS.metadataNamespaces, operationId: 'listMetadataNamespaces', contract: 'dam', fromBrowser: true },
  {
    method: 'GET',
    pattern: PATTERNS.metadataNamespaceFields,
    operationId: 'listMetadataNamespaceFields',
    contract: 'dam',
    fromBrowser: true,
    params: MetadataNamespaceParamsSchema,
  },
  { method: 'GET', pattern: PATTERNS.metadataGroups, operationId: 'listMetadataGroups', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.metadataGroupFields, operationId: 'listMetadataGroupFields', contract: 'dam', fromBrowser: true, params: MetadataGroupParamsSchema },
  { method: 'GET', pattern: PATTERNS.archivesOld, operationId: 'listArchivesOld', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.pools, operationId: 'listPools', contract: 'dam', fromBrowser: true },
  { method: 'GET', pattern: PATTERNS.metadataViewConfigs, operationId: 'listMetadataViewConfigs', contract: 'dam', fromBrowser: true },
  {
    method: 'POST',
    pattern: PATTERNS.metadataViewConfigs,
    operationId: 'createMetadataViewConfig',
    contract: 'dam',
    fromBrowser: true,
    body: MetadataViewConfigCreateSchema,
    bodyContentTypes: [MEDIA_TYPES.json],
  },
  { method: 'GET', pattern: PATTERNS.configSettingItems, operationId: 'listConfigSettingItems', contract: 'dam', fromBrowser: true, params: ConfigSettingParamsSchema },
] as const satisfies readonly RouteSpec[];

/** Every route: the BFF's first (they win where both contracts define a path), then the DAM's. */
export const ROUTES: readonly RouteSpec[] = [...BFF_ROUTES, ...DAM_ROUTES];

/**
 * Finds the route of a request: the first route of {@link ROUTES} (or of one contract) whose method and pattern
 * match. HEAD is looked up as GET; a query or hash on `pathname` is ignored. Answers undefined when no route
 * matches (the BFF then forwards the request unvalidated, or answers 405/404 as it sees fit).
 *
 * @param method  HTTP method, any case.
 * @param pathname  The raw request path, percent-encoded as received (`/fotoweb/archives/5000-Photos/a%20b/`).
 * @param options.contract  Only look at the routes of this contract.
 * @returns the route and the raw values of its named groups (e.g. `{archive, folderPath, matrix}`)
 */
export function findRoute(method: string, pathname: string, options: { contract?: 'dam' | 'bff' } = {}): RouteMatch | undefined {
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const path = stripQueryAndHash(pathname);
  for (const route of ROUTES) {
    if (route.method !== wanted) continue;
    if (options.contract !== undefined && route.contract !== options.contract) continue;
    const match = route.pattern.exec(path);
    if (match === null) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      if (value !== undefined) params[name] = value;
    }
    return { route, params };
  }
  return undefined;
}

/**
 * The methods some route accepts on `pathname` (HEAD included when GET is), for a 405 `Allow` header. Empty when
 * no route has this path.
 */
export function allowedMethods(pathname: string, options: { contract?: 'dam' | 'bff' } = {}): HttpMethod[] {
  const path = stripQueryAndHash(pathname);
  const methods = new Set<HttpMethod>();
  for (const route of ROUTES) {
    if (options.contract !== undefined && route.contract !== options.contract) continue;
    if (!route.pattern.test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}

/**
 * False for paths a proxy must not forward: dot segments (`.`, `..`, also percent-encoded as `%2e`), empty
 * segments (`//`) and backslashes. A server may resolve those to another route than the one the BFF validated,
 * so the BFF answers 400 `InvalidRequest` instead of forwarding them.
 */
export function isSafePath(pathname: string): boolean {
  const path = stripQueryAndHash(pathname);
  if (!path.startsWith('/') || path.includes('\\') || path.includes('//')) return false;
  return path.split('/').every((segment) => !/^(?:\.|%2e){1,2}$/i.test(segment));
}

function stripQueryAndHash(pathname: string): string {
  const end = pathname.search(/[?#]/);
  return end === -1 ? pathname : pathname.slice(0, end);
}
