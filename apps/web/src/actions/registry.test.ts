import { describe, expect, it, vi } from 'vitest';
import { actionForKey, ACTIONS, USER_MENU_ACTIONS } from './registry.ts';
import { isEditableTarget } from './keys.ts';
import type { ActionContext, KeyLike } from './types.ts';

function context(overrides: Partial<ActionContext> = {}): ActionContext {
  return {
    loggedIn: true,
    canUpload: true,
    colorMode: 'light',
    openUpload: vi.fn(),
    focusSearch: vi.fn(),
    toggleColorMode: vi.fn(),
    logout: vi.fn(),
    selectAll: vi.fn(),
    uploadOpen: false,
    goBack: undefined,
    ...overrides,
  };
}

const key = (k: string, extra: Partial<KeyLike> & { target?: { tagName?: string; isContentEditable?: boolean } } = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...extra,
});

describe('action registry', () => {
  it('names every action once', () => {
    const names = ACTIONS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const action of USER_MENU_ACTIONS) expect(ACTIONS).toContain(action);
  });

  it('maps / to search, u to upload and shift+A to select all', () => {
    const ctx = context();
    expect(actionForKey(key('/'), ctx)?.name).toBe('focusSearch');
    expect(actionForKey(key('u'), ctx)?.name).toBe('openUpload');
    expect(actionForKey(key('A', { shiftKey: true }), ctx)?.name).toBe('selectAll');
    expect(actionForKey(key('a'), ctx)).toBeUndefined();
    expect(actionForKey(key('u', { ctrlKey: true }), ctx)).toBeUndefined();
    expect(actionForKey(key('U', { shiftKey: true }), ctx)).toBeUndefined();
  });

  it('ignores shortcuts while typing (spec 01 §2 Keyboard)', () => {
    const ctx = context();
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'input']) {
      expect(actionForKey(key('A', { shiftKey: true, target: { tagName } }), ctx)).toBeUndefined();
      expect(actionForKey(key('u', { target: { tagName } }), ctx)).toBeUndefined();
      expect(actionForKey(key('/', { target: { tagName } }), ctx)).toBeUndefined();
    }
    expect(actionForKey(key('A', { shiftKey: true, target: { tagName: 'DIV', isContentEditable: true } }), ctx)).toBeUndefined();
    expect(actionForKey({ ...key('u'), isComposing: true }, ctx)).toBeUndefined();
  });

  it('goes back with Esc only where a view offers it and the upload popover is closed', () => {
    const goBack = vi.fn();
    expect(actionForKey(key('Escape'), context())).toBeUndefined();
    expect(actionForKey(key('Escape'), context({ goBack }))?.name).toBe('goBack');
    expect(actionForKey(key('Escape'), context({ goBack, uploadOpen: true }))).toBeUndefined();
    expect(actionForKey(key('Escape', { target: { tagName: 'INPUT' } }), context({ goBack }))).toBeUndefined();
  });

  it('respects predicates (spec 01 §6: upload needs a non-empty upload-to list)', () => {
    expect(actionForKey(key('u'), context({ canUpload: false }))).toBeUndefined();
    expect(actionForKey(key('/'), context({ loggedIn: false }))).toBeUndefined();
  });

  it('performs through the context', () => {
    const ctx = context();
    actionForKey(key('u'), ctx)?.perform(ctx);
    expect(ctx.openUpload).toHaveBeenCalledOnce();
    const toggle = USER_MENU_ACTIONS.find((a) => a.name === 'toggleColorMode')!;
    expect(toggle.label(ctx)).toBe('Dark mode');
    expect(toggle.label(context({ colorMode: 'dark' }))).toBe('Light mode');
  });

  it('detects editable targets', () => {
    expect(isEditableTarget(null)).toBe(false);
    expect(isEditableTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isEditableTarget({ tagName: 'textarea' })).toBe(true);
  });
});
