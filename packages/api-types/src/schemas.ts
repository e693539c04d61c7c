/**
 * zod schemas for every request payload, query and path parameter set of Magpie's contracts (openapi/dam.yaml,
 * openapi/bff.yaml). The BFF validates with them before proxying (see `routes.ts`); the DAM may reuse them.
 *
 * Each schema is checked at compile time against the type openapi-typescript generated from the contract: its
 * output must be assignable to the generated type, must name every key the generated type names, and must keep
 * optional what the contract makes optional. A contract change that a schema does not follow fails `tsc`.
 *
 * Schemas are stricter than the contract where safety needs it (file and folder names, the login `to` path); they
 * never accept a value the contract refuses.
 */
import { z } from 'zod';
import type { components as DamComponents, operations as DamOperations } from './generated/dam.ts';
import type { components as BffComponents, operations as BffOperations } from './generated/bff.ts';
import {
  ALBUM_COMMENT_MAX_LENGTH,
  ALERT_INTERVALS,
  MAX_CART_ITEMS,
  ORDER_LISTS,
  COLLECTION_COLORS,
  COLLECTION_ICONS,
  DEFAULT_LOGIN_TARGET,
  GROUP_PERMISSIONS,
} from './constants.ts';
import { isAcceptableText } from './input-rules.ts';
import { filenameProblem, folderNameProblem } from './names.ts';
import { MAX_EXPRESSION_LENGTH } from './search-params.ts';
import { TITLE_BAR_ICONS, TITLE_BAR_LIMITS, TITLE_BAR_TARGETS, isTitleBarHref } from './appearance.ts';
import { isOrganizationDomain, SIGNUP_FIELD_ID_PATTERN, SIGNUP_FIELD_LIMITS, signupFieldDefinitionProblems } from './signup-fields.ts';
import { SITE_FOOTER_MAX_LENGTH } from './footer.ts';
import { CONSENT_DEFAULT_FIELD_TYPES, CONSENT_LIST_LIMITS, consentListProblems, type ConsentDefaultFieldType } from './consent-settings.ts';

// The input gate's rules (NUL, lone surrogates, JSON nesting), shared by the DAM and the BFF (issue 9).
export { findInputProblem, forbiddenTextIn, isAcceptableText, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './input-rules.ts';
export type { ForbiddenText, InputPart, InputProblem } from './input-rules.ts';

type DamSchemas = DamComponents['schemas'];
type BffSchemas = BffComponents['schemas'];

// ------------------------------------------------------------------------------------------------ compile-time checks

type Assert<T extends true> = T;
type IsAny<T> = 0 extends 1 & T ? true : false;
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
/**
 * True when a schema's output `Out` fits the generated type `Gen`: assignable, naming every key of `Gen`, and
 * optional wherever `Gen` is. `any` on either side fails, so a broken import cannot make the check pass.
 */
type Conforms<Out, Gen> =
  IsAny<Out> extends true
    ? false
    : IsAny<Gen> extends true
      ? false
      : [Out] extends [Gen]
        ? [Exclude<keyof Gen, keyof Out>] extends [never]
          ? [Exclude<OptionalKeys<Gen>, OptionalKeys<Out>>] extends [never]
            ? true
            : false
          : false
        : false;

// ------------------------------------------------------------------------------------------------ shared pieces

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export {
  FILENAME_BIDI_CONTROLS,
  FILENAME_CONTROL_CHARACTERS,
  FILENAME_CONTROL_MESSAGE,
  FILENAME_FORBIDDEN_CHARACTERS,
  FILENAME_LENGTH_MESSAGE,
  FILENAME_MAX_BYTES,
  FILENAME_MESSAGE,
  filenameProblem,
  folderNameProblem,
  utf8ByteLength,
} from './names.ts';

/** A file name that meets {@link filenameProblem}; one issue with the first problem's message. */
export const FilenameSchema = z.string().superRefine((name, ctx) => {
  const problem = filenameProblem(name);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A folder path below an upload destination, segments separated by `/` (`2024/May`): at most 1024 characters,
 * each segment a folder name that meets {@link folderNameProblem} (so not empty, `.` or `..`).
 */
export const FolderPathSchema = z
  .string()
  .max(1024, 'Folder path must be at most 1024 characters.')
  .superRefine((folder, ctx) => {
    if (folder === '') return;
    for (const segment of folder.split('/')) {
      const problem = folderNameProblem(segment);
      if (problem !== undefined) return void ctx.addIssue({ code: 'custom', message: problem });
    }
  });

/** A metadata field id: digits (`"5"`, `"120"`), as used for the keys of `metadata`. */
export const FieldIdSchema = z.string().regex(/^[0-9]{1,9}$/, 'A field id is a number, e.g. "5".');

/**
 * A metadata value (`MetadataValue`): a string for single-value fields, an array of strings for bag fields
 * (FotoWeb API, Updating metadata on an asset).
 */
export const MetadataValueSchema = z.object({
  value: z.union([z.string(), z.array(z.string())]),
});
type _MetadataValue = Assert<Conforms<z.output<typeof MetadataValueSchema>, DamSchemas['MetadataValue']>>;

// ------------------------------------------------------------------------------------------------ OAuth (DAM)

/** Required unless the client authenticates with HTTP Basic (RFC 6749 §2.3.1); the DAM checks that one of the two is used. */
const clientId = z.string().min(1).max(256).optional();
/** As {@link clientId}. */
const clientSecret = z.string().min(1).max(1024).optional();
const scope = z.string().max(1024).optional();

/** RFC 6749 §4.4 client credentials grant (`ClientCredentialsTokenRequest`). */
export const ClientCredentialsTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: clientId,
  client_secret: clientSecret,
  scope,
});
/** RFC 6749 §6 refresh grant (`RefreshTokenTokenRequest`). */
export const RefreshTokenTokenRequestSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(4096),
  client_id: clientId,
  client_secret: clientSecret,
  scope,
});
/** RFC 6749 §4.3 password grant (`PasswordTokenRequest`); the DAM accepts it from the BFF's client only. */
export const PasswordTokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
  client_id: clientId,
  client_secret: clientSecret,
  /** Magpie: the person's IP address as the BFF sees it; the DAM counts wrong passwords per it. */
  end_user_address: z.string().max(64).optional(),
  scope,
});

/**
 * The token endpoint's form body (`POST /fotoweb/oauth2/token`, `TokenRequest`), discriminated on `grant_type`.
 * Parse the decoded form fields (all strings). An unknown `grant_type` fails on the path `grant_type`; the DAM
 * answers that with RFC 6749 `unsupported_grant_type` and other failures with `invalid_request`.
 */
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [ClientCredentialsTokenRequestSchema, RefreshTokenTokenRequestSchema, PasswordTokenRequestSchema]);
type _ClientCredentials = Assert<Conforms<z.output<typeof ClientCredentialsTokenRequestSchema>, DamSchemas['ClientCredentialsTokenRequest']>>;
type _RefreshToken = Assert<Conforms<z.output<typeof RefreshTokenTokenRequestSchema>, DamSchemas['RefreshTokenTokenRequest']>>;
type _Password = Assert<Conforms<z.output<typeof PasswordTokenRequestSchema>, DamSchemas['PasswordTokenRequest']>>;
type _TokenRequest = Assert<Conforms<z.output<typeof TokenRequestSchema>, DamSchemas['TokenRequest']>>;

// ------------------------------------------------------------------------------------------------ collections (DAM)

/**
 * The query of collection URLs and of the archive list (`?q=`, FotoWeb API, Collection queries): a search
 * expression of at most 2000 characters; a repeated `q` is refused. The other keys of the search language
 * (`search-params.ts`: key=value criteria, the advanced-search choices and ranges, `txnm`) pass through here: the DAM
 * checks their values and answers a bad one with 400 `InvalidSearchExpression` (spec 02 §8), which the header search
 * shows; a shape error here would be `InvalidRequest` instead.
 */
export const CollectionQuerySchema = z.looseObject({
  q: z.string().max(MAX_EXPRESSION_LENGTH, `A search expression must be at most ${MAX_EXPRESSION_LENGTH} characters.`).optional(),
});
type _CollectionQuery = Assert<Conforms<z.output<typeof CollectionQuerySchema>, NonNullable<DamOperations['getCollection']['parameters']['query']>>>;
type _ArchiveListQuery = Assert<Conforms<z.output<typeof CollectionQuerySchema>, NonNullable<DamOperations['listArchives']['parameters']['query']>>>;

// ------------------------------------------------------------------------------------------------ assets (DAM)

/**
 * `PATCH <asset href>` body (`assetupdate`, FotoWeb API, Updating metadata on an asset): field id (digits) → value.
 * Whether each field fits the archive's metadata view is the DAM's check (400 `InvalidRequest`).
 */
export const AssetUpdateSchema = z.object({
  metadata: z.record(FieldIdSchema, MetadataValueSchema),
});
type _AssetUpdate = Assert<Conforms<z.output<typeof AssetUpdateSchema>, DamSchemas['AssetUpdate']>>;

// ------------------------------------------------------------------------------------------------ metadata views (DAM)

function isValidRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A field's validation (`FieldValidation`): `regexp` must compile as an ECMAScript pattern; `min` ≤ `max`. */
export const FieldValidationSchema = z
  .object({
    regexp: z.string().max(1000).refine(isValidRegExp, 'The regexp is not a valid regular expression.').nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    helpText: z.string().max(1000).nullable().optional(),
  })
  .refine((v) => v.min === null || v.max === null || v.min <= v.max, { message: 'min must not be greater than max.', path: ['min'] });
type _FieldValidation = Assert<Conforms<z.output<typeof FieldValidationSchema>, DamSchemas['FieldValidation']>>;

/** A field's definition (`MetadataField`, fotoweb-api-notes §4; spec 02 §3). */
export const MetadataFieldSchema = z.object({
  id: z.number().int().min(0).max(999_999_999),
  label: z.string().min(1).max(200),
  'data-type': z.enum(['text', 'integer', 'real', 'date', 'boolean']),
  'multi-instance': z.boolean(),
  multiline: z.boolean(),
  'max-size': z.number().int().min(1).nullable(),
  taxonomyHref: z.string().max(2048).nullable(),
  validation: FieldValidationSchema,
  values: z
    .array(z.union([z.string().max(1000), z.object({ value: z.string().max(1000), description: z.string().max(1000).optional() })]))
    .max(10_000)
    .optional(),
});
type _MetadataField = Assert<Conforms<z.output<typeof MetadataFieldSchema>, DamSchemas['MetadataField']>>;

/** A field as a view shows it (`FieldDescription`): the field plus `isWritable`, `required`, `taxonomy-only`, `editor`, `options`. */
export const FieldDescriptionSchema = z.object({
  field: MetadataFieldSchema,
  isWritable: z.boolean(),
  required: z.boolean(),
  'taxonomy-only': z.boolean(),
  editor: z.enum(['text', 'number', 'date', 'checkbox', 'dropdown', 'input-dropdown', 'date-dropdown', 'password', 'email']).optional(),
  options: z
    .object({
      cancelEditOnBlur: z.boolean().optional(),
      placeholderText: z.string().max(500).optional(),
      emptyValueMessage: z.string().max(500).optional(),
      labelPlacement: z.enum(['left', 'top', 'none', 'right']).optional(),
    })
    .optional(),
});
type _FieldDescription = Assert<Conforms<z.output<typeof FieldDescriptionSchema>, DamSchemas['FieldDescription']>>;

/** A detail region (`DetailRegion`): a name and its fields in display order. */
export const DetailRegionSchema = z.object({
  name: z.string().min(1).max(200),
  fields: z.array(FieldDescriptionSchema).max(1000),
});
type _DetailRegion = Assert<Conforms<z.output<typeof DetailRegionSchema>, DamSchemas['DetailRegion']>>;

const builtinFieldId = z.number().int().min(0).max(999_999_999).nullable();

/**
 * `PUT /fotoweb/editors/{id}` body (`MetadataViewUpdate`, Magpie): name, built-in field ids, regions. Refuses a field
 * id used twice in the regions and a built-in field id that no region holds (issue paths `detailRegions`,
 * `builtinFields.<role>`).
 */
export const MetadataViewUpdateSchema = z
  .object({
    name: z.string().min(1).max(200),
    preserveModificationTime: z.boolean().optional(),
    builtinFields: z.object({
      title: builtinFieldId,
      description: builtinFieldId,
      tags: builtinFieldId,
      status: builtinFieldId,
      rating: builtinFieldId,
      notes: builtinFieldId,
    }),
    detailRegions: z.array(DetailRegionSchema).min(1).max(100),
  })
  .superRefine((view, ctx) => {
    const ids = view.detailRegions.flatMap((region) => region.fields.map((f) => f.field.id));
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    if (duplicate !== undefined) ctx.addIssue({ code: 'custom', path: ['detailRegions'], message: `Field ${duplicate} appears more than once.` });
    for (const [role, id] of Object.entries(view.builtinFields)) {
      if (id !== null && !ids.includes(id)) {
        ctx.addIssue({ code: 'custom', path: ['builtinFields', role], message: `The ${role} field ${id} is not in any detail region.` });
      }
    }
  });
type _MetadataViewUpdate = Assert<Conforms<z.output<typeof MetadataViewUpdateSchema>, DamSchemas['MetadataViewUpdate']>>;

/** Path parameters of `/fotoweb/editors/{id}`. */
export const MetadataViewIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a metadata view id.') });
type _MetadataViewIdParams = Assert<Conforms<z.output<typeof MetadataViewIdParamsSchema>, DamOperations['getMetadataView']['parameters']['path']>>;

// ------------------------------------------------------------------------------------------------ background tasks (DAM)

/**
 * `POST /fotoweb/me/background-tasks/` body (`metadata-edit-request`, fotoweb-api-notes §6.2): 1–1000 asset hrefs and
 * 1–1000 fields `{field, value}` (a string, or an array for bag fields).
 */
export const MetadataEditRequestSchema = z.object({
  assets: z
    .array(z.object({ href: z.string().min(1).max(4096) }))
    .min(1, 'Give at least one asset.')
    .max(1000, 'At most 1000 assets per task.'),
  'job-metadata': z
    .array(z.object({ field: z.number().int().min(0).max(999_999_999), value: z.union([z.string(), z.array(z.string())]) }))
    .min(1, 'Give at least one field.')
    .max(1000),
});
type _MetadataEditRequest = Assert<Conforms<z.output<typeof MetadataEditRequestSchema>, DamSchemas['MetadataEditRequest']>>;

/** `POST /fotoweb/me/background-tasks/` body (`duplicate-request`, spec 01 §7): 1–1000 `{href, revision?}`. */
export const DuplicateRequestSchema = z.object({
  assets: z
    .array(z.object({ href: z.string().min(1).max(4096), revision: z.number().int().min(1).max(999_999_999).optional() }))
    .min(1, 'Give at least one asset.')
    .max(1000, 'At most 1000 assets per task.'),
});
type _DuplicateRequest = Assert<Conforms<z.output<typeof DuplicateRequestSchema>, DamSchemas['DuplicateRequest']>>;

/** The assets of a file operation (`AssetHrefs`): 1–1000 `{href}`. */
const AssetHrefsSchema = z
  .array(z.object({ href: z.string().min(1).max(4096) }))
  .min(1, 'Give at least one asset.')
  .max(1000, 'At most 1000 assets per task.');

