/**
 * Archive save rules (spec 03 §5 Archive save, §4 "On save, the member with Id 10000 is moved to the end", §8 archive
 * save errors), as pure functions used by `archiveSave.machine.ts`.
 */

/** `ProcessingType` values of an archive's download processing. */
export const PROCESSING_TYPE = { unmodified: 0, specific: 1, custom: 2 } as const; // spec 03 §9

/** The empty profile id: a processing profile or profile set "not chosen". */
export const EMPTY_PROFILE_ID = '00000000-0000-0000-0000-000000000000'; // spec 03 §5, §9

/** The special member (the guest group, Everyone) moved to the end of the access list on save. */
export const SPECIAL_MEMBER_ID = 10000; // spec 03 §4, §9

/** A custom property of an archive (spec 03 §3.10). */
export interface ArchiveProperty {
  readonly key: string;
  readonly value: string;
}

/** A member of an archive's access list (spec 03 §3.9); `Permissions` are ids of spec 03 §3.11. */
export interface ArchiveMember {
  readonly Id: number | string;
  readonly Name: string;
  readonly Description?: string;
  readonly AutoSearch?: string;
  readonly Permissions: readonly string[];
  readonly MemberType: 'group' | 'user';
}

/** Download processing of an archive (spec 03 §3.8); profile ids are GUID strings, `''` or the empty id when unset. */
export interface ArchiveDownloadProcessing {
  readonly ProcessingType: number;
  readonly SpecificProcessingProfile?: string | null;
  readonly CustomProcessingProfileSet?: string | null;
}

/**
 * The archive as the dialog edits it (spec 03 §3.8). Only the fields the save rules read are typed; every other
 * field (InputFolder, InputLocation, MetadataMacros, SocialSettings, NavigationPaneControl, …) passes through as is.
 * `Id` is absent (or `null`) for a new archive.
 */
export interface ArchiveDraft {
  readonly Id?: number | string | null;
  readonly Name: string;
  readonly MetadataSetId: string | number | null;
  readonly Path: string | null;
  readonly Pool: string | number | null;
  readonly MemberList: readonly ArchiveMember[];
  readonly Properties: readonly ArchiveProperty[];
  readonly EnableConsentManagement?: boolean;
  readonly DownloadProcessing: ArchiveDownloadProcessing;
  readonly [field: string]: unknown;
}

/** The archive field a problem is about, for the dialog's invalid marking. */
export type ArchiveField = 'Name' | 'MetadataSetId' | 'PathOrPool' | 'DownloadProcessing';

/** One problem found before saving: the field and the message shown. */
export interface ArchiveValidationError {
  readonly field: ArchiveField;
  readonly message: string;
}

/** A blank name (spec 03 §8 `name_required`, checked before sending too). */
export const ARCHIVE_NAME_REQUIRED = 'archive name is required'; // spec 03 §8
/** The name duplicates another archive's, as answered by the server (`name_exists`). */
export const ARCHIVE_NAME_MUST_BE_UNIQUE = 'archive name must be unique'; // spec 03 §8
/**
 * The name duplicates another archive's, found before sending (spec 03 §5 "message: archive name unique"): the same
 * words as the server's `name_exists` (§8), so the administrator reads one message for one problem wherever it is found.
 */
export const ARCHIVE_NAME_UNIQUE = ARCHIVE_NAME_MUST_BE_UNIQUE; // spec 03 §5, §8
/** No metadata set chosen. */
export const METADATA_SET_REQUIRED = 'metadata set is required'; // spec 03 §5, §8
/** Neither a path nor a pool (spec 03 §5 "Either a path or a pool is required"; the message is not given). */
export const PATH_OR_POOL_REQUIRED = 'path or pool is required'; // spec 03 §5
/** ProcessingType 1 without a specific processing profile. */
export const PROCESSING_PROFILE_REQUIRED = 'processing profile is required'; // spec 03 §5, §8
/** ProcessingType 2 without a custom processing profile set. */
export const PROCESSING_PROFILE_SET_REQUIRED = 'processing profile set is required'; // spec 03 §5, §8
/** The server refuses another archive (`too_many_archives`; the message text is not given). */
export const TOO_MANY_ARCHIVES = 'too many archives'; // spec 03 §8
/** Any other failure (the general try-again-later message; its text is not given verbatim). */
export const ARCHIVE_SAVE_GENERAL_ERROR = 'An error occurred. Please try again later.'; // spec 03 §8

