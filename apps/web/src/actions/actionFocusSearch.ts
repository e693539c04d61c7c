import { Search } from 'lucide-react';
import type { Action } from './types.ts';

/** `/` focuses the header search (spec 01 §2 Keyboard, spec 02 §2 Header search). */
export const actionFocusSearch: Action = {
  name: 'focusSearch',
  label: () => 'Search',
  icon: Search,
  shortcut: '/',
  predicate: (context) => context.loggedIn,
  perform: (context) => context.focusSearch(),
  keyTest: (event) => event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey,
};
