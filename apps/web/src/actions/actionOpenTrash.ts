import { Trash2 } from 'lucide-react';
import { TRASH_PATH } from '../lib/urls.ts';
import type { Action } from './types.ts';

/** Opens the trash (issue 13): the deleted assets the user may restore or purge, when the descriptor offers `trash`. */
export const actionOpenTrash: Action = {
  name: 'openTrash',
  label: () => 'Trash',
  icon: Trash2,
  predicate: (context) => context.loggedIn && context.trashHref !== undefined,
  perform: (context) => context.navigate(TRASH_PATH),
};
