import { MapPin } from 'lucide-react';
import type { Action } from './types.ts';

/**
 * The user menu's "Always display markers" checkbox, saved in the user's preferences; offered only with the
 * descriptor's `permissions.canTogglePositionedMarkers` (spec 03 §2.9, §6).
 */
export const actionToggleAlwaysDisplayMarkers: Action = {
  name: 'toggleAlwaysDisplayMarkers',
  label: () => 'Always display markers',
  icon: MapPin,
  predicate: (context) => context.loggedIn && context.canToggleMarkers && context.canSaveDisplayPreferences,
  checked: (context) => context.displayPreferences.alwaysDisplayMarkers,
  perform: (context) => context.setDisplayPreference('alwaysDisplayMarkers', !context.displayPreferences.alwaysDisplayMarkers),
};
