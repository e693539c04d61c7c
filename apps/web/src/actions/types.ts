import type { LucideIcon } from 'lucide-react';

/**
 * What an action may read and do. Built once per render of the app shell from the session, the colour mode and the
 * upload popover, so actions stay plain objects (style.md "One action registry", Excalidraw).
 */
export interface ActionContext {
  /** True when a session with a descriptor exists (spec 01 §6 "Logged in: main menu visible"). */
  readonly loggedIn: boolean;
  /** True when the descriptor's `upload_to` list is non-empty (spec 01 §6 "Upload needs a non-empty upload-to list"). */
  readonly canUpload: boolean;
  /** The current colour mode. */
  readonly colorMode: 'light' | 'dark';
  /** Opens the upload popover. */
  openUpload(): void;
  /** Moves focus to the header search field. */
  focusSearch(): void;
  /** Switches between light and dark mode and stores the choice. */
  toggleColorMode(): void;
  /** Logs out through the descriptor's `services.logout`. */
  logout(): void;
  /** Fires the select-all event the asset views listen to (spec 01 §2 Keyboard). */
  selectAll(): void;
  /** True while the upload popover is open (Esc then belongs to the popover). */
  readonly uploadOpen: boolean;
  /** Set by a view that has a "back" (the asset view: back to its collection); undefined elsewhere. */
  readonly goBack: (() => void) | undefined;
}

/** The subset of a `KeyboardEvent` a key test reads, so tests can pass plain objects. */
export interface KeyLike {
  readonly key: string;
  readonly code?: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
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
  /** Whether the action is offered now (menus hide it, the keyboard ignores it). */
  predicate(context: ActionContext): boolean;
  /** Runs the action. */
  perform(context: ActionContext): void;
  /** True when a key press triggers this action. */
  readonly keyTest?: (event: KeyLike) => boolean;
  /**
   * True when the shortcut also fires while focus is in a text field. Default false: every shortcut here is a plain
   * key that people type into fields (spec 01 §2 Keyboard: shift+A is ignored in inputs).
   */
  readonly allowInEditable?: boolean;
}
