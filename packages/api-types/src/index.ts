/**
 * `@magpie/api-types`: the types of Magpie's API contracts, generated from openapi/dam.yaml and openapi/bff.yaml
 * by openapi-typescript (never edited by hand), convenient aliases for the shapes every app uses, and the
 * contracts' runtime constants.
 *
 * - `Dam.paths`, `Dam.components`, `Dam.operations`: the DAM contract (FotoWeb-compatible API).
 * - `Bff.paths`, `Bff.components`, `Bff.operations`: the BFF's own routes.
 * - Zod schemas: `@magpie/api-types/schemas`; the route table: `@magpie/api-types/routes`; the web client:
 *   `@magpie/api-types/client`.
 */
import type { components as DamComponents } from './generated/dam.ts';
import type { components as BffComponents } from './generated/bff.ts';

export type * as Dam from './generated/dam.ts';
export type * as Bff from './generated/bff.ts';

export {
  ALBUM_COMMENT_MAX_LENGTH,
  ALERT_INTERVALS,
  DEFAULT_ALERT_INTERVAL,
  MAX_ALERTS_PER_USER,
  MAX_CART_ITEMS,
  ORDER_LISTS,
  ALBUM_GROUP_PERMISSIONS,
  API_PATHS,
  ARCHIVE_PERMISSIONS,
  COLLECTION_COLORS,
  COLLECTION_ICONS,
  CSRF_COOKIE,
  DEFAULT_COLLECTION_COLOR,
  CSRF_HEADER,
  DEFAULT_LOGIN_TARGET,
  ERROR_VALUES,
  GROUP_PERMISSIONS,
  GUEST_GROUP_ID,
  GUEST_USER_ID,
  LICENSE_MODES,
  LINK_COLLECTION_PERMISSIONS,
  MEDIA_TYPES,
  ARCHIVE_PERMISSION_REQUIRES,
  SPECIAL_ARCHIVE_MEMBER_ID,
  NEW_USER_DEFAULTS,
  PASSWORD_RULES,
  PAYMENT_METHODS,
  SAFE_METHODS,
  SESSION_COOKIE,
  USER_ADDRESS_DETAIL_FIELDS,
  USER_LICENSE_LEVELS,
  isArchivePermission,
  isGroupPermission,
  pageHref,
  passwordProblem,
} from './constants.ts';
export type { CollectionIcon, ErrorValue, MediaType } from './constants.ts';
export { CUSTOM_CSS_MAX_BYTES, TITLE_BAR_ICONS, TITLE_BAR_LIMITS, TITLE_BAR_TARGETS, isTitleBarHref, utf8Bytes, type TitleBarIcon } from './appearance.ts';
export { fieldDefinitionOf } from './fields.ts';
export { SITE_FOOTER_MAX_LENGTH } from './footer.ts';
export type { EditorFieldDefinition, FieldEditorKind } from './fields.ts';

type DamSchemas = DamComponents['schemas'];
type BffSchemas = BffComponents['schemas'];

// ------------------------------------------------------------------------------------------------ errors and auth

/** Magpie's one error body `{value, message, heading?, href?, requestId?, issues?}` (dam.yaml `ErrorBody`). */
export type ErrorBody = DamSchemas['ErrorBody'];
/** One field-level validation problem `{path, message}` of a 400 `InvalidRequest`. */
export type ErrorIssue = DamSchemas['ErrorIssue'];
/** The OAuth token endpoint's body, discriminated on `grant_type` (RFC 6749). */
export type TokenRequest = DamSchemas['TokenRequest'];
/** `{access_token, token_type: "bearer", expires_in (s), refresh_token?}` (RFC 6749 §5.1). */
export type TokenResponse = DamSchemas['TokenResponse'];
/** `{error, error_description?}` (RFC 6749 §5.2). */
export type OAuthError = DamSchemas['OAuthError'];
/** `{status: "ok", database: "pglite" | "postgres"}`. */
export type Health = DamSchemas['Health'];

// ------------------------------------------------------------------------------------------------ descriptor