/** Server error values of a failed archive save and their messages (spec 03 §8 Archive save table). */
export const ARCHIVE_SAVE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  name_required: ARCHIVE_NAME_REQUIRED,
  name_exists: ARCHIVE_NAME_MUST_BE_UNIQUE,
  metadata_invalid: METADATA_SET_REQUIRED,
  // spec 03 §8 maps path_invalid to the metadata set message too; kept as specified.
  path_invalid: METADATA_SET_REQUIRED,
  processing_profile_invalid: PROCESSING_PROFILE_REQUIRED,
  processing_profile_set_invalid: PROCESSING_PROFILE_SET_REQUIRED,
  too_many_archives: TOO_MANY_ARCHIVES,
}; // spec 03 §8

/**
 * What the injected `saveArchive` actor rejects with for an HTTP failure: the status and, for 4xx, the body's
 * `heading` and `value` (spec 01 §8 "Fetch errors in 4xx carry responseJSON with heading and value").
 */
export interface ArchiveSaveRequestError {
  readonly status?: number;
  readonly responseJSON?: { readonly value?: string; readonly heading?: string; readonly issues?: readonly ArchiveSaveIssue[] } | null;
}

/**
 * One problem of a refused save as the server lists it (dam.yaml `ErrorIssue`): the field's dotted `path`
 * (`body.MemberList.2.AutoSearch`), the sentence for people, and its own §8 `value` (`name_exists`, …).
 */
export interface ArchiveSaveIssue {
  readonly path?: string;
  readonly message?: string;
  readonly value?: string;
}

/**
 * The dialog's message for a rejected save (spec 03 §8): a known `value` → its message
 * ({@link ARCHIVE_SAVE_ERROR_MESSAGES}); otherwise the server's `heading` when present and the status is not 500;
 * otherwise {@link ARCHIVE_SAVE_GENERAL_ERROR}.
 */
export function archiveSaveErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return ARCHIVE_SAVE_GENERAL_ERROR;
  const { status, responseJSON } = error as ArchiveSaveRequestError;
  const value = responseJSON?.value;
  if (typeof value === 'string' && Object.hasOwn(ARCHIVE_SAVE_ERROR_MESSAGES, value)) {
    return ARCHIVE_SAVE_ERROR_MESSAGES[value] ?? ARCHIVE_SAVE_GENERAL_ERROR;
  }
  const heading = responseJSON?.heading;
  if (typeof heading === 'string' && heading.trim().length > 0 && status !== 500) return heading;
  return ARCHIVE_SAVE_GENERAL_ERROR;
}

/** `body.MemberList.<n>…`: the access-list entry an issue is about. */
const MEMBER_ISSUE_PATH = /^body\.MemberList\.(\d+)(?:\.|$)/;

/**
 * Every message of a rejected save (spec 03 §5 "All problems are collected and shown together", §8): when the
 * answer lists its problems (`responseJSON.issues`, each with its own `value`), one message per problem, in the
 * server's order, without repeats: a §8 value → its message ({@link ARCHIVE_SAVE_ERROR_MESSAGES}); any other
 * (`member_invalid`, `permission_dependency`, `InvalidSearchExpression`, …) → the issue's own sentence, unless the
 * status is 500, led by the member's name when the issue is about an entry of `sent.MemberList` (the body as sent,
 * whose indexes the paths use). Without issues, or when none gives a message: `[archiveSaveErrorMessage(error)]`.
 */
export function archiveSaveErrorMessages(error: unknown, sent?: Pick<ArchiveDraft, 'MemberList'>): string[] {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as ArchiveSaveRequestError;
  const issues = Array.isArray(responseJSON?.issues) ? responseJSON.issues : [];
  const messages: string[] = [];
  for (const issue of issues) {
    const message = issueMessage(issue, status, sent);
    if (message !== undefined && !messages.includes(message)) messages.push(message);
  }
  return messages.length > 0 ? messages : [archiveSaveErrorMessage(error)];
}

function issueMessage(issue: ArchiveSaveIssue, status: number | undefined, sent: Pick<ArchiveDraft, 'MemberList'> | undefined): string | undefined {
  if (typeof issue !== 'object' || issue === null) return undefined;
  const { value, message, path } = issue;
  if (typeof value === 'string' && Object.hasOwn(ARCHIVE_SAVE_ERROR_MESSAGES, value)) return ARCHIVE_SAVE_ERROR_MESSAGES[value];
  if (typeof message !== 'string' || message.trim() === '' || status === 500) return undefined;
  const index = typeof path === 'string' ? MEMBER_ISSUE_PATH.exec(path)?.[1] : undefined;
  const member = index === undefined ? undefined : sent?.MemberList[Number(index)];
  return member?.Name ? `${member.Name}: ${message.trim()}` : message.trim();
}

