import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column holding T. */
type Json<T> = ColumnType<T, T | string, T | string>;
/** A jsonb column holding T with a database default. */
type JsonDefaulted<T> = ColumnType<T, T | string | undefined, T | string>;

/** FotoWeb metadata keyed by field id (`"5"`, `"25"`…): single fields are strings, bag fields arrays. */
export type FieldValues = Record<string, string | string[]>;

/** A preview file made at ingest (px; `file` is relative to the renditions store). */
export interface StoredPreview {
  size: number;
  width: number;
  height: number;
  square: boolean;
  file: string;
}

/** A custom property of a user or a group (spec 03 §3.1 propertyBag). */
export interface PropertyBagEntry {
  key: string;
  value: string;
}

/** The postal and contact details of a user (spec 03 §3.1 `address`, apart from the names, e-mail and company). */
export interface StoredAddress {
  title?: string;
  initial?: string;
  streetAddress?: string;
  streetAddress1?: string;
  streetAddress2?: string;
  streetAddress3?: string;
  streetAddress4?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
  phone?: string;
  fax?: string;
  homepage?: string;
  profession?: string;
  businessType?: string;
}

/** A user's commerce details (spec 03 §3.1): payment method 1 no charge, 2 invoice, 4 credit card, 8 manual accept. */
export interface StoredCommerce {
  accountId: string;
  paymentMethod: 1 | 2 | 4 | 8;
  category: string;
  /** A decimal, 0 by default. */
  discount: number;
}

/** What a user row stands for: a person, the guest user (id 15000), or the user an API client acting as a group acts as. */
export type UserKind = 'person' | 'guest' | 'application';

/**
 * Users (spec 03 §3.1; migrations 0001 and 0012). Passwords are scrypt hashes. `deleted` marks a soft-deleted user,
 * whose name is free again; every query for live users filters on it.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  full_name: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string;
  description: Generated<string>;
  /** `address.organization` in the admin view. */
  company: Generated<string>;
  address: JsonDefaulted<StoredAddress>;
  commerce: JsonDefaulted<StoredCommerce>;
  property_bag: JsonDefaulted<PropertyBagEntry[]>;
  external_ids: JsonDefaulted<unknown[]>;
  license_level: Generated<number>;
  license_mode: Generated<number>;
  expires: Timestamp | null;
  force_password_change: Generated<boolean>;
  kind: Generated<UserKind>;
  deleted: Timestamp | null;
  password_hash: string | null;
  is_enabled: Generated<boolean>;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** Each user's last login (kept apart from `users`, whose writes advance the catalog generation). */
export interface UserLoginsTable {
  user_id: number;
  last_login: Timestamp;
}

/**
 * Groups (spec 03 §3.2), including the built-ins Everyone, Registered Users and the guest group 10000
 * (`builtin_key` everyone, registered, guests). Names are unique, case-insensitively.
 */
export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  builtin_key: string | null;
  saml_group_name: Generated<string>;
  license_level: Generated<number>;
  license_mode: Generated<number>;
  property_bag: JsonDefaulted<PropertyBagEntry[]>;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** Explicit group memberships of users (Everyone and Registered Users are implicit). */
export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

/** Nested groups: `member_group_id` is a member of `group_id` and inherits what `group_id` is given. */
export interface GroupGroupsTable {
  group_id: number;
  member_group_id: number;
}

/** Plain group permissions of spec 03 §3.3, one row per permission a group holds (`albums.create`, `manageUsers`…). */
export interface GroupPermissionsTable {
  group_id: number;
  permission: string;
}

/** The one site owner (spec 03 §6): a single row. */
export interface SiteOwnerTable {
  singleton: Generated<boolean>;
  user_id: number;
  modified: Generated<Date>;
}

/** OAuth clients for the client_credentials grant (spec 03 §3.12 applications, keyed by clientId). */
export interface ApiClientsTable {
  client_id: string;
  name: string;
  secret_hash: string;
  /** The user the client acts as (for a client acting as a group, its hidden application user). */
  user_id: number;
  /** The group a client registered to act as a group acts through, or null. */
  acting_group_id: number | null;
  /** Who registered the client, or null for the built-in ones. */
  created_by: number | null;
  created: Generated<Date>;
}

/** Issued tokens, stored as SHA-256 hashes only. Access and refresh tokens of one grant share `grant_id`. */
export interface OAuthTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  grant_id: string;
  user_id: number;
  client_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created: Generated<Date>;
}

