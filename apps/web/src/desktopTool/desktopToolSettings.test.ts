import { describe, expect, it } from 'vitest';
import {
  desktopToolMenuEntries,
  installerFor,
  installersOf,
  NO_DESKTOP_TOOL_SETTINGS,
  parseDesktopToolSettings,
  platformOf,
  serializeDesktopToolSettings,
} from './desktopToolSettings.ts';

const FWDT = {
  win: { installer: { href: '/downloads/setup.msi', version: '8.2' } },
  services: { crop: null, edit: null, open: null },
  views: { install: '/fotoweb/views/desktop-tool' },
};

describe('desktop tool client settings (spec 01 §3)', () => {
  it('reads what was stored, and nothing for a missing, broken or foreign value', () => {
    expect(parseDesktopToolSettings(serializeDesktopToolSettings({ ignoreFWDT: true, hasFWDT: true, FWDTversion: '8.1' }))).toEqual({
      ignoreFWDT: true,
      hasFWDT: true,
      FWDTversion: '8.1',
    });
    expect(parseDesktopToolSettings('{"ignoreFWDT":true}')).toEqual({ ignoreFWDT: true, hasFWDT: false });
    expect(parseDesktopToolSettings(null)).toEqual(NO_DESKTOP_TOOL_SETTINGS);
    expect(parseDesktopToolSettings('not json')).toEqual(NO_DESKTOP_TOOL_SETTINGS);
    expect(parseDesktopToolSettings('42')).toEqual(NO_DESKTOP_TOOL_SETTINGS);
    expect(parseDesktopToolSettings('{"hasFWDT":"yes","FWDTversion":" "}')).toEqual(NO_DESKTOP_TOOL_SETTINGS);
  });

  it('stores the version only when known', () => {
    expect(serializeDesktopToolSettings({ ignoreFWDT: false, hasFWDT: false })).toBe('{"ignoreFWDT":false,"hasFWDT":false}');
  });
});

describe('the installer for this platform', () => {
  it('picks macOS on a Mac and Windows elsewhere', () => {
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('osx');
    expect(platformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('win');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('win');
  });

  it("answers the descriptor's installer of the platform, if any, and lists every installer", () => {
    expect(installerFor(FWDT, 'win')).toEqual({ href: '/downloads/setup.msi', version: '8.2' });
    expect(installerFor(FWDT, 'osx')).toBeUndefined();
    expect(installerFor(null, 'win')).toBeUndefined();
    expect(installersOf(FWDT)).toEqual([{ platform: 'win', label: 'Windows', href: '/downloads/setup.msi', version: '8.2' }]);
    expect(installersOf(undefined)).toEqual([]);
  });
});

describe('the settings menu entries (spec 01 §2 "install and upgrade, \'already have it\'"; spec 03 §2.1)', () => {
  it('offers install or upgrade while the machine offers it, and "already have it" once the offer was ignored', () => {
    expect(desktopToolMenuEntries('shouldInstall').map((entry) => entry.label)).toEqual(['Install the desktop tool']);
    expect(desktopToolMenuEntries('shouldUpdate')).toEqual([{ id: 'installDesktopTool', label: 'Upgrade the desktop tool', event: { type: 'INSTALL' } }]);
    expect(desktopToolMenuEntries('ignored').map((entry) => entry.event.type)).toEqual(['INSTALL', 'ALREADY_HAVE_IT']);
    for (const state of ['hidden', 'upToDate', 'deciding', 'saving', 'installView'] as const) expect(desktopToolMenuEntries(state)).toEqual([]);
  });
});
