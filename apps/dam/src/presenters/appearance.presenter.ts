import type { AppearanceSettings, TitleBarButton } from '@magpie/api-types';
import { CUSTOM_CSS_MAX_BYTES } from '@magpie/api-types';
import type { StoredTitleBarButton } from '../db/schema.ts';
import { APPEARANCE_SETTINGS_HREF, CUSTOM_CSS_HREF, TITLE_BAR_BUTTONS_HREF } from './hrefs.ts';

/**
 * The custom CSS's address for the descriptor (`appearance.customCss`, spec 01 §3): `/fotoweb/appearance/css?v=<n>`,
 * whose `v` changes at every change of the CSS (cache busting); null when no CSS is set.
 */
export function customCssHref(appearance: { css: string; cssVersion: number }): string | null {
  return appearance.css === '' ? null : `${CUSTOM_CSS_HREF}?v=${appearance.cssVersion}`;
}

/** The buttons in `index` order (the stored order among equal indexes), as the contract's `TitleBarButton`s. */
export function presentTitleBarButtons(buttons: readonly StoredTitleBarButton[]): TitleBarButton[] {
  return buttons
    .map((button, position) => ({ button, position }))
    .sort((a, b) => a.button.index - b.button.index || a.position - b.position)
    .map(({ button }) => ({ index: button.index, tooltip: button.tooltip, href: button.href, target: button.target, icon: button.icon as TitleBarButton['icon'] }));
}

/** The Manage site page's appearance settings (`getAppearanceSettings`). */
export function presentAppearanceSettings(appearance: { css: string; cssVersion: number; titleBarButtons: readonly StoredTitleBarButton[] }): AppearanceSettings {
  return {
    customCss: customCssHref(appearance),
    cssContent: appearance.css,
    cssMaxBytes: CUSTOM_CSS_MAX_BYTES,
    titleBarButtons: presentTitleBarButtons(appearance.titleBarButtons),
  };
}

/** The descriptor's `appearance.admin` links, for callers who may change the site's appearance. */
export const APPEARANCE_ADMIN_LINKS = { settings: APPEARANCE_SETTINGS_HREF, css: CUSTOM_CSS_HREF, titleBarButtons: TITLE_BAR_BUTTONS_HREF } as const;