/** Archives: the top-level collections, each with its access list in `archive_acl` (FotoWeb ids start at 5000). */
export interface ArchivesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** The tile's colour (`#999999` unless chosen; migration 0020 lets holders of manageArchives choose it). */
  color: Generated<string>;
  /** The tile's icon, one of `COLLECTION_ICONS` (migration 0020); null: Folder. */
  icon: Generated<string | null>;
  /** The chosen cover (migration 0020); null: the archive's first asset. */
  poster_asset_id: Generated<number | null>;
  sort_order: Generated<number>;
  created: Generated<Date>;
  modified: Generated<Date>;
  /** The metadata view the archive uses (migration 0013); null: its own view, whose id derives from the archive id. */
  metadata_view_id: Generated<string | null>;
  /** The storage pool of its originals (`default`: the file store). */
  storage_pool: Generated<string>;
  /** A folder inside the pool for its originals (relative), or null for the pool's own place. */
  storage_path: Generated<string | null>;
  /** The rest of the archive's configuration (spec 03 §3.8), as {@link ArchiveSettings}. */
  settings: ColumnType<ArchiveSettings, string | undefined, string>;
}

/**
 * The archive settings kept as one JSON value (migration 0013; dam.yaml `ArchiveConfig`): what the server reads
 * (input folder, macros, navigation) and what the dialog keeps (properties, consent, download processing,
 * annotations, rendition choices). Absent keys take {@link DEFAULT_ARCHIVE_SETTINGS}'s values.
 */
export interface ArchiveSettings {
  properties?: Array<{ key: string; value: string }>;
  enableConsentManagement?: boolean;
  inputFolder?: string;
  inputLocation?: string;
  metadataMacros?: Array<{ FieldId: number; Value: string }>;
  downloadProcessing?: { ProcessingType: 0 | 1 | 2; SpecificProcessingProfile: string | null; CustomProcessingProfileSet: string | null };
  annotationsEnabled?: boolean;
  showFolders?: boolean;
  renditions?: { WatermarkId: string | null; QuickRenditionSetId: string | null; CropProfileSetId: string | null };
}

/** An archive's access list: one row per member (user or group) with its archive permission ids (spec 03 §3.11). */
export interface ArchiveAclTable {
  archive_id: number;
  principal_type: 'user' | 'group';
  principal_id: number;
  permissions: string[];
  /** The member's place in the list (migration 0013; spec 03 §2.12 reordering). */
  position: Generated<number>;
  /** A FotoWeb search expression limiting which assets the member sees ('' for all; spec 03 §3.9 AutoSearch). */
  auto_search: Generated<string>;
}

/** Folders inside an archive; `path` is the slash-separated path from the archive root, without slashes around it. */
export interface FoldersTable {
  id: Generated<number>;
  archive_id: number;
  path: string;
  name: string;
  parent_path: string | null;
  created: Generated<Date>;
  /** The tile's colour (one of `COLLECTION_COLORS`), null for the default (migration 0018). */
  color: Generated<string | null>;
  /** The tile's icon (one of `COLLECTION_ICONS`), null for `Folder`. */
  icon: Generated<string | null>;
  /** The asset whose previews are the folder's cover, null for none. */
  poster_asset_id: Generated<number | null>;
}

/** Assets: one stored original, its previews (files) and its metadata keyed by FotoWeb field id. */
export interface AssetsTable {
  id: Generated<number>;
  archive_id: number;
  /** '' for the archive root. */
  folder_path: Generated<string>;
  filename: string;
  filesize: number;
  content_hash: string;
  mime: string;
  doctype: string;
  /** Key of the original in the file store. */
  storage_key: string;
  has_preview: Generated<boolean>;
  width: number | null;
  height: number | null;
  oriented_width: number | null;
  oriented_height: number | null;
  orientation: number | null;
  colorspace: string | null;
  resolution: number | null;
  metadata: Json<FieldValues>;
  technical: Json<Record<string, unknown>>;
  previews: Json<StoredPreview[]>;
  warnings: Json<string[]>;
  search_vector: ColumnType<string, string | undefined, string>;
  /** Lexemes `f<field>_<word>` and presence markers `f<field>` for field predicates (migration 0002). */
  field_vector: ColumnType<string, string | undefined, string>;
  /** How many metadata fields hold a value: the metadata status `ms` (none 0, little 1-2, normal 3+). */
  metadata_fields: Generated<number>;
  /** EXIF DateTimeOriginal: the `ct` date. */
  camera_time: Date | null;
  /** IPTC date created (field 55) as `YYYY-MM-DD`: the `it` date. */
  iptc_date: string | null;
  created: Generated<Date>;
  created_by: string;
  modified: Generated<Date>;
  modified_by: string;
  /** Entries in `asset_revisions` (migration 0003). */
  revision_count: Generated<number>;
  /** Whether the file holds the stored metadata (dam.yaml `MetadataWriteback`). */
  writeback_status: Generated<WritebackStatus>;
  writeback_message: Generated<string | null>;
  /** Field ids changed in the database and not yet written into the file. */
  writeback_fields: ColumnType<string[], string | undefined, string>;
  /** When a `delete-request` moved the asset to the trash (migration 0018); null while it is live. */
  deleted: Generated<Date | null>;
  /** Who moved it to the trash (user name). */
  deleted_by: Generated<string | null>;
  /** The web-playable copy of a movie (migration 0036, issue 16); null when the asset has none. */
  web_video: ColumnType<WebVideo | null, WebVideo | string | null | undefined, WebVideo | string | null>;
}

