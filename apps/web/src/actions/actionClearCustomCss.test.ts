import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPLAY_PREFERENCES } from '../settings/displayPreferences.ts';
import { actionClearCustomCss, actionIgnoredShortcuts } from './actionClearCustomCss.ts';
import { actionForKey } from './registry.ts';
import type { ActionContext, KeyLike } from './types.ts';

function context(overrides: Partial<ActionContext> = {}): ActionContext {
  return {
    loggedIn: true,
    canUpload: false,
    colorMode: 'light',
    interfaceStyle: -1,
    openUpload: vi.fn(),
    focusSearch: vi.fn(),
    setInterfaceStyle: vi.fn(),
    logout: vi.fn(),
    userManagementOffered: false,
    openUserManagement: vi.fn(),
    changePasswordHref: undefined,
    orderHistoryHref: undefined,
    cart: undefined,
    trashHref: undefined,
    navigate: vi.fn(),
    currentAddress: () => '/fotoweb/archives/',
    displayPreferences: DEFAULT_DISPLAY_PREFERENCES,
    canSaveDisplayPreferences: true,
    setDisplayPreference: vi.fn(),
    canToggleMarkers: false,
    uploadOpen: false,
    goBack: undefined,
    assetSelection: undefined,
    selection: undefined,
    editMetadata: undefined,
    asset: undefined,
    dialogOpen: () => false,
    ...overrides,
  };
}

const press = (key: string, extra: Partial<KeyLike> = {}) => ({ key, shiftKey: true, ctrlKey: true, metaKey: false, altKey: false, target: { tagName: 'BODY' }, ...extra });

describe('Ctrl+Shift+Z clears the custom CSS after a prompt (spec 01 §2 Keyboard)', () => {
  it('asks when logged in and a custom CSS address exists', () => {
    const ask = vi.fn();
    const ctx = context({ customCssReset: { href: '/fotoweb/appearance/css?v=2', ask } });
    const action = actionForKey(press('Z'), ctx);
    expect(action).toBe(actionClearCustomCss);
    action!.perform(ctx);
    expect(ask).toHaveBeenCalledTimes(1);
    // ⌘ counts as Ctrl; the key is compared case-insensitively.
    expect(actionForKey(press('z', { ctrlKey: false, metaKey: true }), ctx)).toBe(actionClearCustomCss);
  });

  it('does nothing without an address, logged out, in an editable field, or without Shift or with Alt', () => {
    const ask = vi.fn();
    expect(actionForKey(press('Z'), context({ customCssReset: { href: undefined, ask } }))).toBeUndefined();
    expect(actionForKey(press('Z'), context())).toBeUndefined();
    const withCss = { customCssReset: { href: '/fotoweb/appearance/css?v=2', ask } };
    expect(actionForKey(press('Z'), context({ ...withCss, loggedIn: false }))).toBeUndefined();
    expect(actionForKey(press('Z', { target: { tagName: 'TEXTAREA' } }), context(withCss))).toBeUndefined();
    expect(actionForKey(press('z', { shiftKey: false }), context(withCss))).not.toBe(actionClearCustomCss);
    expect(actionForKey(press('Z', { altKey: true }), context(withCss))).toBeUndefined();
  });

  it('keeps Ctrl+Shift+U and Ctrl+Shift+Y, which do nothing visible', () => {
    const ctx = context({ customCssReset: { href: '/fotoweb/appearance/css?v=2', ask: vi.fn() } });
    for (const key of ['U', 'y']) {
      const action = actionForKey(press(key), ctx);
      expect(action).toBe(actionIgnoredShortcuts);
      expect(action!.perform(ctx)).toBeUndefined();
    }
    expect(ctx.customCssReset!.ask).not.toHaveBeenCalled();
    expect(actionForKey(press('u', { ctrlKey: false }), ctx)).not.toBe(actionIgnoredShortcuts);
  });
});