/** `rename-request` (spec 01 §7 rename `assets[href], job-filename`; issue 13): one asset and its new name. */
export const RenameRequestSchema = z.object({
  assets: z.array(z.object({ href: z.string().min(1).max(4096) })).length(1, 'Rename one asset at a time.'),
  'job-filename': z.string().min(1, 'Give the new file name.').max(255, 'A file name has at most 255 characters.'),
});
type _RenameRequest = Assert<Conforms<z.output<typeof RenameRequestSchema>, DamSchemas['RenameRequest']>>;

/** `move-request` and `copy-request` (fotoweb-api-notes §6.2; issue 13): the assets and the archive or folder href they go to. */
export const MoveRequestSchema = z.object({
  assets: AssetHrefsSchema,
  'job-destination': z.string().min(1, 'Give the destination.').max(4096),
});
type _MoveRequest = Assert<Conforms<z.output<typeof MoveRequestSchema>, DamSchemas['MoveRequest']>>;

/** `rotate-request` (fotoweb-api-notes §6.2; issue 13): `direction` `cw`, `ccw` or `180`. */
export const RotateRequestSchema = z.object({
  direction: z.enum(['cw', 'ccw', '180'], { message: 'The direction is cw, ccw or 180.' }),
  assets: AssetHrefsSchema,
});
type _RotateRequest = Assert<Conforms<z.output<typeof RotateRequestSchema>, DamSchemas['RotateRequest']>>;

/** `delete-request` (fotoweb-api-notes §6.2; issue 13): the assets to move to the trash. */
export const DeleteRequestSchema = z.object({ assets: AssetHrefsSchema });
type _DeleteRequest = Assert<Conforms<z.output<typeof DeleteRequestSchema>, DamSchemas['DeleteRequest']>>;

/**
 * Any background-task body Magpie runs: a metadata edit (with `job-metadata`), a duplicate, or a file operation. The
 * DAM picks the one the `Content-Type` names.
 */
export const BackgroundTaskRequestSchema = z.union([
  MetadataEditRequestSchema,
  DuplicateRequestSchema,
  RenameRequestSchema,
  MoveRequestSchema,
  RotateRequestSchema,
  DeleteRequestSchema,
]);

/** Path parameters of `/fotoweb/smartfolders/{archive}/`: the archive's id. */
export const SmartFolderListParamsSchema = z.object({ archive: z.string().regex(/^[1-9][0-9]{0,8}$/, 'Not an archive id.') });
type _SmartFolderListParams = Assert<Conforms<z.output<typeof SmartFolderListParamsSchema>, DamOperations['listSmartFolders']['parameters']['path']>>;

/** Path parameters of `/fotoweb/smartfolders/{archive}/{id}`. */
export const SmartFolderParamsSchema = SmartFolderListParamsSchema.extend({ id: z.string().regex(/^[1-9][0-9]{0,8}$/, 'Not a smart folder id.') });
type _SmartFolderParams = Assert<Conforms<z.output<typeof SmartFolderParamsSchema>, DamOperations['updateSmartFolder']['parameters']['path']>>;

const SmartFolderNameSchema = z.string().trim().min(1, 'Give the smart folder a name.').max(200, 'A smart folder name has at most 200 characters.');

/** `POST /fotoweb/smartfolders/{archive}/` body (issue 13): a name and the search URL to save. */
export const SmartFolderCreateSchema = z.object({ name: SmartFolderNameSchema, searchHref: z.string().min(1).max(4096) });
type _SmartFolderCreate = Assert<Conforms<z.output<typeof SmartFolderCreateSchema>, DamSchemas['SmartFolderCreate']>>;

/** `PATCH /fotoweb/smartfolders/{archive}/{id}` body (issue 13): a new name, search or place (0-based), at least one. */
export const SmartFolderUpdateSchema = z
  .object({ name: SmartFolderNameSchema.optional(), searchHref: z.string().min(1).max(4096).optional(), position: z.number().int().min(0).max(9999).optional() })
  .refine((body) => body.name !== undefined || body.searchHref !== undefined || body.position !== undefined, 'Give a name, a search or a position.');
type _SmartFolderUpdate = Assert<Conforms<z.output<typeof SmartFolderUpdateSchema>, DamSchemas['SmartFolderUpdate']>>;

/** `POST /fotoweb/me/downloads/` body (issue 13): 1–10,000 asset hrefs to download as one ZIP. */
export const DownloadRequestSchema = z.object({
  assets: z
    .array(z.object({ href: z.string().min(1).max(4096) }))
    .min(1, 'Give at least one asset.')
    .max(10_000, 'At most 10,000 assets per download.'),
});
type _DownloadRequest = Assert<Conforms<z.output<typeof DownloadRequestSchema>, DamSchemas['DownloadRequest']>>;

/** Path parameters of `GET /fotoweb/me/downloads/{id}/{name}`. */
export const DownloadParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a download id.'),
  name: z.string().max(300),
});
type _DownloadParams = Assert<Conforms<z.output<typeof DownloadParamsSchema>, DamOperations['getDownload']['parameters']['path']>>;

/** The formats a rendition can be converted to (issue 16). */
export const RENDITION_FORMATS = ['jpg', 'png', 'tif', 'webp'] as const;
/** A rendition's pixel size (px): 1–10,000. */
const RenditionPixelsSchema = z.number().int().min(1, 'At least 1 px.').max(10_000, 'At most 10,000 px.');

/** `POST /fotoweb/services/renditions` body (fotoweb-api-notes §6.3): an asset's rendition href and an optional conversion. */
export const RenditionRequestSchema = z.object({
  href: z.string().min(1).max(4096),
  size: RenditionPixelsSchema.optional(),
  width: RenditionPixelsSchema.optional(),
  height: RenditionPixelsSchema.optional(),
  format: z.enum(RENDITION_FORMATS).optional(),
  profile: z.string().max(64).optional(),
});
type _RenditionRequest = Assert<Conforms<z.output<typeof RenditionRequestSchema>, DamSchemas['RenditionRequest']>>;

/** Path parameters of `GET /fotoweb/me/background-tasks/{id}/0/{name}` (a requested rendition). */
export const RenditionFileParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a rendition id.'),
  name: z.string().max(300),
});
type _RenditionFileParams = Assert<Conforms<z.output<typeof RenditionFileParamsSchema>, DamOperations['getRenditionFile']['parameters']['path']>>;

/** A processing profile as an administrator sets it (issue 16): name, longest side (px) or null, format, quality 1–100. */
export const ProcessingProfileInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name.').max(100),
  size: RenditionPixelsSchema.nullable(),
  format: z.enum(RENDITION_FORMATS),
  quality: z.number().int().min(1).max(100),
  /** Stamp the archive's watermark on the profile's images (false when left out). */
  watermark: z.boolean().optional(),
});
type _ProcessingProfileInput = Assert<Conforms<z.output<typeof ProcessingProfileInputSchema>, DamSchemas['ProcessingProfileInput']>>;

/** Path parameters of `/fotoweb/api/processing-profiles/{id}`: a GUID. */
export const ProcessingProfileParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a processing profile id.'),
});
type _ProcessingProfileParams = Assert<Conforms<z.output<typeof ProcessingProfileParamsSchema>, DamOperations['updateProcessingProfile']['parameters']['path']>>;

/** Where a watermark is stamped (dam.yaml `WatermarkPosition`); `tile` repeats it over the whole image. */
export const WATERMARK_POSITIONS = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'tile'] as const;

/**
 * A watermark as an administrator sets it (issue 16, dam.yaml `WatermarkInput`): name, position, opacity and scale in
 * percent (1–100), and the image as base64 or a `data:` URL (at most 720,000 characters, about 512 KiB; required
 * when creating, which the DAM checks).
 */
export const WatermarkInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name.').max(100),
  position: z.enum(WATERMARK_POSITIONS),
  opacity: z.number().int().min(1).max(100),
  scale: z.number().int().min(1).max(100),
  image: z.string().min(1).max(720_000, 'The image must be at most 512 KiB.').optional(),
});
type _WatermarkInput = Assert<Conforms<z.output<typeof WatermarkInputSchema>, DamSchemas['WatermarkInput']>>;

/** Path parameters of `/fotoweb/api/watermarks/{id}`: a GUID. */
export const WatermarkParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a watermark id.'),
});
type _WatermarkParams = Assert<Conforms<z.output<typeof WatermarkParamsSchema>, DamOperations['updateWatermark']['parameters']['path']>>;

const TrashIdsSchema = z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).optional();

/** `PATCH /fotoweb/me/trash/` body (issue 13): trash entry ids to restore and to purge, 1–1000 in all. */
export const TrashUpdateSchema = z
  .object({ restore: TrashIdsSchema, purge: TrashIdsSchema })
  .refine((body) => (body.restore?.length ?? 0) + (body.purge?.length ?? 0) > 0, 'Give at least one entry to restore or purge.')
  .refine((body) => (body.restore?.length ?? 0) + (body.purge?.length ?? 0) <= 1000, 'At most 1000 entries at a time.');
type _TrashUpdate = Assert<Conforms<z.output<typeof TrashUpdateSchema>, DamSchemas['TrashUpdate']>>;

/** Path parameters of `GET /fotoweb/me/background-tasks/{id}`. */
export const BackgroundTaskParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a task id.') });
type _BackgroundTaskParams = Assert<Conforms<z.output<typeof BackgroundTaskParamsSchema>, DamOperations['getBackgroundTask']['parameters']['path']>>;

// ------------------------------------------------------------------------------------------------ revisions (DAM)

/** Path parameters of `…/__revisions/{revision}[/rollback|/rollback-to]`: `revision` is a number 1–999999999 as digits. */
export const RevisionParamsSchema = z.object({
  archive: z.string(),
  assetPath: z.string(),
  revision: z.string().regex(/^[1-9][0-9]{0,8}$/, 'A revision is a number from 1.'),
});
type _RevisionParams = Assert<Conforms<z.output<typeof RevisionParamsSchema>, DamOperations['getRevision']['parameters']['path']>>;

/** `POST …/__revisions/compare` body (`RevisionCompareRequest`, spec 01 §7). */
export const RevisionCompareRequestSchema = z.object({
  leftRevision: z.number().int().min(1).max(999_999_999),
  rightRevision: z.number().int().min(1).max(999_999_999),
});
type _RevisionCompare = Assert<Conforms<z.output<typeof RevisionCompareRequestSchema>, DamSchemas['RevisionCompareRequest']>>;

/** `POST …/__revisions/{revision}/rollback-to` body (`RollbackToRequest`); an empty body means `all`. */
export const RollbackToRequestSchema = z.object({ rollbackType: z.enum(['all', 'metadata', 'file']).optional() });
type _RollbackTo = Assert<Conforms<z.output<typeof RollbackToRequestSchema>, DamSchemas['RollbackToRequest']>>;

// ------------------------------------------------------------------------------------------------ upload (DAM)

/**
 * One field of the metadata applied on upload (`UploadMetadataField`): the field id is bounded as every field id
 * (`MetadataFieldSchema.id`, 0 to 999,999,999; issue 9), so a huge id is a 400 and never reaches storage.
 */
export const UploadMetadataFieldSchema = z.object({
  id: z.number().int().min(0).max(999_999_999),
  action: z.enum(['add', 'append', 'prepend', 'erase']).optional(),
  value: z.union([z.string(), z.array(z.string())]).optional(),
});
type _UploadMetadataField = Assert<Conforms<z.output<typeof UploadMetadataFieldSchema>, DamSchemas['UploadMetadataField']>>;

/** The metadata applied on upload (`UploadMetadata`). */
export const UploadMetadataSchema = z.object({
  fields: z.array(UploadMetadataFieldSchema).max(1000).optional(),
  attributes: z
    .array(z.object({ key: z.string(), value: z.string() }))
    .max(1000)
    .optional(),
});
type _UploadMetadata = Assert<Conforms<z.output<typeof UploadMetadataSchema>, DamSchemas['UploadMetadata']>>;

/**
 * `POST /fotoweb/api/uploads` body (`UploadRequest`, FotoWeb API, Upload API §1): `destination` (collection or
 * asset href, non-empty), `filename` ({@link FilenameSchema}; a forbidden character gives {@link FILENAME_MESSAGE},
 * which the DAM answers as 400 `InvalidFilename`), `fileSize` (bytes, integer ≥ 0), optional `folder`
 * ({@link FolderPathSchema}), `hasXmp`, `comment`, `checkoutId`, `metadata`.
 */
export const UploadRequestSchema = z.object({
  destination: z.string().min(1, 'The destination must not be empty.').max(4096),
  folder: FolderPathSchema.nullable().optional(),
  filename: FilenameSchema,
  fileSize: z.number({ error: 'The file size must be a number of bytes.' }).int('The file size must be a whole number of bytes.').min(0, 'The file size must be 0 or more bytes.'),
  hasXmp: z.boolean().optional(),
  comment: z.string().max(4096).nullable().optional(),
  checkoutId: z.string().max(256).nullable().optional(),
  metadata: UploadMetadataSchema.optional(),
});
type _UploadRequest = Assert<Conforms<z.output<typeof UploadRequestSchema>, DamSchemas['UploadRequest']>>;

/** An upload task id (128 random bits, base64url; at most 64 characters). */
export const UploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an upload id.');

/** Path parameters of `GET /fotoweb/api/uploads/{id}/status`. */
export const UploadIdParamsSchema = z.object({ id: UploadIdSchema });
type _UploadIdParams = Assert<Conforms<z.output<typeof UploadIdParamsSchema>, DamOperations['getUploadStatus']['parameters']['path']>>;

/**
 * Path parameters of `POST /fotoweb/api/uploads/{id}/chunks/{index}`: `id` ({@link UploadIdSchema}) and `index`,
 * a decimal string of at most 9 digits turned into a number ≥ 0. Whether the index is below `numChunks` is the
 * DAM's check (400 `InvalidChunk`).
 */
export const ChunkParamsSchema = z.object({
  id: UploadIdSchema,
  index: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'The chunk index must be a whole number, 0 or more.')
    .transform((digits) => Number(digits)),
});
type _ChunkParams = Assert<Conforms<z.output<typeof ChunkParamsSchema>, DamOperations['uploadChunk']['parameters']['path']>>;

// ------------------------------------------------------------------------------------------------ taxonomies (DAM)

