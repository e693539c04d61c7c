import { KeyRound } from 'lucide-react';
import { changePasswordUrl } from '../routes/change-password/forcedChange.ts';
import type { Action } from './types.ts';

// The route guard builds the same address for a forced change; it lives with the view's route (entry chunk, no icon).
export { changePasswordUrl };

/** Goes to the change-password view; offered only when the descriptor offers `views.changePassword` (spec 03 §2.9). */
export const actionChangePassword: Action = {
  name: 'changePassword',
  label: () => 'Change password',
  icon: KeyRound,
  predicate: (context) => context.loggedIn && context.changePasswordHref !== undefined,
  perform: (context) => {
    if (context.changePasswordHref !== undefined) context.navigate(changePasswordUrl(context.changePasswordHref, context.currentAddress()));
  },
};
