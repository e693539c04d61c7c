import { Users } from 'lucide-react';
import { OPEN_USER_MANAGEMENT_ACTION } from '../settings/settingsEntries.ts';
import type { Action } from './types.ts';

/**
 * Opens the "Manage users and groups" modal (spec 03 §2.1, §2.3), offered when the settings menu's rules keep that
 * entry (the descriptor's `userManagement.userList` and a permissions overview listing user license types).
 */
export const actionOpenUserManagement: Action = {
  name: OPEN_USER_MANAGEMENT_ACTION,
  label: () => 'Manage users and groups',
  icon: Users,
  predicate: (context) => context.loggedIn && context.userManagementOffered,
  perform: (context) => context.openUserManagement(),
};