/**
 * The state of a movie's web-playable copy (H.264/AAC MP4, at most 1080 px; issue 16), made by the `web-video`
 * background job: `pending` (queued), `running` (with `progress` 0-1), `ready` (with `file`, the store key, and its
 * size), `failed` (with `message`), `unavailable` (no ffmpeg on this server: `message` says how to add it).
 */
export interface WebVideo {
  status: 'pending' | 'running' | 'ready' | 'failed' | 'unavailable';
  /** Share of the transcode done, 0-1 (while `running`). */
  progress?: number;
  /** Store key of the MP4 (when `ready`). */
  file?: string;
  /** Frame width in px, upright (when `ready`). */
  width?: number;
  /** Frame height in px, upright. */
  height?: number;
  /** Size of the MP4 in bytes. */
  bytes?: number;
  /** Play time in s. */
  duration?: number;
  /** Why it failed, for people. */
  message?: string;
  /** The original (store key) the copy was made from: a new version of the file makes the copy stale. */
  source: string;
}

/** The write-back states of dam.yaml `MetadataWriteback`. */
export type WritebackStatus = 'pending' | 'written' | 'unsupported' | 'failed';

/** One field's change in a revision: values before and after (null: empty). */
export interface StoredFieldChange {
  field: number;
  before: string | string[] | null;
  after: string | string[] | null;
}

/** Metadata views, one per archive (migration 0003); `definition` holds the view as `MetadataViewUpdate`. */
export interface MetadataViewsTable {
  id: string;
  /** The archive the view was made for (null for a view made by copying, or whose archive is gone). */
  archive_id: number | null;
  name: string;
  definition: Json<unknown>;
  modified: Generated<Date>;
  created: Generated<Date>;
}

/** Revisions of an asset: the metadata snapshot and the file after each change (spec 01 §7 Revisions). */
export interface AssetRevisionsTable {
  id: Generated<number>;
  asset_id: number;
  number: number;
  kind: 'ingest' | 'metadata' | 'file' | 'rollback';
  metadata: Json<FieldValues>;
  changes: ColumnType<StoredFieldChange[], string | undefined, string>;
  storage_key: string;
  filesize: number;
  content_hash: string;
  file_changed: Generated<boolean>;
  comment: string | null;
  rolled_back_to: number | null;
  created: Generated<Date>;
  created_by: string;
}

/**
 * What a kept count counts (migration 0008): `a` every asset of an archive (term ''), `d` the assets directly in a
 * folder (term: the folder path), `s` / `f` the assets whose `search_vector` / `field_vector` hold a lexeme (term:
 * the lexeme).
 */
export type CountKind = 'a' | 'd' | 's' | 'f';

/**
 * Kept counts (migration 0008): a key's count is the sum of its rows. Triggers on `assets` insert one row per key a
 * statement changed (+/- assets); compaction folds a key's rows into one.
 */
export interface AssetCountsTable {
  archive_id: number;
  kind: CountKind;
  term: string;
  hits: number;
}

/**
 * Lexemes whose hits are kept in `asset_counts` (migration 0008), registered when a search for them first counts
 * many hits; `ready` once their count has its starting row (until then their rows are not a count).
 */
export interface AssetCountedTermsTable {
  archive_id: number;
  kind: 's' | 'f';
  term: string;
  ready: Generated<boolean>;
  created: Generated<Date>;
}

