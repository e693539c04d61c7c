import { ARCHIVE_PERMISSION_REQUIRES, SPECIAL_ARCHIVE_MEMBER_ID, isArchivePermission, type ArchiveConfigInput } from '@magpie/api-types';
import { folderNameProblem } from '@magpie/api-types/schemas';
import { InvalidSearchExpressionError, parseSearchExpression } from '../search/expression.ts';

/**
 * The storage pool every archive of this server lives in. Magpie keeps originals in its file store and runs with
 * file-system destinations off (spec 03 §6 "SaaS mode"): archives name a pool, never a path.
 */
export const DEFAULT_POOL_ID = 'default';

/** One problem of an archive body (spec 03 §5 Archive save, §8): its error value, the field's path and the message. */
export interface ArchiveConfigProblem {
  value: string;
  path: string;
  message: string;
}

/** What the rules need to know besides the body: what exists on this server. */
export interface ArchiveConfigFacts {
  /** The archive being changed (update), or undefined (create). */
  readonly archiveId: number | undefined;
  /** Another archive already has this name (case-insensitively). */
  readonly nameTaken: boolean;
  /** The metadata view `MetadataSetId` names exists. */
  readonly metadataViewExists: boolean;
  /** The field ids of that view (for metadata macros). */
  readonly viewFieldIds: ReadonlySet<number>;
  /** The storage pools (`/fotoweb/api/pools`). */
  readonly poolIds: ReadonlySet<string>;
  /** The ids of the processing profiles and watermarks; profile sets, quick rendition sets, crop profile sets (none in Magpie yet). */
  readonly processingProfiles: ReadonlySet<string>;
  readonly processingProfileSets: ReadonlySet<string>;
  readonly watermarks: ReadonlySet<string>;
  readonly quickRenditionSets: ReadonlySet<string>;
  readonly cropProfileSets: ReadonlySet<string>;
  /** Adding one more archive would pass `MAGPIE_MAX_ARCHIVES` (create only). */
  readonly tooManyArchives: boolean;
  /** The members that name a live user (`user:<id>`) or a group (`group:<id>`). */
  readonly knownMembers: ReadonlySet<string>;
}

/** The empty profile id: "not chosen" (spec 03 §5, §9). */
const EMPTY_PROFILE_ID = '00000000-0000-0000-0000-000000000000';

const chosen = (id: string | null | undefined): id is string => typeof id === 'string' && id.trim() !== '' && id !== EMPTY_PROFILE_ID;

/** A folder path inside an archive: relative, slash-separated, no empty, `.` or `..` segment, no backslash. */
export function isArchiveFolderPath(value: string): boolean {
  if (value === '') return true;
  return !value.startsWith('/') && value.split('/').every((segment) => segment.trim() === segment && folderNameProblem(segment) === undefined);
}

/**
 * Every problem of an archive body at once (spec 03 §5 "All problems are collected and shown together"), in field
 * order, each with its spec 03 §8 value. `[]` means the archive may be saved.
 */
