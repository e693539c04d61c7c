/**
 * The header's extra links (issue 15; spec 01 §2 "Header menu items", §6 "Go-pro needs the pro view. Flow link needs
 * manage or view flow permission"; spec 02 §3 `customizations.customTitleBarButtons`, `views.manageFlow`), as pure
 * functions over the API descriptor, so the header shows exactly what the descriptor offers:
 *
 * - the custom title-bar buttons, sorted by `index` (the list's order among equal indexes), each with a safe link only;
 * - the go-pro link, when logged in and the descriptor has `views.pro`;
 * - the flow link, when the descriptor has `views.manageFlow` and the caller has `hasManageFlowsPermission` or
 *   `hasViewFlowsPermission`.
 *
 * Magpie's DAM offers no pro view and no flows, so those two links never show against it; a FotoWeb-compatible server
 * that offers them gets them.
 */
import { isTitleBarHref, TITLE_BAR_ICONS, type TitleBarButton, type TitleBarIcon } from '@magpie/api-types';

/** A link of the descriptor: a URL, or null/absent when the server does not offer it. */
type Link = string | null | undefined;

/** The parts of the API descriptor (spec 01 §3, spec 02 §3) the header's extra links read. */
export interface HeaderDescriptorLike {
  readonly views?: Readonly<Record<string, unknown>> | null;
  readonly permissions?: { readonly hasManageFlowsPermission?: boolean; readonly hasViewFlowsPermission?: boolean } | null;
  readonly customizations?: { readonly customTitleBarButtons?: readonly unknown[] | null } | null;
  readonly appearance?: { readonly customCss?: Link } | null;
}

/** A title-bar button to draw: the contract's button with its icon known to the app (null: the plain link icon). */
export interface HeaderButton {
  readonly key: string;
  readonly tooltip: string;
  readonly href: string;
  readonly target: '_self' | '_blank';
  readonly icon: TitleBarIcon | null;
  readonly index: number;
}

function offered(link: unknown): string | undefined {
  return typeof link === 'string' && link !== '' ? link : undefined;
}

function isButton(value: unknown): value is TitleBarButton {
  if (typeof value !== 'object' || value === null) return false;
  const button = value as Record<string, unknown>;
  return typeof button.index === 'number' && typeof button.tooltip === 'string' && button.tooltip.trim() !== '' && typeof button.href === 'string';
}

/**
 * The custom title-bar buttons to show, sorted by `index`: entries that are not buttons or whose link is not http(s)
 * or site-relative (`isTitleBarHref`) are left out, whatever the server sent; an unknown icon shows the plain one and
 * an unknown target opens in the same tab.
 */
export function titleBarButtons(descriptor: HeaderDescriptorLike | undefined): HeaderButton[] {
  const list = descriptor?.customizations?.customTitleBarButtons ?? [];
  return list
    .map((value, position) => ({ value, position }))
    .filter((entry): entry is { value: TitleBarButton; position: number } => isButton(entry.value) && isTitleBarHref(entry.value.href))
    .sort((a, b) => a.value.index - b.value.index || a.position - b.position)
    .map(({ value, position }) => ({
      key: `${position}:${value.href}`,
      tooltip: value.tooltip.trim(),
      href: value.href,
      target: value.target === '_blank' ? '_blank' : '_self',
      icon: (TITLE_BAR_ICONS as readonly string[]).includes(value.icon ?? '') ? (value.icon as TitleBarIcon) : null,
      index: value.index,
    }));
}

/** The go-pro link (spec 01 §2, §6): the descriptor's `views.pro` when logged in; undefined otherwise. */
export function goProHref(descriptor: HeaderDescriptorLike | undefined, loggedIn: boolean): string | undefined {
  return loggedIn ? offered(descriptor?.views?.pro) : undefined;
}

/**
 * The flow link (spec 01 §2, §6; spec 02 §3 `views.manageFlow`): the view when the caller may manage or view flows;
 * undefined otherwise.
 */
export function flowHref(descriptor: HeaderDescriptorLike | undefined): string | undefined {
  const permissions = descriptor?.permissions;
  if (permissions?.hasManageFlowsPermission !== true && permissions?.hasViewFlowsPermission !== true) return undefined;
  return offered(descriptor?.views?.manageFlow);
}

/** The custom CSS's address (spec 01 §3 `appearance.customCss`), or undefined when none is set. */
export function customCssHref(descriptor: HeaderDescriptorLike | undefined): string | undefined {
  return offered(descriptor?.appearance?.customCss);
}