/** Background tasks (fotoweb-api-notes §6.2): the request, per-asset results and the state, polled by `user_id`. */
export interface BackgroundTasksTable {
  id: string;
  user_id: number;
  type: string;
  status: Generated<'pending' | 'inProgress' | 'done' | 'failed'>;
  request: Json<unknown>;
  result: ColumnType<unknown[], string | undefined, string>;
  total: number;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** Chunked uploads in progress or finished (FotoWeb API: Upload). */
export interface UploadsTable {
  id: string;
  user_id: number;
  archive_id: number;
  folder_path: string;
  filename: string;
  file_size: number;
  chunk_size: number;
  num_chunks: number;
  received: Json<number[]>;
  status: 'awaitingData' | 'pending' | 'inProgress' | 'done' | 'failed';
  asset_id: number | null;
  error: Json<{ value: string; message: string } | null>;
  created: Generated<Date>;
  /** Last change; while `awaitingData`, the last chunk received (or the creation): the upload expires from it (issue 9). */
  modified: Generated<Date>;
  /** The asset a new version of the file is for (destination = asset URL), else null. */
  target_asset_id: Generated<number | null>;
  /** The uploader's comment, kept on the file revision. */
  comment: Generated<string | null>;
  /**
   * The metadata fields given with the upload (dam.yaml `UploadMetadataField[]`; migration 0011); null for an upload
   * made before 0011, whose fields may wait in its old `metadata.json` (read once by the ingest job).
   */
  metadata: ColumnType<UploadMetadataField[] | null, string | null | undefined, string | null>;
  /**
   * The file store key the ingest stores the original under, recorded before anything is stored for it and cleared
   * when the asset holds it or its files are removed (migration 0011); see ingest-upload.job.ts.
   */
  original_key: Generated<string | null>;
}

/** One field given with an upload (dam.yaml `UploadMetadataField`): `action` add (default), append, prepend, erase. */
export interface UploadMetadataField {
  id: number;
  action?: 'add' | 'append' | 'prepend' | 'erase' | undefined;
  value?: string | string[] | undefined;
}

/** A processing profile (migration 0034, issue 16): a rendition every asset offers. Sizes in px (longest side). */
export interface ProcessingProfilesTable {
  /** A GUID. */
  id: string;
  name: string;
  /** Longest side (px), or null to keep the original's size. */
  size: number | null;
  format: 'jpg' | 'png' | 'tif' | 'webp';
  quality: number;
  /** Stamps the watermark of the asset's archive on the profile's images (migration 0037). */
  watermark: Generated<boolean>;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/**
 * A watermark (migration 0037, issue 16): an image kept as a PNG at `image_key` in the file store (`width` × `height`
 * px), stamped at `position` with `opacity` (percent) and `scale` (its width in percent of the image's width).
 */
export interface WatermarksTable {
  /** A GUID. */
  id: string;
  name: string;
  position: 'center' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'tile';
  opacity: number;
  scale: number;
  width: number;
  height: number;
  image_key: string;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/**
 * A requested rendition (migration 0034, issue 16): the file a job makes from `source_key` (the original then), or
 * the original itself (no `format`). Sizes in px; `size` the longest side, `width`/`height` a bounding box.
 */
export interface RenditionsTable {
  id: string;
  user_id: number;
  asset_id: number;
  source_key: string;
  /** The download's file name. */
  filename: string;
  size: number | null;
  width: number | null;
  height: number | null;
  /** The target format; null serves the original as it is. */
  format: 'jpg' | 'png' | 'tif' | 'webp' | null;
  quality: number | null;
  /** The watermark it is stamped with, `<watermark id>:<version ms>`, or null (migration 0037). */
  watermark: Generated<string | null>;
  status: Generated<'queued' | 'done' | 'failed'>;
  storage_key: string | null;
  error: string | null;
  created: Generated<Date>;
  expires: Date;
}

/** Background jobs, claimed with `FOR UPDATE SKIP LOCKED` (architecture.md: Data and scale). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Generated<Date>;
  locked_at: Date | null;
  locked_by: string | null;
  /** When the worker holding the lock last renewed it (heartbeat); null until the first claim (migration 0007). */
  heartbeat_at: Date | null;
  last_error: string | null;
  created: Generated<Date>;
  finished: Date | null;
}

/** One JSON document of preference groups per user (spec 01 §3 User preferences groups). */
export interface UserPreferencesTable {
  user_id: number;
  data: Json<Record<string, Record<string, unknown>>>;
  modified: Generated<Date>;
}

/** What a pin points at (migration 0014). */
export type PinKind = 'asset' | 'archive' | 'folder' | 'album' | 'taxonomyItem';

/** A user's pin of an asset, an archive or a folder: exactly the target column of its kind is set (migration 0014). */
export interface PinsTable {
  id: Generated<number>;
  user_id: number;
  kind: PinKind;
  asset_id: number | null;
  archive_id: number | null;
  folder_id: number | null;
  /** Migration 0017. */
  album_id: Generated<number | null>;
  /** A taxonomy item pin's item and the archive it is browsed in (migration 0021). */
  taxonomy_item_id: Generated<number | null>;
  taxonomy_archive_id: Generated<number | null>;
  created: Generated<Date>;
}

/** A user's album (migration 0015): archived or deleted when those dates are set. */
export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: Generated<string>;
  /** The asset shown as the cover, or null (the first asset is shown). */
  poster_asset_id: Generated<number | null>;
  archived: Generated<Date | null>;
  deleted: Generated<Date | null>;
  /** Shown on the home page among the public albums (migration 0022). */
  show_on_homepage: Generated<boolean>;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** An asset in an album, at its place in the album's order (ascending `position`; migration 0015). */
export interface AlbumAssetsTable {
  album_id: number;
  asset_id: number;
  position: number;
  added: Generated<Date>;
}

/** A share link of an album (migration 0016): live while not revoked and not expired. */
export interface AlbumLinksTable {
  id: Generated<number>;
  album_id: number;
  /** The link's secret, in its URL. */
  token: string;
  /** What visitors may do: `view`, `preview`, `download`. */
  acl: string[];
  expires: Date | null;
  /** scrypt hash of the password, or null. */
  password_hash: string | null;
  failed_attempts: Generated<number>;
  failed_since: Generated<Date | null>;
  created: Generated<Date>;
  revoked: Generated<Date | null>;
}

/** An album shared with one user or one group (migration 0019); exactly one of `user_id` and `group_id` is set. */
export interface AlbumSharesTable {
  id: Generated<number>;
  album_id: number;
  user_id: number | null;
  group_id: number | null;
  /** What they may do: `view`, `preview`, `contribute`. */
  acl: string[];
  created: Generated<Date>;
}

/** A comment on an album (migration 0023), 1 to 2,000 characters. */
export interface AlbumCommentsTable {
  id: Generated<number>;
  album_id: number;
  /** Its author; null once that user was removed for good. */
  author_id: number | null;
  text: string;
  created: Generated<Date>;
}

/**
 * Where a message of Magpie's mail stands (issue 14 "Mail"): `queued` waits for its first delivery attempt or a retry,
 * `sent` was accepted by the SMTP server, `failed` will not be tried again (refused for good, or out of attempts), `held`
 * stays in the outbox because no SMTP server is configured (`SMTP_URL`).
 */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'held';

/** A message of Magpie's mail and its delivery (migration 0024; `mail/`). */
export interface MailMessagesTable {
  id: Generated<number>;
  /** What it is for (`test`; later invitations, sign-ups, password resets), shown in the outbox. */
  purpose: string;
  to_address: string;
  /** The sender it was (or will be) sent as; null in outbox mode without `MAGPIE_MAIL_FROM`. */
  from_address: string | null;
  subject: string;
  /** The plain-text part; empty once erased. */
  text_body: string;
  /** The HTML part; null when the message has none, or once erased. */
  html_body: string | null;
  /** The RFC 5322 Message-ID, angle brackets included: the same on every attempt. */
  message_id: string;
  status: Generated<MailStatus>;
  /** Delivery attempts begun (an SMTP conversation started). */
  attempts: Generated<number>;
  /** Why the last attempt failed (the SMTP server's answer, or the connection error); null after a success. */
  last_error: string | null;
  last_attempt: Date | null;
  /** When the next attempt is due, while a retry waits; null otherwise. */
  next_attempt: Date | null;
  /** The SMTP server's answer to the accepted message (e.g. `250 OK: queued as …`). */
  smtp_response: string | null;
  /** Its bodies are erased once it is sent (a link that grants access). */
  sensitive: Generated<boolean>;
  /** When its bodies were erased; null while they are kept. */
  erased: Date | null;
  /** The user whose action queued it; null for the system, or once that user was removed for good. */
  requested_by: number | null;
  created: Generated<Date>;
  sent: Date | null;
  /**
   * Images the HTML part shows inline (`cid:` URLs; migration 0027), sent as related parts: an alert's thumbnails.
   * Kept with the message so that a retry sends the same; emptied with the parts of a sensitive message.
   */
  inline_images: JsonDefaulted<StoredInlineImage[]>;
}

/** One inline image of a message: its `cid`, content type and bytes as base64 (small: a 200 px preview). */
export interface StoredInlineImage {
  cid: string;
  contentType: string;
  filename: string;
  base64: string;
}

/** How often an alert tells its user (spec 01 §3). */
export type AlertIntervalName = 'immediate' | 'every_hour' | 'every_6_hours' | 'every_day' | 'every_week' | 'every_month';

/**
 * A search alert (migration 0027; issue 15, spec 01 §3 Alert): a user's saved search on an archive (or a folder of it)
 * that tells them of new assets. `last_asset_id` is its high-water mark: assets with a larger id are new to it;
 * `next_run` is when the alert sweep looks next.
 */
export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  archive_id: number;
  /** '' for the whole archive. */
  folder_path: Generated<string>;
  search_string: Generated<string>;
  interval: AlertIntervalName;
  last_asset_id: number;
  next_run: Date;
  last_run: Date | null;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** An order's state (FotoWeb's `state`): the user's cart, then pending until an approver decides. */
export type OrderStateName = 'cart' | 'pending' | 'approved' | 'rejected';

/** One answer to an order configuration's field. */
export interface StoredOrderAnswer {
  id: string;
  value: string;
}

/**
 * An order or a cart (migration 0028; issue 15, FotoWeb's `order`): each user has at most one `cart`; submitting it
 * makes it `pending` with a reference; an approver makes it `approved` (downloadable until `expires`) or `rejected`.
 */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  state: OrderStateName;
  /** `ORD-000042`, given at submission; null for a cart. */
  reference: string | null;
  user_comment: Generated<string>;
  admin_comment: Generated<string>;
  order_data: JsonDefaulted<StoredOrderAnswer[]>;
  created: Generated<Date>;
  modified: Generated<Date>;
  submitted: Date | null;
  decided: Date | null;
  decided_by: number | null;
  expires: Date | null;
}