/** Path parameters of `/fotoweb/api/taxonomies/{fieldId}/…`: a field id of 1–4 digits. */
export const TaxonomyFieldParamsSchema = z.object({
  fieldId: z.string().regex(/^[0-9]{1,4}$/, 'A field id is a number, e.g. "25".'),
});
type _TaxonomyFieldParams = Assert<Conforms<z.output<typeof TaxonomyFieldParamsSchema>, DamOperations['getTaxonomy']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/taxonomies/{fieldId}/{itemId}[/]`: item ids are digits. */
export const TaxonomyItemParamsSchema = TaxonomyFieldParamsSchema.extend({
  itemId: z.string().regex(/^[0-9]{1,9}$/, 'Not a taxonomy item id.'),
});
type _TaxonomyItemParams = Assert<Conforms<z.output<typeof TaxonomyItemParamsSchema>, DamOperations['getTaxonomyItem']['parameters']['path']>>;

/** The query of a taxonomy URL: `q`, the text to find in item names and values (spec 02 §7), at most 200 characters. */
export const TaxonomyQuerySchema = z.looseObject({
  q: z.string().max(200, 'A taxonomy search is at most 200 characters.').optional(),
});
type _TaxonomyQuery = Assert<Conforms<z.output<typeof TaxonomyQuerySchema>, NonNullable<DamOperations['getTaxonomy']['parameters']['query']>>>;

/** A usage flag of a taxonomy item (spec 02 §6). */
export const TaxonomyAclSchema = z.enum(['Navigate', 'Query', 'Set', 'Hint']);

const ItemName = z
  .string()
  .max(255, 'At most 255 characters.')
  .refine((v) => v.trim().length > 0, 'Must not be blank.');

/** `POST /fotoweb/api/taxonomies/` body (`TaxonomyCreationInfo`). */
export const TaxonomyCreationInfoSchema = z.object({
  field: z.number().int().min(1).max(9999),
  name: z.string().max(255).optional(),
  pluralName: ItemName,
  description: z.string().max(4000).optional(),
});
type _TaxonomyCreationInfo = Assert<Conforms<z.output<typeof TaxonomyCreationInfoSchema>, DamSchemas['TaxonomyCreationInfo']>>;

/** `PUT /fotoweb/api/taxonomies/{fieldId}/` body (`TaxonomyUpdate`). */
export const TaxonomyUpdateSchema = TaxonomyCreationInfoSchema.omit({ field: true });
type _TaxonomyUpdate = Assert<Conforms<z.output<typeof TaxonomyUpdateSchema>, DamSchemas['TaxonomyUpdate']>>;

/** `POST <taxonomy or item href>` body (`TaxonomyItemCreationInfo`): only a non-blank `name` is required. */
export const TaxonomyItemCreationInfoSchema = z.object({
  name: ItemName,
  value: z.string().max(255).optional(),
  description: z.string().max(4000).optional(),
  customSearch: z.string().max(2000).optional(),
  acl: z.array(TaxonomyAclSchema).max(4).optional(),
});
type _TaxonomyItemCreationInfo = Assert<Conforms<z.output<typeof TaxonomyItemCreationInfoSchema>, DamSchemas['TaxonomyItemCreationInfo']>>;

/** `PUT <item href>` body (`TaxonomyItemUpdate`): label and value both non-blank (spec 02 §5), and the acl. */
export const TaxonomyItemUpdateSchema = z.object({
  name: ItemName,
  value: ItemName,
  description: z.string().max(4000).optional(),
  customSearch: z.string().max(2000).optional(),
  acl: z.array(TaxonomyAclSchema).max(4),
});
type _TaxonomyItemUpdate = Assert<Conforms<z.output<typeof TaxonomyItemUpdateSchema>, DamSchemas['TaxonomyItemUpdate']>>;

const ItemIds = z.array(z.string().max(255)).min(1, 'Give at least one item id or name.').max(1000, 'At most 1000 item ids or names.');

/** `POST /fotoweb/api/taxonomies/info/` body: an array of item ids or names, or `{txnm: [...]}` (spec 02 §7). */
export const TaxonomyInfoRequestSchema = z.union([ItemIds, z.object({ txnm: ItemIds })]);
type _TaxonomyInfoRequest = Assert<Conforms<z.output<typeof TaxonomyInfoRequestSchema>, DamSchemas['TaxonomyInfoRequest']>>;

/** `POST /fotoweb/api/taxonomies/{fieldId}/import` body (Magpie): the text file's content. */
export const TaxonomyImportRequestSchema = z.object({
  text: z.string().max(1_000_000, 'A taxonomy file is at most 1,000,000 characters.'),
});
type _TaxonomyImportRequest = Assert<Conforms<z.output<typeof TaxonomyImportRequestSchema>, DamSchemas['TaxonomyImportRequest']>>;

// ------------------------------------------------------------------------------------------------ preferences (DAM)

/** A free-form preference group (a JSON object). */
export const PreferenceGroupSchema = z.record(z.string(), z.unknown());

/**
 * `PATCH <user_preferences>` body (`UserPreferencesUpdate`, spec 03 §7): `{data: {intranet?, shared?, pro?,
 * public?}}`, each a free-form object. An unknown group is refused.
 */
export const UserPreferencesUpdateSchema = z.object({
  data: z.strictObject({
    intranet: PreferenceGroupSchema.optional(),
    shared: PreferenceGroupSchema.optional(),
    pro: PreferenceGroupSchema.optional(),
    public: PreferenceGroupSchema.optional(),
  }),
});
type _UserPreferencesUpdate = Assert<Conforms<z.output<typeof UserPreferencesUpdateSchema>, DamSchemas['UserPreferencesUpdate']>>;

// ------------------------------------------------------------------------------------------------ folders (DAM)

/**
 * `POST <collection>` and `PATCH <folder>` body (`FolderName`, issue 13): `{name}`, 1 to 255 characters. The DAM
 * checks the folder-name rules after trimming (400 `InvalidFolderName`), so that the message names the rule.
 */
export const FolderNameSchema = z.object({ name: z.string().min(1, 'A folder needs a name.').max(255, 'A folder name is at most 255 characters.') });

/**
 * `PATCH <folder>` or `PATCH <archive>` body (`FolderUpdate`, issue 13): a new name (folders only), the tile's colour
 * (one of {@link COLLECTION_COLORS}, null for the default) and icon (one of {@link COLLECTION_ICONS}, null for
 * `Folder`), the cover (an asset href, null to clear); at least one.
 */
export const FolderUpdateSchema = z
  .object({
    name: FolderNameSchema.shape.name.optional(),
    color: z
      .string()
      .refine((value) => (COLLECTION_COLORS as readonly string[]).includes(value), 'Choose one of the 36 colours.')
      .nullable()
      .optional(),
    iconCharacter: z
      .string()
      .refine((value) => (COLLECTION_ICONS as readonly string[]).includes(value), `Choose one of the icons: ${COLLECTION_ICONS.join(', ')}.`)
      .nullable()
      .optional(),
    poster_asset: z.string().min(1).max(4096).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Give a name, a colour, an icon or a cover.');
type _FolderUpdate = Assert<Conforms<z.output<typeof FolderUpdateSchema>, DamSchemas['FolderUpdate']>>;
type _FolderName = Assert<Conforms<z.output<typeof FolderNameSchema>, DamSchemas['FolderName']>>;

// ------------------------------------------------------------------------------------------------ pins (DAM)

const PinHrefText = z.string().min(1, 'An href is not empty.').max(2048, 'An href is at most 2,048 characters.');

/** `POST <pins>` body (`PinsAdd`, spec 01 §7): `{data: [href]}`, each a string or `{href}`, 1 to 100 of them. */
export const PinsAddSchema = z.object({
  data: z
    .array(z.union([PinHrefText, z.object({ href: PinHrefText })]))
    .min(1, 'Send at least one href to pin.')
    .max(100, 'At most 100 hrefs are pinned at once.'),
});
type _PinsAdd = Assert<Conforms<z.output<typeof PinsAddSchema>, DamSchemas['PinsAdd']>>;

/** `PATCH <pins>` body (`PinsRemove`, spec 01 §7): `{assets: {delete: [href]}}`, 1 to 100 hrefs. */
export const PinsRemoveSchema = z.object({
  assets: z.object({
    delete: z.array(PinHrefText).min(1, 'Send at least one href to unpin.').max(100, 'At most 100 hrefs are unpinned at once.'),
  }),
});
type _PinsRemove = Assert<Conforms<z.output<typeof PinsRemoveSchema>, DamSchemas['PinsRemove']>>;

// ------------------------------------------------------------------------------------------------ albums (DAM)

/** A numeric id of 1–9 digits in a path (`/fotoweb/api/users/{id}`, `/fotoweb/api/groups/{id}`, albums). */
const NumericIdSchema = z.string().regex(/^[0-9]{1,9}$/, 'An id is a number, e.g. "15001".');

const AlbumName = z.string().trim().min(1, 'An album needs a name.').max(200, 'An album name is at most 200 characters.');
const AlbumDescription = z.string().max(2000, 'An album description is at most 2,000 characters.');
const AlbumHrefList = z.array(PinHrefText).min(1, 'Send at least one asset href.').max(1000, 'At most 1,000 assets at once.');

/** `POST /fotoweb/me/albums/` body (`AlbumCreate`, issue 13): `{name, description?}`, the name 1–200 characters after trimming. */
export const AlbumCreateSchema = z.strictObject({ name: AlbumName, description: AlbumDescription.optional() });
type _AlbumCreate = Assert<Conforms<z.output<typeof AlbumCreateSchema>, DamSchemas['AlbumCreate']>>;

/** `PATCH <album>` body (`AlbumUpdate`, issue 13; spec 01 §2 relocation, §7): every key optional. */
export const AlbumUpdateSchema = z
  .strictObject({
    name: AlbumName.optional(),
    description: AlbumDescription.optional(),
    showOnHomepage: z.boolean().optional(),
    poster_asset: PinHrefText.nullable().optional(),
    assets: z.strictObject({ delete: AlbumHrefList }).optional(),
    move: z
      .strictObject({ assets: AlbumHrefList, to: z.enum(['top', 'bottom', 'before', 'after']), target: PinHrefText.optional() })
      .refine((move) => (move.to === 'before' || move.to === 'after') === (move.target !== undefined), {
        message: 'Give a target asset with "before" and "after", and none with "top" and "bottom".',
        path: ['target'],
      })
      .optional(),
    archived: z.boolean().optional(),
    deleted: z.literal(false, { error: 'Only false (restore); delete an album with DELETE.' }).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: 'Send at least one change.' });
type _AlbumUpdate = Assert<Conforms<z.output<typeof AlbumUpdateSchema>, DamSchemas['AlbumUpdate']>>;

/** `POST <album>` body: the `assetlinklist` `{data: [href]}`, each a string or `{href}`, 1 to 1,000 of them. */
export const AlbumAssetsAddSchema = z.object({
  data: z
    .array(z.union([PinHrefText, z.object({ href: PinHrefText })]))
    .min(1, 'Send at least one asset href.')
    .max(1000, 'At most 1,000 assets are added at once.'),
});
type _AlbumAssetsAdd = Assert<Conforms<z.output<typeof AlbumAssetsAddSchema>, DamSchemas['PinsAdd']>>;

/** Path parameters of `/fotoweb/users/{userId}/albums/{albumId}/`. */
export const AlbumParamsSchema = z.object({ userId: NumericIdSchema, albumId: NumericIdSchema });
type _AlbumParams = Assert<Conforms<z.output<typeof AlbumParamsSchema>, DamOperations['getAlbum']['parameters']['path']>>;

/** The query of `GET <album>`: `p`, the 0-based page of assets from a `paging` link. */
export const AlbumQuerySchema = z.object({
  p: z
    .string()
    .regex(/^[0-9]{1,6}$/, 'A page is a number, e.g. "1".')
    .optional(),
});
type _AlbumQuery = Assert<Conforms<z.output<typeof AlbumQuerySchema>, NonNullable<DamOperations['getAlbum']['parameters']['query']>>>;

/** The query of `GET /fotoweb/me/albums/`: `q`, words of the name or description. */
export const AlbumListQuerySchema = z.object({ q: z.string().max(200, 'At most 200 characters.').optional() });
type _AlbumListQuery = Assert<Conforms<z.output<typeof AlbumListQuerySchema>, NonNullable<DamOperations['listAlbums']['parameters']['query']>>>;

/** The album lists of the descriptor (`albums_own`, `albums_shared`…), by their path segment. */
export const ALBUM_LISTS = ['mine', 'shared-with-me', 'archived', 'deleted', 'contribute'] as const;

/** Path parameters of `/fotoweb/me/albums/{list}/`. */
export const AlbumListParamsSchema = z.object({ list: z.enum(ALBUM_LISTS, { error: 'Not an album list: mine, shared-with-me, archived, deleted or contribute.' }) });
type _AlbumListParams = Assert<Conforms<z.output<typeof AlbumListParamsSchema>, DamOperations['listAlbumsIn']['parameters']['path']>>;

const ShareAclSchema = z.enum(['view', 'preview', 'download', 'contribute'], { error: 'An acl item is view, preview, download or contribute.' });
const ShareTypeSchema = z.enum(['everyone', 'user', 'group'], { error: 'A share is of type everyone (a link), user or group.' });

/**
 * `PATCH <album>/.shares/` body (`AlbumSharingUpdate`, FotoWeb `sharing-update`): share links made and revoked, and
 * users and groups shared with or no longer. A link (`everyone`) has no `href`; a user or group share names one and
 * has no `expires` or `password`.
 */
export const AlbumSharingUpdateSchema = z
  .strictObject({
    addShares: z
      .array(
        z
          .strictObject({
            type: ShareTypeSchema,
            href: PinHrefText.optional(),
            acl: z.array(ShareAclSchema).min(1, 'Give the share at least one right.'),
            expires: z.iso.datetime({ offset: true, error: 'An expiry is an ISO 8601 date-time.' }).optional(),
            password: z.string().min(4, 'A password is at least 4 characters.').max(200, 'A password is at most 200 characters.').optional(),
          })
          .refine((share) => (share.type === 'everyone') === (share.href === undefined), {
            message: 'A user or group share names its href; a link (everyone) has none.',
            path: ['href'],
          })
          .refine((share) => share.type === 'everyone' || (share.expires === undefined && share.password === undefined), {
            message: 'Only share links expire or have a password.',
            path: ['expires'],
          }),
      )
      .max(50, 'At most 50 shares at once.')
      .optional(),
    removeShares: z
      .array(z.strictObject({ type: ShareTypeSchema, href: PinHrefText }))
      .max(100, 'At most 100 shares at once.')
      .optional(),
  })
  .refine((update) => (update.addShares?.length ?? 0) + (update.removeShares?.length ?? 0) > 0, { message: 'Send a share to add or remove.' });

/** The query of `GET /fotoweb/me/people/`: `q`, text of the user's or group's name. */
export const PeopleQuerySchema = z.object({ q: z.string().max(200, 'At most 200 characters.').optional() });
type _PeopleQuery = Assert<Conforms<z.output<typeof PeopleQuerySchema>, NonNullable<DamOperations['listPeople']['parameters']['query']>>>;
type _AlbumSharingUpdate = Assert<Conforms<z.output<typeof AlbumSharingUpdateSchema>, DamSchemas['AlbumSharingUpdate']>>;

/** `POST <album>/.comments/` body (`AlbumCommentCreate`): the comment's text, 1 to 2,000 characters once trimmed. */
export const AlbumCommentCreateSchema = z.strictObject({
  text: z
    .string({ error: 'A comment is text.' })
    .refine((text) => text.trim().length > 0, 'Write something first.')
    .refine((text) => text.trim().length <= ALBUM_COMMENT_MAX_LENGTH, `A comment is at most ${ALBUM_COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`),
});
type _AlbumCommentCreate = Assert<Conforms<z.output<typeof AlbumCommentCreateSchema>, DamSchemas['AlbumCommentCreate']>>;

/** Path parameters of `<album>/.comments/{commentId}`. */
export const AlbumCommentParamsSchema = z.object({ userId: NumericIdSchema, albumId: NumericIdSchema, commentId: NumericIdSchema });
type _AlbumCommentParams = Assert<Conforms<z.output<typeof AlbumCommentParamsSchema>, DamOperations['deleteAlbumComment']['parameters']['path']>>;

/** Path parameters of `/fotoweb/shares/{token}/…`. */
export const ShareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a share link.') });
type _ShareTokenParams = Assert<Conforms<z.output<typeof ShareTokenParamsSchema>, DamOperations['getSharedAlbum']['parameters']['path']>>;

/** Path parameters of `/fotoweb/shares/{token}/previews/{assetId}/{previewName}`. */
export const SharedPreviewParamsSchema = ShareTokenParamsSchema.extend({ assetId: z.string().max(20), previewName: z.string().max(100) });
type _SharedPreviewParams = Assert<Conforms<z.output<typeof SharedPreviewParamsSchema>, DamOperations['getSharedPreview']['parameters']['path']>>;

/** Path parameters of `/fotoweb/shares/{token}/originals/{assetId}`. */
export const SharedOriginalParamsSchema = ShareTokenParamsSchema.extend({ assetId: z.string().max(20) });
type _SharedOriginalParams = Assert<Conforms<z.output<typeof SharedOriginalParamsSchema>, DamOperations['getSharedOriginal']['parameters']['path']>>;

/** The query of a share link's page: `access` (a password link) and `p`. */
export const SharedAlbumQuerySchema = z.object({ access: z.string().max(300).optional(), p: AlbumQuerySchema.shape.p });
type _SharedAlbumQuery = Assert<Conforms<z.output<typeof SharedAlbumQuerySchema>, NonNullable<DamOperations['getSharedAlbum']['parameters']['query']>>>;

/** The query of a share link's previews and originals: `access`. */
export const SharedFileQuerySchema = z.object({ access: z.string().max(300).optional() });
type _SharedFileQuery = Assert<Conforms<z.output<typeof SharedFileQuerySchema>, NonNullable<DamOperations['getSharedPreview']['parameters']['query']>>>;

/** `POST /fotoweb/shares/{token}/access` body: the link's password. */
export const ShareUnlockSchema = z.strictObject({ password: z.string().min(1, 'Type the password.').max(200, 'A password is at most 200 characters.') });
type _ShareUnlock = Assert<Conforms<z.output<typeof ShareUnlockSchema>, DamSchemas['ShareUnlock']>>;

// ------------------------------------------------------------------------------------------------ alerts (DAM, issue 15)

const AlertIntervalSchema = z.enum(ALERT_INTERVALS, { error: `The interval is one of ${ALERT_INTERVALS.join(', ')}.` });
const AlertCollectionHref = z.string().min(1, 'Send the href of an archive or a folder.').max(2000, 'An href is at most 2,000 characters.');
const AlertSearchText = z.string().max(MAX_EXPRESSION_LENGTH, `A search expression must be at most ${MAX_EXPRESSION_LENGTH} characters.`);

/** `POST /fotoweb/me/alerts/` body (`AlertCreate`, spec 01 §7): the collection's href, optionally the interval and search. */
export const AlertCreateSchema = z.strictObject({ collection: AlertCollectionHref, interval: AlertIntervalSchema.optional(), dtSearchString: AlertSearchText.optional() });
type _AlertCreate = Assert<Conforms<z.output<typeof AlertCreateSchema>, DamSchemas['AlertCreate']>>;

/** `PUT`/`PATCH` body of an alert (`AlertUpdate`): at least one of the collection (its own), interval, search text. */
export const AlertUpdateSchema = z
  .strictObject({ collection: AlertCollectionHref.optional(), interval: AlertIntervalSchema.optional(), dtSearchString: AlertSearchText.optional() })
  .refine((update) => Object.keys(update).length > 0, { message: 'Send the interval or the search text to change.' });
type _AlertUpdate = Assert<Conforms<z.output<typeof AlertUpdateSchema>, DamSchemas['AlertUpdate']>>;

/** Path parameters of `/fotoweb/me/alerts/{alertId}`. */
export const AlertParamsSchema = z.object({
  alertId: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'An alert id is a whole number, 1 or more.')
    .transform(Number),
});
type _AlertParams = Assert<Conforms<z.output<typeof AlertParamsSchema>, DamOperations['getAlert']['parameters']['path']>>;

// ------------------------------------------------------------------------------------------------ users and groups (DAM)

/** Path parameters of `/fotoweb/api/users/{id}[/member-of|/device-tokens]`. */
export const UserIdParamsSchema = z.object({ id: NumericIdSchema });
type _UserIdParams = Assert<Conforms<z.output<typeof UserIdParamsSchema>, DamOperations['getUser']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/groups/{id}[/users|/groups|/member-of]`. */
export const GroupIdParamsSchema = z.object({ id: NumericIdSchema });
type _GroupIdParams = Assert<Conforms<z.output<typeof GroupIdParamsSchema>, DamOperations['getGroup']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/config/applications/{clientId}`. */
export const ApplicationParamsSchema = z.object({ clientId: z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, 'Not a client id.') });
type _ApplicationParams = Assert<Conforms<z.output<typeof ApplicationParamsSchema>, DamOperations['deleteApplication']['parameters']['path']>>;

/** A message's id as digits, 1 to 2,147,483,647 (a PostgreSQL integer), turned into a number. */
const MailIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'A message id is a whole number, 1 or more.')
  .transform((digits) => Number(digits))
  .refine((id) => id <= 2_147_483_647, 'A message id is at most 2147483647.');

/** Path parameters of `/fotoweb/api/config/mail/{mailId}` (issue 14 "Mail"). */
export const MailParamsSchema = z.object({ mailId: MailIdSchema });
type _MailParams = Assert<Conforms<z.output<typeof MailParamsSchema>, DamOperations['getMail']['parameters']['path']>>;

/** The query of `GET /fotoweb/api/config/mail` (issue 14 "Mail"): `before`, the message older ones are listed after. */
export const MailListQuerySchema = z.object({ before: MailIdSchema.optional() });
type _MailListQuery = Assert<Conforms<z.output<typeof MailListQuerySchema>, NonNullable<DamOperations['listMail']['parameters']['query']>>>;

/** A moment of an activity filter: `YYYY-MM-DD` (UTC midnight) or an ISO 8601 date-time with a zone. */
const ActivityMomentSchema = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'A date is YYYY-MM-DD or an ISO 8601 date-time with a time zone.')
  .refine((text) => !Number.isNaN(Date.parse(text)) && new Date(`${text.slice(0, 10)}T00:00:00Z`).toISOString().startsWith(text.slice(0, 10)), 'That date does not exist.');

/**
 * The filters of `GET /fotoweb/api/activity` (issue 15, spec 03 §2.1 activity exports): `from`/`to` dates, `user` (an id),
 * `action` (one, or a kind with its dot), `target` (text), and `before` (the keyset of the next page).
 */
export const ActivityListQuerySchema = z
  .object({
    from: ActivityMomentSchema.optional(),
    to: ActivityMomentSchema.optional(),
    user: MailIdSchema.optional(),
    action: z
      .string()
      .max(60)
      .regex(/^[a-z]+\.([a-zA-Z]+)?$/, 'An action is like asset.metadataEdited, or a kind with its dot such as asset.')
      .optional(),
    target: z.string().min(1).max(200, 'A target is at most 200 characters.').optional(),
    before: MailIdSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'from is after to.', path: ['from'] });
type _ActivityListQuery = Assert<Conforms<z.output<typeof ActivityListQuerySchema>, NonNullable<DamOperations['listActivity']['parameters']['query']>>>;

/** The query of `GET /fotoweb/api/activity/export`: the list's filters and `format` (`csv`, the default, or `jsonl`). */
export const ActivityExportQuerySchema = z
  .object({
    from: ActivityMomentSchema.optional(),
    to: ActivityMomentSchema.optional(),
    user: MailIdSchema.optional(),
    action: z
      .string()
      .max(60)
      .regex(/^[a-z]+\.([a-zA-Z]+)?$/, 'An action is like asset.metadataEdited, or a kind with its dot such as asset.')
      .optional(),
    target: z.string().min(1).max(200, 'A target is at most 200 characters.').optional(),
    before: MailIdSchema.optional(),
    format: z.enum(['csv', 'jsonl']).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'from is after to.', path: ['from'] });
type _ActivityExportQuery = Assert<Conforms<z.output<typeof ActivityExportQuerySchema>, NonNullable<DamOperations['exportActivity']['parameters']['query']>>>;

/**
 * `PUT /fotoweb/api/activity/settings` body (`ActivitySettings`; issue 15, spec 03 §3.12 activity logging): whether the
 * activity log records, and which categories. Every key is required and boolean; unknown keys are refused.
 */
export const ActivitySettingsSchema = z
  .object({
    enabled: z.boolean(),
    categories: z
      .object({
        assets: z.boolean(),
        archives: z.boolean(),
        usersAndGroups: z.boolean(),
        decisions: z.boolean(),
        logins: z.boolean(),
        settings: z.boolean(),
      })
      .strict(),
  })
  .strict();
type _ActivitySettings = Assert<Conforms<z.output<typeof ActivitySettingsSchema>, DamSchemas['ActivitySettings']>>;

const ListSearchText = z.string().max(200, 'A search is at most 200 characters.').optional();
const SortDirectionSchema = z.enum(['asc', 'desc']).optional();
/** `p`: a 0-based page number as digits, turned into a number. */
const ListPageSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/, 'The page is a whole number, 0 or more.')
  .transform((digits) => Number(digits))
  .optional();

/** The query of `GET /fotoweb/users/` (spec 03 §7): `q`, `sortfield`, `sortdir` (asc|desc), `p` (0-based page). */
export const UserListQuerySchema = z.object({
  q: ListSearchText,
  sortfield: z.enum(['id', 'username', 'fullName', 'firstName', 'lastName', 'company', 'licenseLevel', 'expires', 'lastLoginDate', 'isEnabled']).optional(),
  sortdir: SortDirectionSchema,
  p: ListPageSchema,
});
type _UserListQuery = Assert<Conforms<z.output<typeof UserListQuerySchema>, NonNullable<DamOperations['listUsers']['parameters']['query']>>>;

/** The query of `GET /fotoweb/groups/` (spec 03 §7): `q`, `sortfield` (id|name|description), `sortdir`, `p`. */
export const GroupListQuerySchema = z.object({
  q: ListSearchText,
  sortfield: z.enum(['id', 'name', 'description']).optional(),
  sortdir: SortDirectionSchema,
  p: ListPageSchema,
});
type _GroupListQuery = Assert<Conforms<z.output<typeof GroupListQuerySchema>, NonNullable<DamOperations['listGroups']['parameters']['query']>>>;

/** The query of a group's member lists (`userMembersHref`, `groupMembersHref`): `q`, `sortfield` (id|name|username), `sortdir`, `p`. */
export const MemberListQuerySchema = z.object({
  q: ListSearchText,
  sortfield: z.enum(['id', 'name', 'username']).optional(),
  sortdir: SortDirectionSchema,
  p: ListPageSchema,
});
type _MemberListQuery = Assert<Conforms<z.output<typeof MemberListQuerySchema>, NonNullable<DamOperations['listGroupUsers']['parameters']['query']>>>;
type _GroupMemberListQuery = Assert<Conforms<z.output<typeof MemberListQuerySchema>, NonNullable<DamOperations['listGroupGroups']['parameters']['query']>>>;

/** An href the server gave (a user's or a group's), 1–2048 characters. Whether it names something is the DAM's check. */
const HrefSchema = z.string().min(1, 'An href must not be empty.').max(2048, 'An href is at most 2048 characters.');

/** 1–1000 hrefs of users (batch calls). */
export const HrefListSchema = z.array(HrefSchema).min(1, 'Give at least one user.').max(1000, 'At most 1000 users at a time.');

/** A custom property `{key, value}`, both non-empty (spec 03 §3.10; empty ones are dropped by the forms, §5). */
export const PropertySchema = z.object({
  key: z.string().min(1, 'A property needs a key.').max(100, 'A property key is at most 100 characters.'),
  value: z.string().min(1, 'A property needs a value.').max(4000, 'A property value is at most 4000 characters.'),
});
type _Property = Assert<Conforms<z.output<typeof PropertySchema>, DamSchemas['Property']>>;

/** Custom properties, at most 100; writing them replaces the whole list. */
export const PropertyBagSchema = z.array(PropertySchema).max(100, 'At most 100 custom properties.');

/** A license level (`UserLicenseLevel`): 0, 10, 20, 30, 35, 40, 50, 60, 70 (`USER_LICENSE_LEVELS`). */
export const UserLicenseLevelSchema = z.literal([0, 10, 20, 30, 35, 40, 50, 60, 70], { error: 'Not a license level.' });
/** A license mode (`LicenseMode`): 0 Named, 1 Concurrent. */
export const LicenseModeSchema = z.literal([0, 1], { error: 'Not a license mode.' });
/** A payment method (`PaymentMethod`): 1, 2, 4 or 8. */
export const PaymentMethodSchema = z.literal([1, 2, 4, 8], { error: 'Not a payment method.' });
type _LicenseLevel = Assert<Conforms<z.output<typeof UserLicenseLevelSchema>, DamSchemas['UserLicenseLevel']>>;
type _LicenseMode = Assert<Conforms<z.output<typeof LicenseModeSchema>, DamSchemas['LicenseMode']>>;
type _PaymentMethod = Assert<Conforms<z.output<typeof PaymentMethodSchema>, DamSchemas['PaymentMethod']>>;

/** `{level, mode}` of a user (`UserLicense`). */
export const UserLicenseSchema = z.object({ level: UserLicenseLevelSchema, mode: LicenseModeSchema });
type _UserLicense = Assert<Conforms<z.output<typeof UserLicenseSchema>, DamSchemas['UserLicense']>>;

/** An instant with its offset (`2025-05-01T00:00:00Z`), or null for never. */
/** Years an expiry date may fall in, in UTC: every database and date parser reads them the same. */
const EXPIRES_YEARS = { min: 1970, max: 9999 } as const;
const ExpiresSchema = z.iso
  .datetime({ offset: true, error: 'Not a date and time, e.g. 2025-05-01T00:00:00Z.' })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= EXPIRES_YEARS.min && year <= EXPIRES_YEARS.max;
    },
    { error: `The expiry date must fall between the years ${EXPIRES_YEARS.min} and ${EXPIRES_YEARS.max}.` },
  )
  .nullable();

/**
 * A username (`Username`): trimmed, 1–64 characters, no control characters or lone surrogates, none of
 * `/ \ : * ? " < > |`.
 */
export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'The username is required.')
  .max(64, 'The username is at most 64 characters.')
  .refine((name) => !CONTROL_CHARACTERS.test(name) && isAcceptableText(name), 'The username must not contain control characters.')
  .refine((name) => !/[/\\:*?"<>|]/.test(name), 'The username must not contain / \\ : * ? " < > |.');

const PersonName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${label} is required.`)
    .max(100, `The ${label} is at most 100 characters.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), `The ${label} must not contain control characters.`);
