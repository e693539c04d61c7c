import type { ArchiveConfig, ArchiveConfigInput } from '@magpie/api-types';
import type { ArchiveRow, ArchiveSettings } from '../db/schema.ts';
import type { ListedAclEntry } from '../repositories/archives.repository.ts';
import { viewIdOfArchive } from '../repositories/metadata-views.repository.ts';
import { archiveConfigHref, collectionHref } from './hrefs.ts';

/** The settings an archive has when its body leaves them out (spec 03 §3.8; §9 ProcessingType 0 "unmodified"). */
export const DEFAULT_ARCHIVE_SETTINGS: Required<ArchiveSettings> = {
  properties: [],
  enableConsentManagement: false,
  inputFolder: '',
  inputLocation: '',
  metadataMacros: [],
  downloadProcessing: { ProcessingType: 0, SpecificProcessingProfile: null, CustomProcessingProfileSet: null },
  annotationsEnabled: false,
  showFolders: true,
  renditions: { WatermarkId: null, QuickRenditionSetId: null, CropProfileSetId: null },
};

/**
 * The settings to store from an archive body: custom properties only with a key and a value (spec 03 §5), trimmed
 * folders, and the defaults for what the body leaves out.
 */
export function settingsOf(input: ArchiveConfigInput): Required<ArchiveSettings> {
  const d = DEFAULT_ARCHIVE_SETTINGS;
  const processing = input.DownloadProcessing;
  return {
    properties: (input.Properties ?? []).filter((p) => p.key.trim() !== '' && p.value.trim() !== '').map((p) => ({ key: p.key.trim(), value: p.value })),
    enableConsentManagement: input.EnableConsentManagement ?? d.enableConsentManagement,
    inputFolder: input.InputFolder?.trim() ?? d.inputFolder,
    inputLocation: input.InputLocation?.trim() ?? d.inputLocation,
    metadataMacros: input.MetadataMacros ?? d.metadataMacros,
    downloadProcessing: processing
      ? {
          ProcessingType: processing.ProcessingType,
          SpecificProcessingProfile: processing.SpecificProcessingProfile ?? null,
          CustomProcessingProfileSet: processing.CustomProcessingProfileSet ?? null,
        }
      : d.downloadProcessing,
    annotationsEnabled: input.SocialSettings?.AnnotationsEnabled ?? d.annotationsEnabled,
    showFolders: input.NavigationPaneControl?.ShowFolders ?? d.showFolders,
    renditions: {
      WatermarkId: input.Renditions?.WatermarkId ?? null,
      QuickRenditionSetId: input.Renditions?.QuickRenditionSetId ?? null,
      CropProfileSetId: input.Renditions?.CropProfileSetId ?? null,
    },
  };
}

/** A stored archive's settings with the defaults filled in. */
export function storedSettings(row: Pick<ArchiveRow, 'settings'>): Required<ArchiveSettings> {
  return { ...DEFAULT_ARCHIVE_SETTINGS, ...(row.settings ?? {}) };
}

/**
 * An archive as `ArchiveConfig` (spec 03 §3.8, §3.9): its configuration, the access list in order with each
 * member's name, its hrefs and how many assets it holds.
 */
export function presentArchiveConfig(row: ArchiveRow, acl: readonly ListedAclEntry[], assetCount: number): ArchiveConfig {
  const s = storedSettings(row);
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    MetadataSetId: viewIdOfArchive(row),
    Path: row.storage_path,
    Pool: row.storage_pool,
    MemberList: acl.map((entry) => ({
      Id: entry.principalId,
      MemberType: entry.principalType,
      Name: entry.name,
      Description: entry.description,
      AutoSearch: entry.autoSearch,
      Permissions: entry.permissions,
    })),
    Properties: s.properties,
    EnableConsentManagement: s.enableConsentManagement,
    InputFolder: s.inputFolder,
    InputLocation: s.inputLocation,
    MetadataMacros: s.metadataMacros,
    DownloadProcessing: s.downloadProcessing,
    SocialSettings: { AnnotationsEnabled: s.annotationsEnabled },
    NavigationPaneControl: { ShowFolders: s.showFolders },
    Renditions: s.renditions,
    SortId: row.sort_order,
    href: archiveConfigHref(row.id),
    collectionHref: collectionHref(row),
    assetCount,
  };
}
