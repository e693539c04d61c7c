import type { LucideIcon } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { Asset, Collection, FullApiDescriptor } from '@magpie/api-types';
import type { assetSelectionMachine, FileOperationKind, FileRotation } from '@magpie/machines';
import type { AlbumSelectionChange } from '../albums/AlbumActions.tsx';
import type { DisplayPreferences } from '../settings/displayPreferences.ts';
import type { ColorMode, InterfaceStyle } from '../theme/colorMode.ts';
import type { TargetLike } from './keys.ts';

/** The running asset selection of the view on screen (`@magpie/machines` `assetSelectionMachine`). */
export type AssetSelectionActor = ActorRefFrom<typeof assetSelectionMachine>;

/**
 * What the view on screen offers for its selected assets (the collection view; spec 01 §2 asset selection, issue 13
 * "a selection toolbar whose commands come from the action registry"): the selection bar's actions read the rules
 * from it (the assets' permissions, the collection, the descriptor) and run their commands through it.
 */
export interface SelectionCommands {
  /** The selected assets that are loaded, in grid order (empty while nothing is selected). */
  readonly assets: readonly Asset[];
  /** The collection on screen (archive, folder, search result or album). */
  readonly collection: Collection;
  /** The session's descriptor. */
  readonly descriptor: FullApiDescriptor | undefined;
  /** Starts a file operation on the selected assets (its `fileOperation` dialog); Rotate takes its direction. */
  start(kind: FileOperationKind, options?: { readonly direction?: FileRotation }): void;
  /** Opens the Add to album dialog for the selected assets. */
  openAddToAlbum(): void;
  /** Opens the batch metadata edit of the selected assets (spec 02 §2). */
  editMetadata(): void;
  /** Makes the one selected asset the folder's cover (spec 02 §6 SetPosterAsset). */
  setFolderCover(): void;
  /** The user's pins: undefined without a pins store (guests). `pinAll` pins the selected assets; `busy` while a pin change runs. */
  readonly pins: { readonly busy: boolean; pinAll(): void } | undefined;
  /** An album's own commands on the selected assets (one request on the album's `edit`); `busy` while one runs. */
  readonly album: { readonly busy: boolean; change(change: AlbumSelectionChange): void };
}

/** The user's shopping cart as the actions use it (issue 15; `orders/CartProvider.tsx`): add assets, one add at a time. */
export interface CartCommands {
  /** True while an add runs: Add to cart shows but waits. */
  readonly busy: boolean;
  /** Adds the assets (hrefs) to the cart; the header's badge shows the count and the "Added to cart" notice. */
  add(assets: readonly string[]): void;
}

/**
 * What an action may read and do. Built once per render of the app shell from the session, the colour mode, the
 * upload popover and what the view on screen offers (its "back", its asset selection, its metadata editor), so
 * actions stay plain objects (style.md "One action registry", Excalidraw).
 */
