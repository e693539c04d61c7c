/**
 * When the selection offers a file operation (issue 13; spec 01 §2 asset selection, spec 03 §3.11 archive
 * permissions): every selected asset's `permissions` allow it, and the descriptor offers what it needs (`move_to`,
 * `copy_to`). Kept apart from the dialog (`FileOperations.tsx`) so the action registry reads the rule without loading
 * the dialog.
 */
import type { Asset, FullApiDescriptor } from '@magpie/api-types';
import type { FileOperationKind } from '@magpie/machines';

/** The permission each operation needs on every selected asset's archive (spec 03 §3.11). */
const NEEDS: Readonly<Record<FileOperationKind, Asset['permissions'][number]>> = {
  rename: 'Rename',
  move: 'MoveFrom',
  copy: 'CopyFrom',
  rotate: 'CropRotate',
  delete: 'Delete',
  download: 'Download',
  duplicate: 'DuplicateFile',
};

/** Whether every asset allows `kind`, and the descriptor offers what it needs (Rename takes exactly one asset). */
export function fileOperationOffered(kind: FileOperationKind, assets: readonly Asset[], descriptor: FullApiDescriptor | undefined): boolean {
  if (!descriptor || assets.length === 0) return false;
  if (kind === 'rename' && assets.length !== 1) return false;
  if (kind === 'move' && !descriptor.move_to) return false;
  if (kind === 'copy' && !descriptor.copy_to) return false;
  // An asset without `permissions` (a partial answer) allows nothing.
  return assets.every((asset) => (asset.permissions ?? []).includes(NEEDS[kind]));
}