/** The private API descriptor (`full-api-descriptor`, FotoWeb API). URL values are opaque, null when off. */
export type FullApiDescriptor = DamSchemas['FullApiDescriptor'];
/** The descriptor's `user`. */
export type DescriptorUser = DamSchemas['DescriptorUser'];
/** The descriptor's site-wide `permissions`. */
export type DescriptorPermissions = DamSchemas['DescriptorPermissions'];
/** The descriptor's `services` (logout, keepalive {href, interval s}, search, rendition_request, …). */
export type DescriptorServices = DamSchemas['DescriptorServices'];

// ------------------------------------------------------------------------------------------------ collections

/** An archive permission id (spec 03 §3.11); see `ARCHIVE_PERMISSIONS`. */
export type ArchivePermission = DamSchemas['ArchivePermission'];
/** A permission on a collection: an archive permission or `Add`, `Remove`, `Reorder`, `SetPosterAsset`. */
export type CollectionPermission = DamSchemas['CollectionPermission'];
/** A collection with its first page of `assets` and `children` (`collection`). */
export type Collection = DamSchemas['Collection'];
/** A collection's attributes only (`collectioninfo`). */
export type CollectionInfo = DamSchemas['CollectionInfo'];
/** A page of collections `{data, paging, searchURL?, add?, reorder?}` (`collectionlist`). */
export type CollectionList = DamSchemas['CollectionList'];
/** A page of assets `{data, paging}` (`assetlist`). */
export type AssetList = DamSchemas['AssetList'];
/** Paging links; `next`/`prev` may be null or `""` (use `pageHref`). */
export type Paging = DamSchemas['Paging'];
/** A preview image `{size, width, height (px), square, href}`. */
export type Preview = DamSchemas['Preview'];
/** A sort order offered by a collection (`alt_orders[]`). */
export type AltOrder = DamSchemas['AltOrder'];
/** A breadcrumb step `{name, href, data}`. */
export type Ancestor = DamSchemas['Ancestor'];

// ------------------------------------------------------------------------------------------------ assets

/** An asset (`asset`). */
export type Asset = DamSchemas['Asset'];
/** Lower-case document type: image, movie, audio, document, graphic, generic. */
export type DocType = DamSchemas['DocType'];
/** `{value: string | string[]}`: a metadata field's value. */
export type MetadataValue = DamSchemas['MetadataValue'];
/** A built-in field `{field, required, value}`. */
export type BuiltinField = DamSchemas['BuiltinField'];
/** A downloadable rendition. */
export type Rendition = DamSchemas['Rendition'];
/** `PATCH <asset>` body `{metadata: {<fieldId>: {value}}}` (`assetupdate`). */
export type AssetUpdate = DamSchemas['AssetUpdate'];

/** Magpie's write-back state of an asset's metadata `{status: pending|written|unsupported|failed, message}`. */
export type MetadataWriteback = DamSchemas['MetadataWriteback'];

// ------------------------------------------------------------------------------------------------ metadata views

/** A metadata view (`metadata-set`): `builtinFields` and `detailRegions` of field descriptions. */
export type MetadataView = DamSchemas['MetadataView'];
/** A field as a view shows it `{field, isWritable, required, taxonomy-only, editor?, options?}`; see `fieldDefinitionOf`. */
export type FieldDescription = DamSchemas['FieldDescription'];
/** A field's definition `{id, label, data-type, multi-instance, multiline, max-size, taxonomyHref, validation, values?}`. */
export type MetadataField = DamSchemas['MetadataField'];
/** A named group of field descriptions. */
export type DetailRegion = DamSchemas['DetailRegion'];
/** `PUT /fotoweb/editors/{id}` body (Magpie, administrators). */
export type MetadataViewUpdate = DamSchemas['MetadataViewUpdate'];

// ------------------------------------------------------------------------------------------------ background tasks