/** One asset of an order, in order (`position`). */
export interface OrderItemsTable {
  order_id: number;
  asset_id: number;
  position: number;
  admin_comment: Generated<string>;
}

/** The order configuration (one row): the submission form's extra fields and the terms. */
export interface OrderConfigTable {
  singleton: Generated<boolean>;
  /** The submission form's extra fields, the sign-up form's shapes. */
  fields: JsonDefaulted<StoredSignupField[]>;
  terms: string | null;
  modified: Generated<Date>;
}

/**
 * One row of the activity log (migration 0031; issue 15, spec 03 §2.1 activity exports): who did what to which target,
 * copied as it was then (no foreign keys), append-only.
 */
export interface ActivityLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  /** The acting user's id; null for the system (a sweep) or a name that matched no user. */
  user_id: number | null;
  user_name: string;
  user_full_name: Generated<string>;
  /** One of `ACTIVITY_ACTIONS` (`asset.metadataEdited`…). */
  action: string;
  target_kind: string;
  target_id: string | null;
  target_href: string | null;
  target_name: Generated<string>;
  details: JsonDefaulted<Record<string, unknown>>;
}

/** What an alert found, as the user is told in the app (migration 0027; issue 15). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** The alert that made it; null once that alert is deleted. */
  alert_id: number | null;
  title: string;
  text: string;
  /** The web app's path to what it found (the alert's search); null when there is nowhere to go. */
  link: string | null;
  asset_count: number;
  created: Generated<Date>;
  read_at: Date | null;
}

