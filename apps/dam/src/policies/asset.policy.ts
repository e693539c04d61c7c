import { assertPermission, type ArchivePermission } from './archive.policy.ts';

/**
 * What a caller may do with an asset, the archive permissions each needs (spec 03 §3.11, spec 01 §7 Revisions) and
 * how a refusal reads. `hidden` is what a 404 names; `forbidden` replaces the default 403 message.
 */
const ASSET_RULES = {
  view: { permissions: ['View'] },
  download: { permissions: ['Download'] },
  /** A ZIP of a selection (issue 13) checks every asset with this; the message speaks of all of them. */
  downloadAll: { permissions: ['Download'], forbidden: 'You need the Download permission on the archives of all these assets to download them.' },
  preview: { permissions: ['Preview'], hidden: 'The preview' },
  editMetadata: { permissions: ['EditText'], forbidden: 'You need the EditText permission on this archive to edit metadata.' },
  /** A metadata-edit background task checks every asset with this; the message speaks of all of them. */
  editMetadataOfAll: { permissions: ['EditText'], forbidden: 'You need the EditText permission on the archives of all these assets to edit metadata.' },
  duplicate: { permissions: ['DuplicateFile'], forbidden: 'You need the DuplicateFile permission on the archives of all these assets.' },
  duplicateRevision: { permissions: ['HistoryView'], forbidden: 'You need the HistoryView permission to duplicate a revision.' },
  viewHistory: { permissions: ['HistoryView'] },
  manageHistory: { permissions: ['HistoryManage'] },
  rollback: { permissions: ['HistoryRollback', 'EditText'] },
  /** Bringing back an earlier file replaces the asset's file: editing it, as a new version upload is (issue 9). */
  restoreFile: { permissions: ['EditFile'], forbidden: 'You need the EditFile permission on this archive to bring back an earlier file.' },
  // File operations (issue 13; spec 03 §3.11): what each task needs on the archive the asset is in. A move or copy
  // also needs MoveTo or CopyTo on the destination's archive (archivePolicy `moveTo`, `copyTo`).
  rename: { permissions: ['Rename'], forbidden: 'You need the Rename permission on this archive to rename its assets.' },
  moveFrom: { permissions: ['MoveFrom'], forbidden: 'You need the MoveFrom permission on the archives of all these assets to move them.' },
  copyFrom: { permissions: ['CopyFrom'], forbidden: 'You need the CopyFrom permission on the archives of all these assets to copy them.' },
  rotate: { permissions: ['CropRotate'], forbidden: 'You need the CropRotate permission on the archives of all these assets to rotate them.' },
  delete: { permissions: ['Delete'], forbidden: 'You need the Delete permission on the archives of all these assets to delete them.' },
  // Consent (issue 15; spec 03 §3.11): the summary (`consentStatus`), the forms' details, recording forms.
  viewConsentSummary: { permissions: ['ViewConsentSummary'] },
  viewConsentDetails: {
    permissions: ['ViewConsentSummary', 'ViewConsentDetails'],
    forbidden: 'You need the ViewConsentDetails permission on this archive to read its consent forms.',
  },
  manageConsent: {
    permissions: ['ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus'],
    forbidden: 'You need the ManageConsentStatus permission on the archives of these assets to record their consent forms.',
  },
} as const satisfies Record<string, { permissions: readonly ArchivePermission[]; hidden?: string; forbidden?: string }>;

/** An action on an asset (see {@link ASSET_RULES}). */
export type AssetAction = keyof typeof ASSET_RULES;

/**
 * Answers "may this caller do X with this asset" from the caller's permissions on the asset's archive
 * ({@link ArchivePolicy.permissionsOnArchive}; empty when the archive or the asset does not exist).
 */
export const assetPolicy = {
  /** Whether the permissions allow `action` (View included). */
  can(permissions: ReadonlySet<string>, action: AssetAction): boolean {
    return permissions.has('View') && ASSET_RULES[action].permissions.every((permission) => permissions.has(permission));
  },

  /**
   * Ensures the permissions allow `action`, by the one 404-versus-403 rule ({@link assertPermission}).
   * @throws ApiError 404 NotFound (`The asset was not found.`, `The preview…` for previews) without View; 403
   *   Forbidden naming the first permission of the action the caller lacks.
   */
  assertCan(permissions: ReadonlySet<string>, action: AssetAction): void {
    const rule: { permissions: readonly ArchivePermission[]; hidden?: string; forbidden?: string } = ASSET_RULES[action];
    const hidden = rule.hidden ?? 'The asset';
    for (const permission of rule.permissions) assertPermission(permissions, permission, { hidden, ...(rule.forbidden ? { forbidden: rule.forbidden } : {}) });
  },
};
