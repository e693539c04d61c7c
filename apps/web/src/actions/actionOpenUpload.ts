import { Upload } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/** Opens the upload popover; offered only with a non-empty `upload_to` list (spec 01 §2 header menu, §6). */
export const actionOpenUpload: Action = {
  name: 'openUpload',
  label: () => 'Upload',
  icon: Upload,
  shortcut: 'U',
  predicate: (context) => context.loggedIn && context.canUpload,
  perform: (context) => context.openUpload(),
  keyTest: (event) => isPlainKey(event, 'u'),
};