const AddressText = z.string().max(200, 'At most 200 characters.');
const EmailSchema = z
  .string()
  .trim()
  .min(1, 'The e-mail address is required.')
  .max(254, 'The e-mail address is at most 254 characters.')
  .pipe(z.email('The e-mail address is not valid.'));

const addressFields = {
  organization: AddressText,
  title: AddressText,
  initial: AddressText,
  streetAddress: AddressText,
  streetAddress1: AddressText,
  streetAddress2: AddressText,
  streetAddress3: AddressText,
  streetAddress4: AddressText,
  city: AddressText,
  state: AddressText,
  zipCode: AddressText,
  country: AddressText,
  phone: AddressText,
  fax: AddressText,
  homepage: AddressText,
  profession: AddressText,
  businessType: AddressText,
};

/** Address fields to write (`UserAddressInput`): names and e-mail trimmed and never blank, the rest ≤ 200 characters. */
export const UserAddressInputSchema = z
  .object(addressFields)
  .partial()
  .extend({ firstName: PersonName('first name').optional(), lastName: PersonName('last name').optional(), email: EmailSchema.optional() });
type _UserAddressInput = Assert<Conforms<z.output<typeof UserAddressInputSchema>, DamSchemas['UserAddressInput']>>;

/** A new user's address (`UserAddressCreate`): first name, last name and e-mail required. */
export const UserAddressCreateSchema = UserAddressInputSchema.extend({
  firstName: PersonName('first name'),
  lastName: PersonName('last name'),
  email: EmailSchema,
});
type _UserAddressCreate = Assert<Conforms<z.output<typeof UserAddressCreateSchema>, DamSchemas['UserAddressCreate']>>;