/** `metadata-edit-request` `{assets: [{href}], job-metadata: [{field, value}]}`. */
export type MetadataEditRequest = DamSchemas['MetadataEditRequest'];
/** `duplicate-request` `{assets: [{href, revision?}]}`. */
export type DuplicateRequest = DamSchemas['DuplicateRequest'];
/** `rename-request` `{assets: [{href}], job-filename}` (one asset). */
export type RenameRequest = DamSchemas['RenameRequest'];
/** `move-request` and `copy-request` `{assets: [{href}], job-destination}`. */
export type MoveRequest = DamSchemas['MoveRequest'];
/** `rotate-request` `{direction: cw | ccw | 180, assets: [{href}]}`. */
export type RotateRequest = DamSchemas['RotateRequest'];
/** `delete-request` `{assets: [{href}]}` (to the trash). */
export type DeleteRequest = DamSchemas['DeleteRequest'];
/** The trash `{data: TrashEntry[], total, retentionDays}` (Magpie). */
export type TrashList = DamSchemas['TrashList'];
/** An asset in the trash. */
export type TrashEntry = DamSchemas['TrashEntry'];
/** `PATCH <folder>` body `{name?, color?, iconCharacter?, poster_asset?}` (issue 13). */
export type FolderUpdate = DamSchemas['FolderUpdate'];
/** `POST <archive's smartFolders>` body `{name, searchHref}` (issue 13). */
export type SmartFolderCreate = DamSchemas['SmartFolderCreate'];
/** `PATCH <smart folder edit>` body `{name?, searchHref?, position?}` (issue 13). */
export type SmartFolderUpdate = DamSchemas['SmartFolderUpdate'];
/** `POST /fotoweb/me/downloads/` body `{assets: [{href}]}` (1–10,000). */
export type DownloadRequest = DamSchemas['DownloadRequest'];
/** A prepared ZIP `{href, name, assetCount, size (bytes)}`. */
export type DownloadCreated = DamSchemas['DownloadCreated'];
/** `PATCH /fotoweb/me/trash/` body `{restore?: id[], purge?: id[]}`. */
export type TrashUpdate = DamSchemas['TrashUpdate'];
/** The answer to creating a task `{location, status, maxInterval (ms)}`. */
export type BackgroundTaskCreated = DamSchemas['BackgroundTaskCreated'];
/** `task-status` `{task, job: {status, updates: {frequency (ms)}, progress, result}}`. */
export type TaskStatus = DamSchemas['TaskStatus'];
/** One asset's result in a task. */
export type TaskAssetResult = DamSchemas['TaskAssetResult'];

// ------------------------------------------------------------------------------------------------ taxonomies

/** A taxonomy usage flag: Navigate, Query, Set (spec 02 §6) or FotoWare's unused Hint. */
export type TaxonomyAcl = DamSchemas['TaxonomyAcl'];
/** A taxonomy's properties `{name, pluralName, description, hasChildren, field, href, taxonomyHref}` (`taxonomy-info`). */
export type TaxonomyInfo = DamSchemas['TaxonomyInfo'];
/** A taxonomy with a page of top-level items (or search results) in `items` (`taxonomy`). */
export type Taxonomy = DamSchemas['Taxonomy'];
/** A page of taxonomies (`taxonomy-list`). */
export type TaxonomyList = DamSchemas['TaxonomyList'];
/** A taxonomy item `{name, value, description, customSearch, acl, href, hasChildren, field, taxonomyHref, ancestors?}`. */
export type TaxonomyItemInfo = DamSchemas['TaxonomyItemInfo'];
/** An item with `ancestors` and a page of `children` (`taxonomy-item`). */
export type TaxonomyItem = DamSchemas['TaxonomyItem'];
/** A found item with its `ancestors` (taxonomy search, `info`). */
export type TaxonomySearchItem = DamSchemas['TaxonomySearchItem'];
/** A page of items `{data, paging}` sorted by name (`taxonomy-item-list`). */
export type TaxonomyItemList = DamSchemas['TaxonomyItemList'];
/** `POST <taxonomy or item href>` body: a new item (only `name` required). */
export type TaxonomyItemCreationInfo = DamSchemas['TaxonomyItemCreationInfo'];
/** `PUT <item href>` body `{name, value, acl, description?, customSearch?}`. */
export type TaxonomyItemUpdate = DamSchemas['TaxonomyItemUpdate'];
/** What a text import added `{field, created, existing}`. */
export type TaxonomyImportResult = DamSchemas['TaxonomyImportResult'];

// ------------------------------------------------------------------------------------------------ revisions