/**
 * A password reset link (migration 0026; issue 14 "Password reset"): the SHA-256 (hex) of its random token, never the
 * token itself, whose user it is, until when it works, and when it was used (or made void by another reset).
 */
export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created: Generated<Date>;
  expires: Date;
  used: Date | null;
}

/** An invitation's type (spec 01 §3): one address, anyone at a domain, or anyone with the link. */
export type InvitationType = 'users' | 'organization' | 'link';

/**
 * An invitation (migration 0025; issue 14, spec 01 §3, spec 03 §3.6): the SHA-256 (hex) of its link's token, never the
 * token, and the salt the server rebuilds the token from with its secret key (`InvitationTokens`). `email` is set for
 * the users type, `organization_domain` (lower case) for the organization type. Active while not revoked, not used
 * (a users invitation, once signed up with) and not expired.
 */
export interface InvitationsTable {
  id: Generated<number>;
  type: InvitationType;
  token_hash: string;
  token_salt: string;
  email: string | null;
  organization_domain: string | null;
  description: Generated<string>;
  message: Generated<string>;
  approve_automatically: Generated<boolean>;
  created_by: number | null;
  created: Generated<Date>;
  expires: Date | null;
  revoked: Date | null;
  used: Date | null;
}

/** The groups an invitation grants (migration 0025). */
export interface InvitationGroupsTable {
  invitation_id: number;
  group_id: number;
}

/** Who joined through an invitation (migration 0025; spec 03 §2.2 "redeemed by"). */
export interface InvitationRedemptionsTable {
  invitation_id: number;
  user_id: number;
  created: Generated<Date>;
}

/** An answer to an extra field of the sign-up form (spec 03 §3.7 `userData`). */
export interface StoredSignupAnswer {
  id: string;
  value: string;
}

/** What a sign-up's decision stands at. */
export type SignupStatus = 'pending' | 'approved' | 'rejected';

/**
 * A sign-up (migration 0025; spec 01 §3, spec 03 §3.7): a UUID, the person's address and names, their password as a
 * scrypt hash (null once decided), the extra fields' answers, and how they came (`invitation_type`, `open` without an
 * invitation). Approved ones name the user made.
 */
export interface SignupsTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  user_data: JsonDefaulted<StoredSignupAnswer[]>;
  invitation_id: number | null;
  invitation_type: InvitationType | 'open';
  status: Generated<SignupStatus>;
  user_id: number | null;
  decided_by: number | null;
  decided: Date | null;
  created: Generated<Date>;
}

/** The groups a sign-up's account joins (migration 0025). */
export interface SignupGroupsTable {
  signup_id: string;
  group_id: number;
}

/** An extra field of the sign-up form as stored (dam.yaml `SignupField`). */
export interface StoredSignupField {
  id: string;
  label: string;
  dataType: 'text' | 'dropdown' | 'checkbox';
  values: string[];
  required: boolean;
  validation: { helpText: string; regex: string } | null;
}

/** A custom title-bar button as stored (migration 0029): the contract's `TitleBarButton`. */
export interface StoredTitleBarButton {
  index: number;
  tooltip: string;
  href: string;
  target: '_self' | '_blank';
  icon: string | null;
}

/** The site's appearance (migration 0029; issue 15): one row. */
export interface SiteAppearanceTable {
  singleton: Generated<boolean>;
  /** The custom CSS; empty when none is set. */
  custom_css: Generated<string>;
  /** Grows by one at every change of the CSS: the `v` of its address. */
  css_version: Generated<number>;
  title_bar_buttons: JsonDefaulted<StoredTitleBarButton[]>;
  /** When an administrator last changed it; null when never. */
  modified: Date | null;
}