/** Commerce fields to write (`UserCommercePatch`); discount 0–100 percent. */
export const UserCommercePatchSchema = z.object({
  accountId: AddressText.optional(),
  paymentMethod: PaymentMethodSchema.optional(),
  category: AddressText.optional(),
  discount: z.number().min(0, 'The discount is 0 or more.').max(100, 'The discount is at most 100.').optional(),
});
type _UserCommercePatch = Assert<Conforms<z.output<typeof UserCommercePatchSchema>, DamSchemas['UserCommercePatch']>>;

/**
 * A password in a body: 1–1024 characters without NUL or lone surrogates. Its strength (`passwordProblem`) is the
 * DAM's check, answered 400 `WeakPassword`, because it needs the username.
 */
const PasswordSchema = z
  .string()
  .min(1, 'The password must not be empty.')
  .max(1024, 'The password is at most 1024 characters.')
  .refine(isAcceptableText, 'The password must not contain NUL characters or lone UTF-16 surrogates.');

const DescriptionSchema = z.string().max(4000, 'The description is at most 4000 characters.');

/** `POST /fotoweb/users/` body (`UserCreate`, spec 03 §7, §3.1); omitted fields take `NEW_USER_DEFAULTS`. */
export const UserCreateSchema = z.object({
  username: UsernameSchema,
  description: DescriptionSchema.optional(),
  address: UserAddressCreateSchema,
  account: z.object({
    password: PasswordSchema,
    forcePasswordChange: z.boolean().optional(),
    isEnabled: z.boolean().optional(),
    expires: ExpiresSchema.optional(),
  }),
  license: UserLicenseSchema.optional(),
  commerce: UserCommercePatchSchema.optional(),
  propertyBag: PropertyBagSchema.optional(),
});
type _UserCreate = Assert<Conforms<z.output<typeof UserCreateSchema>, DamSchemas['UserCreate']>>;

/** `PATCH <user href>` body (`UserUpdate`, spec 03 §5 "User save"): only the changed fields, every part optional. */
export const UserUpdateSchema = z.object({
  username: UsernameSchema.optional(),
  description: DescriptionSchema.optional(),
  address: UserAddressInputSchema.optional(),
  account: z
    .object({
      password: PasswordSchema.optional(),
      forcePasswordChange: z.boolean().optional(),
      isEnabled: z.boolean().optional(),
      expires: ExpiresSchema.optional(),
    })
    .optional(),
  license: z.object({ level: UserLicenseLevelSchema.optional(), mode: LicenseModeSchema.optional() }).optional(),
  commerce: UserCommercePatchSchema.optional(),
  propertyBag: PropertyBagSchema.optional(),
});
type _UserUpdate = Assert<Conforms<z.output<typeof UserUpdateSchema>, DamSchemas['UserUpdate']>>;

/**
 * `PATCH /fotoweb/users/` body (`UserListUpdate`, spec 03 §7 batch update): 1–1000 user hrefs and a change of at
 * least one of company (`address.organization`), `license`, `account.isEnabled`/`account.expires`.
 */
export const UserListUpdateSchema = z.object({
  users: HrefListSchema,
  data: z
    .object({
      address: z.object({ organization: AddressText }).optional(),
      license: z.object({ level: UserLicenseLevelSchema.optional(), mode: LicenseModeSchema.optional() }).optional(),
      account: z.object({ isEnabled: z.boolean().optional(), expires: ExpiresSchema.optional() }).optional(),
    })
    .refine(
      (data) =>
        data.address !== undefined ||
        (data.license !== undefined && (data.license.level !== undefined || data.license.mode !== undefined)) ||
        (data.account !== undefined && (data.account.isEnabled !== undefined || data.account.expires !== undefined)),
      'Give a change: company, license, access or expiry.',
    ),
});
type _UserListUpdate = Assert<Conforms<z.output<typeof UserListUpdateSchema>, DamSchemas['UserListUpdate']>>;

/** `DELETE /fotoweb/users/` body (`UserDeleteList`): 1–1000 user hrefs. */
export const UserDeleteListSchema = z.object({ users: HrefListSchema });
type _UserDeleteList = Assert<Conforms<z.output<typeof UserDeleteListSchema>, DamSchemas['UserDeleteList']>>;

/** `PUT <site owner href>` body (`UserReference`): `{user: href}`. */
export const UserReferenceSchema = z.object({ user: HrefSchema });
type _UserReference = Assert<Conforms<z.output<typeof UserReferenceSchema>, DamSchemas['UserReference']>>;

/** `POST /fotoweb/me/password` body (`PasswordChange`). The new password's strength is the DAM's check (`WeakPassword`). */
export const PasswordChangeSchema = z.object({ currentPassword: PasswordSchema, newPassword: PasswordSchema });
type _PasswordChange = Assert<Conforms<z.output<typeof PasswordChangeSchema>, DamSchemas['PasswordChange']>>;

/** `POST /fotoweb/password-resets/` body (`PasswordResetRequest`, issue 14 "Password reset"): one e-mail address, trimmed. */
export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
type _PasswordResetRequest = Assert<Conforms<z.output<typeof PasswordResetRequestSchema>, DamSchemas['PasswordResetRequest']>>;

/**
 * A reset link's token in the path (`PasswordResetToken`): any text of 1–200 characters. Its shape is not checked
 * here: a token that names no link, malformed or not, answers 404 `PasswordResetNotFound` from the DAM.
 */
export const PasswordResetParamsSchema = z.object({ token: z.string().min(1).max(200, 'Not a password reset link.') });
type _PasswordResetParams = Assert<Conforms<z.output<typeof PasswordResetParamsSchema>, DamOperations['getPasswordReset']['parameters']['path']>>;

/** `POST /fotoweb/password-resets/{token}` body (`PasswordResetCompletion`). Its strength is the DAM's check (`WeakPassword`). */
export const PasswordResetCompletionSchema = z.strictObject({ password: PasswordSchema });
type _PasswordResetCompletion = Assert<Conforms<z.output<typeof PasswordResetCompletionSchema>, DamSchemas['PasswordResetCompletion']>>;

/** A group permission (`GroupPermission`, spec 03 §3.3; `GROUP_PERMISSIONS`). */
export const GroupPermissionSchema = z.enum(GROUP_PERMISSIONS);
type _GroupPermission = Assert<Conforms<z.output<typeof GroupPermissionSchema>, DamSchemas['GroupPermission']>>;

/** Group permissions, each at most once. */
export const GroupPermissionListSchema = z
  .array(GroupPermissionSchema)
  .max(64)
  .refine((list) => new Set(list).size === list.length, 'A permission is given twice.');

/** A group's default license (`GroupLicense`). */
export const GroupLicenseSchema = z.object({ defaultLevel: UserLicenseLevelSchema, defaultConcurrencyMode: LicenseModeSchema });
type _GroupLicense = Assert<Conforms<z.output<typeof GroupLicenseSchema>, DamSchemas['GroupLicense']>>;

/** A group name (`GroupName`, spec 03 §5 "Group"): trimmed, 1–100 characters, no control characters. */
export const GroupNameSchema = z
  .string()
  .trim()
  .min(1, 'The display name is required.')
  .max(100, 'The display name is at most 100 characters.')
  .refine((name) => !CONTROL_CHARACTERS.test(name) && isAcceptableText(name), 'The display name must not contain control characters.');

const SamlGroupNameSchema = z.string().trim().max(200, 'The SAML group name is at most 200 characters.');

/** `POST /fotoweb/groups/` body (`GroupCreate`, spec 03 §7); name, description and SAML name trimmed (§5). */
export const GroupCreateSchema = z.object({
  name: GroupNameSchema,
  description: DescriptionSchema.trim().optional(),
  license: GroupLicenseSchema.optional(),
  permissions: GroupPermissionListSchema.optional(),
  propertyBag: PropertyBagSchema.optional(),
  samlGroupName: SamlGroupNameSchema.optional(),
});
type _GroupCreate = Assert<Conforms<z.output<typeof GroupCreateSchema>, DamSchemas['GroupCreate']>>;

/** `PATCH <group href>` body (`GroupUpdate`): only the changed fields. */
export const GroupUpdateSchema = z.object({
  name: GroupNameSchema.optional(),
  description: DescriptionSchema.trim().optional(),
  license: z.object({ defaultLevel: UserLicenseLevelSchema.optional(), defaultConcurrencyMode: LicenseModeSchema.optional() }).optional(),
  permissions: GroupPermissionListSchema.optional(),
  propertyBag: PropertyBagSchema.optional(),
  samlGroupName: SamlGroupNameSchema.optional(),
});
type _GroupUpdate = Assert<Conforms<z.output<typeof GroupUpdateSchema>, DamSchemas['GroupUpdate']>>;

/**
 * `PATCH <memberOfHref | userMembersHref | groupMembersHref>` body (`MemberListUpdate`, spec 03 §7): `{add, remove}`
 * of hrefs, at most 1000 each. An href in both lists is refused (path `remove`).
 */
export const MemberListUpdateSchema = z
  .object({
    add: z.array(HrefSchema).max(1000, 'At most 1000 hrefs to add.').optional(),
    remove: z.array(HrefSchema).max(1000, 'At most 1000 hrefs to remove.').optional(),
  })
  .superRefine((change, ctx) => {
    const added = new Set(change.add ?? []);
    const both = (change.remove ?? []).find((href) => added.has(href));
    if (both !== undefined) ctx.addIssue({ code: 'custom', path: ['remove'], message: `${both} is both added and removed.` });
  });
type _MemberListUpdate = Assert<Conforms<z.output<typeof MemberListUpdateSchema>, DamSchemas['MemberListUpdate']>>;

// ------------------------------------------------------------------------------------------------ invitations and sign-ups (issue 14)

/** A database id as digits, 1 to 2,147,483,647 (a PostgreSQL integer), turned into a number. */
const IntegerIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'An id is a whole number, 1 or more.')
  .transform((digits) => Number(digits))
  .refine((id) => id <= 2_147_483_647, 'An id is at most 2147483647.');

/** The token of an invitation's link (`?invitation=`, `SignupRequest.invitation`): 20–100 URL-safe base64 characters. */
export const InvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not an invitation link.');

/** An address to invite, trimmed: the users' e-mail rule (`z.email()`), at most 254 characters. */
const InvitationEmailSchema = z.string().trim().min(1, 'The e-mail address is empty.').max(254, 'The e-mail address is at most 254 characters.').pipe(z.email('email not valid'));

/**
 * `POST /fotoweb/invitations/` body (`InvitationCreate`, spec 01 §3, §5): addresses valid and each once
 * (case-insensitively: "email in list"), the domain `host.tld` ("domain not valid"), group hrefs each once, exactly one
 * type (addresses, a domain, or `link`). The DAM adds the rules that need the database (existing users, the groups,
 * `MAGPIE_MAX_INVITATION_EMAILS`).
 */
export const InvitationCreateSchema = z
  .object({
    groups: z.array(HrefSchema).max(100, 'At most 100 groups.').optional(),
    emails: z.array(InvitationEmailSchema).max(1000, 'At most 1000 addresses at a time.').optional(),
    organizationDomain: z.string().trim().max(253, 'domain not valid').optional(),
    link: z.boolean().optional(),
    message: z.string().max(2000, 'The message is at most 2000 characters.').optional(),
    description: z.string().max(500, 'The description is at most 500 characters.').optional(),
    approveAutomatically: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    (body.emails ?? []).forEach((email, index) => {
      const key = email.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['emails', index], message: 'email in list' });
      seen.add(key);
    });
    const hrefs = new Set<string>();
    (body.groups ?? []).forEach((href, index) => {
      if (hrefs.has(href)) ctx.addIssue({ code: 'custom', path: ['groups', index], message: 'A group is given twice.' });
      hrefs.add(href);
    });
    const domain = body.organizationDomain ?? '';
    if (domain !== '' && !isOrganizationDomain(domain)) ctx.addIssue({ code: 'custom', path: ['organizationDomain'], message: 'domain not valid' });
    const types = [(body.emails ?? []).length > 0, domain !== '', body.link === true].filter(Boolean).length;
    if (types === 0) ctx.addIssue({ code: 'custom', path: ['emails'], message: 'email list empty' });
    if (types > 1) ctx.addIssue({ code: 'custom', path: [], message: 'Give addresses, an organization domain or link: one kind of invitation at a time.' });
  });
type _InvitationCreate = Assert<Conforms<z.output<typeof InvitationCreateSchema>, DamSchemas['InvitationCreate']>>;

/** Path parameters of `/fotoweb/invitations/{invitationId}/revoke`. */
export const InvitationParamsSchema = z.object({ invitationId: IntegerIdSchema });
type _InvitationParams = Assert<Conforms<z.output<typeof InvitationParamsSchema>, DamOperations['revokeInvitation']['parameters']['path']>>;

/** The query of `GET /fotoweb/invitations/`: `before`, the invitation older ones are listed after. */
export const InvitationListQuerySchema = z.object({ before: IntegerIdSchema.optional() });
type _InvitationListQuery = Assert<Conforms<z.output<typeof InvitationListQuerySchema>, NonNullable<DamOperations['listInvitations']['parameters']['query']>>>;

/** The body of FotoWeb's REVOKE and REJECT (`EmptyBody`): nothing, or `{}`. */
export const EmptyBodySchema = z.strictObject({}, { error: 'The body is an empty object.' }).optional();
type _EmptyBody = Assert<Conforms<NonNullable<z.output<typeof EmptyBodySchema>>, DamSchemas['EmptyBody']>>;

/** The query of `GET /fotoweb/groups/grantable`: `q`. */
export const GrantableGroupsQuerySchema = z.object({ q: z.string().max(200, 'A search is at most 200 characters.').optional() });
type _GrantableGroupsQuery = Assert<Conforms<z.output<typeof GrantableGroupsQuerySchema>, NonNullable<DamOperations['listGrantableGroups']['parameters']['query']>>>;

/** The query of `GET /fotoweb/signup/`: `invitation`, the link's token (absent: open sign-up). */
export const SignupFormQuerySchema = z.object({ invitation: InvitationTokenSchema.optional() });
type _SignupFormQuery = Assert<Conforms<z.output<typeof SignupFormQuerySchema>, NonNullable<DamOperations['getSignupForm']['parameters']['query']>>>;

/** An answer to an extra field (`SignupFieldValue`); whether it fits the field is `signupAnswerProblems`' (the DAM's) check. */
export const SignupFieldValueSchema = z.object({
  id: z.string().max(64, 'A field id is at most 64 characters.'),
  value: z.string().max(SIGNUP_FIELD_LIMITS.maxAnswerLength, `An answer is at most ${SIGNUP_FIELD_LIMITS.maxAnswerLength} characters.`),
});
type _SignupFieldValue = Assert<Conforms<z.output<typeof SignupFieldValueSchema>, DamSchemas['SignupFieldValue']>>;
const SignupAnswersSchema = z.array(SignupFieldValueSchema).max(SIGNUP_FIELD_LIMITS.maxFields, `At most ${SIGNUP_FIELD_LIMITS.maxFields} answers.`);