export interface ActionContext {
  /** True when a session with a descriptor exists (spec 01 §6 "Logged in: main menu visible"). */
  readonly loggedIn: boolean;
  /** True when the descriptor's `upload_to` list is non-empty (spec 01 §6 "Upload needs a non-empty upload-to list"). */
  readonly canUpload: boolean;
  /** The colour mode in effect. */
  readonly colorMode: ColorMode;
  /** The user's interface style: -1 auto, 0 light, 1 dark (spec 03 §2.9, §9). */
  readonly interfaceStyle: InterfaceStyle;
  /** Opens the upload popover. */
  openUpload(): void;
  /** Moves focus to the header search field. */
  focusSearch(): void;
  /** Stores an interface style for this browser; its other tabs follow. */
  setInterfaceStyle(style: InterfaceStyle): void;
  /** Logs out through the descriptor's `services.logout`. */
  logout(): void;
  /** True when the settings menu offers "Manage users and groups" (spec 03 §2.1 rules, `settings/settingsEntries.ts`). */
  readonly userManagementOffered: boolean;
  /** Opens the "Manage users and groups" modal. */
  openUserManagement(): void;
  /** The descriptor's `trash` (issue 13), or undefined when the server does not offer one. */
  readonly trashHref: string | undefined;
  /** The descriptor's `views.changePassword`, or undefined when the server does not offer it (spec 03 §2.9). */
  readonly changePasswordHref: string | undefined;
  /** The descriptor's `order.views.history`, or undefined when the server does not offer it (spec 03 §2.9 "Order history link"). */
  readonly orderHistoryHref: string | undefined;
  /** Ctrl+Shift+Z's custom CSS reset (issue 15; `appearance/CustomCssReset.tsx`): the CSS's address and the prompt; absent outside the shell. */
  readonly customCssReset?: { readonly href: string | undefined; ask(): void } | undefined;
  /** The user's cart (issue 15), or undefined without one (guests, a server without orders). */
  readonly cart: CartCommands | undefined;
  /** Goes to a client route (react-router navigation). */
  navigate(to: string): void;
  /** The current address, path + query + hash (spec 01 §2 `to`). */
  currentAddress(): string;
  /** The display choices: thumbnails kept in this browser, markers in the user's preferences (`settings/displayPreferences.ts`). */
  readonly displayPreferences: DisplayPreferences;
  /** True when the descriptor links the user's preferences, so "Always display markers" can be saved. */
  readonly canSaveDisplayPreferences: boolean;
  /** Keeps one display choice (thumbnails in this browser, markers in the user's preferences). */
  setDisplayPreference(choice: keyof DisplayPreferences, value: boolean): void;
  /** The descriptor's `permissions.canTogglePositionedMarkers` (spec 03 §2.9, §6). */
  readonly canToggleMarkers: boolean;
  /** True while the upload popover is open (Esc then belongs to the popover). */
  readonly uploadOpen: boolean;
  /** Set by a view that has a "back" (the asset view: back to its collection); undefined elsewhere. */
  readonly goBack: (() => void) | undefined;
  /** Set by a view whose assets can be selected (the collection view); undefined elsewhere. */
  readonly assetSelection: AssetSelectionActor | undefined;
  /** Set by a view whose selected assets have commands (the collection view's selection bar); undefined elsewhere. */
  readonly selection: SelectionCommands | undefined;
  /** Set by a view with a metadata editor (the asset view): starts editing its first editable field. */
  readonly editMetadata: (() => void) | undefined;
  /** Set by a view that shows one asset (the asset view), for the commands on it (Add to cart); undefined elsewhere. */
  readonly asset: Asset | undefined;
  /** True while a dialog or alert dialog is open anywhere on the page (its keys are its own). */
  dialogOpen(): boolean;
}

/** What triggered an action beyond the action itself: the element a key press or a click happened on. */
export interface ActionTrigger {
  readonly target?: TargetLike | null;
}

/** The subset of a `KeyboardEvent` a key test reads, so tests can pass plain objects. */
export interface KeyLike {
  readonly key: string;
  readonly code?: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** The element the key was pressed in. */
  readonly target?: TargetLike | null;
}

/** A user command, defined once and read by the menus and the keyboard handler. */
export interface Action {
  /** Stable id, e.g. `openUpload`. */
  readonly name: string;
  /** Menu and button label. */
  label(context: ActionContext): string;
  /** Icon for menus and buttons. */
  readonly icon?: LucideIcon;
  /** The shortcut as shown to people, e.g. `U`, `Shift+A`. */
  readonly shortcut?: string;
  /** The `data-testid` of the action's button (the selection bar's), where tests and specs find it. */
  readonly testId?: string;
  /** How its button looks: the main command (`primary`), one that destroys (`danger`) or a quiet one (`quiet`). */
  readonly tone?: 'primary' | 'danger' | 'quiet';
  /** True when its button shows only the icon (the label becomes its accessible name). */
  readonly iconOnly?: boolean;
  /** True while its previous run is still going: its button shows but is disabled. */
  readonly busy?: (context: ActionContext) => boolean;
  /**
   * Whether the action is offered now (menus hide it, the keyboard ignores it); `trigger` is the element a key press
   * or click happened on, for actions about one thing on screen (a thumbnail).
   */
  predicate(context: ActionContext, trigger?: ActionTrigger): boolean;
  /** Runs the action. */
  perform(context: ActionContext, trigger?: ActionTrigger): void;
  /** For a checkbox or radio item of a menu: whether it is ticked now. Absent for plain commands. */
  readonly checked?: (context: ActionContext) => boolean;
  /** True when a key press triggers this action. */
  readonly keyTest?: (event: KeyLike) => boolean;
  /**
   * True when the shortcut also fires while focus is in a text field. Default false: every shortcut here is a plain
   * key that people type into fields (spec 01 §2 Keyboard: shift+A is ignored in inputs).
   */
  readonly allowInEditable?: boolean;
}
