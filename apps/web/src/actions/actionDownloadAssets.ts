import { Download } from 'lucide-react';
import { fileOperationOnSelection, offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Download" on the selection bar: the selected assets' originals as one ZIP, which the browser saves (issue 13 file
 * operations; spec 01 §2 asset selection). Offered when every selected asset's archive allows `Download`.
 */
export const actionDownloadAssets: Action = {
  name: 'downloadAssets',
  label: () => 'Download',
  icon: Download,
  testId: 'file-download-open',
  predicate: (context) => fileOperationOnSelection(context, 'download'),
  perform: (context) => offeredSelection(context)?.start('download'),
};