/**
 * `POST /fotoweb/signup/` body (`SignupRequest`, spec 01 §3 "Sign-up"): names trimmed and never blank, the address the
 * users' rule. The password's strength, the invitation's address or domain and the extra fields are the DAM's checks.
 */
export const SignupRequestSchema = z.object({
  invitation: InvitationTokenSchema.optional(),
  email: EmailSchema,
  firstName: PersonName('first name'),
  lastName: PersonName('last name'),
  password: PasswordSchema,
  userData: SignupAnswersSchema.optional(),
});
type _SignupRequest = Assert<Conforms<z.output<typeof SignupRequestSchema>, DamSchemas['SignupRequest']>>;

/** Path parameters of `/fotoweb/signups/{signupId}/…`: a lower-case UUID. */
export const SignupParamsSchema = z.object({
  signupId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a sign-up id.'),
});
type _SignupParams = Assert<Conforms<z.output<typeof SignupParamsSchema>, DamOperations['updateSignup']['parameters']['path']>>;

/** `PATCH <signup href>` body (`SignupUpdate`, spec 03 §7): only what changes; names trimmed and never blank. */
export const SignupUpdateSchema = z.object({
  firstName: PersonName('first name').optional(),
  lastName: PersonName('last name').optional(),
  userData: SignupAnswersSchema.optional(),
});
type _SignupUpdate = Assert<Conforms<z.output<typeof SignupUpdateSchema>, DamSchemas['SignupUpdate']>>;

/** `POST <signup href>approve` body (`SignupApproval`, spec 03 §7 "With groups"): group hrefs, each once (spec 01 §5); optional. */
export const SignupApprovalSchema = z
  .object({
    groups: z
      .array(HrefSchema)
      .max(100, 'At most 100 groups.')
      .superRefine((hrefs, ctx) => {
        hrefs.forEach((href, index) => {
          if (hrefs.indexOf(href) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'A group is given twice.' });
        });
      })
      .optional(),
  })
  .optional();
type _SignupApproval = Assert<Conforms<NonNullable<z.output<typeof SignupApprovalSchema>>, DamSchemas['SignupApproval']>>;

/** An extra field as an administrator saves it (`SignupField`); the rules across fields are `signupFieldDefinitionProblems`'. */
export const SignupFieldSchema = z.object({
  id: z.string().regex(SIGNUP_FIELD_ID_PATTERN, 'A field id starts with a letter and has only letters, digits, "_" and "-" (64 characters at most).'),
  label: z.string().trim().min(1, 'A field needs a label.').max(SIGNUP_FIELD_LIMITS.maxLabelLength, `A label is at most ${SIGNUP_FIELD_LIMITS.maxLabelLength} characters.`),
  dataType: z.enum(['text', 'dropdown', 'checkbox']),
  values: z.array(z.string().min(1, 'A choice is not empty.').max(SIGNUP_FIELD_LIMITS.maxValueLength)).max(SIGNUP_FIELD_LIMITS.maxValues),
  required: z.boolean(),
  validation: z
    .object({
      helpText: z.string().max(SIGNUP_FIELD_LIMITS.maxHelpTextLength),
      regex: z.string().max(SIGNUP_FIELD_LIMITS.maxRegexLength),
    })
    .nullable(),
});
type _SignupField = Assert<Conforms<z.output<typeof SignupFieldSchema>, DamSchemas['SignupField']>>;

/** `PUT /fotoweb/api/config/signups` body (`SignupSettings`): the whole settings, the fields checked by `signupFieldDefinitionProblems`. */
export const SignupSettingsSchema = z
  .object({
    openSignup: z.boolean(),
    adminCanAssignGroups: z.boolean(),
    fields: z.array(SignupFieldSchema).max(SIGNUP_FIELD_LIMITS.maxFields, `At most ${SIGNUP_FIELD_LIMITS.maxFields} extra fields.`),
  })
  .superRefine((settings, ctx) => {
    for (const problem of signupFieldDefinitionProblems(settings.fields))
      ctx.addIssue({ code: 'custom', path: problem.path.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p)), message: problem.message });
  });
type _SignupSettings = Assert<Conforms<z.output<typeof SignupSettingsSchema>, DamSchemas['SignupSettings']>>;

// ------------------------------------------------------------------------------------------------ site footer (DAM, issue 15)

export { SITE_FOOTER_MAX_LENGTH };

/** `PUT /fotoweb/api/footer` body (`SiteFooterUpdate`; issue 15, spec 02 §2 "a custom markdown footer"): the footer's Markdown. */
export const SiteFooterUpdateSchema = z
  .object({
    markdown: z.string().max(SITE_FOOTER_MAX_LENGTH, `The footer is at most ${SITE_FOOTER_MAX_LENGTH.toLocaleString('en')} characters.`),
  })
  .strict();
type _SiteFooterUpdate = Assert<Conforms<z.output<typeof SiteFooterUpdateSchema>, DamSchemas['SiteFooterUpdate']>>;

// ------------------------------------------------------------------------------------------------ cart and orders (DAM, issue 15)

const OrderComment = z.string().max(2000, 'A comment is at most 2,000 characters.');
const OrderItemsSchema = z
  .array(z.strictObject({ rendition: z.string().min(1, 'Send the rendition href of an asset.').max(2000, 'An href is at most 2,000 characters.') }))
  .max(MAX_CART_ITEMS, `A cart holds at most ${MAX_CART_ITEMS} items.`);

/** `PUT /fotoweb/me/cart` body (FotoWeb's `cart-update`): the complete item list, in order, and the orderer's comment. */
export const CartUpdateSchema = z.strictObject({ orderItems: OrderItemsSchema.optional(), userComment: OrderComment.optional() });
type _CartUpdate = Assert<Conforms<z.output<typeof CartUpdateSchema>, DamSchemas['CartUpdate']>>;

/** `POST /fotoweb/me/orders/` body: a `cart-update` with the answers to the order configuration and the terms. */
export const OrderSubmissionSchema = z.strictObject({
  orderItems: OrderItemsSchema.optional(),
  userComment: OrderComment.optional(),
  orderData: SignupAnswersSchema.optional(),
  acceptTerms: z.boolean().optional(),
});
type _OrderSubmission = Assert<Conforms<z.output<typeof OrderSubmissionSchema>, DamSchemas['OrderSubmission']>>;

/** APPROVE and REJECT body (FotoWeb's `orderupdate`): the approver's comments and when the download stops working. */
export const OrderDecisionSchema = z.strictObject({
  adminComment: OrderComment.optional(),
  expires: z.iso.datetime({ offset: true, error: 'An expiry is an ISO 8601 date and time.' }).nullable().optional(),
  orderItems: z
    .array(z.strictObject({ rendition: z.string().max(2000), adminComment: OrderComment.optional() }))
    .max(MAX_CART_ITEMS)
    .optional(),
});
type _OrderDecision = Assert<Conforms<z.output<typeof OrderDecisionSchema>, DamSchemas['OrderDecision']>>;

/** `PUT /fotoweb/order-config` body: the submission form's extra fields (as the sign-up form's) and the terms. */
export const OrderConfigSchema = z
  .strictObject({
    fields: z.array(SignupFieldSchema).max(SIGNUP_FIELD_LIMITS.maxFields, `At most ${SIGNUP_FIELD_LIMITS.maxFields} fields.`),
    termsAndConditions: z.string().max(20_000, 'The terms are at most 20,000 characters.').nullable(),
  })
  .superRefine((config, ctx) => {
    for (const problem of signupFieldDefinitionProblems(config.fields))
      ctx.addIssue({ code: 'custom', path: problem.path.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p)), message: problem.message });
  });
type _OrderConfig = Assert<Conforms<z.output<typeof OrderConfigSchema>, DamSchemas['OrderConfig']>>;

const OrderIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'An order id is a whole number, 1 or more.')
  .transform((digits) => Number(digits))
  .refine((id) => id <= 2_147_483_647, 'An order id is at most 2147483647.');

/** Path parameters of `/fotoweb/orders/{orderId}[/approve|/reject|/download]`. */
export const OrderParamsSchema = z.object({ orderId: OrderIdSchema });
type _OrderParams = Assert<Conforms<z.output<typeof OrderParamsSchema>, DamOperations['getOrder']['parameters']['path']>>;

/** Path parameters of `/fotoweb/orders/{list}/`. */
export const OrderListParamsSchema = z.object({ list: z.enum(ORDER_LISTS, { error: `The list is one of ${ORDER_LISTS.join(', ')}.` }) });
type _OrderListParams = Assert<Conforms<z.output<typeof OrderListParamsSchema>, DamOperations['listOrders']['parameters']['path']>>;

// ------------------------------------------------------------------------------------------------ consent (issue 15)

/** The consent form states (FotoWare's `ConsentFormState`). */
export const CONSENT_FORM_STATES = ['Pending', 'Signed', 'PartiallySigned', 'Declined', 'Revoked'] as const;
/** Limits of a consent form's fields. */
export const CONSENT_FORM_LIMITS = { personName: 200, email: 254, category: 100, usages: 20, usage: 50, assets: 100 } as const;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
const ConsentDay = (label: string) => z.string().refine(isCalendarDay, `The ${label} date is a calendar day written YYYY-MM-DD.`).nullable().optional();
const ConsentText = (label: string, max: number) =>
  z
    .string()
    .max(max, `The ${label} is at most ${max} characters.`)
    .refine((text) => !CONTROL_CHARACTERS.test(text) && isAcceptableText(text), `The ${label} must not contain control characters.`);

const consentFormFields = {
  personName: ConsentText('person’s name', CONSENT_FORM_LIMITS.personName).refine((name) => name.trim() !== '', 'The person’s name is required.'),
  email: z
    .union([z.literal(''), z.string().trim().max(CONSENT_FORM_LIMITS.email, 'The e-mail address is at most 254 characters.').pipe(z.email('The e-mail address is not valid.'))])
    .nullable()
    .optional(),
  state: z.enum(CONSENT_FORM_STATES, { error: `The state is one of ${CONSENT_FORM_STATES.join(', ')}.` }),
  signed: ConsentDay('signed'),
  expires: ConsentDay('expiry'),
  category: ConsentText('category', CONSENT_FORM_LIMITS.category).nullable().optional(),
  usages: z.array(ConsentText('usage', CONSENT_FORM_LIMITS.usage)).max(CONSENT_FORM_LIMITS.usages, `At most ${CONSENT_FORM_LIMITS.usages} usages.`).optional(),
};
const expiresAfterSigned = (form: { signed?: string | null; expires?: string | null }, ctx: z.RefinementCtx) => {
  if (form.signed && form.expires && form.expires < form.signed) ctx.addIssue({ code: 'custom', path: ['expires'], message: 'The expiry date is on or after the signed date.' });
};

/** `PUT /fotoweb/consent/forms/{formId}` body: what a consent form records. */
export const ConsentFormUpdateSchema = z.strictObject(consentFormFields).superRefine(expiresAfterSigned);
type _ConsentFormUpdate = Assert<Conforms<z.output<typeof ConsentFormUpdateSchema>, DamSchemas['ConsentFormUpdate']>>;

/** `POST /fotoweb/consent/forms/` body: the form and the hrefs of the assets it covers (1 to 100). */
export const ConsentFormCreateSchema = z
  .strictObject({
    ...consentFormFields,
    assets: z
      .array(z.string().min(1).max(2000))
      .min(1, 'A consent form covers at least one asset.')
      .max(CONSENT_FORM_LIMITS.assets, `At most ${CONSENT_FORM_LIMITS.assets} assets at once.`),
  })
  .superRefine(expiresAfterSigned);
type _ConsentFormCreate = Assert<Conforms<z.output<typeof ConsentFormCreateSchema>, DamSchemas['ConsentFormCreate']>>;

/** `POST /fotoweb/consent/forms/{formId}/assets` body. */
export const ConsentFormAssetLinkSchema = z.strictObject({ href: z.string().min(1).max(2000) });
type _ConsentFormAssetLink = Assert<Conforms<z.output<typeof ConsentFormAssetLinkSchema>, DamSchemas['ConsentFormAssetLink']>>;

const ConsentIdSchema = (label: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, `A ${label} id is a whole number, 1 or more.`)
    .transform((digits) => Number(digits))
    .refine((id) => id <= 2_147_483_647, `A ${label} id is at most 2147483647.`);
/** Path parameters of `/fotoweb/consent/forms/{formId}` (and its `assets`). */
export const ConsentFormParamsSchema = z.object({ formId: ConsentIdSchema('consent form') });
type _ConsentFormParams = Assert<Conforms<z.output<typeof ConsentFormParamsSchema>, DamOperations['updateConsentForm']['parameters']['path']>>;
/** Path parameters of `/fotoweb/consent/forms/{formId}/assets/{assetId}`. */
export const ConsentFormAssetParamsSchema = z.object({ formId: ConsentIdSchema('consent form'), assetId: ConsentIdSchema('asset') });
type _ConsentFormAssetParams = Assert<Conforms<z.output<typeof ConsentFormAssetParamsSchema>, DamOperations['unlinkConsentFormAsset']['parameters']['path']>>;
/** The query of `GET /fotoweb/consent/forms/`: `q` (person's name, e-mail or category), `p` (0-based page). */
export const ConsentFormListQuerySchema = z.object({ q: ListSearchText, p: ListPageSchema });
type _ConsentFormListQuery = Assert<Conforms<z.output<typeof ConsentFormListQuerySchema>, NonNullable<DamOperations['listConsentForms']['parameters']['query']>>>;
/** The query of `DELETE /fotoweb/consent/forms/{formId}`: `assets`, the asset ids the form must cover (comma-separated, 0–1000). */
export const ConsentFormDeleteQuerySchema = z.object({
  assets: z
    .string()
    .regex(/^(?:[1-9][0-9]{0,9}(?:,[1-9][0-9]{0,9}){0,999})?$/, 'The assets are asset ids (whole numbers, 1 or more), separated by commas.')
    .optional(),
});
type _ConsentFormDeleteQuery = Assert<Conforms<z.output<typeof ConsentFormDeleteQuerySchema>, NonNullable<DamOperations['deleteConsentForm']['parameters']['query']>>>;
/** Path parameters of `/fotoweb/consent/assets/{assetId}/forms/`. */
export const ConsentAssetParamsSchema = z.object({ assetId: ConsentIdSchema('asset') });
type _ConsentAssetParams = Assert<Conforms<z.output<typeof ConsentAssetParamsSchema>, DamOperations['listAssetConsentForms']['parameters']['path']>>;

// The consent settings' list items (issue 15): their shapes here, their lengths and the rules across items in
// `consentListProblems` (consent-settings.ts), so that every message names its item. A text over the body's limit is
// refused here already.
const ConsentListText = z.string().max(CONSENT_LIST_LIMITS.maxBody);
/** A consent category (dam.yaml `ConsentCategory`). */
export const ConsentCategorySchema = z.strictObject({ id: ConsentListText, name: ConsentListText });
type _ConsentCategory = Assert<Conforms<z.output<typeof ConsentCategorySchema>, DamSchemas['ConsentCategory']>>;
/** A consent language (dam.yaml `ConsentLanguage`). */
export const ConsentLanguageSchema = z.strictObject({ code: ConsentListText, name: ConsentListText, isDefault: z.boolean() });
type _ConsentLanguage = Assert<Conforms<z.output<typeof ConsentLanguageSchema>, DamSchemas['ConsentLanguage']>>;
/** A consent template (dam.yaml `ConsentTemplate`). */
export const ConsentTemplateSchema = z.strictObject({
  id: ConsentListText,
  name: ConsentListText,
  language: ConsentListText,
  title: ConsentListText,
  body: ConsentListText,
  categories: z.array(ConsentListText).max(CONSENT_LIST_LIMITS.maxItems, `A template names at most ${CONSENT_LIST_LIMITS.maxItems} categories.`),
});
type _ConsentTemplate = Assert<Conforms<z.output<typeof ConsentTemplateSchema>, DamSchemas['ConsentTemplate']>>;
/** A consent form's default field (dam.yaml `ConsentDefaultField`). */
export const ConsentDefaultFieldSchema = z.strictObject({
  id: ConsentListText,
  label: ConsentListText,
  type: z.enum(CONSENT_DEFAULT_FIELD_TYPES as [ConsentDefaultFieldType, ...ConsentDefaultFieldType[]], {
    error: `A field's type is one of ${CONSENT_DEFAULT_FIELD_TYPES.join(', ')}.`,
  }),
  required: z.boolean(),
});
type _ConsentDefaultField = Assert<Conforms<z.output<typeof ConsentDefaultFieldSchema>, DamSchemas['ConsentDefaultField']>>;

