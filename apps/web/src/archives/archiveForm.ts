/**
 * The archive dialog's pure rules (spec 03 §2.12, §3.8–§3.11, §4, §5): what the dialog offers on this server, the
 * archive as the `archiveSave` machine edits it and as the DAM takes it, and the access list's edits (add without
 * repeats, remove, reorder, one member's permissions or AutoSearch). No React and no calls here, so each rule has its
 * unit test (`archives.test.ts`).
 */
import type { ArchiveConfig, ArchiveConfigInput, FullApiDescriptor } from '@magpie/api-types';
import {
  ARCHIVE_PERMISSION_IDS,
  CONSENT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  HISTORY_PERMISSIONS,
  PROCESSING_TYPE,
  type ArchiveDraft,
  type ArchiveMember,
  type ArchivePermissionId,
  type ArchivePermissionOffer,
  type ArchiveProperty,
} from '@magpie/machines';

/** A choice of a select: the value sent and the words shown. */
export interface Choice {
  readonly id: string;
  readonly label: string;
}

/**
 * The metadata views in use by `configs` (spec 03 §2.12 metadata management), each named after the archives that use
 * it (`Metadata view of Photos, Press`), in the order the archives come: what the dialog offers when the metadata
 * views themselves could not be loaded.
 */
export function metadataViewChoices(configs: readonly Pick<ArchiveConfig, 'MetadataSetId' | 'Name'>[]): Choice[] {
  const names = new Map<string, string[]>();
  for (const config of configs) {
    const id = config.MetadataSetId;
    if (!id) continue;
    names.set(id, [...(names.get(id) ?? []), config.Name]);
  }
  return [...names].map(([id, archives]) => ({ id, label: `Metadata view of ${archives.join(', ')}` }));
}

/**
 * The permissions the access list offers (spec 03 §5): every id of §3.11 but MngVideo, which shows only where the
 * server has video management (the descriptor's `hasAdvancedVideoControls`); the consent group only with consent
 * management on the archive and the site's consent forms on.
 */
export function permissionOffer(
  descriptor: Pick<FullApiDescriptor, 'permissions'> | undefined,
  consentManagementEnabled: boolean,
  consentFormsEnabled: boolean,
): Required<ArchivePermissionOffer> {
  const video = descriptor?.permissions?.hasAdvancedVideoControls === true;
  return {
    available: ARCHIVE_PERMISSION_IDS.filter((id) => video || id !== 'MngVideo'),
    consentManagementEnabled,
    consentFormsEnabled,
  };
}

/** The words of each archive permission id (spec 03 §3.11 "Each has a label"). */
export const ARCHIVE_PERMISSION_LABELS: Readonly<Record<ArchivePermissionId, string>> = {
  View: 'View',
  Preview: 'Preview',
  Comping: 'Comping',
  Workflow: 'Workflow',
  Download: 'Download',
  DuplicateFile: 'Duplicate files',
  Order: 'Order',
  EditText: 'Edit metadata',
  CropRotate: 'Crop and rotate',
  CopyTo: 'Copy to',
  MoveTo: 'Move to',
  CopyFrom: 'Copy from',
  MoveFrom: 'Move from',
  Rename: 'Rename',
  Delete: 'Delete',
  Alert: 'Alerts',
  MngVideo: 'Manage video',
  EditSmartFolders: 'Edit smart folders',
  CropAndDownload: 'Crop and download',
  Export: 'Export',
  Comment: 'Comment',
  Annotate: 'Annotate',
  TrdParty1: 'Third-party 1',
  TrdParty2: 'Third-party 2',
  TrdParty3: 'Third-party 3',
  TrdParty4: 'Third-party 4',
  EditFile: 'Edit files',
  OpenFile: 'Open files',
  CropFile: 'Crop files',
  FwdtPlace: 'Place (desktop tool)',
  UploadFile: 'Upload',
  HistoryView: 'View history',
  HistoryRollback: 'Roll back history',
  HistoryManage: 'Manage history',
  ViewConsentSummary: 'View consent summary',
  ViewConsentDetails: 'View consent details',
  ManageConsentStatus: 'Manage consent status',
};

