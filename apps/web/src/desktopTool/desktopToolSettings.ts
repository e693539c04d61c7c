/**
 * The desktop tool's client settings and installer choice (issue 15; spec 01 §3 "Client settings (local)":
 * `ignoreFWDT`, `hasFWDT`, `FWDTversion`; §3 `fwdt`), as pure functions the provider and its tests use.
 *
 * The settings are kept in this browser's local storage under {@link DESKTOP_TOOL_STORAGE_KEY} as JSON
 * `{"ignoreFWDT":…, "hasFWDT":…, "FWDTversion":…}`, never sent to the server.
 */
import type { FullApiDescriptor } from '@magpie/api-types';
import type { DesktopToolEvent, DesktopToolInstaller, DesktopToolSettings } from '@magpie/machines';

/** The local storage key of the desktop tool's client settings. */
export const DESKTOP_TOOL_STORAGE_KEY = 'magpie.desktopTool';

/** The settings when nothing (readable) is stored: not ignoring, not installed. */
export const NO_DESKTOP_TOOL_SETTINGS: DesktopToolSettings = { ignoreFWDT: false, hasFWDT: false };

/** The platforms FotoWeb's `fwdt` names installers for. */
export type DesktopToolPlatform = 'win' | 'osx';

/** The settings a stored value holds; {@link NO_DESKTOP_TOOL_SETTINGS} for nothing, a value that is not JSON, or a wrong shape. */
export function parseDesktopToolSettings(value: string | null | undefined): DesktopToolSettings {
  if (!value) return NO_DESKTOP_TOOL_SETTINGS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return NO_DESKTOP_TOOL_SETTINGS;
  }
  if (typeof parsed !== 'object' || parsed === null) return NO_DESKTOP_TOOL_SETTINGS;
  const { ignoreFWDT, hasFWDT, FWDTversion } = parsed as Record<string, unknown>;
  return {
    ignoreFWDT: ignoreFWDT === true,
    hasFWDT: hasFWDT === true,
    ...(typeof FWDTversion === 'string' && FWDTversion.trim() !== '' ? { FWDTversion } : {}),
  };
}

/** The stored form of `settings`. */
export function serializeDesktopToolSettings(settings: DesktopToolSettings): string {
  return JSON.stringify({ ignoreFWDT: settings.ignoreFWDT, hasFWDT: settings.hasFWDT, ...(settings.FWDTversion ? { FWDTversion: settings.FWDTversion } : {}) });
}

/** The platform of this browser: `osx` on a Mac, `win` otherwise (FotoWeb's desktop tool has no other installers). */
export function platformOf(userAgent: string): DesktopToolPlatform {
  return /Mac|iPhone|iPad/i.test(userAgent) ? 'osx' : 'win';
}

/**
 * This platform's installer in the descriptor's `fwdt`; when the descriptor names none for it, undefined (the install
 * view still lists the others).
 */
export function installerFor(fwdt: FullApiDescriptor['fwdt'] | undefined, platform: DesktopToolPlatform): DesktopToolInstaller | undefined {
  const installer = fwdt?.[platform]?.installer;
  return installer && installer.href ? { href: installer.href, version: installer.version } : undefined;
}

/** Every installer the descriptor names, for the install view: platform, label, address and version. */
export function installersOf(fwdt: FullApiDescriptor['fwdt'] | undefined): { platform: DesktopToolPlatform; label: string; href: string; version: string }[] {
  const labels: Record<DesktopToolPlatform, string> = { win: 'Windows', osx: 'macOS' };
  return (['win', 'osx'] as const).flatMap((platform) => {
    const installer = installerFor(fwdt, platform);
    return installer ? [{ platform, label: labels[platform], ...installer }] : [];
  });
}

/** A media query that matches the mobile or touch layout, where the desktop tool is not offered (spec 01 §2). */
export const TOUCH_LAYOUT_QUERY = '(max-width: 47.99em), (pointer: coarse)';

/** The machine's states as the screen names them. */
export type DesktopToolStateName = 'deciding' | 'hidden' | 'shouldInstall' | 'shouldUpdate' | 'ignored' | 'upToDate' | 'installView' | 'saving';

/** A settings-menu entry of the desktop tool: its label and the event it sends. */
export interface DesktopToolMenuEntry {
  readonly id: 'installDesktopTool' | 'desktopToolAlreadyInstalled';
  readonly label: string;
  readonly event: DesktopToolEvent;
}

/** The menu entries for a state (see {@link DesktopToolValue.entries}). */
export function desktopToolMenuEntries(state: DesktopToolStateName): DesktopToolMenuEntry[] {
  if (state === 'shouldUpdate') return [{ id: 'installDesktopTool', label: 'Upgrade the desktop tool', event: { type: 'INSTALL' } }];
  if (state === 'shouldInstall') return [{ id: 'installDesktopTool', label: 'Install the desktop tool', event: { type: 'INSTALL' } }];
  if (state === 'ignored') {
    return [
      { id: 'installDesktopTool', label: 'Install the desktop tool', event: { type: 'INSTALL' } },
      { id: 'desktopToolAlreadyInstalled', label: 'I already have the desktop tool', event: { type: 'ALREADY_HAVE_IT' } },
    ];
  }
  return [];
}