/** `PUT /fotoweb/api/config/consentForms/ConsentFormSettings` body (spec 03 §3.10). */
export const ConsentFormSettingsSchema = z
  .strictObject({
    companyAbout: z
      .string()
      .max(5000, 'The company description is at most 5000 characters.')
      .refine((text) => !CONTROL_CHARACTERS.test(text.replace(/[\n\r\t]/g, ' ')) && isAcceptableText(text), 'The company description must not contain control characters.'),
    contactEmailAddress: z.union([
      z.literal(''),
      z.string().trim().max(254, 'The e-mail address is at most 254 characters.').pipe(z.email('The contact e-mail address is not valid.')),
    ]),
    companyName: ConsentText('company name', 200),
    defaultUrlExpiryDays: z.int('The URL expiry is a whole number of days.').min(1, 'The URL expiry is at least 1 day.').max(3650, 'The URL expiry is at most 3650 days.'),
    enableConsentForms: z.boolean(),
    pdfRenderCompanyLogo: z.boolean(),
    pdfRenderCompanyLogoInBanner: z.boolean(),
    categories: z.array(ConsentCategorySchema).max(CONSENT_LIST_LIMITS.maxItems, `At most ${CONSENT_LIST_LIMITS.maxItems} categories.`),
    templates: z.array(ConsentTemplateSchema).max(CONSENT_LIST_LIMITS.maxItems, `At most ${CONSENT_LIST_LIMITS.maxItems} templates.`),
    languages: z.array(ConsentLanguageSchema).max(CONSENT_LIST_LIMITS.maxItems, `At most ${CONSENT_LIST_LIMITS.maxItems} languages.`),
    defaultFields: z.array(ConsentDefaultFieldSchema).max(CONSENT_LIST_LIMITS.maxItems, `At most ${CONSENT_LIST_LIMITS.maxItems} default fields.`),
  })
  .superRefine((settings, ctx) => {
    // The rules across items (ids, the default language, what templates name) and the lengths, each naming its item.
    for (const problem of consentListProblems(settings))
      ctx.addIssue({ code: 'custom', path: problem.path.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p)), message: problem.message });
  });
type _ConsentFormSettings = Assert<Conforms<z.output<typeof ConsentFormSettingsSchema>, DamSchemas['ConsentFormSettings']>>;

// ------------------------------------------------------------------------------------------------ site appearance (issue 15)

/**
 * `POST /fotoweb/appearance/css` body (spec 01 §7 "POST custom CSS url: cssContent"): the whole stylesheet, empty to
 * clear it. Its size limit (`CUSTOM_CSS_MAX_BYTES`) is the DAM's to answer, with 413, not this schema's 400.
 */
export const CustomCssUpdateSchema = z.strictObject({ cssContent: z.string({ error: 'cssContent is the stylesheet, a string (empty clears it).' }) });
type _CustomCssUpdate = Assert<Conforms<z.output<typeof CustomCssUpdateSchema>, DamSchemas['CustomCssUpdate']>>;

/** A custom title-bar button (spec 02 §3): `href` only http(s) or site-relative (`isTitleBarHref`). */
export const TitleBarButtonSchema = z.strictObject({
  index: z.number().int('index is a whole number.').min(0, 'index is 0 or more.').max(TITLE_BAR_LIMITS.maxIndex, `index is at most ${TITLE_BAR_LIMITS.maxIndex}.`),
  tooltip: z.string().trim().min(1, 'A button needs a tooltip.').max(TITLE_BAR_LIMITS.maxTooltip, `A tooltip is at most ${TITLE_BAR_LIMITS.maxTooltip} characters.`),
  href: z.string().refine(isTitleBarHref, 'A button links to an http(s) address or a path on this site (starting with /).'),
  target: z.enum(TITLE_BAR_TARGETS, { error: 'target is _self or _blank.' }),
  icon: z.enum(TITLE_BAR_ICONS, { error: `icon is one of ${TITLE_BAR_ICONS.join(', ')}, or null.` }).nullable(),
});
type _TitleBarButton = Assert<Conforms<z.output<typeof TitleBarButtonSchema>, DamSchemas['TitleBarButton']>>;

/** `PUT /fotoweb/appearance/title-bar-buttons` body: the whole list. */
export const TitleBarButtonListSchema = z.strictObject({
  data: z.array(TitleBarButtonSchema).max(TITLE_BAR_LIMITS.maxButtons, `At most ${TITLE_BAR_LIMITS.maxButtons} title-bar buttons.`),
});
type _TitleBarButtonList = Assert<Conforms<z.output<typeof TitleBarButtonListSchema>, DamSchemas['TitleBarButtonList']>>;

/** `GET /fotoweb/appearance/css` query: the version the descriptor's address carries (cache busting). */
export const CustomCssQuerySchema = z.object({ v: z.string().max(20).optional() });
type _CustomCssQuery = Assert<Conforms<z.output<typeof CustomCssQuerySchema>, NonNullable<DamOperations['getCustomCss']['parameters']['query']>>>;

// ------------------------------------------------------------------------------------------------ FotoWare's Beta users and groups (DAM)

/** A user's or group's id in a Beta body (`MembershipIdListModel`, `MemberIdListModel`): a whole number 1–999999999. */
const BetaIdSchema = z
  .number({ error: 'An id is a number, e.g. 15001.' })
  .int('An id is a whole number.')
  .min(1, 'An id is 1 or more.')
  .max(999_999_999, 'An id has at most 9 digits.');
const BetaIdListSchema = z.array(BetaIdSchema).max(1000, 'At most 1000 ids at a time.');

/** Path parameters of `/fotoweb/api/{users|groups}/{id}/member-of/{group}`. */
export const MembershipParamsSchema = z.object({ id: NumericIdSchema, group: NumericIdSchema });
type _MembershipParams = Assert<Conforms<z.output<typeof MembershipParamsSchema>, DamOperations['deleteUserMembership']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/groups/{id}/{users|groups}/{member}`. */
export const GroupMemberParamsSchema = z.object({ id: NumericIdSchema, member: NumericIdSchema });
type _GroupMemberParams = Assert<Conforms<z.output<typeof GroupMemberParamsSchema>, DamOperations['deleteGroupUser']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/{users|groups}/{id}/properties/{key}`: `key` percent-decoded, 1–100 characters. */
export const PropertyKeyParamsSchema = z.object({
  id: NumericIdSchema,
  key: z
    .string()
    .transform((raw, ctx) => {
      try {
        return decodeURIComponent(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The property key is not valid percent-encoded UTF-8.' });
        return z.NEVER;
      }
    })
    .pipe(z.string().min(1, 'A property needs a key.').max(100, 'A property key is at most 100 characters.')),
});
type _PropertyKeyParams = Assert<Conforms<z.output<typeof PropertyKeyParamsSchema>, DamOperations['deleteUserProperty']['parameters']['path']>>;

const BetaLicenseLevelNameSchema = z.enum(['None', 'Portal', 'Consumer', 'Contributor', 'Standard', 'Plus', 'Main', 'Editor', 'Pro'], { error: 'Not a license level.' });
const BetaLicenseModeNameSchema = z.enum(['Named', 'Concurrent'], { error: 'Not a license mode.' });
const QueryBooleanSchema = z.enum(['true', 'false'], { error: 'Give true or false.' }).transform((text) => text === 'true');

/** The query of `GET /fotoweb/api/users/count`: `licenseLevel`, `licenseMode` (by name), `isSso`, `ssoProvider`. */
export const UserCountQuerySchema = z.object({
  licenseLevel: BetaLicenseLevelNameSchema.optional(),
  licenseMode: BetaLicenseModeNameSchema.optional(),
  isSso: QueryBooleanSchema.optional(),
  ssoProvider: z.string().max(200, 'An SSO provider is at most 200 characters.').optional(),
});
type _UserCountQuery = Assert<Conforms<z.output<typeof UserCountQuerySchema>, NonNullable<DamOperations['countUsers']['parameters']['query']>>>;

/** The query of `GET /fotoweb/api/groups/count`: `isSso`, `ssoProvider`. */
export const GroupCountQuerySchema = UserCountQuerySchema.pick({ isSso: true, ssoProvider: true });
type _GroupCountQuery = Assert<Conforms<z.output<typeof GroupCountQuerySchema>, NonNullable<DamOperations['countGroups']['parameters']['query']>>>;

/** `PUT /fotoweb/api/users/{id}/enabled` body (`BetaEnabled`, FotoWare `ValueModelBoolean`). */
export const BetaEnabledSchema = z.object({ value: z.boolean({ error: 'value is true or false.' }) });
type _BetaEnabled = Assert<Conforms<z.output<typeof BetaEnabledSchema>, DamSchemas['BetaEnabled']>>;

/** FotoWare `MembershipIdListModel` (`BetaMembershipIdList`): the group ids, each at most once. */
export const BetaMembershipIdListSchema = z.object({
  groups: BetaIdListSchema.refine((ids) => new Set(ids).size === ids.length, 'A group is given twice.'),
});
type _BetaMembershipIdList = Assert<Conforms<z.output<typeof BetaMembershipIdListSchema>, DamSchemas['BetaMembershipIdList']>>;

/** FotoWare `MemberIdListModel` (`BetaMemberIdList`): user and group ids, each at most once per list. */
export const BetaMemberIdListSchema = z.object({
  users: BetaIdListSchema.refine((ids) => new Set(ids).size === ids.length, 'A user is given twice.').optional(),
  groups: BetaIdListSchema.refine((ids) => new Set(ids).size === ids.length, 'A group is given twice.').optional(),
});
type _BetaMemberIdList = Assert<Conforms<z.output<typeof BetaMemberIdListSchema>, DamSchemas['BetaMemberIdList']>>;

/** FotoWare `UserLicenseSettings` to write, by name (`BetaLicenseInput`). */
export const BetaLicenseInputSchema = z.object({ level: BetaLicenseLevelNameSchema.optional(), mode: BetaLicenseModeNameSchema.optional() });
type _BetaLicenseInput = Assert<Conforms<z.output<typeof BetaLicenseInputSchema>, DamSchemas['BetaLicenseInput']>>;

const BetaCommerceInputSchema = z.object({
  accountId: AddressText.optional(),
  paymentMethod: z.enum(['NoCharge', 'Invoice', 'CreditCard', 'ManualAccept'], { error: 'Not a payment method.' }).optional(),
  category: AddressText.optional(),
  discount: z.number().min(0, 'The discount is 0 or more.').max(100, 'The discount is at most 100.').optional(),
});
type _BetaCommerceInput = Assert<Conforms<z.output<typeof BetaCommerceInputSchema>, DamSchemas['BetaCommerceInput']>>;

const BetaAccountInputSchema = z
  .object({
    password: PasswordSchema.optional(),
    deletePassword: z.boolean().optional(),
    forcePasswordChange: z.boolean().optional(),
    isEnabled: z.boolean().optional(),
    expires: ExpiresSchema.optional(),
  })
  .refine((account) => !(account.password !== undefined && account.deletePassword === true), {
    path: ['deletePassword'],
    message: 'Give a new password or deletePassword, not both.',
  });
type _BetaAccountInput = Assert<Conforms<z.output<typeof BetaAccountInputSchema>, DamSchemas['BetaAccountInput']>>;

const betaAddressFields = {
  title: AddressText,
  middleName: AddressText,
  organization: AddressText,
  profession: AddressText,
  businessType: AddressText,
  streetAddress: z.array(AddressText).max(5, 'At most 5 street lines.'),
  city: AddressText,
  state: AddressText,
  zipCode: AddressText,
  country: AddressText,
  phone: AddressText,
  fax: AddressText,
  homepage: AddressText,
};
/** FotoWare `Address` to write (`BetaAddressInput`): names and e-mail trimmed and never blank, the rest ≤ 200 characters. */
export const BetaAddressInputSchema = z
  .object(betaAddressFields)
  .partial()
  .extend({ givenName: PersonName('first name').optional(), surname: PersonName('last name').optional(), email: EmailSchema.optional() });
type _BetaAddressInput = Assert<Conforms<z.output<typeof BetaAddressInputSchema>, DamSchemas['BetaAddressInput']>>;
const BetaAddressCreateSchema = BetaAddressInputSchema.extend({ givenName: PersonName('first name'), surname: PersonName('last name'), email: EmailSchema });
type _BetaAddressCreate = Assert<Conforms<z.output<typeof BetaAddressCreateSchema>, DamSchemas['BetaAddressCreate']>>;

/** `PUT /fotoweb/api/users/{id}` body (`BetaUserUpdate`): FotoWare's Beta `User`, every part optional, read-only fields dropped. */
export const BetaUserUpdateSchema = z.object({
  username: UsernameSchema.optional(),
  description: DescriptionSchema.optional(),
  address: BetaAddressInputSchema.optional(),
  license: BetaLicenseInputSchema.optional(),
  commerce: BetaCommerceInputSchema.optional(),
  account: BetaAccountInputSchema.optional(),
  properties: PropertyBagSchema.optional(),
});
type _BetaUserUpdate = Assert<Conforms<z.output<typeof BetaUserUpdateSchema>, DamSchemas['BetaUserUpdate']>>;

/** `POST /fotoweb/api/users` body (`BetaUserCreate`): a username and the first and last name and e-mail address at least. */
export const BetaUserCreateSchema = BetaUserUpdateSchema.extend({ username: UsernameSchema, address: BetaAddressCreateSchema });
type _BetaUserCreate = Assert<Conforms<z.output<typeof BetaUserCreateSchema>, DamSchemas['BetaUserCreate']>>;

/** FotoWare `GroupPermissions` to write: booleans, the album ones nested in `albums` (`BetaGroupPermissions`). */
const BetaGroupPermissionsSchema = z
  .object({
    albums: z.object(Object.fromEntries(GROUP_PERMISSIONS.filter((p) => p.startsWith('albums.')).map((p) => [p.slice('albums.'.length), z.boolean().optional()]))).optional(),
    ...Object.fromEntries(GROUP_PERMISSIONS.filter((p) => !p.startsWith('albums.')).map((p) => [p === 'uploadArea' ? 'uploadToUploadArea' : p, z.boolean().optional()])),
  })
  .transform((flags) => flags as DamSchemas['BetaGroupPermissions']);

/** `PUT /fotoweb/api/groups/{id}` body (`BetaGroupUpdate`): FotoWare's Beta `Group`, every part optional. */
export const BetaGroupUpdateSchema = z.object({
  name: GroupNameSchema.optional(),
  description: DescriptionSchema.trim().optional(),
  license: BetaLicenseInputSchema.optional(),
  permissions: BetaGroupPermissionsSchema.optional(),
  properties: PropertyBagSchema.optional(),
});
type _BetaGroupUpdate = Assert<Conforms<z.output<typeof BetaGroupUpdateSchema>, DamSchemas['BetaGroupUpdate']>>;

/** `POST /fotoweb/api/groups` body (`BetaGroupCreate`): a name at least. */
export const BetaGroupCreateSchema = BetaGroupUpdateSchema.extend({ name: GroupNameSchema });
type _BetaGroupCreate = Assert<Conforms<z.output<typeof BetaGroupCreateSchema>, DamSchemas['BetaGroupCreate']>>;

/** `POST /fotoweb/api/config/applications` body (`ApplicationCreate`): a name and the href of the user or group acted as. */
export const ApplicationCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'The name is at most 100 characters.')
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'The name must not contain control characters.'),
  actingAs: HrefSchema,
});
type _ApplicationCreate = Assert<Conforms<z.output<typeof ApplicationCreateSchema>, DamSchemas['ApplicationCreate']>>;

