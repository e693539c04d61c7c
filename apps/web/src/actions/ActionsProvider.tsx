/**
 * Builds the {@link ActionContext} from the session, the colour mode, the upload popover, the settings menu, the
 * display preferences, the cart and what the view on screen offers (its "back", its asset selection and the commands on the
 * selected assets, its metadata editor), gives it to the menus and views, and runs the page's one keyboard handler over the action registry
 * (style.md "One action registry"): no other `keydown` listener exists in the app.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { currentAddress } from '../lib/urls.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useDisplayPreferences } from '../shell/DisplayPreferencesProvider.tsx';
import { useSettings } from '../shell/SettingsProvider.tsx';
import { useColorMode } from '../theme/ColorModeProvider.tsx';
import { useCart } from '../orders/CartProvider.tsx';
import { useCustomCssReset } from '../appearance/CustomCssReset.tsx';
import { useUpload } from '../upload/UploadProvider.tsx';
import { actionForKey } from './registry.ts';
import type { Asset } from '@magpie/api-types';
import type { Action, ActionContext, ActionTrigger, AssetSelectionActor, CartCommands, SelectionCommands } from './types.ts';

interface ActionsValue {
  readonly context: ActionContext;
  /** The header search field, focused by `/`. */
  readonly searchRef: RefObject<HTMLInputElement | null>;
  /** Runs an action if its predicate holds for `trigger`; true when it ran. */
  run(action: Action, trigger?: ActionTrigger): boolean;
  /** A view offers (or withdraws) the commands on its selected assets, for the selection bar's actions and their keys. */
  setSelection(selection: SelectionCommands | undefined): void;
  /** A view offers (or, with undefined, withdraws) its "back" command. */
  setGoBack(goBack: (() => void) | undefined): void;
  /** A view offers (or withdraws) its asset selection, for the selection actions. */
  setAssetSelection(selection: AssetSelectionActor | undefined): void;
  /** A view offers (or withdraws) "start editing the first metadata field", for E. */
  setEditMetadata(edit: (() => void) | undefined): void;
  /** A view offers (or withdraws) the one asset it shows, for the commands on it (Add to cart). */
  setAsset(asset: Asset | undefined): void;
}

/** Overlays whose keys are their own: menus, dialogs and popovers (listboxes too). */
const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Open dialogs: while one shows, the view's own shortcuts (E, Esc clearing the selection, F2, Delete) wait. */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

const dialogOpen = () => document.querySelector(DIALOG_SELECTOR) !== null;

const ActionsContext = createContext<ActionsValue | undefined>(undefined);

/** The action context and runner; throws outside {@link ActionsProvider}. */
export function useActions(): ActionsValue {
  const value = useContext(ActionsContext);
  if (!value) throw new Error('useActions must be used inside <ActionsProvider>');
  return value;
}

/** Provides {@link useActions} and listens for shortcuts on the window. */
export function ActionsProvider({ children }: { children: ReactNode }) {
  const { descriptor, logout } = useSession();
  const { colorMode, interfaceStyle, setInterfaceStyle } = useColorMode();
  const upload = useUpload();
  const settings = useSettings();
  const display = useDisplayPreferences();
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement | null>(null);
  const [goBack, setGoBackState] = useState<(() => void) | undefined>(undefined);
  // A function state value must be wrapped, or React would call it as an updater.
  const setGoBack = useCallback((next: (() => void) | undefined) => setGoBackState(() => next), []);
  const [assetSelection, setAssetSelection] = useState<AssetSelectionActor | undefined>(undefined);
  const [selection, setSelection] = useState<SelectionCommands | undefined>(undefined);
  const [editMetadata, setEditMetadataState] = useState<(() => void) | undefined>(undefined);
  const setEditMetadata = useCallback((next: (() => void) | undefined) => setEditMetadataState(() => next), []);
  const [asset, setAsset] = useState<Asset | undefined>(undefined);
  const cartStore = useCart();
  const customCssReset = useCustomCssReset();
  const cartBusy = cartStore?.busy === true;
  const addToCart = cartStore?.add;
  const cart = useMemo<CartCommands | undefined>(() => (addToCart ? { busy: cartBusy, add: addToCart } : undefined), [addToCart, cartBusy]);
  const uploadOpen = useSelector(upload.actorRef, (snapshot) => snapshot !== undefined && !snapshot.matches('closed'));

  const userManagementOffered = settings.menu.entries.some((entry) => entry.id === 'manageUsersAndGroups');
  const changePasswordHref = descriptor?.views.changePassword ?? undefined;
  const trashHref = descriptor?.trash ?? undefined;
  const orderHistoryHref = descriptor?.order?.views.history ?? undefined;
  const canToggleMarkers = descriptor?.permissions.canTogglePositionedMarkers === true;

  const context = useMemo<ActionContext>(
    () => ({
      loggedIn: descriptor !== undefined,
      canUpload: upload.targets.length > 0 && upload.actorRef !== undefined,
      colorMode,
      interfaceStyle,
      openUpload: upload.open,
      focusSearch: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      setInterfaceStyle,
      logout: () => void logout(),
      userManagementOffered,
      openUserManagement: settings.openUserManagement,
      changePasswordHref: changePasswordHref || undefined,
      trashHref,
      orderHistoryHref,
      cart,
      customCssReset,
      navigate: (to) => void navigate(to),
      currentAddress: () => currentAddress(window.location),
      displayPreferences: display.preferences,
      canSaveDisplayPreferences: display.canSave,
      setDisplayPreference: display.setPreference,
      canToggleMarkers,
      uploadOpen,
      goBack,
      assetSelection,
      selection,
      editMetadata,
      asset,
      dialogOpen,
    }),
    [
      descriptor,
      upload.targets.length,
      upload.actorRef,
      upload.open,
      colorMode,
      interfaceStyle,
      setInterfaceStyle,
      logout,
      userManagementOffered,
      settings.openUserManagement,
      changePasswordHref,
      trashHref,
      orderHistoryHref,
      cart,
      customCssReset,
      navigate,
      display.preferences,
      display.canSave,
      display.setPreference,
      canToggleMarkers,
      uploadOpen,
      goBack,
      assetSelection,
      selection,
      editMetadata,
      asset,
    ],
  );

  const contextRef = useRef(context);
  contextRef.current = context;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(OVERLAY_SELECTOR)) return;
      const action = actionForKey(
        {
          key: event.key,
          shiftKey: event.shiftKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          target: event.target as HTMLElement | null,
          isComposing: event.isComposing,
        },
        contextRef.current,
      );
      if (!action) return;
      event.preventDefault();
      action.perform(contextRef.current, { target: event.target as HTMLElement | null });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const value = useMemo<ActionsValue>(
    () => ({
      context,
      searchRef,
      run: (action, trigger) => {
        if (!action.predicate(contextRef.current, trigger)) return false;
        action.perform(contextRef.current, trigger);
        return true;
      },
      setGoBack,
      setAssetSelection,
      setSelection,
      setEditMetadata,
      setAsset,
    }),
    [context, setGoBack, setEditMetadata],
  );
  return <ActionsContext.Provider value={value}>{children}</ActionsContext.Provider>;
}
