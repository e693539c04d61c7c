import { LogOut } from 'lucide-react';
import type { Action } from './types.ts';

/** Logs out via the descriptor's `services.logout` (spec 01 §7 "POST logout service, empty body"). */
export const actionLogout: Action = {
  name: 'logout',
  label: () => 'Log out',
  icon: LogOut,
  predicate: (context) => context.loggedIn,
  perform: (context) => context.logout(),
};