/** One revision of an asset. */
export type Revision = DamSchemas['Revision'];
/** `{data: Revision[], paging: null}`, newest first. */
export type RevisionList = DamSchemas['RevisionList'];
/** One field's `{field, label, before, after}`. */
export type FieldChange = DamSchemas['FieldChange'];
/** `POST …/__revisions/compare` answer. */
export type RevisionComparison = DamSchemas['RevisionComparison'];

// ------------------------------------------------------------------------------------------------ upload

/** `POST /fotoweb/api/uploads` body. */
export type UploadRequest = DamSchemas['UploadRequest'];
/** The created upload task `{id, chunkSize (bytes), numChunks, hasXmp}`. */
export type UploadInfo = DamSchemas['UploadInfo'];
/** An upload task's status `{status, result, error}`. */
export type UploadStatus = DamSchemas['UploadStatus'];
/** A finished upload's `{assetUrl, assetDetails?}`. */
export type UploadResult = DamSchemas['UploadResult'];
/** A failed upload's `{value, message}`. */
export type UploadError = DamSchemas['UploadError'];

// ------------------------------------------------------------------------------------------------ preferences

/** The user's preferences `{intranet, shared, pro, public}`, each a free-form object. */
export type UserPreferences = DamSchemas['UserPreferences'];
/** `PATCH` body `{data: {…partial groups}}`. */
export type UserPreferencesUpdate = DamSchemas['UserPreferencesUpdate'];

// ------------------------------------------------------------------------------------------------ pins

/** One pin: the pinned thing's href, `type` (asset, archive, folder), name, when, and its `asset` or `collection`. */
export type Pin = DamSchemas['Pin'];
/** What a pin points at. */
export type PinType = DamSchemas['PinType'];
/** The user's pins `{data, paging: null, limit}`. */
export type PinList = DamSchemas['PinList'];
/** An album's sharing: its share links and the users and groups it is shared with (issue 13). */
export type AlbumSharing = DamSchemas['AlbumSharing'];
/** A comment on an album: its href, text, author, date and whether the caller may delete it. */
export type AlbumComment = DamSchemas['AlbumComment'];
/** An album's comments, oldest first, and whether the caller may add one. */
export type AlbumCommentList = DamSchemas['AlbumCommentList'];
/** A share of an album with a user or a group. */
export type PersonShare = DamSchemas['PersonShare'];
/** A share link of an album. */
export type ShareLink = DamSchemas['ShareLink'];
/** One taxonomy of an archive's navigation (a collection's `taxonomies`, issue 13). */
export type CollectionTaxonomy = DamSchemas['CollectionTaxonomy'];
/** A taxonomy item to browse an archive by, with the archive's search for it. */
export type CollectionTaxonomyItem = DamSchemas['CollectionTaxonomyItem'];
/** FotoWeb's `people-list`: the people search's answer. */
export type PeopleList = DamSchemas['PeopleList'];
/** FotoWeb's `sharing-update`: share links made and revoked. */
export type AlbumSharingUpdate = DamSchemas['AlbumSharingUpdate'];
/** FotoWeb's `sharing-link-list`: the links made. */
export type AlbumSharingLinkList = DamSchemas['AlbumSharingLinkList'];
/** What a share link shows. */
export type SharedAlbum = DamSchemas['SharedAlbum'];
/** An asset as a share link shows it. */
export type SharedAsset = DamSchemas['SharedAsset'];
/** The answer to pinning: the pins after it and `added` (0 at the pin limit). */
export type PinsAddResult = DamSchemas['PinsAddResult'];

// ------------------------------------------------------------------------------------------------ users and groups