/**
 * What the activity log records (migration 0033; issue 15, spec 03 §3.12 activity logging): one row, `enabled` and a
 * switch per category (`assets`, `archives`, `usersAndGroups`, `decisions`, `logins`, `settings`), all on by default.
 */
export interface ActivitySettingsTable {
  singleton: Generated<boolean>;
  enabled: Generated<boolean>;
  /** Category → recorded; a category missing from the stored object is recorded. */
  categories: JsonDefaulted<Record<string, boolean>>;
  /** When an administrator last changed them; null when never. */
  modified: Date | null;
}

/** The sign-up settings (migration 0025): one row. */
export interface SignupSettingsTable {
  singleton: Generated<boolean>;
  open_signup: Generated<boolean>;
  admin_can_assign_groups: Generated<boolean>;
  fields: JsonDefaulted<StoredSignupField[]>;
  modified: Generated<Date>;
}

/** The site's footer (migration 0030; issue 15): one row, the administrator's Markdown. */
export interface SiteFooterTable {
  singleton: Generated<boolean>;
  markdown: Generated<string>;
  /** When an administrator last changed it; null when never. */
  modified: Date | null;
}

/** A prepared ZIP download of a selection (migration 0018): its creator's, until `expires`. */
export interface DownloadsTable {
  id: string;
  user_id: number;
  /** The ZIP's file name. */
  name: string;
  /** The assets, in order. */
  asset_ids: Json<number[]>;
  created: Generated<Date>;
  expires: Date;
}

/** A smart folder (migration 0018): a saved search of an archive (or a folder in it), in its archive's order. */
export interface SmartFoldersTable {
  id: Generated<number>;
  archive_id: number;
  name: string;
  /** The folder the search runs in ('' for the archive). */
  folder_path: Generated<string>;
  /** The search's URL query string, without `?`. */
  query: string;
  /** 0-based place in the archive's list. */
  position: number;
  created: Generated<Date>;
  created_by: string;
}

/** Every table Magpie's DAM stores, for Kysely's typed queries. */
/** The consent form settings, one row (migration 0032; issue 15; spec 03 §3.10). */
export interface ConsentSettingsTable {
  singleton: Generated<boolean>;
  company_about: Generated<string>;
  contact_email_address: Generated<string>;
  company_name: Generated<string>;
  /** Days; 30 by default (spec 03 §9). */
  default_url_expiry_days: Generated<number>;
  enable_consent_forms: Generated<boolean>;
  pdf_render_company_logo: Generated<boolean>;
  pdf_render_company_logo_in_banner: Generated<boolean>;
  categories: JsonDefaulted<Record<string, unknown>[]>;
  templates: JsonDefaulted<Record<string, unknown>[]>;
  languages: JsonDefaulted<Record<string, unknown>[]>;
  default_fields: JsonDefaulted<Record<string, unknown>[]>;
  modified: Generated<Date>;
}

/** A consent form's state (FotoWare's `ConsentFormState`). */
export type ConsentFormStateName = 'Pending' | 'Signed' | 'PartiallySigned' | 'Declined' | 'Revoked';

/** A consent form (migration 0032; issue 15): `signed` and `expires` are `YYYY-MM-DD` (UTC days). */
export interface ConsentFormsTable {
  id: Generated<number>;
  person_name: string;
  email: string | null;
  state: ConsentFormStateName;
  signed: string | null;
  expires: string | null;
  category: string | null;
  usages: JsonDefaulted<string[]>;
  created_by: number | null;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** The assets a consent form covers. */
export interface ConsentFormAssetsTable {
  form_id: number;
  asset_id: number;
}

/**
 * A legacy API key (migration 0035; issue 16, fotoweb-api-notes §10): the header `FWAPIToken: <key>` acts as `user_id`.
 * Only the key's SHA-256 is kept (the key is 32 random bytes, so no slow hash is needed); revoked keys keep their row.
 */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** SHA-256 (hex) of the key. */
  key_hash: string;
  user_id: number;
  created: Generated<Date>;
  /** The administrator who created it; null once that user is gone. */
  created_by: number | null;
  created_by_name: Generated<string>;
  /** When a request last authenticated with it (refreshed at most once a minute); null when never. */
  last_used: Date | null;
  /** When it was revoked; null while it works. */
  revoked: Date | null;
}

/** A webhook (migration 0035; spec 03 §2.1 "Webhooks"): where asset events are POSTed, signed with `secret`. */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** `WebhookEvent`s it is told of. */
  events: Json<string[]>;
  /** The HMAC-SHA256 key of its signatures (kept as is: signing needs it). */
  secret: string;
  enabled: Generated<boolean>;
  created: Generated<Date>;
  created_by: Generated<string>;
}

