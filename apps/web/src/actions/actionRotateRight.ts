import { RotateCw } from 'lucide-react';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Rotate right" on the selection bar: turns every selected asset a quarter turn clockwise, with the task's progress
 * in the file operation dialog (issue 13 file operations; spec 01 §2 asset selection, §4 Background job). Offered
 * when every selected asset's archive allows `CropRotate`. An icon button, named by its label.
 */
export const actionRotateRight: Action = {
  name: 'rotateRight',
  label: () => 'Rotate right',
  icon: RotateCw,
  testId: 'file-rotate-cw',
  iconOnly: true,
  predicate: (context) => fileOperationOnSelection(context, 'rotate'),
  perform: (context) => offeredSelection(context)?.start('rotate', { direction: 'cw' }),
};