/** A user, admin view (spec 03 §3.1; `user`): account, address, commerce, license, hrefs and the caller's `actions`. */
export type User = DamSchemas['User'];
/** What the caller may do to a user (spec 03 §3.1). */
export type UserActions = DamSchemas['UserActions'];
/** `{isEnabled, expires, lastLoginDate, externalIDs, forcePasswordChange}`. */
export type UserAccount = DamSchemas['UserAccount'];
/** Every address field of spec 03 §3.1 (strings, `""` when not set). */
export type UserAddress = DamSchemas['UserAddress'];
/** `{accountId, paymentMethod (1|2|4|8), category, discount (%)}`. */
export type UserCommerce = DamSchemas['UserCommerce'];
/** `{level, mode}` (numbers; see `USER_LICENSE_LEVELS`, `LICENSE_MODES`). */
export type UserLicense = DamSchemas['UserLicense'];
/** A license level number (0, 10, 20, 30, 35, 40, 50, 60, 70). */
export type UserLicenseLevel = DamSchemas['UserLicenseLevel'];
/** A license mode number (0 Named, 1 Concurrent). */
export type LicenseMode = DamSchemas['LicenseMode'];
/** A payment method number (1, 2, 4, 8). */
export type PaymentMethod = DamSchemas['PaymentMethod'];
/** A custom property `{key, value}`. */
export type Property = DamSchemas['Property'];
/** `POST /fotoweb/users/` body. */
export type UserCreate = DamSchemas['UserCreate'];
/** `PATCH <user href>` body: only the changed fields. */
export type UserUpdate = DamSchemas['UserUpdate'];
/** A page of users `{data, count, paging}` (`user-list`). */
export type UserList = DamSchemas['UserList'];
/** The batch update body `{users, data}` (`user-list-update`). */
export type UserListUpdate = DamSchemas['UserListUpdate'];
/** `{updated: href[], skipped: SkippedUser[]}`. */
export type UserListUpdateResult = DamSchemas['UserListUpdateResult'];
/** The batch delete body `{users}` (`user-list`). */
export type UserDeleteList = DamSchemas['UserDeleteList'];
/** `{deleted: href[], skipped: SkippedUser[]}`. */
export type UserDeleteResult = DamSchemas['UserDeleteResult'];
/** A user a batch call left alone `{href, value, message}`. */
export type SkippedUser = DamSchemas['SkippedUser'];
/** `{user: href}` (`user-reference`): the site owner. */
export type UserReference = DamSchemas['UserReference'];
/** `POST /fotoweb/me/password` body `{currentPassword, newPassword}`. */
export type PasswordChange = DamSchemas['PasswordChange'];
/** A group permission name (spec 03 §3.3; album ones as `albums.<name>`). */
export type GroupPermission = DamSchemas['GroupPermission'];
/** A group, admin view (spec 03 §3.2; `group`). */
export type Group = DamSchemas['Group'];
/** What the caller may do to a group. */
export type GroupActions = DamSchemas['GroupActions'];
/** `{defaultLevel, defaultConcurrencyMode}`. */
export type GroupLicense = DamSchemas['GroupLicense'];
/** `POST /fotoweb/groups/` body. */
export type GroupCreate = DamSchemas['GroupCreate'];
/** `PATCH <group href>` body: only the changed fields. */
export type GroupUpdate = DamSchemas['GroupUpdate'];
/** A page of groups `{data, count, paging}` (`group-list`). */
export type GroupList = DamSchemas['GroupList'];
/** `{href, name}` of a group. */
export type GroupReference = DamSchemas['GroupReference'];
/** `{groups: GroupReference[]}` (`memberof`). */
export type MemberOf = DamSchemas['MemberOf'];
/** `{add?: href[], remove?: href[]}` (`group-list-update`). */
export type MemberListUpdate = DamSchemas['MemberListUpdate'];
/** A group member `{type: user|group, id, href, name, username, email, description}`. */
export type Member = DamSchemas['Member'];
/** A page of members `{data, count, paging}` (`member-list`). */
export type MemberList = DamSchemas['MemberList'];
/** `{ValueNumeric, Label}`. */
export type LicenseOption = DamSchemas['LicenseOption'];
/** The permissions overview (spec 03 §3.4). */
export type ConfigOptions = DamSchemas['ConfigOptions'];
/** FotoWare's Beta `User` (`application/json` on `/fotoweb/api/users/{id}`). */
export type BetaUser = DamSchemas['BetaUser'];
/** FotoWare's Beta `Group` (`application/json` on `/fotoweb/api/groups/{id}`). */
export type BetaGroup = DamSchemas['BetaGroup'];

// ------------------------------------------------------------------------------------------------ API clients

