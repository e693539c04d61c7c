import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Asset, Collection, FullApiDescriptor } from '@magpie/api-types';
import { assetSelectionMachine } from '@magpie/machines';
import { DEFAULT_DISPLAY_PREFERENCES } from '../settings/displayPreferences.ts';
import { changePasswordUrl } from './actionChangePassword.ts';
import { actionForKey, ACTIONS, actionsByName, INTERFACE_STYLE_ACTIONS, SELECTION_BAR_ACTIONS, USER_MENU_ACTIONS, USER_MENU_CHECKBOX_ACTIONS } from './registry.ts';
import { ariaKeyShortcuts, assetHrefOf, isEditableTarget, THUMBNAIL_SELECTOR, type TargetLike } from './keys.ts';
import type { ActionContext, KeyLike, SelectionCommands } from './types.ts';

function context(overrides: Partial<ActionContext> = {}): ActionContext {
  return {
    loggedIn: true,
    canUpload: true,
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
    currentAddress: () => '/fotoweb/archives/5000-photos/?q=cat#grid',
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

const COLLECTION = '/fotoweb/archives/5000-photos/';
const HREFS = ['a', 'b', 'c'].map((name) => `${COLLECTION}${name}.jpg.info`);

/** A collection view's selection over three loaded assets, as the registry's actions drive it. */
function selection() {
  return createActor(assetSelectionMachine, { input: { collection: COLLECTION, assets: HREFS } }).start();
}

/** An element inside the thumbnail of `href` (the registry only reads `tagName` and `closest`). */
function inThumbnail(href: string): TargetLike {
  return { tagName: 'IMG', closest: (selector) => (selector === THUMBNAIL_SELECTOR ? { getAttribute: (name) => (name === 'data-href' ? href : null) } : null) };
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
    for (const action of [...USER_MENU_ACTIONS, ...USER_MENU_CHECKBOX_ACTIONS, ...INTERFACE_STYLE_ACTIONS, ...SELECTION_BAR_ACTIONS]) expect(ACTIONS).toContain(action);
  });

  it('maps / to search, u to upload and shift+A to select all', () => {
    const ctx = context({ assetSelection: selection() });
    expect(actionForKey(key('/'), ctx)?.name).toBe('focusSearch');
    expect(actionForKey(key('u'), ctx)?.name).toBe('openUpload');
    expect(actionForKey(key('A', { shiftKey: true }), ctx)?.name).toBe('selectAll');
    expect(actionForKey(key('a'), ctx)).toBeUndefined();
    expect(actionForKey(key('u', { ctrlKey: true }), ctx)).toBeUndefined();
    expect(actionForKey(key('U', { shiftKey: true }), ctx)).toBeUndefined();
  });

  it('ignores shortcuts while typing (spec 01 §2 Keyboard)', () => {
    const ctx = context({ assetSelection: selection(), editMetadata: vi.fn() });
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'input']) {
      expect(actionForKey(key('A', { shiftKey: true, target: { tagName } }), ctx)).toBeUndefined();
      expect(actionForKey(key('u', { target: { tagName } }), ctx)).toBeUndefined();
      expect(actionForKey(key('/', { target: { tagName } }), ctx)).toBeUndefined();
      expect(actionForKey(key('e', { target: { tagName } }), ctx)).toBeUndefined();
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
  });

  it('selects all loaded assets with shift+A, toggles with Space on a thumbnail, clears with Esc (spec 01 §2)', () => {
    const assetSelection = selection();
    const ctx = context({ assetSelection });
    // Esc does nothing while nothing is selected (the key stays the page's).
    expect(actionForKey(key('Escape'), ctx)).toBeUndefined();
    actionForKey(key('A', { shiftKey: true }), ctx)?.perform(ctx);
    expect(assetSelection.getSnapshot().context.selected).toEqual(HREFS);
    const clear = actionForKey(key('Escape'), ctx);
    expect(clear?.name).toBe('clearSelection');
    clear?.perform(ctx);
    expect(assetSelection.getSnapshot().value).toBe('empty');

    // Space toggles the focused thumbnail's asset; elsewhere (a button) Space stays the element's.
    const target = inThumbnail(HREFS[1]!);
    const toggle = actionForKey(key(' ', { target }), ctx);
    expect(toggle?.name).toBe('toggleAssetSelection');
    toggle?.perform(ctx, { target });
    expect(assetSelection.getSnapshot().context.selected).toEqual([HREFS[1]]);
    expect(actionForKey(key(' ', { target: { tagName: 'BUTTON', closest: () => null } }), ctx)).toBeUndefined();
    expect(actionForKey(key(' ', { target }), context())).toBeUndefined();

    // Shift+click selects the range from the previous selection (the view runs the action with the clicked target).
    const range = actionsByName['selectAssetRange']!;
    expect(range.predicate(ctx, { target: inThumbnail(HREFS[2]!) })).toBe(true);
    expect(range.predicate(ctx, { target: { tagName: 'DIV', closest: () => null } })).toBe(false);
    range.perform(ctx, { target: inThumbnail(HREFS[2]!) });
    expect(assetSelection.getSnapshot().context.selected).toEqual([HREFS[1], HREFS[2]]);
  });

  it('leaves Esc and E to an open dialog', () => {
    const assetSelection = selection();
    assetSelection.send({ type: 'SELECT_ALL' });
    const editMetadata = vi.fn();
    expect(actionForKey(key('Escape'), context({ assetSelection, dialogOpen: () => true }))).toBeUndefined();
    expect(actionForKey(key('e'), context({ editMetadata, dialogOpen: () => true }))).toBeUndefined();
    const ctx = context({ editMetadata });
    actionForKey(key('e'), ctx)?.perform(ctx);
    expect(editMetadata).toHaveBeenCalledOnce();
    expect(actionForKey(key('e'), context())).toBeUndefined();
  });

  it('reads the asset href of the thumbnail a target is in', () => {
    expect(assetHrefOf(inThumbnail(HREFS[0]!))).toBe(HREFS[0]);
    expect(assetHrefOf({ tagName: 'DIV', closest: () => null })).toBeUndefined();
    expect(assetHrefOf({ tagName: 'DIV' })).toBeUndefined();
    expect(assetHrefOf(null)).toBeUndefined();
  });

  it('detects editable targets', () => {
    expect(isEditableTarget(null)).toBe(false);
    expect(isEditableTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isEditableTarget({ tagName: 'textarea' })).toBe(true);
  });

  it('offers the interface style as Light 0, Dark 1, Auto -1, with the stored one ticked (spec 03 §2.9, §9)', () => {
    expect(INTERFACE_STYLE_ACTIONS.map((a) => a.label(context()))).toEqual(['Light', 'Dark', 'Auto']);
    for (const [style, name] of [
      [0, 'setInterfaceStyleLight'],
      [1, 'setInterfaceStyleDark'],
      [-1, 'setInterfaceStyleAuto'],
    ] as const) {
      const ctx = context({ interfaceStyle: style });
      expect(INTERFACE_STYLE_ACTIONS.filter((a) => a.checked?.(ctx)).map((a) => a.name)).toEqual([name]);
      const action = actionsByName[name]!;
      expect(action.predicate(ctx)).toBe(true);
      const other = context();
      action.perform(other);
      expect(other.setInterfaceStyle).toHaveBeenCalledWith(style);
    }
  });

  it('opens user management only when the settings rules offer it (spec 03 §2.1)', () => {
    const action = actionsByName['openUserManagement']!;
    expect(action.label(context())).toBe('Manage users and groups');
    expect(action.predicate(context())).toBe(false);
    expect(action.predicate(context({ userManagementOffered: true, loggedIn: false }))).toBe(false);
    const ctx = context({ userManagementOffered: true });
    expect(action.predicate(ctx)).toBe(true);
    action.perform(ctx);
    expect(ctx.openUserManagement).toHaveBeenCalledOnce();
    // Not a keyboard command.
    expect(action.keyTest).toBeUndefined();
  });

  it('offers Order history only with order.views.history (spec 03 §2.9)', () => {
    const action = actionsByName['openOrderHistory']!;
    expect(action.predicate(context())).toBe(false);
    const ctx = context({ orderHistoryHref: '/fotoweb/views/orders' });
    expect(action.predicate(ctx)).toBe(true);
    expect(action.predicate({ ...ctx, loggedIn: false })).toBe(false);
    action.perform(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/fotoweb/views/orders');
  });

  it('offers Change password only with views.changePassword, going there with the current address as `to`', () => {
    const action = actionsByName['changePassword']!;
    expect(USER_MENU_ACTIONS.map((a) => a.name)).toEqual(['changePassword', 'openOrderHistory', 'openTrash', 'logout']);
    expect(action.predicate(context())).toBe(false);
    const ctx = context({ changePasswordHref: '/fotoweb/views/change-password' });
    expect(action.predicate(ctx)).toBe(true);
    action.perform(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith(`/fotoweb/views/change-password?to=${encodeURIComponent('/fotoweb/archives/5000-photos/?q=cat#grid')}`);
  });

  it('offers the Trash only with the descriptor’s trash, going to the trash view (issue 13)', () => {
    const action = actionsByName['openTrash']!;
    expect(action.predicate(context())).toBe(false);
    expect(action.predicate(context({ trashHref: '/fotoweb/me/trash/', loggedIn: false }))).toBe(false);
    const ctx = context({ trashHref: '/fotoweb/me/trash/' });
    expect(action.predicate(ctx)).toBe(true);
    action.perform(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/fotoweb/views/trash');
  });

  it('builds the change-password address with a safe `to` only', () => {
    const view = '/fotoweb/views/change-password';
    expect(changePasswordUrl(view, '/fotoweb/archives/')).toBe(`${view}?to=${encodeURIComponent('/fotoweb/archives/')}`);
    expect(changePasswordUrl(`${view}?x=1`, '/a')).toBe(`${view}?x=1&to=%2Fa`);
    for (const unsafe of [undefined, '', '//evil.example/', 'https://evil.example/', '/\\evil', view]) expect(changePasswordUrl(view, unsafe)).toBe(view);
  });

  it('toggles the display checkboxes: thumbnails always when logged in, markers only when permitted (spec 03 §2.9, spec 01 §6)', () => {
    expect(USER_MENU_CHECKBOX_ACTIONS.map((a) => a.label(context()))).toEqual(['High-quality thumbnails', 'Always display markers']);
    const thumbnails = actionsByName['toggleHighQualityThumbnails']!;
    const markers = actionsByName['toggleAlwaysDisplayMarkers']!;

    const ctx = context();
    expect(thumbnails.predicate(ctx)).toBe(true);
    expect(thumbnails.checked?.(ctx)).toBe(true);
    thumbnails.perform(ctx);
    expect(ctx.setDisplayPreference).toHaveBeenCalledWith('highQualityThumbnails', false);
    const off = context({ displayPreferences: { highQualityThumbnails: false, alwaysDisplayMarkers: false } });
    expect(thumbnails.checked?.(off)).toBe(false);
    thumbnails.perform(off);
    expect(off.setDisplayPreference).toHaveBeenCalledWith('highQualityThumbnails', true);

    expect(markers.predicate(ctx)).toBe(false);
    const permitted = context({ canToggleMarkers: true });
    expect(markers.predicate(permitted)).toBe(true);
    expect(markers.checked?.(permitted)).toBe(false);
    markers.perform(permitted);
    expect(permitted.setDisplayPreference).toHaveBeenCalledWith('alwaysDisplayMarkers', true);

    // Without a preferences link the markers choice could not be saved; the thumbnails one is kept in this browser.
    const noPreferences = context({ canToggleMarkers: true, canSaveDisplayPreferences: false });
    expect(thumbnails.predicate(noPreferences)).toBe(true);
    expect(markers.predicate(noPreferences)).toBe(false);
    // Retina thumbnails need a login (spec 01 §6).
    expect(thumbnails.predicate(context({ loggedIn: false }))).toBe(false);
  });

  describe('the selection bar (issue 13; spec 01 §2 asset selection)', () => {
    const ALL = ['Rename', 'MoveFrom', 'CopyFrom', 'CropRotate', 'DuplicateFile', 'Download', 'Delete'] as const;
    const asset = (name: string, permissions: readonly string[] = ALL) => ({ href: `${COLLECTION}${name}.jpg.info`, filename: `${name}.jpg`, permissions }) as unknown as Asset;
    const FOLDER = { href: COLLECTION, type: 'folder', edit: COLLECTION, permissions: ['SetPosterAsset'], isLinkCollection: false, deleted: null } as unknown as Collection;
    const ALBUM = { href: '/fotoweb/users/1/albums/2/', type: 'album', edit: '/fotoweb/users/1/albums/2/', isLinkCollection: true, deleted: null } as unknown as Collection;
    const DESCRIPTOR = {
      move_to: '/fotoweb/me/move-to/',
      copy_to: '/fotoweb/me/copy-to/',
      albums_own: '/fotoweb/me/albums/',
      permissions: { albums: { addAssets: true } },
    } as unknown as FullApiDescriptor;

    /** The view's selection commands over `assets`, each command a spy. */
    function commands(assets: readonly Asset[], overrides: Partial<SelectionCommands> = {}): SelectionCommands {
      return {
        assets,
        collection: FOLDER,
        descriptor: DESCRIPTOR,
        start: vi.fn(),
        openAddToAlbum: vi.fn(),
        editMetadata: vi.fn(),
        setFolderCover: vi.fn(),
        pins: { busy: false, pinAll: vi.fn() },
        album: { busy: false, change: vi.fn() },
        ...overrides,
      };
    }

    /** The bar's commands shown for `ctx` (Clear selection left out: it reads the selection machine). */
    const shown = (ctx: ActionContext) => SELECTION_BAR_ACTIONS.filter((a) => a.name !== 'clearSelection' && a.predicate(ctx)).map((a) => a.name);

    it('lists the bar in order, every command with its button id, the keys shown as aria-keyshortcuts', () => {
      expect(SELECTION_BAR_ACTIONS.map((a) => a.testId)).toEqual([
        'batch-edit-open',
        'selection-pin',
        'album-add-open',
        'selection-add-to-cart',
        'folder-set-cover',
        'file-rename-open',
        'file-move-open',
        'file-copy-open',
        'file-rotate-ccw',
        'file-rotate-cw',
        'file-duplicate-open',
        'file-download-open',
        'file-delete-open',
        'album-remove',
        'album-set-cover',
        'album-move-top',
        'album-move-bottom',
        'selection-clear',
      ]);
      expect(ariaKeyShortcuts(actionsByName['renameAsset']!.shortcut)).toBe('F2');
      expect(ariaKeyShortcuts(actionsByName['deleteAssets']!.shortcut)).toBe('Delete');
      expect(ariaKeyShortcuts(actionsByName['clearSelection']!.shortcut)).toBe('Escape');
      expect(ariaKeyShortcuts('Shift+A')).toBe('Shift+A');
      expect(ariaKeyShortcuts(actionsByName['selectAssetRange']!.shortcut)).toBeUndefined();
      expect(ariaKeyShortcuts(undefined)).toBeUndefined();
    });

    it('shows every command the selection permits, and nothing without a selection or a login', () => {
      expect(shown(context())).toEqual([]);
      expect(shown(context({ selection: commands([]) }))).toEqual([]);
      expect(shown(context({ loggedIn: false, selection: commands([asset('a')]) }))).toEqual([]);
      expect(shown(context({ selection: commands([asset('a')]) }))).toEqual([
        'editSelectionMetadata',
        'pinSelection',
        'addToAlbum',
        'setFolderCover',
        'renameAsset',
        'moveAssets',
        'copyAssets',
        'rotateLeft',
        'rotateRight',
        'duplicateAssets',
        'downloadAssets',
        'deleteAssets',
      ]);
      // Rename and the folder cover take one asset.
      expect(shown(context({ selection: commands([asset('a'), asset('b')]) }))).not.toContain('renameAsset');
      expect(shown(context({ selection: commands([asset('a'), asset('b')]) }))).not.toContain('setFolderCover');
    });

    it('shows a file operation only when every asset allows it and the descriptor offers what it needs', () => {
      const mixed = [asset('a'), asset('b', ['Rename', 'Download'])];
      expect(shown(context({ selection: commands(mixed) }))).toEqual(['editSelectionMetadata', 'pinSelection', 'addToAlbum', 'downloadAssets']);
      // An asset without permissions (a partial answer) allows nothing.
      expect(shown(context({ selection: commands([{ ...asset('a'), permissions: undefined } as unknown as Asset]) }))).not.toContain('deleteAssets');
      const noLists = { ...DESCRIPTOR, move_to: null, copy_to: null } as unknown as FullApiDescriptor;
      const names = shown(context({ selection: commands([asset('a')], { descriptor: noLists }) }));
      expect(names).not.toContain('moveAssets');
      expect(names).not.toContain('copyAssets');
      expect(names).toContain('renameAsset');
    });

    it('shows Pin only with a pins store, Add to album only when permitted, the folder cover only where the folder allows it', () => {
      expect(shown(context({ selection: commands([asset('a')], { pins: undefined }) }))).not.toContain('pinSelection');
      const noAlbums = { ...DESCRIPTOR, permissions: { albums: { addAssets: false } } } as unknown as FullApiDescriptor;
      expect(shown(context({ selection: commands([asset('a')], { descriptor: noAlbums }) }))).not.toContain('addToAlbum');
      const archive = { ...FOLDER, type: 'archive' } as unknown as Collection;
      expect(shown(context({ selection: commands([asset('a')], { collection: archive }) }))).not.toContain('setFolderCover');
      const noPoster = { ...FOLDER, permissions: [] } as unknown as Collection;
      expect(shown(context({ selection: commands([asset('a')], { collection: noPoster }) }))).not.toContain('setFolderCover');
    });

    it('shows an album’s own commands in an album the user may change, instead of the file operations', () => {
      expect(shown(context({ selection: commands([asset('a')], { collection: ALBUM }) }))).toEqual([
        'editSelectionMetadata',
        'pinSelection',
        'removeFromAlbum',
        'setAlbumCover',
        'moveToAlbumTop',
        'moveToAlbumBottom',
      ]);
      expect(shown(context({ selection: commands([asset('a'), asset('b')], { collection: ALBUM }) }))).not.toContain('setAlbumCover');
      const shared = { ...ALBUM, edit: null } as unknown as Collection;
      expect(shown(context({ selection: commands([asset('a')], { collection: shared }) }))).toEqual(['editSelectionMetadata', 'pinSelection']);
      const deleted = { ...ALBUM, deleted: '2024-01-01T00:00:00Z' } as unknown as Collection;
      expect(shown(context({ selection: commands([asset('a')], { collection: deleted }) }))).toEqual(['editSelectionMetadata', 'pinSelection']);
    });

    it('runs each command through the view’s selection', () => {
      const selection = commands([asset('a')]);
      const ctx = context({ selection });
      for (const name of ['renameAsset', 'moveAssets', 'copyAssets', 'duplicateAssets', 'downloadAssets', 'deleteAssets']) actionsByName[name]!.perform(ctx);
      actionsByName['rotateLeft']!.perform(ctx);
      actionsByName['rotateRight']!.perform(ctx);
      expect(vi.mocked(selection.start).mock.calls).toEqual([
        ['rename'],
        ['move'],
        ['copy'],
        ['duplicate'],
        ['download'],
        ['delete'],
        ['rotate', { direction: 'ccw' }],
        ['rotate', { direction: 'cw' }],
      ]);
      actionsByName['editSelectionMetadata']!.perform(ctx);
      actionsByName['addToAlbum']!.perform(ctx);
      actionsByName['setFolderCover']!.perform(ctx);
      actionsByName['pinSelection']!.perform(ctx);
      expect(selection.editMetadata).toHaveBeenCalledOnce();
      expect(selection.openAddToAlbum).toHaveBeenCalledOnce();
      expect(selection.setFolderCover).toHaveBeenCalledOnce();
      expect(selection.pins?.pinAll).toHaveBeenCalledOnce();

      const album = commands([asset('a')], { collection: ALBUM });
      const inAlbum = context({ selection: album });
      for (const name of ['removeFromAlbum', 'setAlbumCover', 'moveToAlbumTop', 'moveToAlbumBottom']) actionsByName[name]!.perform(inAlbum);
      expect(vi.mocked(album.album.change).mock.calls).toEqual([['remove'], ['cover'], ['top'], ['bottom']]);
    });

    it('disables Pin and the album commands while a change runs', () => {
      const busy = commands([asset('a')], { pins: { busy: true, pinAll: vi.fn() }, collection: ALBUM, album: { busy: true, change: vi.fn() } });
      const ctx = context({ selection: busy });
      for (const name of ['pinSelection', 'removeFromAlbum']) {
        const action = actionsByName[name]!;
        expect(action.predicate(ctx)).toBe(true);
        expect(action.busy?.(ctx)).toBe(true);
        action.perform(ctx);
      }
      expect(busy.pins?.pinAll).not.toHaveBeenCalled();
      expect(busy.album.change).not.toHaveBeenCalled();
      expect(actionsByName['pinSelection']!.busy?.(context({ selection: commands([asset('a')]) }))).toBe(false);
    });

    it('adds the selection to the cart when the user has one and every asset allows Order (issue 15)', () => {
      const cart = { busy: false, add: vi.fn() };
      const orderable = [asset('a', [...ALL, 'Order']), asset('b', ['Order'])];
      expect(shown(context({ selection: commands(orderable) }))).not.toContain('addToCart');
      expect(shown(context({ cart, selection: commands(orderable) }))).toContain('addToCart');
      expect(shown(context({ cart, selection: commands(orderable, { collection: ALBUM }) }))).toContain('addToCart');
      expect(shown(context({ cart, selection: commands([...orderable, asset('c')]) }))).not.toContain('addToCart');
      const action = actionsByName['addToCart']!;
      action.perform(context({ cart, selection: commands(orderable) }));
      expect(cart.add).toHaveBeenCalledWith([orderable[0]!.href, orderable[1]!.href]);
      // One add at a time: shown, disabled, and a press does nothing.
      const busy = { busy: true, add: vi.fn() };
      const waiting = context({ cart: busy, selection: commands(orderable) });
      expect(action.predicate(waiting)).toBe(true);
      expect(action.busy?.(waiting)).toBe(true);
      action.perform(waiting);
      expect(busy.add).not.toHaveBeenCalled();
    });

    it('adds the asset on screen to the cart from the asset view, under the same rule (issue 15)', () => {
      const action = actionsByName['addAssetToCart']!;
      const cart = { busy: false, add: vi.fn() };
      const orderable = asset('a', ['View', 'Order']);
      expect(action.predicate(context({ cart, asset: orderable }))).toBe(true);
      expect(action.predicate(context({ asset: orderable }))).toBe(false);
      expect(action.predicate(context({ cart, asset: asset('b', ['View']) }))).toBe(false);
      expect(action.predicate(context({ cart }))).toBe(false);
      expect(action.predicate(context({ cart, asset: orderable, dialogOpen: () => true }))).toBe(false);
      action.perform(context({ cart, asset: orderable }));
      expect(cart.add).toHaveBeenCalledWith([orderable.href]);
    });

    it('opens Rename with F2 and the delete confirmation with Delete, only when permitted', () => {
      const selection = commands([asset('a')]);
      const ctx = context({ selection });
      const rename = actionForKey(key('F2'), ctx);
      expect(rename?.name).toBe('renameAsset');
      rename?.perform(ctx);
      expect(selection.start).toHaveBeenLastCalledWith('rename');
      const remove = actionForKey(key('Delete'), ctx);
      expect(remove?.name).toBe('deleteAssets');
      remove?.perform(ctx);
      expect(selection.start).toHaveBeenLastCalledWith('delete');

      // Not permitted: nothing selected, two assets for F2, no Delete permission, an album, no login.
      expect(actionForKey(key('F2'), context())).toBeUndefined();
      expect(actionForKey(key('Delete'), context({ selection: commands([]) }))).toBeUndefined();
      expect(actionForKey(key('F2'), context({ selection: commands([asset('a'), asset('b')]) }))).toBeUndefined();
      expect(actionForKey(key('Delete'), context({ selection: commands([asset('a'), asset('b')]) }))?.name).toBe('deleteAssets');
      expect(actionForKey(key('Delete'), context({ selection: commands([asset('a', ['Rename'])]) }))).toBeUndefined();
      expect(actionForKey(key('F2'), context({ selection: commands([asset('a', ['Delete'])]) }))).toBeUndefined();
      expect(actionForKey(key('Delete'), context({ selection: commands([asset('a')], { collection: ALBUM }) }))).toBeUndefined();
      expect(actionForKey(key('F2'), context({ loggedIn: false, selection }))).toBeUndefined();
      // With a modifier it is another key.
      expect(actionForKey(key('F2', { shiftKey: true }), ctx)).toBeUndefined();
      expect(actionForKey(key('Delete', { ctrlKey: true }), ctx)).toBeUndefined();
    });

    it('leaves F2 and Delete to a field being typed in and to an open dialog', () => {
      const selection = commands([asset('a')]);
      for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION']) {
        expect(actionForKey(key('F2', { target: { tagName } }), context({ selection }))).toBeUndefined();
        expect(actionForKey(key('Delete', { target: { tagName } }), context({ selection }))).toBeUndefined();
      }
      expect(actionForKey(key('Delete', { target: { tagName: 'DIV', isContentEditable: true } }), context({ selection }))).toBeUndefined();
      const dialog = context({ selection, dialogOpen: () => true });
      expect(actionForKey(key('F2'), dialog)).toBeUndefined();
      expect(actionForKey(key('Delete'), dialog)).toBeUndefined();
      // The buttons follow the same rule: none is offered while a dialog is open.
      expect(shown(dialog)).toEqual([]);
      expect(selection.start).not.toHaveBeenCalled();
    });
  });
});