/** The access list's permission groups, each with its offered ids in §3.11 order; empty groups are left out. */
export function permissionGroups(offered: readonly ArchivePermissionId[]): { readonly title: string; readonly ids: readonly ArchivePermissionId[] }[] {
  const special = new Set<ArchivePermissionId>([...HISTORY_PERMISSIONS, ...CONSENT_PERMISSIONS]);
  return [
    { title: 'Permissions', ids: offered.filter((id) => !special.has(id)) },
    { title: 'Version control', ids: offered.filter((id) => HISTORY_PERMISSIONS.includes(id)) },
    { title: 'Consent', ids: offered.filter((id) => CONSENT_PERMISSIONS.includes(id)) },
  ].filter((group) => group.ids.length > 0);
}

/** A member's key in the access list: one user or group is there once (spec 03 §4 "not added twice"). */
export function memberKey(member: Pick<ArchiveMember, 'Id' | 'MemberType'>): string {
  return `${member.MemberType}:${member.Id}`;
}

/** A user or group picked in the Add member dialog (spec 03 §3.9 "Selected-member output: Id, Description, Name, type"). */
export interface PickedMember {
  readonly Id: number;
  readonly Name: string;
  readonly Description: string;
  readonly MemberType: 'user' | 'group';
}

/**
 * `members` with each picked user or group added at the end, with View and Preview (spec 03 §4 "Newly added archive
 * members get View and Preview by default") and no AutoSearch; those already present, or picked twice, are not
 * added again.
 */
export function addMembers(members: readonly ArchiveMember[], picked: readonly PickedMember[]): ArchiveMember[] {
  const present = new Set(members.map(memberKey));
  const added: ArchiveMember[] = [];
  for (const pick of picked) {
    const key = memberKey(pick);
    if (present.has(key)) continue;
    present.add(key);
    added.push({ Id: pick.Id, Name: pick.Name, Description: pick.Description, MemberType: pick.MemberType, AutoSearch: '', Permissions: [...DEFAULT_MEMBER_PERMISSIONS] });
  }
  return [...members, ...added];
}

/** `members` without the one whose key is `key`. */
export function removeMember(members: readonly ArchiveMember[], key: string): ArchiveMember[] {
  return members.filter((member) => memberKey(member) !== key);
}

