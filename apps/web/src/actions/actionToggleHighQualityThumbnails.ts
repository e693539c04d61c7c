import { Image } from 'lucide-react';
import type { Action } from './types.ts';

/**
 * The user menu's "High-quality thumbnails" checkbox (spec 03 §2.9): the local client setting
 * `enableRetinaThumbnails`, kept in this browser (spec 01 §3 "Client settings (local)"), so it needs only a login
 * (spec 01 §6 "Retina thumbnails need login and the setting").
 */
export const actionToggleHighQualityThumbnails: Action = {
  name: 'toggleHighQualityThumbnails',
  label: () => 'High-quality thumbnails',
  icon: Image,
  predicate: (context) => context.loggedIn,
  checked: (context) => context.displayPreferences.highQualityThumbnails,
  perform: (context) => context.setDisplayPreference('highQualityThumbnails', !context.displayPreferences.highQualityThumbnails),
};
