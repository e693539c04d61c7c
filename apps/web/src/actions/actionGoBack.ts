import { ArrowLeft } from 'lucide-react';
import { isPlainKey } from './keys.ts';
import type { Action } from './types.ts';

/** Esc leaves the asset view for its collection (the view provides `goBack`); the upload popover keeps Esc for itself. */
export const actionGoBack: Action = {
  name: 'goBack',
  label: () => 'Back',
  icon: ArrowLeft,
  shortcut: 'Esc',
  predicate: (context) => context.goBack !== undefined && !context.uploadOpen,
  perform: (context) => context.goBack?.(),
  keyTest: (event) => isPlainKey(event, 'Escape'),
};