/** `members` with the one at key `from` moved to where the one at key `to` is (a drag that ends over another row). */
export function moveMember(members: readonly ArchiveMember[], from: string, to: string): ArchiveMember[] {
  const fromIndex = members.findIndex((member) => memberKey(member) === from);
  const toIndex = members.findIndex((member) => memberKey(member) === to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return [...members];
  const next = [...members];
  const [moved] = next.splice(fromIndex, 1);
  next.splice(toIndex, 0, moved!);
  return next;
}

/** `members` with the member at `key` changed by `changes`. */
export function updateMember(members: readonly ArchiveMember[], key: string, changes: Partial<Pick<ArchiveMember, 'Permissions' | 'AutoSearch'>>): ArchiveMember[] {
  return members.map((member) => (memberKey(member) === key ? { ...member, ...changes } : member));
}

/** True when `a` and `b` hold the same permission ids, in any order. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** A metadata macro as the dialog edits it (spec 03 §2.12): the field id as typed, and the value. */
export interface MacroRow {
  readonly FieldId: string;
  readonly Value: string;
}

/** The placeholders a macro value may use (dam.yaml `ArchiveMetadataMacro`). */
export const MACRO_PLACEHOLDERS = ['{username}', '{fullname}', '{date}', '{filename}'] as const;

/** The archive as the dialog edits it, from the DAM's answer (the fields of `ArchiveConfigInput`, and `Id`). */
export function archiveDraftOf(config: ArchiveConfig): ArchiveDraft {
  return {
    Id: config.Id,
    Name: config.Name,
    Description: config.Description,
    MetadataSetId: config.MetadataSetId,
    Path: config.Path,
    Pool: config.Pool,
    MemberList: config.MemberList.map((member) => ({
      Id: member.Id,
      Name: member.Name ?? String(member.Id),
      Description: member.Description ?? '',
      AutoSearch: member.AutoSearch ?? '',
      Permissions: member.Permissions,
      MemberType: member.MemberType,
    })),
    Properties: config.Properties,
    EnableConsentManagement: config.EnableConsentManagement,
    InputFolder: config.InputFolder,
    InputLocation: config.InputLocation,
    MetadataMacros: config.MetadataMacros.map((macro) => ({ FieldId: String(macro.FieldId), Value: macro.Value })),
    DownloadProcessing: config.DownloadProcessing,
    SocialSettings: config.SocialSettings,
    NavigationPaneControl: config.NavigationPaneControl,
    Renditions: config.Renditions,
    SortId: config.SortId,
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const nullableText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The body of `createArchiveConfig` / `updateArchiveConfig` for a draft the machine prepared (name trimmed, empty
 * properties dropped, member 10000 last): members by id, type, AutoSearch and permissions; macros with a number
 * as field id (a macro whose field id is not a whole number is left out: the field it names cannot exist); no path
 * (this server allows none); the settings it has none of as null, downloads unmodified unless a profile was chosen.
 */
export function archiveInputOf(draft: ArchiveDraft): ArchiveConfigInput {
  const processing = draft.DownloadProcessing;
  const macros = (Array.isArray(draft['MetadataMacros']) ? (draft['MetadataMacros'] as MacroRow[]) : [])
    .filter((macro) => /^\d+$/.test(String(macro.FieldId).trim()))
    .map((macro) => ({ FieldId: Number(String(macro.FieldId).trim()), Value: macro.Value }));
  const social = draft['SocialSettings'] as { AnnotationsEnabled?: boolean } | undefined;
  const navigation = draft['NavigationPaneControl'] as { ShowFolders?: boolean } | undefined;
  const renditions = draft['Renditions'] as { WatermarkId?: string | null; QuickRenditionSetId?: string | null; CropProfileSetId?: string | null } | undefined;
  const sortId = draft['SortId'];
  return {
    Name: draft.Name,
    Description: text(draft['Description']),
    MetadataSetId: nullableText(draft.MetadataSetId === null ? null : String(draft.MetadataSetId)),
    Path: null,
    Pool: draft.Pool === null ? null : String(draft.Pool),
    MemberList: draft.MemberList.map((member) => ({
      Id: Number(member.Id),
      MemberType: member.MemberType,
      AutoSearch: (member.AutoSearch ?? '').trim(),
      Permissions: [...member.Permissions],
    })),
    Properties: draft.Properties.map((property: ArchiveProperty) => ({ key: property.key.trim(), value: property.value })),
    EnableConsentManagement: draft.EnableConsentManagement === true,
    InputFolder: text(draft['InputFolder']).trim(),
    InputLocation: text(draft['InputLocation']).trim(),
    MetadataMacros: macros,
    DownloadProcessing: {
      ProcessingType: processing.ProcessingType === PROCESSING_TYPE.specific ? 1 : processing.ProcessingType === PROCESSING_TYPE.custom ? 2 : 0,
      SpecificProcessingProfile: processing.SpecificProcessingProfile ?? null,
      CustomProcessingProfileSet: processing.CustomProcessingProfileSet ?? null,
    },
    SocialSettings: { AnnotationsEnabled: social?.AnnotationsEnabled === true },
    NavigationPaneControl: { ShowFolders: navigation?.ShowFolders !== false },
    Renditions: {
      WatermarkId: renditions?.WatermarkId ?? null,
      QuickRenditionSetId: renditions?.QuickRenditionSetId ?? null,
      CropProfileSetId: renditions?.CropProfileSetId ?? null,
    },
    ...(typeof sortId === 'number' ? { SortId: sortId } : {}),
  };
}

/** Which tab holds the field a §5 problem is about, so the tab can say it needs attention. */
export function tabOfField(field: 'Name' | 'MetadataSetId' | 'PathOrPool' | 'DownloadProcessing'): 'general' | 'export' {
  return field === 'DownloadProcessing' ? 'export' : 'general';
}