export function archiveConfigProblems(input: ArchiveConfigInput, facts: ArchiveConfigFacts): ArchiveConfigProblem[] {
  const problems: ArchiveConfigProblem[] = [];
  const add = (value: string, path: string, message: string) => problems.push({ value, path, message });

  if (facts.tooManyArchives) add('too_many_archives', 'body', 'This server has as many archives as it allows (MAGPIE_MAX_ARCHIVES).');
  const name = input.Name.trim();
  if (name === '') add('name_required', 'body.Name', 'The archive name is required.');
  else if (facts.nameTaken) add('name_exists', 'body.Name', `An archive named “${name}” exists already: archive names must be unique.`);

  if (!chosen(input.MetadataSetId) || !facts.metadataViewExists) add('metadata_invalid', 'body.MetadataSetId', 'Choose a metadata view (metadata set) that exists.');

  const path = input.Path?.trim() ?? '';
  const pool = input.Pool?.trim() ?? '';
  if (path !== '') {
    add('path_invalid', 'body.Path', 'This server keeps archives in storage pools; a file-system path is not allowed (external paths are off).');
  } else if (pool === '') {
    add('path_invalid', 'body.Pool', 'Choose a storage pool (a path or a pool is required).');
  } else if (!facts.poolIds.has(pool)) {
    add('path_invalid', 'body.Pool', `There is no storage pool “${pool}”.`);
  }

  const processing = input.DownloadProcessing;
  if (processing?.ProcessingType === 1 && !(chosen(processing.SpecificProcessingProfile) && facts.processingProfiles.has(processing.SpecificProcessingProfile))) {
    add('processing_profile_invalid', 'body.DownloadProcessing.SpecificProcessingProfile', 'Choose a processing profile that exists.');
  }
  if (processing?.ProcessingType === 2 && !(chosen(processing.CustomProcessingProfileSet) && facts.processingProfileSets.has(processing.CustomProcessingProfileSet))) {
    add('processing_profile_set_invalid', 'body.DownloadProcessing.CustomProcessingProfileSet', 'Choose a processing profile set that exists.');
  }

  const renditions = input.Renditions;
  const settingChecks: Array<[string | null | undefined, ReadonlySet<string>, string, string]> = [
    [renditions?.WatermarkId, facts.watermarks, 'body.Renditions.WatermarkId', 'watermark'],
    [renditions?.QuickRenditionSetId, facts.quickRenditionSets, 'body.Renditions.QuickRenditionSetId', 'quick rendition set'],
    [renditions?.CropProfileSetId, facts.cropProfileSets, 'body.Renditions.CropProfileSetId', 'crop profile set'],
  ];
  for (const [id, known, at, what] of settingChecks) {
    if (chosen(id) && !known.has(id)) add('setting_invalid', at, `There is no ${what} “${id}”.`);
  }
  for (const [key, value] of [
    ['InputFolder', input.InputFolder],
    ['InputLocation', input.InputLocation],
  ] as const) {
    if (value && !isArchiveFolderPath(value.trim())) add('setting_invalid', `body.${key}`, `${key} must be a folder of the archive, such as “Incoming/Press”.`);
  }
  (input.MetadataMacros ?? []).forEach((macro, index) => {
    if (facts.metadataViewExists && !facts.viewFieldIds.has(macro.FieldId)) {
      add('setting_invalid', `body.MetadataMacros.${index}.FieldId`, `Field ${macro.FieldId} is not in the archive's metadata view.`);
    }
  });

  const seen = new Set<string>();
  input.MemberList.forEach((member, index) => {
    const at = `body.MemberList.${index}`;
    const key = `${member.MemberType}:${member.Id}`;
    if (seen.has(key)) add('member_duplicate', at, `The ${member.MemberType} ${member.Id} is in the access list twice.`);
    seen.add(key);
    if (!facts.knownMembers.has(key)) add('member_invalid', `${at}.Id`, `There is no ${member.MemberType} with id ${member.Id}.`);
    const unknown = member.Permissions.filter((id) => !isArchivePermission(id));
    if (unknown.length > 0) add('permission_invalid', `${at}.Permissions`, `Unknown archive permissions: ${unknown.join(', ')}.`);
    for (const id of member.Permissions) {
      if (!isArchivePermission(id)) continue;
      const missing = (ARCHIVE_PERMISSION_REQUIRES[id] ?? []).filter((required) => !member.Permissions.includes(required));
      if (missing.length > 0) add('permission_dependency', `${at}.Permissions`, `${id} needs ${missing.join(' and ')}.`);
    }
    const autoSearch = member.AutoSearch?.trim() ?? '';
    if (autoSearch !== '') {
      try {
        parseSearchExpression(autoSearch);
      } catch (error) {
        if (!(error instanceof InvalidSearchExpressionError)) throw error;
        add('InvalidSearchExpression', `${at}.AutoSearch`, `The AutoSearch filter does not parse: ${error.message}`);
      }
    }
  });
  return problems;
}

/** The access list as stored: members in the order given, the special member {@link SPECIAL_ARCHIVE_MEMBER_ID} last (spec 03 §4). */
export function orderedMembers<M extends { Id: number }>(members: readonly M[]): M[] {
  const special = (member: M) => member.Id === SPECIAL_ARCHIVE_MEMBER_ID;
  return [...members.filter((m) => !special(m)), ...members.filter(special)];
}

/** What a metadata macro's placeholders stand for (spec 03 §2.12 "metadata macros"). */
export interface MacroContext {
  username: string;
  fullName: string;
  filename: string;
  now: Date;
}

/**
 * The upload fields an archive's metadata macros add to an upload (dam.yaml `ArchiveMetadataMacro`): one per macro
 * whose field the upload does not set itself, with `{username}`, `{fullname}`, `{date}` (YYYY-MM-DD, UTC) and
 * `{filename}` replaced. Macros that end up blank add nothing.
 */
export function macroFields(
  macros: ReadonlyArray<{ FieldId: number; Value: string }>,
  given: ReadonlyArray<{ id: number }>,
  context: MacroContext,
): Array<{ id: number; value: string }> {
  const taken = new Set(given.map((field) => field.id));
  const values: Record<string, string> = {
    username: context.username,
    fullname: context.fullName,
    date: context.now.toISOString().slice(0, 10),
    filename: context.filename,
  };
  return macros
    .filter((macro) => !taken.has(macro.FieldId))
    .map((macro) => ({ id: macro.FieldId, value: macro.Value.replace(/\{(username|fullname|date|filename)\}/gi, (_, key: string) => values[key.toLowerCase()] ?? '').trim() }))
    .filter((field) => field.value !== '');
}