/** An integration's API client `{clientId, name, actingAs, actingAsName, created, href}`. */
export type Application = DamSchemas['Application'];
/** `POST /fotoweb/api/config/applications` body `{name, actingAs}`. */
export type ApplicationCreate = DamSchemas['ApplicationCreate'];
/** The created client with `clientSecret` (shown once). */
export type ApplicationCreated = DamSchemas['ApplicationCreated'];
/** `{data: Application[]}`. */
export type ApplicationList = DamSchemas['ApplicationList'];

// ------------------------------------------------------------------------------------------------ legacy API keys and webhooks (issue 16)

/** A legacy API key `{id, name, actingAs, actingAsName, created, createdBy, lastUsed, href}` (no key). */
export type ApiKey = DamSchemas['ApiKey'];
/** `POST /fotoweb/api/api-keys` body `{name, actingAs}`. */
export type ApiKeyCreate = DamSchemas['ApiKeyCreate'];
/** The created key with `key` (shown once; send it as the `FWAPIToken` header). */
export type ApiKeyCreated = DamSchemas['ApiKeyCreated'];
/** `{data: ApiKey[]}`. */
export type ApiKeyList = DamSchemas['ApiKeyList'];
/** `asset.ingested`, `asset.modified` or `asset.deleted`. */
export type WebhookEvent = DamSchemas['WebhookEvent'];
/** A registered webhook with its last delivery (no secret). */
export type Webhook = DamSchemas['Webhook'];
/** `POST /fotoweb/api/webhooks` body `{url, events, enabled?}`. */
export type WebhookCreate = DamSchemas['WebhookCreate'];
/** The registered webhook with its signing `secret` (shown once). */
export type WebhookCreated = DamSchemas['WebhookCreated'];
/** `{data: Webhook[]}`. */
export type WebhookList = DamSchemas['WebhookList'];
/** One delivery of an event to a webhook, its state and attempts. */
export type WebhookDelivery = DamSchemas['WebhookDelivery'];
/** One attempt of a delivery. */
export type WebhookAttempt = DamSchemas['WebhookAttempt'];
/** `{data: WebhookDelivery[]}`. */
export type WebhookDeliveryList = DamSchemas['WebhookDeliveryList'];
/** What a webhook delivery POSTs (FotoWeb's webhook payload with Magpie's `event` and `asset`). */
export type WebhookPayload = DamSchemas['WebhookPayload'];

// ------------------------------------------------------------------------------------------------ mail (issue 14 "Mail")

/** Where a message's delivery stands: `queued`, `sent`, `failed`, `held` (in the outbox: no SMTP server). */
export type MailStatus = DamSchemas['MailStatus'];
/** One message as the outbox lists it (no parts). */
export type MailMessageSummary = DamSchemas['MailMessageSummary'];
/** One message with its plain-text and HTML parts (`getMail`). */
export type MailMessage = DamSchemas['MailMessage'];
/** How mail leaves the server (`smtp` or `outbox`), the sender and the public URL links point at. */
export type MailDelivery = DamSchemas['MailDelivery'];
/** A page of the outbox, newest first (`listMail`). */
export type MailOutbox = DamSchemas['MailOutbox'];

// ------------------------------------------------------------------------------------------------ activity (issue 15)