/** One event to deliver to one webhook (migration 0035): the payload's asset as it was when the event happened. */
export interface WebhookDeliveriesTable {
  /** A UUID; the payload's `id`. */
  id: string;
  webhook_id: number;
  event: string;
  asset_id: number;
  /** The asset as the API presented it at the event (the asset presenter, no caller permissions). */
  asset: Json<Record<string, unknown>>;
  created: Generated<Date>;
  status: Generated<'pending' | 'retrying' | 'delivered' | 'failed'>;
  /** Attempts made (started). */
  attempts: Generated<number>;
  /** When a `retrying` delivery is tried again. */
  next_attempt: Date | null;
  delivered: Date | null;
}

/** One attempt of a webhook delivery (migration 0035). */
export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  at: Generated<Date>;
  /** The receiver's HTTP status; null when none came. */
  status_code: number | null;
  /** Why the attempt failed; null when it delivered. */
  error: string | null;
  duration_ms: number;
}

export interface Database {
  consent_settings: ConsentSettingsTable;
  consent_forms: ConsentFormsTable;
  consent_form_assets: ConsentFormAssetsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_groups: GroupGroupsTable;
  group_permissions: GroupPermissionsTable;
  site_owner: SiteOwnerTable;
  user_logins: UserLoginsTable;
  api_clients: ApiClientsTable;
  oauth_tokens: OAuthTokensTable;
  archives: ArchivesTable;
  archive_acl: ArchiveAclTable;
  folders: FoldersTable;
  assets: AssetsTable;
  uploads: UploadsTable;
  jobs: JobsTable;
  user_preferences: UserPreferencesTable;
  pins: PinsTable;
  albums: AlbumsTable;
  album_assets: AlbumAssetsTable;
  album_links: AlbumLinksTable;
  album_shares: AlbumSharesTable;
  album_comments: AlbumCommentsTable;
  mail_messages: MailMessagesTable;
  alerts: AlertsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_config: OrderConfigTable;
  notifications: NotificationsTable;
  activity_log: ActivityLogTable;
  activity_settings: ActivitySettingsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  password_resets: PasswordResetsTable;
  invitations: InvitationsTable;
  invitation_groups: InvitationGroupsTable;
  invitation_redemptions: InvitationRedemptionsTable;
  signups: SignupsTable;
  signup_groups: SignupGroupsTable;
  signup_settings: SignupSettingsTable;
  site_appearance: SiteAppearanceTable;
  site_footer: SiteFooterTable;
  downloads: DownloadsTable;
  processing_profiles: ProcessingProfilesTable;
  watermarks: WatermarksTable;
  renditions: RenditionsTable;
  smart_folders: SmartFoldersTable;
  metadata_views: MetadataViewsTable;
  asset_revisions: AssetRevisionsTable;
  background_tasks: BackgroundTasksTable;
  asset_counts: AssetCountsTable;
  asset_counted_terms: AssetCountedTermsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProcessingProfileRow = Selectable<ProcessingProfilesTable>;
export type WatermarkRow = Selectable<WatermarksTable>;
export type RenditionRow = Selectable<RenditionsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type ArchiveRow = Selectable<ArchivesTable>;
export type PinRow = Selectable<PinsTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type AlbumLinkRow = Selectable<AlbumLinksTable>;
export type AlbumShareRow = Selectable<AlbumSharesTable>;
export type AlbumCommentRow = Selectable<AlbumCommentsTable>;
export type MailMessageRow = Selectable<MailMessagesTable>;
export type AlertRow = Selectable<AlertsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ActivityRow = Selectable<ActivityLogTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type SignupRow = Selectable<SignupsTable>;
export type ConsentFormRow = Selectable<ConsentFormsTable>;
export type ConsentSettingsRow = Selectable<ConsentSettingsTable>;
/** An asset as services use it: every column but the search vectors (large, and only the database reads them). */
export type AssetRow = Omit<Selectable<AssetsTable>, 'search_vector' | 'field_vector'>;
/** The columns of {@link AssetRow}, for `select`. */
export const ASSET_COLUMNS = [
  'id',
  'archive_id',
  'folder_path',
  'filename',
  'filesize',
  'content_hash',
  'mime',
  'doctype',
  'storage_key',
  'has_preview',
  'width',
  'height',
  'oriented_width',
  'oriented_height',
  'orientation',
  'colorspace',
  'resolution',
  'metadata',
  'technical',
  'previews',
  'warnings',
  'created',
  'created_by',
  'modified',
  'modified_by',
  'metadata_fields',
  'camera_time',
  'iptc_date',
  'revision_count',
  'writeback_status',
  'writeback_message',
  'writeback_fields',
  'deleted',
  'deleted_by',
  'web_video',
] as const satisfies ReadonlyArray<keyof AssetRow>;
export type NewAsset = Insertable<AssetsTable>;
export type AssetUpdate = Updateable<AssetsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type JobRow = Selectable<JobsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type RevisionRow = Selectable<AssetRevisionsTable>;
export type BackgroundTaskRow = Selectable<BackgroundTasksTable>;
export type MetadataViewRow = Selectable<MetadataViewsTable>;