function isChosen(id: string | number | null | undefined): boolean {
  if (id === null || id === undefined) return false;
  const text = String(id).trim();
  return text.length > 0 && text !== EMPTY_PROFILE_ID;
}

function normaliseName(name: string): string {
  return name.trim().toLowerCase();
}

/** What the name check compares against. */
export interface ArchiveNameRules {
  /** Names of the other archives (spec 03 §5: the name must not duplicate one of them). */
  readonly existingNames: readonly string[];
  /** The archive's name when the dialog opened (edit); an unchanged name is never a duplicate. */
  readonly originalName: string | undefined;
}

/**
 * Every problem of `archive`, all at once (spec 03 §5 "All problems are collected and shown together"), in field
 * order: blank name; duplicate name (trimmed, case-insensitive, unless unchanged); no metadata set; neither path nor
 * pool; ProcessingType 1 without a specific profile; ProcessingType 2 without a custom profile set. An id that is
 * blank or {@link EMPTY_PROFILE_ID} counts as not chosen. `[]` means the archive may be saved.
 */
export function validateArchive(archive: ArchiveDraft, rules: ArchiveNameRules): ArchiveValidationError[] {
  const errors: ArchiveValidationError[] = [];
  const name = normaliseName(archive.Name);
  const unchanged = rules.originalName !== undefined && normaliseName(rules.originalName) === name;
  if (name.length === 0) errors.push({ field: 'Name', message: ARCHIVE_NAME_REQUIRED });
  else if (!unchanged && rules.existingNames.some((existing) => normaliseName(existing) === name)) {
    errors.push({ field: 'Name', message: ARCHIVE_NAME_UNIQUE });
  }
  if (!isChosen(archive.MetadataSetId)) errors.push({ field: 'MetadataSetId', message: METADATA_SET_REQUIRED });
  if (!isChosen(archive.Path) && !isChosen(archive.Pool)) {
    errors.push({ field: 'PathOrPool', message: PATH_OR_POOL_REQUIRED });
  }
  const processing = archive.DownloadProcessing;
  if (processing.ProcessingType === PROCESSING_TYPE.specific && !isChosen(processing.SpecificProcessingProfile)) {
    errors.push({ field: 'DownloadProcessing', message: PROCESSING_PROFILE_REQUIRED });
  }
  if (processing.ProcessingType === PROCESSING_TYPE.custom && !isChosen(processing.CustomProcessingProfileSet)) {
    errors.push({ field: 'DownloadProcessing', message: PROCESSING_PROFILE_SET_REQUIRED });
  }
  return errors;
}

/**
 * A new archive as the add dialog opens it (spec 03 §2.12, §3.8): no name, no metadata set chosen, stored in `pool`
 * (a server with one storage pool offers only it; `null` when there is none to choose), no path (file-system
 * destinations off), an empty access list and no custom properties, downloads unmodified (ProcessingType 0, §9), no
 * watermark, rendition or crop profile set, annotations off, the folders shown.
 */
export function newArchiveDraft(pool: string | null): ArchiveDraft {
  return {
    Name: '',
    Description: '',
    MetadataSetId: '',
    Path: null,
    Pool: pool,
    MemberList: [],
    Properties: [],
    EnableConsentManagement: false,
    InputFolder: '',
    InputLocation: '',
    MetadataMacros: [],
    DownloadProcessing: { ProcessingType: PROCESSING_TYPE.unmodified, SpecificProcessingProfile: null, CustomProcessingProfileSet: null },
    SocialSettings: { AnnotationsEnabled: false },
    NavigationPaneControl: { ShowFolders: true },
    Renditions: { WatermarkId: null, QuickRenditionSetId: null, CropProfileSetId: null },
  };
}

/**
 * The body to save (spec 03 §5, §4): the name trimmed; custom properties kept only when both key and value are
 * non-empty after trimming; the member with Id {@link SPECIAL_MEMBER_ID} moved to the end of the access list (the
 * others keep their order). Everything else is unchanged.
 */
export function prepareArchiveForSave(archive: ArchiveDraft): ArchiveDraft {
  const isSpecial = (member: ArchiveMember) => String(member.Id) === String(SPECIAL_MEMBER_ID);
  return {
    ...archive,
    Name: archive.Name.trim(),
    Properties: archive.Properties.filter((property) => property.key.trim().length > 0 && property.value.trim().length > 0),
    MemberList: [...archive.MemberList.filter((m) => !isSpecial(m)), ...archive.MemberList.filter(isSpecial)],
  };
}