/** What an event of the activity log did (`asset.metadataEdited`…). */
export type ActivityAction = DamSchemas['ActivityAction'];
/** One event of the activity log: when, who, what, the target as it was, details. */
export type ActivityEntry = DamSchemas['ActivityEntry'];
/** A page of the activity log, newest first, with its export links (`listActivity`). */
export type ActivityList = DamSchemas['ActivityList'];
/** What the activity log records: on or off, and by category (`getActivitySettings`; spec 03 §3.12 activity logging). */
export type ActivitySettings = DamSchemas['ActivitySettings'];
/** A category of the activity log's settings (`assets`, `archives`, `usersAndGroups`, `decisions`, `logins`, `settings`). */
export type ActivityCategory = keyof ActivitySettings['categories'];
/** The filters of the activity log (`listActivity`, `exportActivity`), as the DAM reads them. */
export type ActivityListQuery = import('zod').output<typeof import('./schemas.ts').ActivityListQuerySchema>;
/** An order, or the cart (FotoWeb's `order`; issue 15). */
export type Order = DamSchemas['Order'];
/** A list of orders (FotoWeb's `orderlist`). */
export type OrderList = DamSchemas['OrderList'];
/** One item of an order. */
export type OrderItem = DamSchemas['OrderItem'];
/** The submission form's fields and terms. */
export type OrderConfig = DamSchemas['OrderConfig'];
/** Consent (issue 15): the settings (spec 03 §3.10), a consent form, an asset's summary (spec 01 §3). */
export type ConsentFormSettings = DamSchemas['ConsentFormSettings'];
/** The consent settings' lists (issue 15; spec 03 §3.10): their item types and the rules the DAM and the Consent page share. */
export {
  CONSENT_DEFAULT_FIELD_TYPES,
  CONSENT_ID_PATTERN,
  CONSENT_LIST_LIMITS,
  consentListProblems,
  isLanguageTag,
  type ConsentCategory,
  type ConsentDefaultField,
  type ConsentDefaultFieldType,
  type ConsentLanguage,
  type ConsentListName,
  type ConsentListProblem,
  type ConsentLists,
  type ConsentTemplate,
} from './consent-settings.ts';
export type ConsentForm = DamSchemas['ConsentForm'];
export type ConsentFormFields = DamSchemas['ConsentFormFields'];
/** A page of consent forms (`listConsentForms`): the forms, `count`, `paging`. */
export type ConsentFormPage = DamSchemas['ConsentFormPage'];
export type ConsentFormState = DamSchemas['ConsentFormState'];
export type ConsentStatus = DamSchemas['ConsentStatus'];
/** The body of submitting the cart. */
export type OrderSubmission = DamSchemas['OrderSubmission'];
/** The answer to submitting the cart (FotoWeb's `order-submission-info`). */
export type OrderSubmissionInfo = DamSchemas['OrderSubmissionInfo'];
/** An approver's APPROVE or REJECT body (FotoWeb's `orderupdate`). */
export type OrderDecision = DamSchemas['OrderDecision'];
/** FotoWeb's `cart-update`. */
export type CartUpdate = DamSchemas['CartUpdate'];
/** FotoWeb's `count`. */
export type Count = DamSchemas['Count'];
/** A custom title-bar button (spec 02 §3 `customizations.customTitleBarButtons`; issue 15). */
export type TitleBarButton = DamSchemas['TitleBarButton'];
/** `getTitleBarButtons`, `updateTitleBarButtons`: the custom title-bar buttons. */
export type TitleBarButtonList = DamSchemas['TitleBarButtonList'];
/** `getAppearanceSettings`: the custom CSS and the title-bar buttons, for the Manage site page (issue 15). */
export type AppearanceSettings = DamSchemas['AppearanceSettings'];
/** `updateCustomCss` body (spec 01 §7 "POST custom CSS url: cssContent"). */
export type CustomCssUpdate = DamSchemas['CustomCssUpdate'];
/** The cookie banner and policy (spec 02 §3 Cookie consent reply). */
export type CookieConsent = DamSchemas['CookieConsent'];
/** The site's Markdown footer (Magpie; issue 15, spec 02 §2). */
export type SiteFooter = DamSchemas['SiteFooter'];
/** A search alert (issue 15; spec 01 §3 Alert). */
export type Alert = DamSchemas['Alert'];
/** `listAlerts`: the user's alerts. */
export type AlertList = DamSchemas['AlertList'];
/** `createAlert`'s body. */
export type AlertCreate = DamSchemas['AlertCreate'];
/** `replaceAlert`/`updateAlert`'s body. */
export type AlertUpdate = DamSchemas['AlertUpdate'];
/** What an alert found, in the app (Magpie). */
export type Notification = DamSchemas['Notification'];
/** `listNotifications`: the newest notifications and the unread count. */
export type NotificationList = DamSchemas['NotificationList'];

// ------------------------------------------------------------------------------------------------ invitations and sign-ups (issue 14)