// ------------------------------------------------------------------------------------------------ legacy API keys and webhooks (issue 16)

/** A legacy API key's or a webhook's id as digits, 1 to 2,147,483,647 (a PostgreSQL integer), turned into a number. */
const IntegrationIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'An id is a whole number, 1 or more.')
  .transform((digits) => Number(digits))
  .refine((id) => id <= 2_147_483_647, 'An id is at most 2147483647.');

/** Path parameters of `/fotoweb/api/api-keys/{id}`. */
export const ApiKeyParamsSchema = z.object({ id: IntegrationIdSchema });
type _ApiKeyParams = Assert<Conforms<z.output<typeof ApiKeyParamsSchema>, DamOperations['revokeApiKey']['parameters']['path']>>;

/** Path parameters of `/fotoweb/api/webhooks/{id}` and its deliveries. */
export const WebhookParamsSchema = z.object({ id: IntegrationIdSchema });
type _WebhookParams = Assert<Conforms<z.output<typeof WebhookParamsSchema>, DamOperations['deleteWebhook']['parameters']['path']>>;

/** Path of `redeliverWebhookDelivery`: the webhook's id and the delivery's UUID. */
export const WebhookDeliveryParamsSchema = z.object({ id: IntegrationIdSchema, deliveryId: z.uuid({ error: 'deliveryId must be a delivery id (a UUID).' }) });
type _WebhookDeliveryParams = Assert<Conforms<z.output<typeof WebhookDeliveryParamsSchema>, DamOperations['redeliverWebhookDelivery']['parameters']['path']>>;

/** `POST /fotoweb/api/api-keys` body (`ApiKeyCreate`): a name and the href of the user the key acts as. */
export const ApiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'The name is at most 100 characters.')
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'The name must not contain control characters.'),
  actingAs: HrefSchema,
});
type _ApiKeyCreate = Assert<Conforms<z.output<typeof ApiKeyCreateSchema>, DamSchemas['ApiKeyCreate']>>;

/** The events a webhook may be told of (`WebhookEvent`). */
export const WEBHOOK_EVENTS = ['asset.ingested', 'asset.modified', 'asset.deleted'] as const satisfies readonly DamSchemas['WebhookEvent'][];

/** Whether `text` is an absolute http or https URL with a host (a webhook's address; no other scheme is called). */
export function isWebhookUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** `POST /fotoweb/api/webhooks` body (`WebhookCreate`): an http(s) URL, one to three distinct events, enabled or not. */
export const WebhookCreateSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'The URL is required.')
    .max(2048, 'The URL is at most 2048 characters.')
    .refine((url) => !CONTROL_CHARACTERS.test(url), 'The URL must not contain control characters.')
    .refine(isWebhookUrl, 'The URL must be an absolute http:// or https:// address.'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: `An event is one of ${WEBHOOK_EVENTS.join(', ')}.` }))
    .min(1, 'Choose at least one event.')
    .max(3, 'There are three events.')
    .refine((events) => new Set(events).size === events.length, 'Each event at most once.'),
  enabled: z.boolean().optional(),
});
type _WebhookCreate = Assert<Conforms<z.output<typeof WebhookCreateSchema>, DamSchemas['WebhookCreate']>>;

// ------------------------------------------------------------------------------------------------ archive administration (issue 12)

/** Path parameters of `/fotoweb/api/config/archives/{id}`: the archive id as digits, turned into a number. */
export const ArchiveConfigParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'Not an archive id.')
    .transform((digits) => Number(digits)),
});
type _ArchiveConfigParams = Assert<Conforms<z.input<typeof ArchiveConfigParamsSchema>, DamOperations['getArchiveConfig']['parameters']['path']>>;

/** The query of `DELETE /fotoweb/api/config/archives/{id}`: `moveAssetsTo`, an archive id. */
export const ArchiveDeleteQuerySchema = z.object({
  moveAssetsTo: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'moveAssetsTo is an archive id.')
    .transform((digits) => Number(digits))
    .optional(),
});
type _ArchiveDeleteQuery = Assert<Conforms<z.input<typeof ArchiveDeleteQuerySchema>, NonNullable<DamOperations['deleteArchiveConfig']['parameters']['query']>>>;

/** Text of an archive body: no control characters but tab and newline. */
const archiveText = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} is at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${what} must not contain control characters.`);
const nullableId = (what: string) => archiveText(64, what).nullable().optional();

/** One access-list member (`ArchiveMember`, spec 03 §3.9); `Name` and `Description` are answered, never trusted. */
export const ArchiveMemberSchema = z.object({
  Id: z.number().int().min(1).max(2147483647),
  MemberType: z.enum(['user', 'group']),
  Name: z.string().max(256).optional(),
  Description: z.string().max(2000).optional(),
  AutoSearch: z.string().max(MAX_EXPRESSION_LENGTH, `AutoSearch is at most ${MAX_EXPRESSION_LENGTH} characters.`).optional(),
  Permissions: z.array(z.string().max(64)).max(64),
});
type _ArchiveMember = Assert<Conforms<z.output<typeof ArchiveMemberSchema>, DamSchemas['ArchiveMember']>>;

/**
 * `POST /fotoweb/api/config/archives` and `PUT …/{id}` body (`ArchiveConfigInput`, spec 03 §3.8): shapes only. The
 * DAM checks the rules of spec 03 §5 (name, metadata view, path or pool, profiles, members, permissions) itself and
 * answers every problem together, so a blank name or a missing metadata view passes here.
 */
export const ArchiveConfigInputSchema = z.object({
  Id: z.number().int().nullable().optional(),
  Name: archiveText(256, 'The name'),
  Description: archiveText(2000, 'The description').optional(),
  MetadataSetId: archiveText(64, 'MetadataSetId').nullable(),
  Path: archiveText(1024, 'The path').nullable().optional(),
  Pool: nullableId('The pool'),
  MemberList: z.array(ArchiveMemberSchema).max(1000, 'An access list has at most 1000 members.'),
  Properties: z
    .array(z.object({ key: archiveText(256, 'A property key'), value: archiveText(4000, 'A property value') }))
    .max(200)
    .optional(),
  EnableConsentManagement: z.boolean().optional(),
  InputFolder: archiveText(1024, 'InputFolder').nullable().optional(),
  InputLocation: archiveText(1024, 'InputLocation').nullable().optional(),
  MetadataMacros: z
    .array(z.object({ FieldId: z.number().int().min(0).max(999), Value: archiveText(2000, 'A macro value') }))
    .max(100)
    .optional(),
  DownloadProcessing: z
    .object({
      ProcessingType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      SpecificProcessingProfile: nullableId('SpecificProcessingProfile'),
      CustomProcessingProfileSet: nullableId('CustomProcessingProfileSet'),
    })
    .optional(),
  SocialSettings: z.object({ AnnotationsEnabled: z.boolean() }).optional(),
  NavigationPaneControl: z.object({ ShowFolders: z.boolean() }).optional(),
  Renditions: z
    .object({ WatermarkId: nullableId('WatermarkId'), QuickRenditionSetId: nullableId('QuickRenditionSetId'), CropProfileSetId: nullableId('CropProfileSetId') })
    .optional(),
  SortId: z.number().int().min(-1000000).max(1000000).optional(),
});
type _ArchiveConfigInput = Assert<Conforms<z.output<typeof ArchiveConfigInputSchema>, DamSchemas['ArchiveConfigInput']>>;

// ------------------------------------------------------------------------------------------------ configuration loads (issue 12)

/** A raw path segment decoded from percent-encoding (400 when it is not valid UTF-8). */
const decodedSegment = (what: string, max: number) =>
  z
    .string()
    .transform((raw, ctx) => {
      try {
        return decodeURIComponent(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${what} is not valid percent-encoded UTF-8.` });
        return z.NEVER;
      }
    })
    .pipe(z.string().min(1, `${what} is required.`).max(max, `${what} is at most ${max} characters.`));

/** Path of `/fotoweb/api/config/metadata/fields/{filter}`: the decoded filter (the DAM answers `filter_failed` for a bad one). */
export const MetadataFieldFilterParamsSchema = z.object({ filter: decodedSegment('The filter', 300) });
type _MetadataFieldFilterParams = Assert<Conforms<z.output<typeof MetadataFieldFilterParamsSchema>, DamOperations['listMetadataFields']['parameters']['path']>>;

/** Path of `/fotoweb/api/config/metadata/namespaces/{alias}/fields`. */
export const MetadataNamespaceParamsSchema = z.object({ alias: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'Not a namespace alias.') });
type _MetadataNamespaceParams = Assert<Conforms<z.output<typeof MetadataNamespaceParamsSchema>, DamOperations['listMetadataNamespaceFields']['parameters']['path']>>;

/** Path of `/fotoweb/api/config/metadata/groups/{name}/fields`: the decoded group name. */
export const MetadataGroupParamsSchema = z.object({ name: decodedSegment('The group name', 200) });
type _MetadataGroupParams = Assert<Conforms<z.output<typeof MetadataGroupParamsSchema>, DamOperations['listMetadataGroupFields']['parameters']['path']>>;

/** Path of `/fotoweb/api/config/{setting}`: one of the configuration lists the archive dialog chooses from. */
export const ConfigSettingParamsSchema = z.object({ setting: z.enum(['watermarks', 'quickrenditionsets', 'cropprofilesets', 'processingprofiles', 'processingprofilesets']) });
type _ConfigSettingParams = Assert<Conforms<z.output<typeof ConfigSettingParamsSchema>, DamOperations['listConfigSettingItems']['parameters']['path']>>;

/** `POST /fotoweb/api/config/metadataviews` body (`MetadataViewConfigCreate`): a name, and the view to copy. */
export const MetadataViewConfigCreateSchema = z.object({
  Name: z
    .string()
    .trim()
    .min(1, 'The view needs a name.')
    .max(256, 'A view name is at most 256 characters.')
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'The name must not contain control characters.'),
  CopyFrom: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'CopyFrom is a metadata view id.')
    .nullable()
    .optional(),
});
type _MetadataViewConfigCreate = Assert<Conforms<z.output<typeof MetadataViewConfigCreateSchema>, DamSchemas['MetadataViewConfigCreate']>>;

// ------------------------------------------------------------------------------------------------ BFF

/**
 * `POST /fotoweb/views/login` body (`LoginRequest`): `username` 1–256 characters without control characters, NUL or
 * lone surrogates (no user name has them, and the DAM's database refuses NUL); `password` 1–1024 characters without
 * NUL or lone surrogates.
 */
export const LoginRequestSchema = z.object({
  username: z
    .string()
    .min(1, 'Enter your user name.')
    .max(256, 'The user name is too long.')
    .refine((name) => !CONTROL_CHARACTERS.test(name) && isAcceptableText(name), 'The user name must not contain control characters or lone UTF-16 surrogates.'),
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(1024, 'The password is too long.')
    .refine(isAcceptableText, 'The password must not contain NUL characters or lone UTF-16 surrogates.'),
});
type _LoginRequest = Assert<Conforms<z.output<typeof LoginRequestSchema>, BffSchemas['LoginRequest']>>;

/**
 * True when `to` is a path on this site: it starts with one `/` (not `//` or `/\`, which browsers read as another
 * host), has no control characters, and resolves to the same origin. Guards the login redirect against open
 * redirects (spec 01 §2 `to`).
 */
export function isSameOriginPath(to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || CONTROL_CHARACTERS.test(to)) return false;
  try {
    const base = 'http://magpie.invalid';
    return new URL(to, base).origin === base;
  } catch {
    return false;
  }
}

/** A same-origin return path of at most 2048 characters (see {@link isSameOriginPath}). */
export const SameOriginPathSchema = z
  .string()
  .max(2048, 'The return address is too long.')
  .refine(isSameOriginPath, 'The return address must be a path on this site, starting with a single "/".');

/** `POST /fotoweb/views/login` query: optional `to` ({@link SameOriginPathSchema}); default {@link DEFAULT_LOGIN_TARGET}. */
export const LoginQuerySchema = z.object({
  to: SameOriginPathSchema.optional(),
});
type _LoginQuery = Assert<Conforms<z.output<typeof LoginQuerySchema>, NonNullable<BffOperations['login']['parameters']['query']>>>;

// ------------------------------------------------------------------------------------------------ errors

type ErrorIssue = DamSchemas['ErrorIssue'];
type ErrorBody = DamSchemas['ErrorBody'];

/**
 * Turns a zod error into `ErrorBody.issues`: one `{path, message}` per issue, `path` dotted (`metadata.fields.0.id`),
 * empty for the whole value.
 */
export function toIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * A 400 error body for a failed validation: `{value, heading, message, issues}` with `value` `InvalidRequest`
 * unless given (e.g. `InvalidFilename`). `message` defaults to the first issue's message.
 */
export function toErrorBody(error: z.ZodError, options: { value?: string; message?: string; requestId?: string } = {}): ErrorBody {
  const issues = toIssues(error);
  return {
    value: options.value ?? 'InvalidRequest',
    heading: 'Invalid request',
    message: options.message ?? issues[0]?.message ?? 'The request is not valid.',
    ...(options.requestId !== undefined ? { requestId: options.requestId } : {}),
    issues,
  };
}

/** The login target to use: a valid `to`, else {@link DEFAULT_LOGIN_TARGET}. */
export function loginTarget(to: string | undefined): string {
  return to !== undefined && isSameOriginPath(to) && to.length <= 2048 ? to : DEFAULT_LOGIN_TARGET;
}

// A canary: a schema whose output does not fit the contract must fail the checks above. If `Conforms` ever
// stopped rejecting mismatches, these `@ts-expect-error` lines would themselves fail `tsc`.
// @ts-expect-error fileSize as a string does not fit UploadRequest
type _CanaryWrongType = Assert<Conforms<{ destination: string; filename: string; fileSize: string }, DamSchemas['UploadRequest']>>;
// @ts-expect-error a schema missing an optional key of the contract (hasXmp etc.) does not conform
type _CanaryMissingKey = Assert<Conforms<{ destination: string; filename: string; fileSize: number }, DamSchemas['UploadRequest']>>;
// @ts-expect-error a schema requiring what the contract makes optional does not conform
type _CanaryRequired = Assert<Conforms<{ to: string }, NonNullable<BffOperations['login']['parameters']['query']>>>;
// @ts-expect-error `any` never conforms
type _CanaryAny = Assert<Conforms<any, DamSchemas['UploadRequest']>>; // eslint-disable-line @typescript-eslint/no-explicit-any