export {
  emailDomain,
  isOrganizationDomain,
  ORGANIZATION_DOMAIN_PATTERN,
  SIGNUP_FIELD_ID_PATTERN,
  SIGNUP_FIELD_LIMITS,
  signupAnswerProblems,
  signupFieldDefinitionProblems,
  signupFieldRegex,
} from './signup-fields.ts';
export type { SignupFieldAnswer, SignupFieldDefinition, SignupProblem } from './signup-fields.ts';
/** `users` (one address), `organization` (a domain) or `link` (anyone with it). */
export type InvitationType = DamSchemas['InvitationType'];
/** `POST /fotoweb/invitations/` body (spec 01 §3). */
export type InvitationCreate = DamSchemas['InvitationCreate'];
/** `{totalInvitationsCreated, invitationLink, type}` (spec 01 §3). */
export type InvitationsCreated = DamSchemas['InvitationsCreated'];
/** An invitation of the management grid (spec 03 §3.6). */
export type Invitation = DamSchemas['Invitation'];
/** A page of active invitations `{data, count, paging: {next}}`. */
export type InvitationList = DamSchemas['InvitationList'];
/** A user who joined through an invitation `{id, name, username}`. */
export type InvitationRedeemer = DamSchemas['InvitationRedeemer'];
/** The groups the caller may give new people `{data: [{href, name}]}`. */
export type GrantableGroupList = DamSchemas['GrantableGroupList'];
/** The public sign-up form (`getSignupForm`). */
export type SignupForm = DamSchemas['SignupForm'];
/** A sign-up `{invitation?, email, firstName, lastName, password, userData?}`. */
export type SignupRequest = DamSchemas['SignupRequest'];
/** `{status: "pending" | "approved"}`. */
export type SignupSubmitted = DamSchemas['SignupSubmitted'];
/** A pending sign-up (spec 03 §3.7). */
export type Signup = DamSchemas['Signup'];
/** The pending sign-ups with `adminCanAssignGroups` and the extra fields. */
export type SignupList = DamSchemas['SignupList'];
/** `{signupCount}`. */
export type SignupCount = DamSchemas['SignupCount'];
/** `PATCH <signup href>` body `{firstName?, lastName?, userData?}`. */
export type SignupUpdate = DamSchemas['SignupUpdate'];
/** `POST <signup href>approve` body `{groups?}`. */
export type SignupApproval = DamSchemas['SignupApproval'];
/** `{href, username}` of the user an approval made. */
export type SignupApproved = DamSchemas['SignupApproved'];
/** `{openSignup, adminCanAssignGroups, fields}`. */
export type SignupSettings = DamSchemas['SignupSettings'];

// ------------------------------------------------------------------------------------------------ password reset (issue 14)

/** The answer to a request for a reset link, the same for every address (`requestPasswordReset`). */
export type PasswordResetAccepted = DamSchemas['PasswordResetAccepted'];
/** A reset link that can still set a password: `{valid: true, expires, userName}` (`getPasswordReset`). */
export type PasswordResetStatus = DamSchemas['PasswordResetStatus'];

// ------------------------------------------------------------------------------------------------ archive administration (issue 12)

/** An archive with its configuration and access list (spec 03 §3.8), as `GET /fotoweb/api/config/archives/{id}` answers it. */
export type ArchiveConfig = DamSchemas['ArchiveConfig'];
/** The body of `POST /fotoweb/api/config/archives` and `PUT …/{id}`. */
export type ArchiveConfigInput = DamSchemas['ArchiveConfigInput'];
/** `{data: ArchiveConfig[], paging: null}`. */
export type ArchiveConfigList = DamSchemas['ArchiveConfigList'];
/** A member of an archive's access list `{Id, MemberType, Name?, Description?, AutoSearch?, Permissions}` (spec 03 §3.9). */
export type ArchiveMember = DamSchemas['ArchiveMember'];
/** The public API descriptor a guest reads from `GET /fotoweb/` (fotoweb-api-notes §1). */
export type PublicApiDescriptor = DamSchemas['PublicApiDescriptor'];

// ------------------------------------------------------------------------------------------------ BFF

/** `POST /fotoweb/views/login` body `{username, password}`. */
export type LoginRequest = BffSchemas['LoginRequest'];
/** `POST /fotoweb/views/login` answer `{to}`. */
export type LoginResponse = BffSchemas['LoginResponse'];
/** `GET /fotoweb/views/session` answer `{authenticated, user?: {userName, fullName}}`. */
export type Session = BffSchemas['Session'];
/** The session's user `{userName, fullName}`. */
export type SessionUser = BffSchemas['SessionUser'];
